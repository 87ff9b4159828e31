package store_test

import (
	"context"
	"errors"
	"testing"

	"github.com/sharc-archive/sharc/store"
)

func TestCatalog(t *testing.T) {
	for _, tc := range []struct {
		name string
		open func(testing.TB) store.Store
	}{{"sqlite", openSQLite}, {"postgres", openPostgres}} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			st := tc.open(t)
			if err := st.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			cat := st.(store.Catalog) // both stores are store.DBs (catalog.go)
			if js, err := cat.Jobs(ctx); err != nil || len(js) != 0 {
				t.Fatalf("empty store: jobs %v, err %v", js, err)
			}
			b, _ := st.UpsertJob(ctx, "beta", "name: beta\n")
			a, _ := st.UpsertJob(ctx, "alpha", "name: alpha\n")
			js, err := cat.Jobs(ctx)
			if err != nil || len(js) != 2 || js[0].Name != "alpha" || js[1].ID != b.ID {
				t.Fatalf("jobs = %+v, %v; want alpha then beta", js, err)
			}
			got, err := cat.JobByName(ctx, "alpha")
			if err != nil || got.ID != a.ID || got.YAML != "name: alpha\n" {
				t.Fatalf("JobByName = %+v, %v", got, err)
			}
			if _, err := cat.JobByName(ctx, "gamma"); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("JobByName(missing) err = %v, want ErrNotFound", err)
			}

			c, _, err := st.OpenCapture(ctx, a.ID, "bfs", "single-visit")
			if err != nil {
				t.Fatal(err)
			}
			steps := []struct {
				status  store.CaptureStatus
				wantErr bool
				resumed bool // OpenCapture afterwards finds c
			}{
				{store.CaptureStatusPaused, false, false},
				{store.CaptureStatusFinished, true, false}, // not an open status
				{store.CaptureStatusRunning, false, true},
			}
			for _, s := range steps {
				err := cat.SetCaptureStatus(ctx, c.ID, s.status)
				if (err != nil) != s.wantErr {
					t.Fatalf("SetCaptureStatus(%s) err = %v", s.status, err)
				}
				if s.wantErr {
					continue
				}
				got, resumed, err := st.OpenCapture(ctx, a.ID, "bfs", "single-visit")
				if err != nil {
					t.Fatal(err)
				}
				if resumed != s.resumed {
					t.Fatalf("after %s: OpenCapture resumed = %v, want %v", s.status, resumed, s.resumed)
				}
				if !resumed {
					// A paused capture is not resumed: a second one started; finish it.
					if got.ID == c.ID {
						t.Fatal("paused capture reopened as new")
					}
					if err := st.FinishCapture(ctx, got.ID, store.CaptureStatusCancelled); err != nil {
						t.Fatal(err)
					}
				}
			}
			if err := st.FinishCapture(ctx, c.ID, store.CaptureStatusFinished); err != nil {
				t.Fatal(err)
			}
			if err := cat.SetCaptureStatus(ctx, c.ID, store.CaptureStatusRunning); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("reopening a finished capture: err = %v, want ErrNotFound", err)
			}
		})
	}
}
