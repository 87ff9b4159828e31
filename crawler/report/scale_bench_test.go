package report_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// BenchmarkReportScale builds, stores and renders the report of a
// visit-revisit capture of 10^5 and 10^6 pages inserted straight into a
// real store, and reports the peak heap in use while doing so
// (runtime.MemStats.HeapInuse sampled every 5 ms) above the heap before,
// and the process's peak resident memory: neither may grow with the
// capture. "memory" is what BuildAndStore did before report rows (Build,
// then one JSON document), for comparison. Run one size at a time, e.g.
//
//	go test ./crawler/report -run '^$' -bench 'ReportScale/sqlite/1000000' -benchtime 1x -timeout 60m
func BenchmarkReportScale(b *testing.B) {
	for _, be := range backends {
		for _, n := range []int{100_000, 1_000_000} {
			b.Run(fmt.Sprintf("%s/%d", be.name, n), func(b *testing.B) {
				dsn := be.dsn(b)
				st := openDSN(b, dsn)
				id, j := scaleCapture(b, st, n)
				ctx := context.Background()
				opts := report.Options{Job: j}
				var jsonBytes, htmlBytes counter
				steps := []struct {
					name string
					run  func() error
				}{
					{"store", func() error { _, err := report.BuildAndStore(ctx, st, id, opts); return err }},
					{"html", func() error { return renderStored(ctx, st, id, "html", &htmlBytes) }},
					{"json", func() error { return renderStored(ctx, st, id, "json", &jsonBytes) }},
				}
				if n <= 100_000 {
					steps = append(steps, struct {
						name string
						run  func() error
					}{"memory", func() error { return buildInMemory(ctx, st, id, opts) }})
				}
				for _, s := range steps {
					b.Run(s.name, func(b *testing.B) {
						var peak, rss uint64
						for b.Loop() {
							p, r, err := peakHeapAbove(s.run)
							if err != nil {
								b.Fatal(err)
							}
							peak, rss = max(peak, p), max(rss, r)
						}
						b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
						b.ReportMetric(float64(rss)/(1<<20), "peak-RSS-MiB")
						b.ReportMetric(float64(n), "pages")
						switch s.name {
						case "store":
							b.ReportMetric(tableMiB(b, dsn, "report_pages"), "rows-MiB")
							b.ReportMetric(tableMiB(b, dsn, "records"), "records-MiB")
						case "json":
							b.ReportMetric(float64(jsonBytes)/(1<<20), "doc-MiB")
						case "html":
							b.ReportMetric(float64(htmlBytes)/(1<<20), "doc-MiB")
						}
					})
				}
			})
		}
	}
}

// buildInMemory does what BuildAndStore did before report rows: the
// whole report in memory, then encoded as one JSON document for the
// capture's row (not stored here).
func buildInMemory(ctx context.Context, st store.Store, id int64, opts report.Options) error {
	r, err := report.Build(ctx, st, id, opts)
	if err != nil {
		return err
	}
	var blob bytes.Buffer
	return report.WriteJSON(&blob, r)
}

// tableMiB is the size of a table with its indexes (PostgreSQL: and
// TOAST) in the index at dsn: a measurement, so it reads the database
// directly.
func tableMiB(b *testing.B, dsn, table string) float64 {
	ctx := context.Background()
	var n int64
	if path, ok := strings.CutPrefix(dsn, "sqlite:"); ok {
		db, err := sql.Open("sqlite", path+"?_pragma=query_only(1)")
		if err != nil {
			b.Fatal(err)
		}
		defer db.Close()
		// A WITHOUT ROWID table is its primary key index; others add theirs.
		err = db.QueryRowContext(ctx, `SELECT sum(pgsize) FROM dbstat WHERE name = ?1 OR name IN
			(SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?1)`, table).Scan(&n)
		if err != nil {
			b.Fatal(err)
		}
		return float64(n) / (1 << 20)
	}
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close(ctx)
	if err := conn.QueryRow(ctx, `SELECT pg_total_relation_size($1::regclass)`, table).Scan(&n); err != nil {
		b.Fatal(err)
	}
	return float64(n) / (1 << 20)
}

// counter counts the bytes written to it.
type counter int64

func (c *counter) Write(p []byte) (int, error) { *c += counter(len(p)); return len(p), nil }

