package store_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// crawlMix generates the batches a breadth-first crawl commits: each
// fetched URL gives one response record, links to new URLs and to some
// known ones (which the store drops), and a state change of the fetched
// URL, which was discovered many commits earlier (the frontier is a FIFO
// per host, and hosts are taken round the clock).
type crawlMix struct {
	captureID  int64
	t0         time.Time
	batch      int      // fetches per commit
	hosts      int      // distinct hosts
	newPerPage int      // new URLs discovered per fetch (on average)
	dupPerPage int      // known URLs linked again per fetch
	found      []string // SURTs in discovery order: the crawl order
	fetched    int      // found[:fetched] have been fetched
	hostSeq    []int    // next seq per host
}

func newCrawlMix(captureID int64, batch int) *crawlMix {
	m := &crawlMix{captureID: captureID, t0: time.Now(), batch: batch, hosts: 1000, newPerPage: 1, dupPerPage: 1}
	m.hostSeq = make([]int, m.hosts)
	return m
}

// discover makes the i-th URL of the crawl as a frontier row.
func (m *crawlMix) discover(i, parentSeq int) store.FrontierURL {
	h := i % m.hosts
	host := fmt.Sprintf("h%04d.example.com", h)
	path := fmt.Sprintf("/section/%d/page-%d.html", i/7919, i)
	u := store.FrontierURL{
		URL: "http://" + host + path, SURT: fmt.Sprintf("com,example,h%04d)%s", h, path), Host: host,
		Seq: m.hostSeq[h], ParentSeq: parentSeq, HopPath: "LL", Via: "http://example.com/", Rate: 0.1, RateSource: "default",
	}
	m.hostSeq[h]++
	return u
}

// next is the next commit: up to batch fetches of the oldest unfetched
// URLs (seeding more when the crawl has run dry).
func (m *crawlMix) next() store.Batch {
	b := store.Batch{CaptureID: m.captureID}
	if m.fetched == len(m.found) {
		for range m.batch {
			u := m.discover(len(m.found), -1)
			b.Fresh = append(b.Fresh, u)
			m.found = append(m.found, u.SURT)
		}
		return b
	}
	for k := 0; k < m.batch && m.fetched < len(m.found); k++ {
		i := m.fetched
		surt := m.found[i]
		m.fetched++
		b.Records = append(b.Records, store.Record{
			URL: "http://" + surt, SURT: surt, Time: m.t0.Add(time.Duration(i) * time.Millisecond),
			RecordType: warc.Response, RecordID: fmt.Sprintf("<urn:uuid:%d>", i), Status: 200, MIME: "text/html",
			PayloadDigest: fmt.Sprintf("sha1:%032d", i), Length: 20000, WARCFile: fmt.Sprintf("bench-%05d.warc.gz", i/10000),
			Offset: int64(i%10000) * 5000, RecordLength: 5000, Phase: "visit",
		})
		for range m.newPerPage {
			u := m.discover(len(m.found), i)
			b.Fresh = append(b.Fresh, u)
			m.found = append(m.found, u.SURT)
		}
		for d := range m.dupPerPage {
			// A link back to a URL found earlier: same SURT, the store
			// keeps the first row.
			u := m.discover(i/2+d, i)
			u.SURT = m.found[i/2+d]
			b.Discovered = append(b.Discovered, u)
		}
		b.States = append(b.States, store.StateChange{SURT: surt, State: store.StateDone, Attempts: 1})
	}
	return b
}

