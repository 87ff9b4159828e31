package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// BenchmarkCommit measures indexing throughput. In the "mixed" shape each
// Commit carries n records, discovers n new URLs and settles the state of
// the n URLs discovered by the previous commit, the shape of what the
// crawler commits after n fetches; "records" commits the records alone.
// rows/s counts records only.
func BenchmarkCommit(b *testing.B) {
	backends := []struct {
		name string
		open func(testing.TB) store.Store
	}{
		{"sqlite", openSQLite},
		{"postgres", openPostgres},
	}
	for _, be := range backends {
		for _, shape := range []string{"records", "mixed"} {
			for _, n := range []int{1, 10, 100} {
				b.Run(fmt.Sprintf("%s/%s/batch=%d", be.name, shape, n), func(b *testing.B) {
					s := be.open(b)
					ctx := context.Background()
					captureID := newCapture(b, s, "bench", "")
					t0 := time.Now()
					seq := 0
					var prev []string
					b.ResetTimer()
					for i := 0; b.Loop(); i++ {
						batch := store.Batch{CaptureID: captureID}
						var next []string
						for k := range n {
							id := fmt.Sprintf("%d-%d", i, k)
							surt := "com,example)/p/" + id
							batch.Records = append(batch.Records, store.Record{
								URL: "http://example.com/p/" + id, SURT: surt, Time: t0.Add(time.Duration(seq) * time.Millisecond),
								RecordType: warc.Response, RecordID: "<urn:uuid:" + id + ">", Status: 200, MIME: "text/html",
								PayloadDigest: "sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ", Length: 20000, WARCFile: "bench-00001.warc.gz",
								Offset: int64(seq) * 5000, RecordLength: 5000, Phase: "visit",
							})
							batch.Discovered = append(batch.Discovered, store.FrontierURL{
								URL: "http://example.com/p/" + id, SURT: surt, Host: "example.com", Seq: seq, ParentSeq: seq - 1,
								HopPath: "L", Via: "http://example.com/", Rate: 0.1,
							})
							next = append(next, surt)
							seq++
						}
						if shape == "records" {
							batch.Discovered = nil
							next = nil
						}
						for _, p := range prev {
							batch.States = append(batch.States, store.StateChange{SURT: p, State: store.StateDone, Attempts: 1})
						}
						prev = next
						if err := s.Commit(ctx, batch); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "rows/s")
				})
			}
		}
	}
}