func renderStored(ctx context.Context, st store.Store, id int64, format string, size *counter) error {
	*size = 0
	c, err := st.Capture(ctx, id)
	if err != nil {
		return err
	}
	s, err := report.Load(st, c)
	if err != nil {
		return err
	}
	return s.Render(ctx, size, format)
}

// peakHeapAbove runs fn and returns the most heap in use while it ran,
// less the heap in use (after a collection) before it started, and the
// most resident memory of the process (VmRSS; 0 where /proc is missing),
// which also counts SQLite's own allocations outside the Go heap, after
// returning the set-up's garbage to the system.
func peakHeapAbove(fn func() error) (heap, rss uint64, err error) {
	runtime.GC()
	debug.FreeOSMemory()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapInuse
	stop, done := make(chan struct{}), make(chan [2]uint64)
	go func() {
		var ms runtime.MemStats
		var peak [2]uint64
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			runtime.ReadMemStats(&ms)
			peak[0], peak[1] = max(peak[0], ms.HeapInuse), max(peak[1], vmRSS())
			select {
			case <-stop:
				done <- peak
				return
			case <-tick.C:
			}
		}
	}()
	err = fn()
	close(stop)
	peak := <-done
	return peak[0] - min(base, peak[0]), peak[1], err
}

// vmRSS is the process's resident set size in bytes, 0 if unknown.
func vmRSS() uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// scaleCapture commits a finished visit-revisit capture of n pages on
// one host in batches, as a crawl would: a visit and a revisit response
// per page (every fourth changed, every hundredth revisit a 304), and a
// robots.txt.
func scaleCapture(b testing.TB, st store.Store, n int) (int64, *job.Job) {
	b.Helper()
	ctx := context.Background()
	j := parseJob(b, fixtureJob)
	sj, err := st.UpsertJob(ctx, "scale", "name: scale\n")
	if err != nil {
		b.Fatal(err)
	}
	c, _, err := st.OpenCapture(ctx, sj.ID, "bfs-lifo", job.ModeVisitRevisit)
	if err != nil {
		b.Fatal(err)
	}
	const batch = 2000
	for lo := 0; lo < n; lo += batch {
		var bt store.Batch
		bt.CaptureID = c.ID
		for i := lo; i < min(lo+batch, n); i++ {
			u := fmt.Sprintf("http://scale.test/section-%03d/page-%07d.html", i%997, i)
			bt.Discovered = append(bt.Discovered, store.FrontierURL{CaptureID: c.ID, URL: u, SURT: urlcanon.SURT(u), Host: "scale.test",
				Seq: i + 1, ParentSeq: -1, Rate: 0.01, RateSource: "default", State: store.StateDone})
			bt.Records = append(bt.Records, scaleRecord(c.ID, u, i, n, true), scaleRecord(c.ID, u, i, n, false))
		}
		if err := st.Commit(ctx, bt); err != nil {
			b.Fatal(err)
		}
	}
	robots := scaleRecord(c.ID, "http://scale.test/robots.txt", -1, n, true)
	if err := st.Commit(ctx, store.Batch{CaptureID: c.ID, Records: []store.Record{robots}}); err != nil {
		b.Fatal(err)
	}
	if err := st.FinishCapture(ctx, c.ID, store.CaptureStatusFinished); err != nil {
		b.Fatal(err)
	}
	return c.ID, j
}

func scaleRecord(capture int64, u string, i, n int, visit bool) store.Record {
	at, typ, status, digest, phase := i, warc.Response, 200, fmt.Sprintf("sha1:V%031d", i), "visit"
	if !visit {
		at, phase = 2*n-i, "revisit"
		switch {
		case i%100 == 0:
			typ, status = warc.Revisit, 304
		case i%4 == 0:
			digest = fmt.Sprintf("sha1:R%031d", i)
		default:
			typ = warc.Revisit
		}
	}
	return store.Record{CaptureID: capture, URL: u, SURT: urlcanon.SURT(u), Time: t0.Add(time.Duration(at) * time.Millisecond),
		RecordType: typ, RecordID: fmt.Sprintf("<urn:uuid:%08d-0000-4000-8000-%012d>", i+1, 2*n+at), Status: status, MIME: "text/html",
		PayloadDigest: digest, Length: 5000, WARCFile: fmt.Sprintf("scale-%05d.warc.gz", (i+1)/10000), Offset: int64(at) * 6000,
		RecordLength: 6000, Phase: phase}
}
