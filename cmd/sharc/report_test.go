package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// reportFixture writes a finished visit-revisit capture of two pages (one
// coherent, one changed) into a fresh SQLite store and returns its DSN.
func reportFixture(t *testing.T) string {
	t.Helper()
	dsn := "sqlite:" + filepath.Join(t.TempDir(), "sharc.db")
	ctx := context.Background()
	s, err := store.Open(ctx, dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	j, err := s.UpsertJob(ctx, "job", "")
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := s.OpenCapture(ctx, j.ID, "bfs-lifo", "visit-revisit")
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	b := store.Batch{CaptureID: c.ID}
	for i, u := range []string{"http://a.test/", "http://a.test/x"} {
		surt := "test,a)/" + strings.TrimPrefix(u, "http://a.test/")
		b.Discovered = append(b.Discovered, store.FrontierURL{CaptureID: c.ID, URL: u, SURT: surt, Host: "a.test", Seq: i, ParentSeq: -1, State: store.StateDone})
		v := store.Record{URL: u, SURT: surt, Time: t0.Add(time.Duration(i) * time.Second), RecordType: warc.Response, Status: 200, PayloadDigest: "sha1:V" + u, WARCFile: "w.warc.gz", Offset: int64(i) * 100, RecordLength: 100, Phase: "visit"}
		r := v
		r.Time, r.Offset, r.Phase = t0.Add(time.Duration(3-i)*time.Second), 200+int64(i)*100, "revisit"
		if i == 1 {
			r.PayloadDigest = "sha1:CHANGED"
		}
		b.Records = append(b.Records, v, r)
	}
	if err := s.Commit(ctx, b); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishCapture(ctx, c.ID, store.CaptureStatusFinished); err != nil {
		t.Fatal(err)
	}
	return dsn
}

func TestReportCommand(t *testing.T) {
	dsn := reportFixture(t)
	runOK := func(args ...string) string {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"report"}, args...), &stdout, &stderr); code != 0 {
			t.Fatalf("sharc report %v: exit %d: %s", args, code, stderr.String())
		}
		return stdout.String()
	}
	// First run builds and stores the report; the capture ID may come
	// first or after the flags.
	var rep struct {
		CaptureID int64 `json:"capture_id"`
		Totals    struct {
			Pages, Coherent, Changed int
		} `json:"totals"`
		Generated time.Time `json:"generated"`
	}
	if err := json.Unmarshal([]byte(runOK("1", "--store", dsn)), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.CaptureID != 1 || rep.Totals.Pages != 2 || rep.Totals.Coherent != 1 || rep.Totals.Changed != 1 {
		t.Errorf("report %+v", rep)
	}
	s, err := store.Open(context.Background(), dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	c, err := s.Capture(context.Background(), 1)
	s.Close()
	if err != nil || !bytes.Contains(c.Report, []byte(`"capture_id": 1`)) {
		t.Fatalf("report not stored: %v %q", err, c.Report)
	}
	// Second run prints the stored report (same generation time), --rebuild
	// makes a new one.
	var again, rebuilt struct{ Generated time.Time }
	json.Unmarshal([]byte(runOK("--store", dsn, "1")), &again)
	if !again.Generated.Equal(rep.Generated) {
		t.Errorf("stored report not reused: generated %v then %v", rep.Generated, again.Generated)
	}
	time.Sleep(10 * time.Millisecond)
	json.Unmarshal([]byte(runOK("1", "--store", dsn, "--rebuild")), &rebuilt)
	if !rebuilt.Generated.After(rep.Generated) {
		t.Errorf("--rebuild kept generation time %v", rebuilt.Generated)
	}

	rows, err := csv.NewReader(strings.NewReader(runOK("1", "--store", dsn, "--format", "csv"))).ReadAll()
	if err != nil || len(rows) != 3 || rows[0][0] != "url" || rows[2][1] != "changed" {
		t.Errorf("csv %v %v", rows, err)
	}
	out := filepath.Join(t.TempDir(), "report.html")
	runOK("1", "--store", dsn, "--format", "html", "-o", out)
	page, err := os.ReadFile(out)
	if err != nil || !bytes.Contains(page, []byte(`id="total-coherent">1<`)) {
		t.Errorf("html file: %v", err)
	}
}

func TestReportCommandErrors(t *testing.T) {
	dsn := reportFixture(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"report"}, "usage: sharc report"},
		{[]string{"report", "1"}, "usage: sharc report"},
		{[]string{"report", "x", "--store", dsn}, `capture ID "x"`},
		{[]string{"report", "1", "--store", dsn, "--format", "pdf"}, `unknown format "pdf"`},
		{[]string{"report", "7", "--store", dsn}, "capture 7"},
		{[]string{"report", "1", "--job", filepath.Join(t.TempDir(), "missing.yaml")}, "missing.yaml"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(tc.args, &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want it to mention %q", tc.args, code, stderr.String(), tc.want)
		}
	}
}
