package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCapturesNamedByFlagOrJob: `sharc captures list` lists a store's or
// a job's captures; every command that names a capture takes --capture N
// or --job JOB.yaml (its latest capture) and still the positional ID; a
// missing flag is named, not answered with the usage alone.
func TestCapturesNamedByFlagOrJob(t *testing.T) {
	srv := countedSite(t)
	dir := t.TempDir()
	jobPath := countedJob(t, dir, srv)
	for range 2 { // two captures: --job must pick the second
		if res := runCLI("crawl", jobPath); res.code != exitOK {
			t.Fatalf("crawl: exit %d\n%s%s", res.code, res.stdout, res.stderr)
		}
	}
	dsn := "sqlite:" + filepath.Join(dir, "out", "sharc.db")
	warcs := filepath.Join(dir, "out", "warcs")

	for _, args := range [][]string{{"--job", jobPath}, {"--store", dsn}} {
		res := runCLI(append([]string{"captures", "list"}, args...)...)
		lines := strings.Split(strings.TrimSpace(res.stdout), "\n")
		if res.code != exitOK || len(lines) != 3 || !strings.HasPrefix(lines[0], "ID") {
			t.Fatalf("captures list %v: exit %d\n%s%s", args, res.code, res.stdout, res.stderr)
		}
		for i, l := range lines[1:] {
			f := strings.Fields(l)
			if len(f) != 8 || f[0] != []string{"1", "2"}[i] || f[1] != "counted" || f[2] != "finished" || f[3] != "complete" || f[4] != "finished" || f[7] == "0" {
				t.Errorf("captures list %v row %q: want capture %d of counted, finished, complete, with pages", args, l, i+1)
			}
		}
	}

	cdxjOf := func(args ...string) string {
		t.Helper()
		res := runCLI(append([]string{"export", "cdxj"}, args...)...)
		if res.code != exitOK || res.stdout == "" {
			t.Fatalf("export cdxj %v: exit %d\n%s", args, res.code, res.stderr)
		}
		return res.stdout
	}
	latest := cdxjOf("--job", jobPath)
	for _, args := range [][]string{{"--store", dsn, "--capture", "2"}, {"2", "--store", dsn}, {"--job", jobPath, "--capture", "2"}} {
		if got := cdxjOf(args...); got != latest {
			t.Errorf("export cdxj %v differs from --job's latest capture", args)
		}
	}
	if first := cdxjOf("--job", jobPath, "--capture", "1"); first == latest {
		t.Error("--job picked capture 1, want the latest (2)")
	}

	for _, tc := range []struct {
		name string
		args []string
		want string // in stdout or the output file
	}{
		{"graphml", []string{"export", "graphml", "--job", jobPath}, "<graphml"},
		{"wacz", []string{"export", "wacz", "--job", jobPath, "-o", filepath.Join(dir, "latest.wacz")}, ""},
		{"wacz positional", []string{"export", "wacz", "1", "--store", dsn, "--warc-dir", warcs, "-o", filepath.Join(dir, "first.wacz")}, ""},
		{"report", []string{"report", "--job", jobPath}, `"capture_id": 2`},
		{"report positional", []string{"report", "1", "--store", dsn}, `"capture_id": 1`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := runCLI(tc.args...)
			if res.code != exitOK || !strings.Contains(res.stdout, tc.want) {
				t.Fatalf("%v: exit %d, want %q in\n%.400s\n%s", tc.args, res.code, tc.want, res.stdout, res.stderr)
			}
		})
	}
	for _, f := range []string{"latest.wacz", "first.wacz"} {
		if fi, err := os.Stat(filepath.Join(dir, f)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}

	for _, tc := range []struct {
		args []string
		flag string
	}{
		{[]string{"export", "cdxj", "--capture", "1"}, "--store"},
		{[]string{"export", "graphml", "--store", dsn}, "--capture"},
		{[]string{"export", "wacz", "--store", dsn, "--capture", "1", "-o", filepath.Join(dir, "x.wacz")}, "--warc-dir"},
		{[]string{"export", "wacz", "--job", jobPath}, "-o"},
		{[]string{"report", "--store", dsn}, "--capture"},
		{[]string{"captures", "list"}, "--store"},
		{[]string{"job", "status"}, "NAME"},
		{[]string{"job", "submit"}, "JOB.yaml"},
	} {
		res := runCLI(tc.args...)
		if res.code != exitUsage || !strings.Contains(res.stderr, "missing "+tc.flag) || !strings.HasSuffix(res.stderr, "\n") {
			t.Errorf("%v: exit %d, stderr %q; want a usage error naming %s", tc.args, res.code, res.stderr, tc.flag)
		}
	}
}

// TestDemoRunsFromAnyDirectory: `sharc demo` outside a checkout (no
// configs/demo.yaml at hand) runs the demo job built into the binary.
func TestDemoRunsFromAnyDirectory(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	out := filepath.Join(dir, "out")
	res := runCLI("demo", "--out", out, "--pages", "5", "--outdegree", "2")
	if res.code != exitOK {
		t.Fatalf("demo from %s: exit %d\n%s", dir, res.code, res.stderr)
	}
	if fi, err := os.Stat(filepath.Join(out, "demo.wacz")); err != nil || fi.Size() == 0 {
		t.Fatalf("demo.wacz: %v", err)
	}
}
