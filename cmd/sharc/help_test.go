package main

import (
	"archive/zip"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/sharc-archive/sharc/internal/version"
	"github.com/sharc-archive/sharc/warc"
)

// TestHelp: `sharc help TOPIC`, `sharc TOPIC -h` and `sharc TOPIC --help`
// print the same usage to stdout and exit 0 for every command and
// subcommand, and asking for help does nothing else (no file appears in
// the working directory).
func TestHelp(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for name, cmd := range commands() {
		topics := [][]string{{name}}
		for _, s := range cmd.subs {
			topics = append(topics, []string{name, s})
		}
		for _, topic := range topics {
			t.Run(strings.Join(topic, " "), func(t *testing.T) {
				help := runCLI(append([]string{"help"}, topic...)...)
				want := "usage: sharc " + strings.Join(topic, " ")
				if name == "help" {
					want = "usage: sharc COMMAND"
				}
				if help.code != exitOK || help.stderr != "" || !strings.HasPrefix(help.stdout, want) {
					t.Fatalf("sharc help %s: exit %d, stdout %q..., stderr %q; want exit 0 and stdout starting %q",
						topic, help.code, head(help.stdout), help.stderr, want)
				}
				for _, flag := range []string{"-h", "--help"} {
					if res := runCLI(append(slices.Clone(topic), flag)...); res != help {
						t.Errorf("sharc %s %s differs from sharc help %s:\n%+v\n%+v", topic, flag, topic, res, help)
					}
				}
			})
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("asking for help created %v", entries)
	}
}

func head(s string) string {
	if len(s) > 80 {
		return s[:80]
	}
	return s
}

// TestHelpTopics checks the pages that are not commands against their
// sources: the exit codes, the job package's defaults.
func TestHelpTopics(t *testing.T) {
	codes := runCLI("help", "exit-codes")
	for _, e := range exitCodes() {
		if !strings.Contains(codes.stdout, fmt.Sprintf("%3d  %s", e.Code, e.Meaning)) {
			t.Errorf("sharc help exit-codes lacks %d:\n%s", e.Code, codes.stdout)
		}
	}
	defaults, err := os.ReadFile("../../crawler/job/testdata/defaults.golden.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if res := runCLI("help", "job-yaml"); res.code != exitOK || !strings.Contains(res.stdout, string(defaults)) {
		t.Errorf("sharc help job-yaml (exit %d) does not list crawler/job/testdata/defaults.golden.yaml:\n%s", res.code, res.stdout)
	}
	if res := runCLI("help", "environment"); res.code != exitOK || !strings.Contains(res.stdout, "SHARC_LOG") {
		t.Errorf("sharc help environment: exit %d\n%s", res.code, res.stdout)
	}
	all := runCLI("help")
	for _, tp := range helpTopics() {
		if !strings.Contains(all.stdout, tp.name) {
			t.Errorf("sharc help does not list topic %s", tp.name)
		}
	}
}

// TestExitCodesDocumented: docs/cli.md's exit status table lists exactly
// the statuses of exitCodes().
func TestExitCodesDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "\n## Exit status\n")
	if !ok {
		t.Fatal(`docs/cli.md has no "## Exit status" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var documented []int
	for _, m := range regexp.MustCompile(`(?m)^\| (\d+) \|`).FindAllStringSubmatch(section, -1) {
		n, _ := strconv.Atoi(m[1])
		documented = append(documented, n)
	}
	var defined []int
	for _, e := range exitCodes() {
		defined = append(defined, int(e.Code))
	}
	if !slices.Equal(documented, defined) {
		t.Errorf("docs/cli.md documents exit statuses %v, exitcode.go defines %v", documented, defined)
	}
}

// TestVersionEverywhere builds sharc with a version set by the linker and
// checks that `sharc version`, `sharc --version`, the warcinfo record,
// the WACZ datapackage.json and the quality report all name it.
func TestVersionEverywhere(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	const v = "9.8.7-test"
	dir := t.TempDir()
	bin := filepath.Join(dir, "sharc")
	build := exec.Command("go", "build", "-ldflags", "-X github.com/sharc-archive/sharc/internal/version.linked="+v, "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	sharc := func(args ...string) string {
		t.Helper()
		out, err := exec.Command(bin, args...).Output()
		if err != nil {
			t.Fatalf("sharc %q: %v", args, err)
		}
		return string(out)
	}
	software := "SHARC/" + v + " (+" + version.Project + ")"
	ver := sharc("version")
	if !strings.HasPrefix(ver, "sharc "+v+" ") || sharc("--version") != ver {
		t.Errorf("sharc version = %q, sharc --version = %q; want both to start %q", ver, sharc("--version"), "sharc "+v+" ")
	}
	sharc("crawl", countedJob(t, dir, countedSite(t)))
	files, _ := filepath.Glob(filepath.Join(captureWARCs(filepath.Join(dir, "out", "warcs")), "*.warc.gz"))
	if len(files) == 0 {
		t.Fatal("no WARC file")
	}
	r, err := warc.OpenFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	info, err := r.Next()
	r.Close()
	if err != nil || info.Type() != warc.Warcinfo || !strings.Contains(string(info.Block), "software: "+software+"\r\n") {
		t.Errorf("warcinfo does not name %q (err %v):\n%s", software, err, info.Block)
	}
	dsn := "sqlite:" + filepath.Join(dir, "out", "sharc.db")
	var rep struct{ Tool string }
	if err := json.Unmarshal([]byte(sharc("report", "1", "--store", dsn)), &rep); err != nil || rep.Tool != software {
		t.Errorf("report tool = %q (%v), want %q", rep.Tool, err, software)
	}
	wz := filepath.Join(dir, "c.wacz")
	sharc("export", "wacz", "1", "-o", wz, "--store", dsn, "--warc-dir", filepath.Join(dir, "out", "warcs"))
	var dp struct{ Software string }
	if err := json.Unmarshal(zipFile(t, wz, "datapackage.json"), &dp); err != nil || dp.Software != software {
		t.Errorf("datapackage.json software = %q (%v), want %q", dp.Software, err, software)
	}
}

func zipFile(t *testing.T, path, name string) []byte {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	f, err := zr.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestOutputFileModes: every file a crawl, an export, a report and the
// store leave is created 0644 before the umask (signing keys 0600). Under
// umask 0 the requested mode shows as is; under the usual 022 it must
// still be 0644.
func TestOutputFileModes(t *testing.T) {
	for _, mask := range []int{0o022, 0} {
		t.Run(fmt.Sprintf("umask %03o", mask), func(t *testing.T) {
			old := syscall.Umask(mask)
			defer syscall.Umask(old)
			dir := t.TempDir()
			out := filepath.Join(dir, "out")
			if res := runCLI("crawl", countedJob(t, dir, countedSite(t))); res.code != exitOK {
				t.Fatalf("crawl: exit %d\n%s", res.code, res.stderr)
			}
			dsn := "sqlite:" + filepath.Join(out, "sharc.db")
			for _, args := range [][]string{
				{"export", "cdxj", "--store", dsn, "--capture", "1", "-o", filepath.Join(out, "index.cdxj")},
				{"export", "wacz", "1", "--store", dsn, "--warc-dir", filepath.Join(out, "warcs"), "-o", filepath.Join(out, "c.wacz")},
				{"report", "1", "--store", dsn, "--format", "html", "-o", filepath.Join(out, "report.html")},
				{"keygen", "-o", filepath.Join(out, "key.pem")},
			} {
				if res := runCLI(args...); res.code != exitOK {
					t.Fatalf("sharc %q: exit %d\n%s", args, res.code, res.stderr)
				}
			}
			seen := 0
			err := filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				fi, err := d.Info()
				if err != nil {
					return err
				}
				want := fs.FileMode(0o644)
				if d.Name() == "key.pem" {
					want = 0o600
				}
				if fi.Mode().Perm() != want {
					t.Errorf("%s: mode %04o, want %04o", path, fi.Mode().Perm(), want)
				}
				seen++
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			// WARC, crawl log, database, CDXJ, WACZ, report, key.
			if seen < 7 {
				t.Errorf("only %d files under %s", seen, out)
			}
		})
	}
}

// TestFailedCommandsLeaveNothing: a command that fails (bad flags, a bad
// job, a missing store or capture) creates no directory, database or
// partial file, and leaves existing output alone.
func TestFailedCommandsLeaveNothing(t *testing.T) {
	src := t.TempDir() // inputs, outside the watched directory
	existing := "sqlite:" + filepath.Join(src, "index.db")
	if res := runCLI("migrate", "--store", existing); res.code != exitOK {
		t.Fatalf("migrate: %s", res.stderr)
	}
	job := func(out, extra string) string {
		path := filepath.Join(src, fmt.Sprintf("job-%d.yaml", len(extra)))
		text := fmt.Sprintf("name: j\nseeds: [http://127.0.0.1:1/]\nuser_agent: \"SHARC-test (+https://example.org/c)\"\nfetch: {allow_addresses: [127.0.0.0/8]}\nwarc: {dir: %s}\n%s",
			filepath.Join(out, "warcs"), extra)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	demoJob, err := filepath.Abs("../../configs/demo.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args func(out string) []string
		want exitCode
	}{
		{"crawl: bad job", func(o string) []string { return []string{"crawl", job(o, "colour: blue\n")} }, exitFailure},
		{"crawl: unreachable store", func(o string) []string {
			return []string{"crawl", job(o, "store: postgres://nobody@127.0.0.1:1/none?connect_timeout=2\n")}
		}, exitFailure},
		{"crawl --resume: no store", func(o string) []string {
			return []string{"crawl", "--resume", job(o, "store: sqlite:"+filepath.Join(o, "none.db")+"\n")}
		}, exitFailure},
		{"crawl --abandon-running: no store", func(o string) []string {
			return []string{"crawl", "--abandon-running", job(o, "store: sqlite:"+filepath.Join(o, "none.db")+"\n")}
		}, exitFailure},
		{"crawl: bad flag", func(o string) []string { return []string{"crawl", "--pprof", "x", "--frobnicate", job(o, "")} }, exitUsage},
		{"export cdxj: missing store", func(o string) []string {
			return []string{"export", "cdxj", "--store", "sqlite:" + filepath.Join(o, "none.db"), "--capture", "1", "-o", filepath.Join(o, "x.cdxj")}
		}, exitFailure},
		{"export cdxj: missing capture", func(o string) []string {
			return []string{"export", "cdxj", "--store", existing, "--capture", "9", "-o", filepath.Join(o, "x.cdxj")}
		}, exitFailure},
		{"export wacz: missing store", func(o string) []string {
			return []string{"export", "wacz", "1", "--store", "sqlite:" + filepath.Join(o, "none.db"), "--warc-dir", o, "-o", filepath.Join(o, "x.wacz")}
		}, exitFailure},
		{"export wacz: missing capture", func(o string) []string {
			return []string{"export", "wacz", "9", "--store", existing, "--warc-dir", o, "-o", filepath.Join(o, "x.wacz")}
		}, exitFailure},
		{"report: missing store", func(o string) []string {
			return []string{"report", "1", "--store", "sqlite:" + filepath.Join(o, "none.db"), "-o", filepath.Join(o, "r.json")}
		}, exitFailure},
		{"rates train: missing store", func(o string) []string {
			return []string{"rates", "train", "--store", "sqlite:" + filepath.Join(o, "none.db"), "-o", filepath.Join(o, "m.json")}
		}, exitFailure},
		{"keygen: bad type", func(o string) []string {
			return []string{"keygen", "-type", "rsa-512", "-o", filepath.Join(o, "k.pem")}
		}, exitUsage},
		{"demo: bad site flags keep the previous output", func(o string) []string {
			return []string{"demo", "--job", demoJob, "--out", filepath.Join(o, "demo"), "--pages", "0"}
		}, exitUsage},
		{"demo: bad job", func(o string) []string {
			return []string{"demo", "--job", job(src, "colour: blue\n"), "--out", filepath.Join(o, "demo")}
		}, exitFailure},
		{"experiment: bad choice", func(o string) []string {
			return []string{"experiment", "live", "--job", demoJob, "--rates", "sitemap,guess", "--out", filepath.Join(o, "exp")}
		}, exitUsage},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			// Output a previous run left: a failed command must not touch it.
			keep := filepath.Join(out, "demo", "keep.txt")
			if err := os.MkdirAll(filepath.Dir(keep), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(keep, []byte("earlier output"), 0o644); err != nil {
				t.Fatal(err)
			}
			before := listTree(t, out)
			res := runCLI(tc.args(out)...)
			if res.code != tc.want {
				t.Fatalf("exit %d, want %d\n%s", res.code, tc.want, res.stderr)
			}
			if after := listTree(t, out); !slices.Equal(before, after) {
				t.Errorf("the failed command changed %s: before %v, after %v", out, before, after)
			}
		})
	}
}

// listTree lists the paths under dir, relative and sorted.
func listTree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		out = append(out, rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
