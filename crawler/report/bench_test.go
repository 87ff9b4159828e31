package report_test

import (
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// benchCapture is a visit-revisit capture of n pages, every fourth changed.
func benchCapture(b *testing.B, n int) (store.Store, int64) {
	st := openStore(b)
	bl := newBuilder(b, st, "bench", "bfs-lifo", job.ModeVisitRevisit)
	for i := 0; i < n; i++ {
		u := fmt.Sprintf("http://bench.test/p%06d", i)
		bl.url(u, 0.01, store.StateDone, 1)
		bl.rec(u, float64(i), warc.Response, 200, fmt.Sprintf("sha1:V%d", i), "visit")
		d, typ := fmt.Sprintf("sha1:V%d", i), warc.Revisit
		if i%4 == 0 {
			d, typ = fmt.Sprintf("sha1:R%d", i), warc.Response
		}
		bl.rec(u, float64(2*n-i), typ, 200, d, "revisit")
	}
	return st, bl.capture
}

func BenchmarkBuild(b *testing.B) {
	st, id := benchCapture(b, 2000)
	j := parseJob(b, fixtureJob)
	b.ResetTimer()
	for b.Loop() {
		if _, err := report.Build(context.Background(), st, id, report.Options{Job: j}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriteHTML(b *testing.B) {
	st, id := benchCapture(b, 2000)
	r, err := report.Build(context.Background(), st, id, report.Options{Job: parseJob(b, fixtureJob)})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if err := report.WriteHTML(io.Discard, r); err != nil {
			b.Fatal(err)
		}
	}
}
