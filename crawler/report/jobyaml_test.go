package report_test

import (
	"context"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// TestBuildReadsStoredJob: without Options.Job, Build reads the job file
// the capture started with from the store (its name, seeds and delay);
// a capture with none, or an unreadable one, is reported without and the
// notes say so.
func TestBuildReadsStoredJob(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		wantJob    string
		wantNote   string
	}{
		{"stored job", fixtureJob, "evidence", ""},
		{"no stored job", "", "", "job file was not available"},
		{"unreadable stored job", "name: [", "", "could not be read"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := openStore(t)
			b := newBuilder(t, st, "evidence", "sharc-selective-online", "visit-revisit")
			b.url("http://example.test/", 0.1, store.StateDone, 1)
			b.rec("http://example.test/", 1, warc.Response, 200, "sha1:A", "visit")
			if tc.yaml != "" {
				if err := st.SetCaptureOwner(context.Background(), b.capture, store.CaptureOwner{JobFile: "evidence.yaml", JobYAML: tc.yaml}); err != nil {
					t.Fatal(err)
				}
			}
			r, err := report.Build(context.Background(), st, b.capture, report.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if r.JobName != tc.wantJob {
				t.Errorf("job name %q, want %q", r.JobName, tc.wantJob)
			}
			if tc.wantJob != "" && (len(r.Seeds) != 1 || r.Seeds[0] != "http://example.test/") {
				t.Errorf("seeds %v", r.Seeds)
			}
			notes := strings.Join(r.Notes, "\n")
			if tc.wantNote != "" && !strings.Contains(notes, tc.wantNote) {
				t.Errorf("notes %q lack %q", notes, tc.wantNote)
			}
		})
	}
}
