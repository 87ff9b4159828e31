package report_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// t0 is the fixed start of the hand-built captures.
var t0 = time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC)

func openStore(t testing.TB) store.Store {
	t.Helper()
	return openDSN(t, "sqlite:"+filepath.Join(t.TempDir(), "index.db"))
}

// openDSN opens and migrates a store.
func openDSN(t testing.TB, dsn string) store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return st
}

func parseJob(t testing.TB, yaml string) *job.Job {
	t.Helper()
	j, err := job.Parse([]byte(yaml), "fixture.yaml", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// builder writes a capture into a real store row by row.
type builder struct {
	t       testing.TB
	st      store.Store
	capture int64
	seq     int
	recNo   int
	offset  int64
}

func newBuilder(t testing.TB, st store.Store, jobName, strategy, mode string) *builder {
	t.Helper()
	ctx := context.Background()
	j, err := st.UpsertJob(ctx, jobName, "name: "+jobName+"\n")
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := st.OpenCapture(ctx, j.ID, strategy, mode)
	if err != nil {
		t.Fatal(err)
	}
	return &builder{t: t, st: st, capture: c.ID}
}

// url adds a frontier URL in the given state.
func (b *builder) url(u string, rate float64, state store.URLState, attempts int) {
	b.t.Helper()
	b.seq++
	err := b.st.Commit(context.Background(), store.Batch{CaptureID: b.capture, Discovered: []store.FrontierURL{{
		CaptureID: b.capture, URL: u, SURT: urlcanon.SURT(u), Host: urlcanon.Host(u), Seq: b.seq, ParentSeq: -1,
		Rate: rate, State: state, Attempts: attempts,
	}}})
	if err != nil {
		b.t.Fatal(err)
	}
}

// rec archives one download of u at t0+at seconds: a request record and
// a response or revisit record, as the crawler writes them.
func (b *builder) rec(u string, at float64, typ warc.RecordType, status int, digest, phase string) {
	b.t.Helper()
	b.recNo++
	when := t0.Add(time.Duration(at * float64(time.Second)))
	file := "fixture-00000.warc.gz"
	if b.recNo > 12 {
		file = "fixture-00001.warc.gz"
	}
	mime := "text/html"
	if status == 304 || status == 404 {
		mime = ""
	}
	mk := func(rt warc.RecordType, id int, st int) store.Record {
		r := store.Record{CaptureID: b.capture, URL: u, SURT: urlcanon.SURT(u), Time: when, RecordType: rt,
			RecordID: fmt.Sprintf("urn:uuid:00000000-0000-0000-0000-%012d", id), Status: st, WARCFile: file,
			Offset: b.offset, RecordLength: 500 + int64(id), Phase: phase}
		b.offset += r.RecordLength
		if rt != warc.Request {
			r.MIME, r.PayloadDigest, r.Length = mime, digest, 1000+int64(id)
		}
		return r
	}
	err := b.st.Commit(context.Background(), store.Batch{CaptureID: b.capture, Records: []store.Record{
		mk(typ, 2*b.recNo, status), mk(warc.Request, 2*b.recNo+1, 0),
	}})
	if err != nil {
		b.t.Fatal(err)
	}
}

const fixtureJob = `
name: evidence
seeds: [http://example.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8]}
politeness: {delay: 2s}
scheduler: {strategy: sharc-selective-online}
capture: {mode: visit-revisit}
`

// visitRevisitFixture is a visit-revisit capture with one page of every
// status, and a visit+revisit collapse the strategy undid (/undone: other
// visits followed it, so it is a visit without revisit). Downloads are 2 s apart (Δ = 2 s); the visits run 0..14 s, the
// revisits 16..30 s, so the reference time is t0+15s.
func visitRevisitFixture(t testing.TB) (store.Store, int64, *job.Job) {
	return visitRevisitIn(t, openStore(t))
}

func visitRevisitIn(t testing.TB, st store.Store) (store.Store, int64, *job.Job) {
	b := newBuilder(t, st, "evidence", "sharc-selective-online", job.ModeVisitRevisit)
	const (
		d1, d2, d3 = "sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "sha1:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB", "sha1:CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC"
		d4, d5, d6 = "sha1:DDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDD", "sha1:EEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE", "sha1:FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
		d404       = "sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ"
	)
	h := "http://example.test"
	b.url(h+"/", 0.01, store.StateDone, 1)
	b.url(h+"/same", 0.02, store.StateDone, 1)
	b.url(h+"/changed", 0.5, store.StateDone, 1)
	b.url(h+"/gone", 0.1, store.StateDone, 1)
	b.url(h+"/late", 0.1, store.StateDone, 1)
	b.url(h+"/broken", 0.1, store.StateFailed, 4)
	b.url(h+"/private/x", 0.1, store.StateBlocked, 0)
	b.url(h+"/pivot", 0.3, store.StateDone, 1)
	b.url(h+"/flaky", 0.1, store.StateDone, 2)
	b.url(h+"/unreached", 0.1, store.StateQueued, 0)
	b.url(h+"/undone", 0.1, store.StateDone, 1)

	b.rec(h+"/robots.txt", -1, warc.Response, 200, d6, "visit")
	b.rec(h+"/", 0, warc.Response, 200, d1, "visit")
	b.rec(h+"/undone", 1, warc.Response, 200, d1, "visit+revisit")
	b.rec(h+"/same", 2, warc.Response, 200, d2, "visit")
	b.rec(h+"/changed", 4, warc.Response, 200, d3, "visit")
	b.rec(h+"/gone", 6, warc.Response, 200, d4, "visit")
	b.rec(h+"/flaky", 8, warc.Response, 200, d5, "visit")
	b.rec(h+"/broken", 10, warc.Response, 503, d6, "visit")
	b.rec(h+"/pivot", 14, warc.Response, 200, d5, "visit+revisit")
	b.rec(h+"/flaky", 16, warc.Response, 503, d6, "revisit")
	b.rec(h+"/gone", 18, warc.Response, 404, d404, "revisit")
	b.rec(h+"/late", 20, warc.Response, 200, d6, "visit")
	b.rec(h+"/changed", 22, warc.Response, 200, d4, "revisit")
	b.rec(h+"/same", 24, warc.Revisit, 200, d2, "revisit")
	b.rec(h+"/late", 26, warc.Revisit, 200, d6, "revisit")
	b.rec(h+"/", 30, warc.Revisit, 304, d404, "revisit")
	if err := st.FinishCapture(context.Background(), b.capture, store.CaptureStatusFinished); err != nil {
		t.Fatal(err)
	}
	return st, b.capture, parseJob(t, fixtureJob)
}

// singleVisitFixture is a single-visit capture of three pages at 0, 1 and
// 2 Δ (Δ = 1 s) with rates 1, 2 and 0 changes per Δ, and one failure.
func singleVisitFixture(t testing.TB) (store.Store, int64, *job.Job) {
	return singleVisitIn(t, openStore(t))
}

func singleVisitIn(t testing.TB, st store.Store) (store.Store, int64, *job.Job) {
	b := newBuilder(t, st, "plain", "bfs", job.ModeSingleVisit)
	h := "http://plain.test"
	b.url(h+"/", 1, store.StateDone, 1)
	b.url(h+"/a", 2, store.StateDone, 1)
	b.url(h+"/b", 0, store.StateDone, 1)
	b.url(h+"/c", 5, store.StateFailed, 4)
	b.rec(h+"/", 0, warc.Response, 200, "sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "visit")
	b.rec(h+"/a", 1, warc.Response, 200, "sha1:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB", "visit")
	b.rec(h+"/b", 2, warc.Revisit, 200, "sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "visit")
	if err := st.FinishCapture(context.Background(), b.capture, store.CaptureStatusFinished); err != nil {
		t.Fatal(err)
	}
	return st, b.capture, parseJob(t, `
name: plain
seeds: [http://plain.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8]}
politeness: {delay: 1s}
`)
}

var fixedNow = func() time.Time { return time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC) }

// normalise fixes the fields that depend on when the store was written.
func normalise(r *report.Report) {
	r.Started = t0.Add(-time.Minute)
	r.Finished = t0.Add(time.Minute)
}

type (
	storeT = store.Store
	jobT   = *job.Job
)

func itoa(n int64) string { return fmt.Sprint(n) }
