package daemon

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestSubmitReplacingNeedsConfirmation: resubmitting an idle job's name
// with other settings answers 409 and leaves the job as it was, unless
// the submission asks to replace it (?replace=true); the same settings
// again are no replacement. Through the API, every answer checked against
// docs/openapi.yaml.
func TestSubmitReplacingNeedsConfirmation(t *testing.T) {
	td := startDaemon(t, storeDSN(t), 1)
	ctx := context.Background()
	// A cron schedule far ahead: the job stays idle, nothing is fetched.
	first := jobYAML("weekly", "127.0.0.1:9", "schedule: {cron: \"0 3 1 1 *\"}\n")
	other := []byte(strings.Replace(string(first), "http://site.test/p/0", "http://site.test/p/1", 1))
	if _, err := td.client.Submit(ctx, first, "weekly.yaml"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		yaml    []byte
		replace bool
		status  int // 0: accepted
		seed    string
	}{
		{"other seeds refused", other, false, http.StatusConflict, "p/0"},
		{"same settings again", first, false, 0, "p/0"},
		{"other seeds, replace confirmed", other, true, 0, "p/1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := td.client.SubmitReplacing(ctx, tc.yaml, "weekly.yaml", tc.replace)
			if got := apiStatus(err); got != tc.status || (tc.status == 0 && err != nil) {
				t.Fatalf("status %d (%v), want %d", got, err, tc.status)
			}
			if tc.status == http.StatusConflict && !strings.Contains(err.Error(), "replace=true") {
				t.Errorf("409 %q does not say how to replace", err)
			}
			info, err := td.client.Job(ctx, "weekly")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(info.YAML, "http://site.test/"+tc.seed) {
				t.Errorf("job after %s has seeds of\n%s\nwant %s", tc.name, info.YAML, tc.seed)
			}
		})
	}
}

// TestConsoleAsksBeforeReplacing: the console's submit form, posted with
// another job's name and other settings, comes back with the daemon's 409
// and a Replace button instead of replacing; only the confirmed post
// replaces the job.
func TestConsoleAsksBeforeReplacing(t *testing.T) {
	td := startDaemon(t, storeDSN(t), 1)
	ctx := context.Background()
	first := jobYAML("weekly", "127.0.0.1:9", "schedule: {cron: \"0 3 1 1 *\"}\n")
	if _, err := td.client.Submit(ctx, first, "weekly.yaml"); err != nil {
		t.Fatal(err)
	}
	other := strings.Replace(string(first), "http://site.test/p/0", "http://site.test/p/1", 1)
	cc := loginConsole(t, td)
	tok := cc.csrf("/ui/submit")
	code, body, _ := cc.post("/ui/submit", url.Values{"csrf": {tok}, "yaml": {other}})
	if code != http.StatusConflict || !strings.Contains(body, `id="confirm-replace"`) || !strings.Contains(body, "p/1") {
		t.Fatalf("replacing submission: %d, want 409 with a Replace button and the text kept:\n%.1500s", code, body)
	}
	if info, _ := td.client.Job(ctx, "weekly"); !strings.Contains(info.YAML, "site.test/p/0") {
		t.Fatalf("the unconfirmed submission replaced the job:\n%s", info.YAML)
	}
	code, _, path := cc.post("/ui/submit", url.Values{"csrf": {tok}, "yaml": {other}, "replace": {"true"}})
	if code != http.StatusOK || path != "/ui/jobs/weekly" {
		t.Fatalf("confirmed: %d at %s, want the job's page", code, path)
	}
	if info, _ := td.client.Job(ctx, "weekly"); !strings.Contains(info.YAML, "site.test/p/1") {
		t.Fatalf("the confirmed submission did not replace the job:\n%s", info.YAML)
	}
}
