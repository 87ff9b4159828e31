package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestLiveExperimentJSON: --format json prints only a JSON array, one
// object per capture with the site's true incoherence, while the
// captures' progress goes to stderr.
func TestLiveExperimentJSON(t *testing.T) {
	demoJob, err := filepath.Abs("../../configs/demo.yaml")
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := sharc(t, "experiment", "live", "--job", demoJob, "--pages", "12", "--outdegree", "3",
		"--strategies", "sharc-selective-online,hl-lifo", "--rates", "oracle", "--format", "json", "--out", filepath.Join(t.TempDir(), "exp"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got []liveResult
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("stdout is not a JSON array: %v\n%s", err, out)
	}
	if len(got) != 2 || got[0].Strategy != "sharc-selective-online" || got[1].Strategy != "hl-lifo" {
		t.Fatalf("captures %+v, want one per strategy", got)
	}
	for _, r := range got {
		if r.Rates != "oracle" || r.Pages != 12 || r.Revisited < 1 || r.Revisited > 12 || r.TrueIncoherent > r.Revisited {
			t.Errorf("capture %+v", r)
		}
	}
	if !strings.Contains(errOut, "test site: 12 pages") {
		t.Errorf("progress not on stderr:\n%s", errOut)
	}
}

func TestLiveExperimentBadFormat(t *testing.T) {
	code, _, errOut := sharc(t, "experiment", "live", "--format", "yaml")
	if code != 2 || !strings.Contains(errOut, "markdown, text or json") {
		t.Errorf("exit %d:\n%s", code, errOut)
	}
}
