package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// cliResult is one in-process run of the sharc command line.
type cliResult struct {
	code           exitCode
	stdout, stderr string
}

func runCLI(args ...string) cliResult {
	var o, e bytes.Buffer
	code := run(args, &o, &e)
	return cliResult{exitCode(code), o.String(), e.String()}
}

// countedSite is a small loopback site with one of each outcome the crawl
// summary counts: distinct pages (responses), two URLs with one payload
// (the second is a revisit), a 404 (a response), a robots-blocked URL and
// a URL whose connection is dropped (failed, no retries).
func countedSite(t *testing.T) *httptest.Server {
	t.Helper()
	page := func(body string) http.HandlerFunc {
		return func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, body)
		}
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
	})
	mux.HandleFunc("/{$}", page(`<a href="/a">a</a> <a href="/b">b</a> <a href="/dup1">d</a> <a href="/dup2">d</a>
<a href="/missing">m</a> <a href="/private/x">p</a> <a href="/broken">x</a>`))
	mux.HandleFunc("/a", page(`<p>page a</p>`))
	mux.HandleFunc("/b", page(`<p>page b</p> <a href="/a">a</a>`))
	mux.HandleFunc("/dup1", page(`<p>the same payload twice</p>`))
	mux.HandleFunc("/dup2", page(`<p>the same payload twice</p>`))
	mux.HandleFunc("/broken", func(w http.ResponseWriter, _ *http.Request) {
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// countedJob writes a job crawling srv into dir/out and returns its path.
func countedJob(t *testing.T, dir string, srv *httptest.Server) string {
	t.Helper()
	out := filepath.Join(dir, "out")
	text := fmt.Sprintf(`name: counted
seeds: [%s/]
user_agent: "SHARC-test (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
workers: 2
politeness: {delay: 0s, delay_factor: 0}
warc: {dir: %s}
store: sqlite:%s
`, srv.URL, filepath.Join(out, "warcs"), filepath.Join(out, "sharc.db"))
	path := filepath.Join(dir, "counted.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// summaryNumbers reads the numbers of `sharc crawl`'s summary.
func summaryNumbers(t *testing.T, out string) map[string]int64 {
	t.Helper()
	patterns := map[string]string{
		"fetched":    `fetched:\s+(\d+) this run: (\d+) responses, (\d+) revisits; failed (\d+), robots-blocked (\d+)`,
		"discovered": `discovered: (\d+) in the capture, still queued (\d+)`,
		"records":    `records:\s+(\d+) indexed \+ (\d+) warcinfo = (\d+) in (\d+) WARC files?`,
		"capture":    `capture (\d+) \(`,
	}
	names := map[string][]string{
		"fetched":    {"fetched", "responses", "revisits", "failed", "blocked"},
		"discovered": {"discovered", "queued"},
		"records":    {"indexed", "warcinfo", "total", "files"},
		"capture":    {"capture"},
	}
	got := map[string]int64{}
	for key, p := range patterns {
		m := regexp.MustCompile(p).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("summary lacks %q:\n%s", p, out)
		}
		for i, name := range names[key] {
			got[name], _ = strconv.ParseInt(m[i+1], 10, 64)
		}
	}
	return got
}

// warcCounts counts the records of the given WARC files by type.
func warcCounts(t *testing.T, files []string) map[string]int64 {
	t.Helper()
	n := map[string]int64{}
	for _, f := range files {
		r, err := warc.OpenFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for {
			rec, err := r.Next()
			if err != nil {
				break
			}
			n[string(rec.Type())]++
		}
		r.Close()
	}
	return n
}

// TestCrawlSummaryMatchesArchive checks every number `sharc crawl` prints
// against what the same run left in its WARC files and its store.
func TestCrawlSummaryMatchesArchive(t *testing.T) {
	srv := countedSite(t)
	dir := t.TempDir()
	res := runCLI("crawl", "--progress-every", "5ms", countedJob(t, dir, srv))
	if res.code != exitOK {
		t.Fatalf("exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	got := summaryNumbers(t, res.stdout)
	files, _ := filepath.Glob(filepath.Join(captureWARCs(filepath.Join(dir, "out", "warcs")), "*.warc.gz"))
	if int64(len(files)) != got["files"] || got["files"] == 0 {
		t.Errorf("summary says %d WARC files, the directory has %d", got["files"], len(files))
	}
	w := warcCounts(t, files)
	var total int64
	for _, n := range w {
		total += n
	}
	st, err := store.Open(context.Background(), "sqlite:"+filepath.Join(dir, "out", "sharc.db"), zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	fr, err := st.Frontier(context.Background(), got["capture"])
	if err != nil {
		t.Fatal(err)
	}
	states := map[store.URLState]int64{}
	for _, u := range fr {
		states[u.State]++
	}
	checks := []struct {
		what            string
		printed, actual int64
	}{
		{"fetched = response + revisit records", got["fetched"], w["response"] + w["revisit"]},
		{"responses", got["responses"], w["response"]},
		{"revisits", got["revisits"], w["revisit"]},
		{"failed URLs", got["failed"], states[store.StateFailed]},
		{"robots-blocked URLs", got["blocked"], states[store.StateBlocked]},
		{"discovered URLs", got["discovered"], int64(len(fr))},
		{"warcinfo records", got["warcinfo"], w["warcinfo"]},
		{"indexed records", got["indexed"], total - w["warcinfo"]},
		{"records in the files", got["total"], total},
		{"still queued", got["queued"], 0},
	}
	for _, c := range checks {
		if c.printed != c.actual {
			t.Errorf("%s: summary %d, archive %d", c.what, c.printed, c.actual)
		}
	}
	// Every archived fetch went through a group commit, and a group holds
	// at least one.
	if m := regexp.MustCompile(`commits:\s+(\d+) groups`).FindStringSubmatch(res.stdout); m == nil {
		t.Errorf("summary lacks the commit groups:\n%s", res.stdout)
	} else if n, _ := strconv.ParseInt(m[1], 10, 64); n < 1 || n > got["fetched"] {
		t.Errorf("summary says %d commit groups for %d fetches", n, got["fetched"])
	}
	// The site has one of each outcome: a count stuck at 0 would pass the
	// comparisons above without testing them.
	for _, k := range []string{"revisits", "failed", "blocked"} {
		if got[k] == 0 {
			t.Errorf("the site should give at least one %s; summary:\n%s", k, res.stdout)
		}
	}
	for name, s := range map[string]string{"stdout": res.stdout, "stderr": res.stderr} {
		if strings.Contains(s, "\r") || !strings.HasSuffix(s, "\n") {
			t.Errorf("%s has a carriage return or an unterminated last line:\n%q", name, s)
		}
	}
	if !strings.Contains(res.stderr, "progress") {
		t.Errorf("no progress line on stderr with --progress-every 5ms:\n%s", res.stderr)
	}
}

// corruptWARC writes a one-record WARC file whose block digest is wrong.
func corruptWARC(t *testing.T, path string) {
	t.Helper()
	body := "hello"
	rec := "WARC/1.1\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:uuid:12345678-1234-1234-1234-123456789abc>\r\n" +
		"WARC-Date: 2024-01-01T00:00:00Z\r\nWARC-Target-URI: http://example.org/\r\nContent-Type: text/plain\r\n" +
		"WARC-Block-Digest: sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\r\n" +
		"Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body + "\r\n\r\n"
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(rec))
	zw.Close()
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestExitCodes runs commands that end each documented way and checks
// the status, and that the message goes to the right stream.
func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	dsn := "sqlite:" + filepath.Join(dir, "index.db")
	badWARC := filepath.Join(dir, "bad.warc.gz")
	corruptWARC(t, badWARC)
	emptyWARC := filepath.Join(dir, "empty.warc.gz")
	if err := os.WriteFile(emptyWARC, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	badJob := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(badJob, []byte("name: bad\nseeds: [http://127.0.0.1:1/]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	key := filepath.Join(dir, "key.pem")
	if err := os.WriteFile(key, []byte("taken"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		want   exitCode
		stderr string // a substring of stderr ("" : stderr is empty)
	}{
		{"no command", nil, exitUsage, "usage: sharc COMMAND"},
		{"help", []string{"help"}, exitOK, ""},
		{"--help", []string{"--help"}, exitOK, ""},
		{"-h", []string{"-h"}, exitOK, ""},
		{"version", []string{"version"}, exitOK, ""},
		{"--version", []string{"--version"}, exitOK, ""},
		{"unknown command", []string{"frobnicate"}, exitUsage, `unknown command "frobnicate"`},
		{"unknown help topic", []string{"help", "frobnicate"}, exitUsage, `unknown help topic "frobnicate"`},
		{"unknown subcommand topic", []string{"help", "export", "tar"}, exitUsage, `no subcommand "tar"`},
		{"unknown flag", []string{"crawl", "--frobnicate", badJob}, exitUsage, "flag provided but not defined: -frobnicate"},
		{"bad flag value", []string{"crawl", "--progress-every", "soon", badJob}, exitUsage, `invalid value "soon"`},
		{"missing argument", []string{"crawl"}, exitUsage, "usage: sharc crawl"},
		{"extra argument", []string{"version", "now"}, exitUsage, "unexpected arguments"},
		{"unknown export format", []string{"export", "tar"}, exitUsage, `unknown format "tar"`},
		{"unknown rates subcommand", []string{"rates", "guess"}, exitUsage, `unknown subcommand "guess"`},
		{"unknown experiment", []string{"experiment", "dead"}, exitUsage, `unknown experiment "dead"`},
		{"unknown job command", []string{"job", "explode", "x"}, exitUsage, `unknown command "explode"`},
		{"report format", []string{"report", "1", "--store", dsn, "--format", "pdf"}, exitUsage, `unknown format "pdf"`},
		{"report capture ID", []string{"report", "one", "--store", dsn}, exitUsage, "not a positive integer"},
		{"simulate choice", []string{"simulate", "--strategy", "fastest"}, exitUsage, `unknown strategy "fastest"`},
		{"rates sample", []string{"rates", "evaluate", "--sample", "bogus"}, exitUsage, `unknown --sample "bogus"`},
		{"rates mode", []string{"rates", "compare", "--modes", "oracle,bogus"}, exitUsage, `unknown --modes "bogus"`},
		{"rates algorithm", []string{"rates", "train", "--store", dsn, "--alg", "svm", "-o", filepath.Join(dir, "m.json")}, exitUsage, `unknown --alg "svm"`},
		{"simulate table", []string{"simulate", "--table", "9.9"}, exitUsage, `unknown table "9.9"`},
		{"simulate range", []string{"simulate", "--size", "-3"}, exitUsage, "size must be at least 1"},
		{"testsite public address", []string{"testsite", "--listen", "0.0.0.0:0"}, exitUsage, "not a loopback address"},
		{"bad job file", []string{"crawl", badJob}, exitFailure, "user_agent"},
		{"missing job file", []string{"crawl", filepath.Join(dir, "none.yaml")}, exitFailure, "none.yaml"},
		{"missing store", []string{"export", "cdxj", "--store", dsn, "--capture", "1"}, exitFailure, "no such database"},
		{"key exists", []string{"keygen", "-o", key}, exitFailure, "exists"},
		{"verify unreadable", []string{"verify", filepath.Join(dir, "none.warc.gz")}, exitFailure, "none.warc.gz"},
		{"verify finds a problem", []string{"verify", badWARC}, exitVerifyFailed, "1 of 1 files: verification failed"},
		{"verify checks nothing", []string{"verify", emptyWARC}, exitVerifyFailed, "1 of 1 files: verification failed"},
		{"migrate", []string{"migrate", "--store", "sqlite:" + filepath.Join(dir, "new.db")}, exitOK, "store opened"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := runCLI(tc.args...)
			if res.code != tc.want {
				t.Fatalf("sharc %q: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", tc.args, res.code, tc.want, res.stdout, res.stderr)
			}
			if tc.stderr == "" && res.stderr != "" {
				t.Errorf("stderr not empty:\n%s", res.stderr)
			}
			if !strings.Contains(res.stderr, tc.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tc.stderr, res.stderr)
			}
			if tc.want == exitOK && res.stdout == "" {
				t.Errorf("nothing on stdout")
			}
		})
	}
}

// TestInterruptedExitCode: a signal that stops a crawl before it is done
// exits 130, and a command that runs until stopped (testsite) exits 0.
func TestInterruptedExitCode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildSharc(t)
	started := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		select {
		case started <- struct{}{}:
		default:
		}
		<-r.Context().Done() // a page that never ends: only the signal stops the crawl
	}))
	defer srv.Close()
	defer srv.CloseClientConnections()
	dir := t.TempDir()
	job := filepath.Join(dir, "slow.yaml")
	text := fmt.Sprintf("name: slow\nseeds: [%s/]\nuser_agent: \"SHARC-test (+https://example.org/contact)\"\nfetch: {allow_addresses: [127.0.0.0/8], timeout: 1m}\nwarc: {dir: %s}\n",
		srv.URL, filepath.Join(dir, "warcs"))
	if err := os.WriteFile(job, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out := runUntilSignalled(t, bin, started, "", "crawl", job)
	if code != int(exitInterrupted) || !strings.Contains(out, "stopped:    interrupted") {
		t.Errorf("interrupted crawl: exit %d, want %d\n%s", code, exitInterrupted, out)
	}
	if code, out := runUntilSignalled(t, bin, nil, "http://", "testsite", "--listen", "127.0.0.1:0"); code != int(exitOK) {
		t.Errorf("testsite stopped by SIGINT: exit %d, want 0\n%s", code, out)
	}
}

// runUntilSignalled starts bin with args, waits until ready is signalled
// (or, with ready nil, until a stdout line starts with readyLine), sends
// SIGINT and returns the exit status and the combined output.
func runUntilSignalled(t *testing.T, bin string, ready <-chan struct{}, readyLine string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lineSeen := make(chan struct{})
	stdout := make(chan string, 1)
	go func() {
		var b strings.Builder
		sc := bufio.NewScanner(pipe)
		seen := false
		for sc.Scan() {
			b.WriteString(sc.Text() + "\n")
			if !seen && readyLine != "" && strings.HasPrefix(sc.Text(), readyLine) {
				seen = true
				close(lineSeen)
			}
		}
		stdout <- b.String()
	}()
	if ready == nil {
		ready = lineSeen
	}
	select {
	case <-ready:
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("sharc %q never got ready", args)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	out := <-stdout
	_ = cmd.Wait() // the status is read below; a non-zero one is an error here
	return cmd.ProcessState.ExitCode(), out + stderr.String()
}

// TestResumedRunsAddUp interrupts a crawl while some pages hang, resumes
// it, and checks that the two runs' summaries add up to what the WARC
// files hold: nothing archived is left out of a count, nothing counted
// twice.
func TestResumedRunsAddUp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildSharc(t)
	gate := make(chan struct{})
	hanging := make(chan struct{}, 1)
	mux := http.NewServeMux()
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<a href="/a">a</a> <a href="/b">b</a> <a href="/same1">s</a> <a href="/same2">s</a> <a href="/slow/1">1</a> <a href="/slow/2">2</a>`)
	})
	for _, p := range []string{"/a", "/b"} {
		mux.HandleFunc(p, func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, "page "+p) })
	}
	for _, p := range []string{"/same1", "/same2"} {
		mux.HandleFunc(p, func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, "one payload") })
	}
	mux.HandleFunc("/slow/", func(w http.ResponseWriter, r *http.Request) {
		select {
		case hanging <- struct{}{}:
		default:
		}
		select {
		case <-gate:
			fmt.Fprint(w, "slow "+r.URL.Path)
		case <-r.Context().Done():
		}
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	dir := t.TempDir()
	job := filepath.Join(dir, "resume.yaml")
	text := fmt.Sprintf("name: resume\nseeds: [%s/]\nuser_agent: \"SHARC-test (+https://example.org/contact)\"\nfetch: {allow_addresses: [127.0.0.0/8], timeout: 1m}\nworkers: 2\npoliteness: {delay: 0s, delay_factor: 0}\nwarc: {dir: %s}\n",
		srv.URL, filepath.Join(dir, "warcs"))
	if err := os.WriteFile(job, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out1 := runUntilSignalled(t, bin, hanging, "", "crawl", job)
	if code != int(exitInterrupted) {
		t.Fatalf("first run: exit %d, want %d\n%s", code, exitInterrupted, out1)
	}
	close(gate)
	out2, err := exec.Command(bin, "crawl", job).CombinedOutput()
	if err != nil || !strings.Contains(string(out2), "(resumed)") {
		t.Fatalf("second run: %v\n%s", err, out2)
	}
	first, second := summaryNumbers(t, out1), summaryNumbers(t, string(out2))
	files, _ := filepath.Glob(filepath.Join(captureWARCs(filepath.Join(dir, "warcs")), "*.warc.gz"))
	w := warcCounts(t, files)
	var total int64
	for _, n := range w {
		total += n
	}
	checks := []struct {
		what        string
		sum, inWARC int64
	}{
		{"fetched = response + revisit records", first["fetched"] + second["fetched"], w["response"] + w["revisit"]},
		{"responses", first["responses"] + second["responses"], w["response"]},
		{"revisits", first["revisits"] + second["revisits"], w["revisit"]},
		{"warcinfo records = files", first["files"] + second["files"], int64(len(files))},
		{"records", first["total"] + second["total"], total},
	}
	for _, c := range checks {
		if c.sum != c.inWARC {
			t.Errorf("%s: the two summaries add up to %d, the WARC files hold %d\nfirst:\n%s\nsecond:\n%s", c.what, c.sum, c.inWARC, out1, out2)
		}
	}
	// Issue 29: after a resume the summary shows the capture's totals
	// (all runs) beside this run's; the first, new, run has no such line.
	all := regexp.MustCompile(`capture:\s+(\d+) fetched in all runs: failed (\d+), robots-blocked (\d+); (\d+) records indexed`).FindStringSubmatch(string(out2))
	if all == nil || strings.Contains(out1, "in all runs") {
		t.Errorf("the capture's totals: want them after the resume only\nfirst:\n%s\nsecond:\n%s", out1, out2)
	} else {
		fetched, _ := strconv.ParseInt(all[1], 10, 64)
		indexed, _ := strconv.ParseInt(all[4], 10, 64)
		if fetched != w["response"]+w["revisit"] || indexed != first["indexed"]+second["indexed"] {
			t.Errorf("capture totals %q: want %d fetched, %d records indexed", all[0], w["response"]+w["revisit"], first["indexed"]+second["indexed"])
		}
	}
	// The quality line in words (issue 29), not "expected average blur 1.4e-05 per page".
	if !strings.Contains(string(out2), "  sharpness: ") || strings.Contains(string(out2), "expected average blur") {
		t.Errorf("the quality line is not in words:\n%s", out2)
	}
	if first["fetched"] == 0 || second["fetched"] == 0 || w["revisit"] == 0 {
		t.Errorf("each run should fetch something and one payload repeat: first %v, second %v, WARC %v", first, second, w)
	}
}