// BenchmarkCommitScale commits a crawl's real mix (see crawlMix) in
// batches of 100 fetches, b.N commits, timing each, and reports the mean
// time per commit over the first and the last thousand commits (or
// tenth, for fewer than 10,000), so a cost that grows with the capture
// shows as last-ms > first-ms; rows/s counts records over the time
// spent committing. -benchtime 10000x indexes 10^6 records
// and 10^6 frontier rows. With -v it also logs the mean of each tenth
// of the commits, so the shape of any growth (a step, a log-like creep,
// a line) can be read, and on PostgreSQL the size of each index of
// records and urls at the end. SHARC_BENCH_BACKEND=sqlite or postgres
// runs one backend only. SHARC_BENCH_SQL, on PostgreSQL, is run on the
// benchmark's schema after migrating it: a schema variant (an index
// dropped or added) measured without writing a migration.
func BenchmarkCommitScale(b *testing.B) {
	for _, be := range []struct {
		name string
		open func(testing.TB) (store.Store, string) // the store, and its DSN on PostgreSQL
	}{
		{"sqlite", func(tb testing.TB) (store.Store, string) { return openSQLite(tb), "" }},
		{"postgres", func(tb testing.TB) (store.Store, string) {
			dsn := pgSchemaDSN(tb)
			return openPostgresDSN(tb, dsn), dsn
		}},
	} {
		if only := os.Getenv("SHARC_BENCH_BACKEND"); only != "" && only != be.name {
			continue
		}
		b.Run(be.name+"/mixed/batch=100", func(b *testing.B) {
			s, dsn := be.open(b)
			ctx := context.Background()
			m := newCrawlMix(newCapture(b, s, "bench", ""), 100)
			if q := os.Getenv("SHARC_BENCH_SQL"); q != "" && dsn != "" {
				pgExec(b, dsn, q)
			}
			// The seed commit, untimed: every later commit fetches.
			if err := s.Commit(ctx, m.next()); err != nil {
				b.Fatal(err)
			}
			var took []time.Duration
			records := 0
			b.ResetTimer()
			for b.Loop() {
				batch := m.next()
				start := time.Now()
				if err := s.Commit(ctx, batch); err != nil {
					b.Fatal(err)
				}
				took = append(took, time.Since(start))
				records += len(batch.Records)
			}
			first, last := windowMeans(took)
			if testing.Verbose() {
				logGrowth(b, took, m.batch, dsn)
			}
			// Over the time in Commit: making the batches (300
			// formatted strings each) is the benchmark's work.
			var committing time.Duration
			for _, d := range took {
				committing += d
			}
			b.ReportMetric(float64(records)/committing.Seconds(), "rows/s")
			b.ReportMetric(first, "first-ms/commit")
			b.ReportMetric(last, "last-ms/commit")
			b.ReportMetric(float64(len(m.found)), "urls")
		})
	}
}

// tenthMeans is the mean of each tenth of d in milliseconds, in order
// (nil for fewer than ten durations).
func tenthMeans(d []time.Duration) []float64 {
	if len(d) < 10 {
		return nil
	}
	out := make([]float64, 10)
	for i := range out {
		out[i] = meanMillis(d[i*len(d)/10 : (i+1)*len(d)/10])
	}
	return out
}

// meanMillis is the mean of d in milliseconds.
func meanMillis(d []time.Duration) float64 {
	var sum time.Duration
	for _, x := range d {
		sum += x
	}
	return float64(sum) / float64(len(d)) / float64(time.Millisecond)
}

// windowMeans is the mean of the first and of the last thousand
// durations, in milliseconds (a tenth each for fewer than 10,000).
func windowMeans(d []time.Duration) (first, last float64) {
	w := min(1000, max(1, len(d)/10))
	if len(d) < w {
		return 0, 0
	}
	return meanMillis(d[:w]), meanMillis(d[len(d)-w:])
}

// logGrowth logs the mean commit time of each tenth of took (batch
// records a commit) and, on PostgreSQL (dsn set), the index sizes.
func logGrowth(b *testing.B, took []time.Duration, batch int, dsn string) {
	for i, ms := range tenthMeans(took) {
		b.Logf("commits %d-%d (%d records in the capture at the end): %.3f ms/commit",
			i*len(took)/10+1, (i+1)*len(took)/10, (i+1)*len(took)/10*batch, ms)
	}
	if dsn != "" {
		logIndexSizes(b, dsn)
	}
}

// pgExec runs q on dsn.
func pgExec(tb testing.TB, dsn, q string) {
	tb.Helper()
	if _, err := rawConn(tb, dsn).Exec(context.Background(), q); err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
}

// logIndexSizes logs the size of each index of records and urls in the
// schema of dsn.
func logIndexSizes(tb testing.TB, dsn string) {
	tb.Helper()
	rows, err := rawConn(tb, dsn).Query(context.Background(), `SELECT i.relname, pg_relation_size(i.oid) FROM pg_index x
		JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
		WHERE t.relnamespace = current_schema()::regnamespace AND t.relname IN ('records', 'urls') ORDER BY t.relname, i.relname`)
	if err != nil {
		tb.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		var size int64
		if err := rows.Scan(&name, &size); err != nil {
			tb.Fatal(err)
		}
		tb.Logf("index %s: %d MiB", name, size>>20)
	}
	if err := rows.Err(); err != nil {
		tb.Fatal(err)
	}
}
