package pagediff_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/daemon/pagediff"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// archiveFixture is a real WARC file and a real SQLite index of one
// capture's records.
type archiveFixture struct {
	t    *testing.T
	dir  string
	st   store.DB
	w    *warc.Writer
	capt int64
	recs []store.Record
}

func newArchiveFixture(t *testing.T) *archiveFixture {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(dir, "index.db"), zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	job, err := st.UpsertJob(ctx, "j", "name: j\n")
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := st.OpenCapture(ctx, job.ID, "bfs-lifo", "visit-revisit")
	if err != nil {
		t.Fatal(err)
	}
	w, err := warc.NewWriter(warc.Config{Dir: dir, Prefix: "t"}, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	return &archiveFixture{t: t, dir: dir, st: st, w: w, capt: c.ID}
}

// write archives one exchange and returns its index record.
func (f *archiveFixture) write(url, phase string, at time.Time, raw []byte, rev *warc.RevisitOf) store.Record {
	f.t.Helper()
	ws, err := f.w.WriteExchange(context.Background(), warc.Exchange{TargetURI: url, Date: at, Response: raw, Revisit: rev})
	if err != nil {
		f.t.Fatal(err)
	}
	for _, x := range ws {
		if x.Type == warc.Response || x.Type == warc.Revisit {
			r := store.Record{CaptureID: f.capt, URL: url, SURT: url, Time: at, RecordType: x.Type, RecordID: x.RecordID, Status: x.Status, MIME: x.MIME,
				PayloadDigest: x.PayloadDigest, Length: x.PayloadLength, WARCFile: x.File, Offset: x.Offset, RecordLength: x.Length, Phase: phase}
			f.recs = append(f.recs, r)
			return r
		}
	}
	f.t.Fatalf("no response or revisit record written for %s", url)
	return store.Record{}
}

// index closes the WARC file and commits the records.
func (f *archiveFixture) index() *pagediff.Archive {
	f.t.Helper()
	if err := f.w.Close(); err != nil {
		f.t.Fatal(err)
	}
	if err := f.st.Commit(context.Background(), store.Batch{CaptureID: f.capt, Records: f.recs}); err != nil {
		f.t.Fatal(err)
	}
	return &pagediff.Archive{Index: f.st, Limits: pagediff.DefaultLimits(),
		Dir: func(_ context.Context, id int64) (string, error) {
			if id != f.capt {
				return "", fmt.Errorf("no capture %d", id)
			}
			return f.dir, nil
		}}
}

func httpResponse(ctype string, body []byte, extra string) []byte {
	return []byte(fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: %s\r\n%sContent-Length: %d\r\n\r\n%s", ctype, extra, len(body), body))
}

func gzipped(s string) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	zw.Close()
	return b.Bytes()
}

// TestArchiveLoad reads versions back from a real WARC file by a real
// index: a gzip-encoded page is decoded; an identical revisit and a 304
// revisit are followed to the visit's payload; an image is binary and a
// too-large record is not read; an index entry pointing at the wrong
// offset, a file name with a path, and a missing file are ErrUnreadable.
func TestArchiveLoad(t *testing.T) {
	ctx := context.Background()
	f := newArchiveFixture(t)
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	const page = "http://site.test/news"
	visit := f.write(page, "visit", t0, httpResponse("text/html; charset=utf-8", gzipped("<h1>News</h1><p>river at 10 cm</p>"), "Content-Encoding: gzip\r\n"), nil)
	same := f.write(page, "revisit", t0.Add(time.Minute), httpResponse("text/html; charset=utf-8", gzipped("<h1>News</h1><p>river at 10 cm</p>"), "Content-Encoding: gzip\r\n"),
		&warc.RevisitOf{Profile: warc.ProfileIdenticalPayload, RefersTo: visit.RecordID, RefersToURI: page, RefersToDate: t0})
	notMod := f.write(page, "revisit", t0.Add(2*time.Minute), []byte("HTTP/1.1 304 Not Modified\r\nETag: \"x\"\r\n\r\n"),
		&warc.RevisitOf{Profile: warc.ProfileServerNotModified, RefersTo: visit.RecordID, RefersToURI: page, RefersToDate: t0})
	img := f.write("http://site.test/a.png", "visit", t0, httpResponse("image/png", []byte("\x89PNG...."), ""), nil)
	ar := f.index()

	v, err := ar.Load(ctx, visit)
	if err != nil || v.Text.Kind != pagediff.KindHTML || strings.Join(v.Text.Lines, "|") != "News|river at 10 cm" {
		t.Fatalf("visit: %v %+v", err, v.Text)
	}
	for _, rev := range []store.Record{same, notMod} {
		got, err := ar.Load(ctx, rev)
		if err != nil || got.Record.RecordType != warc.Revisit || got.Payload.RecordID != visit.RecordID || strings.Join(got.Text.Lines, "|") != "News|river at 10 cm" {
			t.Errorf("revisit (status %d) not followed to the visit: %v %+v %+v", rev.Status, err, got.Payload, got.Text)
		}
	}
	if v, err := ar.Load(ctx, img); err != nil || v.Text.Kind != pagediff.KindBinary || len(v.Text.Lines) != 0 {
		t.Errorf("image: %v %+v", err, v.Text)
	}
	huge := visit
	huge.Length = ar.Limits.MaxRecord + 1
	if v, err := ar.Load(ctx, huge); err != nil || v.Text.Kind != pagediff.KindTooLarge {
		t.Errorf("too large: %v %+v", err, v.Text)
	}

	hist, err := f.st.History(ctx, page)
	if err != nil {
		t.Fatal(err)
	}
	a, b, err := pagediff.VisitRevisit(hist, f.capt, page)
	if err != nil || a.RecordID != visit.RecordID || b.RecordID != notMod.RecordID {
		t.Errorf("VisitRevisit: %v %s %s", err, a.RecordID, b.RecordID)
	}
	if _, _, err := pagediff.VisitRevisit(hist, f.capt+1, page); !errors.Is(err, pagediff.ErrNotArchived) {
		t.Errorf("another capture: %v", err)
	}

	for name, edit := range map[string]func(*store.Record){
		"wrong offset":   func(r *store.Record) { r.Offset = img.Offset; r.RecordLength = img.RecordLength },
		"path in name":   func(r *store.Record) { r.WARCFile = "../" + r.WARCFile },
		"missing file":   func(r *store.Record) { r.WARCFile = "gone.warc.gz" },
		"negative place": func(r *store.Record) { r.Offset = -5 },
		"cut short":      func(r *store.Record) { r.RecordLength = 40 },
	} {
		r := visit
		edit(&r)
		if _, err := ar.Load(ctx, r); !errors.Is(err, pagediff.ErrUnreadable) {
			t.Errorf("%s: %v, want ErrUnreadable", name, err)
		}
	}
	orphan := same
	orphan.PayloadDigest = "sha1:AAAA"
	orphan.WARCFile, orphan.Offset, orphan.RecordLength = same.WARCFile, same.Offset, same.RecordLength
	if _, err := ar.Load(ctx, orphan); err != nil {
		t.Errorf("a revisit found by WARC-Refers-To needs no digest match: %v", err)
	}
}
