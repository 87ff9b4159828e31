package store_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/sharc-archive/sharc/store"
)

// ExampleOpen opens an embedded SQLite store in a fresh directory (a
// postgres:// DSN opens PostgreSQL the same way), creates its schema,
// registers a job and starts its first capture.
func ExampleOpen() {
	dir, err := os.MkdirTemp("", "store-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(dir, "sharc.db"), nil)
	if err != nil {
		log.Fatal(err)
	}
	defer st.Close()
	if err := st.Migrate(ctx); err != nil {
		log.Fatal(err)
	}
	job, err := st.UpsertJob(ctx, "example", "name: example\n")
	if err != nil {
		log.Fatal(err)
	}
	c, resumed, err := st.OpenCapture(ctx, job.ID, "bfs", "single-visit")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(job.Name, c.Status, c.Status.Open(), resumed)
	// A second open of the job finds its running capture: a resume.
	again, resumed, err := st.OpenCapture(ctx, job.ID, "bfs", "single-visit")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(again.ID == c.ID, resumed)
	jobs, err := st.Jobs(ctx) // the Catalog side of store.DB
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(jobs), jobs[0].Name)
	// Output:
	// example running true false
	// true true
	// 1 example
}
