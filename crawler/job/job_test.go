package job

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite golden files")

// testStrategies stands in for scheduler.NewRegistry().Names() in the unit
// tests so they do not change as other strategies are registered; the
// configs test uses the real registry.
var testStrategies = []string{"bfs", "dfs", "sharc-selective-online"}

func testVisitRevisit(name string) bool { return name == "sharc-selective-online" }

func parse(src string) (*Job, error) {
	return Parse([]byte(src), "job.yaml", testStrategies, testVisitRevisit)
}

const minimal = `name: example
seeds: [https://example.org/]
user_agent: "sharc/1.0 (+https://example.org/crawler)"
`

// TestParseErrors has one case per error class, each with the exact lines
// the user sees.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"unknown field", minimal + "workerz: 4\n",
			[]string{`job.yaml:4: workerz: unknown field "workerz" (did you mean "workers"?)`}},
		{"unknown nested field", minimal + "scope:\n  max_hops: 2\n  exclud: [x]\n",
			[]string{`job.yaml:6: scope.exclud: unknown field "exclud" (did you mean "exclude"?)`}},
		{"unknown field no suggestion", minimal + "colour: blue\n",
			[]string{`job.yaml:4: colour: unknown field "colour"`}},
		{"missing user-agent contact", "name: x\nseeds: [https://example.org/]\nuser_agent: sharc/1.0\n",
			[]string{`job.yaml:3: user_agent: "sharc/1.0" has no contact: include a URL (http:// or https://) or an e-mail address where site operators can reach you, e.g. "sharc/1.0 (+https://example.org/crawler)"`}},
		{"missing user-agent", "name: x\nseeds: [https://example.org/]\n",
			[]string{`job.yaml:1: user_agent: required: a User-Agent with a contact URL or e-mail, e.g. user_agent: "sharc/1.0 (+https://example.org/crawler; archive@example.org)"`}},
		{"bad regex", minimal + "scope:\n  include:\n    - '^https://example\\.org/'\n    - '('\n",
			[]string{`job.yaml:7: scope.include[1]: invalid regex "(": missing closing )`}},
		{"bad duration", minimal + "politeness:\n  delay: 1 second\n",
			[]string{`job.yaml:5: politeness.delay: invalid duration "1 second" (use Go durations such as "1.5s", "10m", "2h")`}},
		{"duration without unit", minimal + "fetch: {timeout: 30}\n",
			[]string{`job.yaml:4: fetch.timeout: duration "30" needs a unit, e.g. "30s" or "30ms"`}},
		{"negative duration", minimal + "scope: {max_duration: -1h}\n",
			[]string{`job.yaml:4: scope.max_duration: duration -1h0m0s is negative`}},
		{"bad size", minimal + "warc:\n  max_size: 1 GiBs\n",
			[]string{`job.yaml:5: warc.max_size: invalid size "1 GiBs": unknown unit "GiBs" (valid: B, KB, MB, GB, TB, PB, KiB, MiB, GiB, TiB, PiB)`}},
		{"upload without endpoint and bucket", minimal + "warc:\n  upload: {prefix: x/}\n",
			[]string{`job.yaml:5: warc.upload.endpoint: required when warc.upload is set`, `job.yaml:5: warc.upload.bucket: required when warc.upload is set`}},
		{"upload endpoint with scheme", minimal + "warc:\n  upload:\n    endpoint: https://s3.example.org\n    bucket: b\n",
			[]string{`job.yaml:6: warc.upload.endpoint: want host[:port] without scheme or path, got "https://s3.example.org" (use_tls picks https)`}},
		{"upload credentials in the job", minimal + "warc:\n  upload: {endpoint: s3.example.org, bucket: b, secret_key_env: 'hunter2!'}\n",
			[]string{`job.yaml:5: warc.upload.secret_key_env: "hunter2!" is not an environment variable name (credentials come from the environment, never the job file)`}},
		{"upload unknown field", minimal + "warc:\n  upload: {endpoint: s3.example.org, bucket: b, secret_key: x}\n",
			[]string{`job.yaml:5: warc.upload.secret_key: unknown field "secret_key"`}},
		{"upload remote with what it defines", minimal + "warc:\n  upload:\n    remote: archive\n    endpoint: 127.0.0.7:21503\n    access_key_env: SHARC_TOKEN\n",
			[]string{`job.yaml:7: warc.upload.endpoint: the remote "archive" defines it: remove it from the job (or drop warc.upload.remote)`,
				`job.yaml:8: warc.upload.access_key_env: the remote "archive" defines it: remove it from the job (or drop warc.upload.remote)`}},
		{"upload bad remote name", minimal + "warc:\n  upload: {remote: ../x}\n",
			[]string{`job.yaml:5: warc.upload.remote: "../x" is not a remote name: use 1-64 letters, digits, '_' or '-'`}},
		{"upload parallel 0", minimal + "warc:\n  upload: {endpoint: s3.example.org, bucket: b, parallel: 0}\n",
			[]string{`job.yaml:5: warc.upload.parallel: 0 is out of range (must be 1 to 64)`}},
		{"fractional bytes", minimal + "scope: {max_bytes: 1.5B}\n",
			[]string{`job.yaml:4: scope.max_bytes: invalid size "1.5B": not a whole number of bytes`}},
		{"unknown strategy", minimal + "scheduler:\n  strategy: sharc-magic\n",
			[]string{`job.yaml:5: scheduler.strategy: unknown strategy "sharc-magic" (valid: bfs, dfs, sharc-selective-online)`}},
		{"bad DSN scheme", minimal + "store: mysql://root:secret@db/sharc\n",
			[]string{`job.yaml:4: store: unsupported store "mysql:…" (want sqlite:PATH or postgres://…)`}},
		{"sqlite without path", minimal + "store: 'sqlite:'\n",
			[]string{`job.yaml:4: store: sqlite DSN needs a path: sqlite:PATH`}},
		{"visit-revisit strategy in single-visit mode", minimal + "scheduler: {strategy: sharc-selective-online}\ncapture:\n  mode: single-visit\n",
			[]string{`job.yaml:6: capture.mode: strategy "sharc-selective-online" makes visit-revisit captures: set capture.mode: visit-revisit, or choose a single-visit strategy (bfs, dfs)`}},
		{"single-visit strategy in visit-revisit mode", minimal + "capture: {mode: visit-revisit}\n",
			[]string{`job.yaml:4: capture.mode: strategy "bfs" makes single-visit captures: set capture.mode: single-visit, or choose a visit-revisit strategy (sharc-selective-online)`}},
		{"refresh without budget", minimal + "capture: {mode: refresh}\n",
			[]string{`job.yaml:4: refresh.budget: capture.mode refresh needs refresh.budget ≥ 1 (pages per cycle)`}},
		{"refresh with a visit-revisit strategy", minimal + "scheduler: {strategy: sharc-selective-online}\ncapture: {mode: refresh}\nrefresh: {budget: 5}\n",
			[]string{`job.yaml:5: capture.mode: strategy "sharc-selective-online" makes visit-revisit captures: a refresh capture needs a single-visit strategy (bfs, dfs)`}},
		{"unknown refresh policy", minimal + "refresh: {policy: clairvoyant}\n",
			[]string{`job.yaml:4: refresh.policy: refresh: unknown policy "clairvoyant" (see docs/refresh-policies.md)`}},
		{"negative refresh budget", minimal + "refresh: {budget: -1}\n",
			[]string{`job.yaml:4: refresh.budget: -1 is out of range (must be ≥ 0)`}},
		{"workers out of range", minimal + "workers: 0\n",
			[]string{`job.yaml:4: workers: 0 is out of range (must be 1 to 10000)`}},
		{"max_active_hosts negative", minimal + "max_active_hosts: -1\n",
			[]string{`job.yaml:4: max_active_hosts: -1 is out of range (must be 0 to 10000000)`}},
		{"max_active_hosts not an integer", minimal + "max_active_hosts: all\n",
			[]string{`job.yaml:4: max_active_hosts: expected an integer, got "all"`}},
		{"not an integer", minimal + "workers: many\n",
			[]string{`job.yaml:4: workers: expected an integer, got "many"`}},
		{"max_delay below delay", minimal + "politeness:\n  delay: 5s\n  max_delay: 2s\n",
			[]string{`job.yaml:6: politeness.max_delay: 2s is less than politeness.delay 5s`}},
		{"tau out of range", minimal + "scheduler: {tau: 1}\n",
			[]string{`job.yaml:4: scheduler.tau: 1 must be strictly between 0 and 1 (Def. 5.4)`}},
		{"digest", minimal + "warc: {digest: md5}\n",
			[]string{`job.yaml:4: warc.digest: invalid value "md5" (valid: sha1, sha256)`}},
		{"warc version", minimal + "warc: {version: 1.0}\n",
			[]string{`job.yaml:4: warc.version: unsupported WARC version "1.0" (valid: 1.1)`}},
		{"robots", minimal + "robots: sometimes\n",
			[]string{`job.yaml:4: robots: invalid value "sometimes" (valid: obey, ignore)`}},
		{"capture mode", minimal + "capture: {mode: twice}\n",
			[]string{`job.yaml:4: capture.mode: invalid value "twice" (valid: single-visit, visit-revisit, refresh)`}},
		{"estimated size", minimal + "capture: {estimated_size: big}\n",
			[]string{`job.yaml:4: capture.estimated_size: expected "auto" or a number of pages, got "big"`}},
		{"resolve target", minimal + "resolve:\n  example.org: 127.0.0.1\n",
			[]string{`job.yaml:5: resolve.example.org: target "127.0.0.1" must be host:port, e.g. 127.0.0.1:8080`}},
		{"resolve key", minimal + "resolve:\n  '<<': 127.0.0.1:80\n  '[::1]:8080': 127.0.0.1:80\n  'http://a.org': 127.0.0.1:80\n",
			[]string{
				`job.yaml:5: resolve.<<: "<<" is not a host or host:port`,
				`job.yaml:7: resolve.http://a.org: "http://a.org" is a URL; write just host or host:port`,
			}},
		{"resolve port", minimal + "resolve:\n  example.org: 127.0.0.1:99999\n",
			[]string{`job.yaml:5: resolve.example.org: target "127.0.0.1:99999": port "99999" must be a number from 1 to 65535`}},
		{"change rates", minimal + "change_rates: [default, sitemap, magic]\n",
			[]string{
				`job.yaml:4: change_rates[0]: "default" answers every page, so the sources after it are never asked; put it last`,
				`job.yaml:4: change_rates[2]: invalid value "magic" (valid: history, predictor, sitemap, default)`,
			}},
		{"seed scheme", "name: x\nseeds:\n  - https://example.org/\n  - ftp://example.org/pub\nuser_agent: a@b.org\n",
			[]string{`job.yaml:4: seeds[1]: URL "ftp://example.org/pub": scheme must be http or https, not "ftp"`}},
		{"seed unparsable", "name: x\nseeds: ['http://exa mple.org/']\nuser_agent: a@b.org\n",
			nil /* checked by prefix below */},
		{"no seeds", "name: x\nseeds: []\nuser_agent: a@b.org\n",
			[]string{`job.yaml:2: seeds: at least one seed URL is needed`}},
		{"bad name", "name: ../etc\nseeds: [http://a.org/]\nuser_agent: a@b.org\n",
			[]string{`job.yaml:1: name: invalid name "../etc": use 1-100 letters, digits, '.', '_' or '-', starting with a letter or digit (it names files)`}},
		{"field given twice", minimal + "workers: 2\nworkers: 3\n",
			[]string{`job.yaml:5: workers: field given twice`}},
		{"wrong kind", minimal + "scope: [a, b]\n",
			[]string{`job.yaml:4: scope: expected a mapping of fields, got a list`}},
		{"schedule", minimal + "schedule: '61 * * * *'\n",
			[]string{`job.yaml:4: schedule: minute: value 61 out of range 0-59`}},
		{"schedule every", minimal + "schedule: {every: soon}\n",
			[]string{`job.yaml:4: schedule: bad interval: time: invalid duration "soon"`}},
		{"host override", minimal + "politeness:\n  hosts:\n    'a b': {parallel: 2}\n    mine.example: {parallel: 0}\n",
			[]string{
				`job.yaml:6: politeness.hosts.a b: "a b" is not a host or host:port`,
				`job.yaml:7: politeness.hosts.mine.example.parallel: 0 is out of range (must be 1 to 1000)`,
			}},
		{"surt prefix", minimal + "scope:\n  surt_prefixes: ['org,example)/', 'http://(org,example,)/']\n",
			[]string{`job.yaml:5: scope.surt_prefixes[1]: "http://(org,example,)/" is not a SURT prefix: write it lower case without scheme, e.g. "org,example)/" for example.org or "org,example," for its subdomains`}},
		{"merge key", minimal + "fetch:\n  <<: {retries: 2}\n",
			[]string{`job.yaml:5: fetch: merge keys (<<) are not supported; repeat the fields or use an alias for a single value`}},
		{"syntax", minimal + "scope:\n  include: [a\n",
			nil /* yaml's own message; checked by prefix below */},
		{"empty", "", []string{`job.yaml:1: empty job file`}},
		{"not a mapping", "- a\n- b\n", []string{`job.yaml:1: a job is a mapping of fields (name:, seeds:, …), not a list`}},
		{"two documents", minimal + "---\nname: y\n", []string{`job.yaml:4: a job file holds one YAML document; found another`}},
		{"seed on a denied address", "name: x\nseeds:\n  - https://example.org/\n  - http://169.254.169.254/latest/meta-data/\n  - http://10.0.0.1/\n  - 'http://[::1]:8080/'\nuser_agent: a@b.org\nfetch: {allow_addresses: [10.0.0.0/8]}\n",
			[]string{
				`job.yaml:4: seeds[1]: http://169.254.169.254/latest/meta-data/ is a link-local address (169.254.0.0/16), which jobs may not fetch by default: to crawl it on purpose, add it to fetch.allow_addresses (e.g. fetch: {allow_addresses: [169.254.169.254/32]})`,
				`job.yaml:6: seeds[3]: http://[::1]:8080/ is a loopback address (::1/128), which jobs may not fetch by default: to crawl it on purpose, add it to fetch.allow_addresses (e.g. fetch: {allow_addresses: [::1/128]})`,
			}},
		{"seed on loopback", "name: x\nseeds: ['http://127.0.0.1:8080/']\nuser_agent: a@b.org\n",
			[]string{`job.yaml:2: seeds[0]: http://127.0.0.1:8080/ is a loopback address (127.0.0.0/8), which jobs may not fetch by default: to crawl it on purpose, add it to fetch.allow_addresses (e.g. fetch: {allow_addresses: [127.0.0.1/32]})`}},
		{"allow_addresses", minimal + "fetch:\n  allow_addresses:\n    - 127.0.0.0/8\n    - 10.0.0.1/8\n    - intranet.example\n    - [a]\n",
			[]string{
				`job.yaml:7: fetch.allow_addresses[1]: "10.0.0.1/8" has address bits set beyond /8: write 10.0.0.0/8 (the whole range) or 10.0.0.1/32 (one address)`,
				`job.yaml:8: fetch.allow_addresses[2]: "intranet.example" is neither an IP address nor a CIDR prefix (e.g. 127.0.0.0/8, ::1)`,
				`job.yaml:9: fetch.allow_addresses[3]: expected a string, got a list`,
			}},
		{"allow_addresses not a list", minimal + "fetch: {allow_addresses: 127.0.0.0/8}\n",
			[]string{`job.yaml:4: fetch.allow_addresses: expected a list, got "127.0.0.0/8"`}},
		{"several errors sorted by line", "seeds: [gopher://x/]\nname: x\nuser_agent: nobody\nworkers: -1\n",
			[]string{
				`job.yaml:1: seeds[0]: URL "gopher://x/": scheme must be http or https, not "gopher"`,
				`job.yaml:3: user_agent: "nobody" has no contact: include a URL (http:// or https://) or an e-mail address where site operators can reach you, e.g. "sharc/1.0 (+https://example.org/crawler)"`,
				`job.yaml:4: workers: -1 is out of range (must be 1 to 10000)`,
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j, err := parse(tt.src)
			if err == nil {
				t.Fatalf("Parse succeeded (%+v), want an error", j)
			}
			var es Errors
			if !errors.As(err, &es) {
				t.Fatalf("error is %T, want Errors", err)
			}
			got := strings.Split(err.Error(), "\n")
			if tt.want == nil {
				if len(got) != 1 || !strings.HasPrefix(got[0], "job.yaml:") {
					t.Fatalf("got %q, want one job.yaml:LINE error", got)
				}
				return
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("errors:\n got  %q\n want %q", got, tt.want)
			}
		})
	}
}

func TestSyntaxErrorHasLine(t *testing.T) {
	_, err := parse(minimal + "scope:\n  include: [a\n")
	var es Errors
	if !errors.As(err, &es) || len(es) != 1 || es[0].Line < 4 || !strings.Contains(es[0].Msg, "YAML syntax") {
		t.Fatalf("got %v, want one YAML syntax error at line ≥ 4", err)
	}
}

// TestDefaultsGolden pins the fully defaulted job, as Marshal writes it.
func TestDefaultsGolden(t *testing.T) {
	j, err := parse(minimal)
	if err != nil {
		t.Fatal(err)
	}
	got, err := j.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "testdata/defaults.golden.yaml", got)
}

// TestFullJob parses a job that sets every field and checks each value,
// then the Marshal form against a golden file.
func TestFullJob(t *testing.T) {
	j, err := Load("testdata/full.yaml", testStrategies, testVisitRevisit)
	if err != nil {
		t.Fatal(err)
	}
	d := func(s string) time.Duration {
		v, err := time.ParseDuration(s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	checks := []struct {
		field     string
		got, want any
	}{
		{"name", j.Name, "full"},
		{"seeds", j.Seeds, []string{"https://www.example.org/", "http://example.com:8080/a/b?c=d", "https://example.net/docs/intro", "https://news.example.net/"}},
		{"seed scopes", len(j.SeedScopes), 4},
		{"seed scope prefix", j.SeedScopes[2].String(), "prefix, depth 3, extra_hops 1"},
		{"seed scope custom", j.SeedScopes[3].Type, ScopeCustom},
		{"workers", j.Workers, 4},
		{"max_active_hosts", j.MaxActiveHosts, 50},
		{"robots", j.Robots, "ignore"},
		{"surt", j.Scope.SURTPrefixes, []string{"org,example)/", "org,example,"}},
		{"max_hops", j.Scope.MaxHops, 0},
		{"include", len(j.Scope.Include), 1},
		{"include matches", j.Scope.Include[0].MatchString("https://www.example.org/docs/x"), true},
		{"exclude matches", j.Scope.Exclude[1].MatchString("https://www.example.org/a?sessionid=1"), true},
		{"max_pages", j.Scope.MaxPages, 5000},
		{"max_bytes", j.Scope.MaxBytes, int64(500_000_000)},
		{"max_duration", j.Scope.MaxDuration, d("2h30m")},
		{"delay", j.Politeness.Delay, d("1.5s")},
		{"delay_factor", j.Politeness.DelayFactor, 3.0},
		{"max_delay", j.Politeness.MaxDelay, d("1m")},
		{"crawl_delay_cap", j.Politeness.CrawlDelayCap, d("10s")},
		{"per_host", j.Politeness.PerHost, 2},
		{"host parallel", j.Politeness.Hosts["mine.example.org"].Parallel, 8},
		{"host delay", *j.Politeness.Hosts["mine.example.org"].Delay, time.Duration(0)},
		{"host parallel default", j.Politeness.Hosts["127.0.0.1:8080"].Parallel, 2},
		{"host delay default", j.Politeness.Hosts["127.0.0.1:8080"].Delay == nil, true},
		{"connect_timeout", j.Fetch.ConnectTimeout, d("5s")},
		{"timeout", j.Fetch.Timeout, d("30s")},
		{"max_body_bytes", j.Fetch.MaxBodyBytes, int64(1 << 30)},
		{"max_redirects", j.Fetch.MaxRedirects, 5},
		{"retries", j.Fetch.Retries, 0},
		{"retry_backoff", j.Fetch.RetryBackoff, d("500ms")},
		{"conditional_get", j.Fetch.ConditionalGet, true},
		{"warc dir", j.WARC.Dir, "/var/lib/sharc/full"},
		{"warc prefix", j.WARC.Prefix, "FULL"},
		{"warc max_size", j.WARC.MaxSize, int64(250_000_000)},
		{"warc version", j.WARC.Version, "1.1"},
		{"digest", j.WARC.Digest, "sha256"},
		{"operator", j.WARC.Operator, "Archive Team <archive@example.org>"},
		{"upload", *j.WARC.Upload, Upload{Endpoint: "s3.example.org:9000", Bucket: "web-archive", Prefix: "full/", Region: "eu-west-1",
			AccessKeyEnv: "FULL_S3_KEY", SecretKeyEnv: "FULL_S3_SECRET", UseTLS: false, DeleteLocal: true, Parallel: 4, Retries: 3}},
		{"store", j.Store, "postgres://sharc@127.0.0.1:5432/sharc?sslmode=disable"},
		{"strategy", j.Scheduler.Strategy, "sharc-selective-online"},
		{"tau", j.Scheduler.Tau, 0.9},
		{"mode", j.Capture.Mode, ModeVisitRevisit},
		{"estimated_size", j.Capture.EstimatedSize, 1200},
		{"similarity", j.Capture.Similarity, true},
		{"change_signal", j.Capture.ChangeSignal, "text"},
		{"revisit_request", j.Capture.RevisitRequest, RevisitFull},
		{"change_rates", j.ChangeRates, []string{"history", "predictor", "default"}},
		{"default_rate", j.DefaultRate, 0.01},
		{"resolve", j.Resolve, map[string]string{"www.example.org": "127.0.0.1:8081", "example.com:8080": "[::1]:8082"}},
		{"schedule", j.Schedule.Every, d("168h")},
	}
	for _, c := range checks {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s = %#v, want %#v", c.field, c.got, c.want)
		}
	}
	out, err := j.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "testdata/full.golden.yaml", out)
}

// TestMarshalRoundTrip: the effective job reads back to an equal job.
func TestMarshalRoundTrip(t *testing.T) {
	for _, path := range []string{"testdata/full.yaml", "testdata/defaults.golden.yaml"} {
		t.Run(path, func(t *testing.T) {
			j, err := Load(path, testStrategies, testVisitRevisit)
			if err != nil {
				t.Fatal(err)
			}
			roundTrip(t, j)
		})
	}
}

func roundTrip(t testing.TB, j *Job) {
	t.Helper()
	a, err := j.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	j2, err := Parse(a, "marshalled.yaml", nil, nil)
	if err != nil {
		t.Fatalf("marshalled job does not parse: %v\n%s", err, a)
	}
	b, err := j2.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatalf("round trip changed the job:\n%s\n---\n%s", a, b)
	}
	if !reflect.DeepEqual(comparable(j), comparable(j2)) {
		t.Fatalf("round trip changed the job:\n%+v\n%+v", j, j2)
	}
}

// comparable replaces the values reflect.DeepEqual cannot compare
// (compiled regexes, the parsed schedule) by their source text.
func comparable(j *Job) any {
	c := *j
	var res []string
	for _, re := range append(slices.Clone(c.Scope.Include), c.Scope.Exclude...) {
		res = append(res, re.String())
	}
	c.Scope.Include, c.Scope.Exclude = nil, nil
	spec := ""
	if c.Schedule != nil {
		spec = c.Schedule.Spec
	}
	c.Schedule = nil
	return struct {
		J     Job
		Res   []string
		Sched string
	}{c, res, spec}
}

// TestUploadRemote: warc.upload naming a remote keeps only the per-job
// settings, with their defaults, and Marshal writes it back the same.
func TestUploadRemote(t *testing.T) {
	j, err := parse(minimal + "warc:\n  upload: {remote: archive, delete_local: true}\n")
	if err != nil {
		t.Fatal(err)
	}
	want := Upload{Remote: "archive", Prefix: "example/", UseTLS: true, DeleteLocal: true, Parallel: DefaultUploadParallel, Retries: DefaultUploadRetries}
	if *j.WARC.Upload != want {
		t.Fatalf("upload %+v, want %+v", *j.WARC.Upload, want)
	}
	out, err := j.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "upload:\n    remote: archive\n    prefix: example/\n    delete_local: true\n") || strings.Contains(string(out), "endpoint") {
		t.Fatalf("marshalled:\n%s", out)
	}
	again, err := parse(string(out))
	if err != nil || *again.WARC.Upload != want {
		t.Fatalf("round trip: %v %+v", err, again)
	}
}

func TestCaptureModeFollowsStrategy(t *testing.T) {
	tests := []struct {
		src, mode string
	}{
		{minimal, ModeSingleVisit},
		{minimal + "scheduler: {strategy: sharc-selective-online}\n", ModeVisitRevisit},
		{minimal + "scheduler: {strategy: dfs}\ncapture: {mode: single-visit}\n", ModeSingleVisit},
	}
	for _, tt := range tests {
		j, err := parse(tt.src)
		if err != nil {
			t.Fatal(err)
		}
		if j.Capture.Mode != tt.mode {
			t.Errorf("%q: mode %q, want %q", tt.src, j.Capture.Mode, tt.mode)
		}
	}
}

func TestUserAgentContacts(t *testing.T) {
	tests := []struct {
		ua string
		ok bool
	}{
		{"sharc/1.0 (+https://example.org/bot)", true},
		{"sharc/1.0 (+http://127.0.0.1:8080/)", true},
		{"sharc/1.0 (archive@example.org)", true},
		{"sharc/1.0 (mailto:archive@example.org)", true},
		{"sharc/1.0", false},
		{"sharc/1.0 (see example.org)", false},
		{"sharc/1.0 (archive at example dot org)", false},
		{"sharc/1.0 (ftp://example.org)", false},
		{"sharc/1.0 (user@localhost)", false},
	}
	for _, tt := range tests {
		src := "name: x\nseeds: [https://example.org/]\nuser_agent: '" + tt.ua + "'\n"
		_, err := parse(src)
		if (err == nil) != tt.ok {
			t.Errorf("user_agent %q: err = %v, want ok=%v", tt.ua, err, tt.ok)
		}
	}
}

func TestSeedsCanonical(t *testing.T) {
	j, err := parse("name: x\nuser_agent: a@b.org\nseeds:\n  - HTTPS://Example.ORG:443/a/../b#frag\n  - https://example.org/b\n  - http://example.org\n")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"https://example.org/b", "http://example.org/"}
	if !slices.Equal(j.Seeds, want) {
		t.Fatalf("seeds %q, want %q", j.Seeds, want)
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "site.yaml")
	if err := os.WriteFile(path, []byte(minimal+"workers: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path, testStrategies, testVisitRevisit)
	if want := path + `:4: workers: expected an integer, got "x"`; err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
	if _, err := Load(filepath.Join(dir, "missing.yaml"), nil, nil); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing file: got %v, want an ErrNotExist", err)
	}
}

func TestAliases(t *testing.T) {
	j, err := parse(minimal + "politeness: {delay: &d 3s, max_delay: *d}\n")
	if err != nil {
		t.Fatal(err)
	}
	if j.Politeness.MaxDelay != 3*time.Second {
		t.Fatalf("max_delay %s, want 3s", j.Politeness.MaxDelay)
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./crawler/job -update to create)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(minimal))
	for _, p := range []string{"testdata/full.yaml", "testdata/defaults.golden.yaml"} {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("name: x\nseeds: [&a http://a/]\nuser_agent: *a\nscope: {include: ['(']}\n"))
	f.Add([]byte("resolve: {a: 'b:1'}\nschedule: '*/5 1-3 * jan-mar mon'\n"))
	f.Add([]byte("name: x\nseeds: ['http://[::1]/', http://10.0.0.1/]\nuser_agent: a@b.org\nfetch: {allow_addresses: [::1, '10.0.0.0/8', ::ffff:10.0.0.0/104]}\n"))
	f.Add([]byte("name: x\nseeds: [{url: http://a/, scope: custom, include: [a], depth: 0}, http://b/, {url: http://a/}]\nuser_agent: a@b.org\nfetch: {block: [x, {url: y, in_frames_only: true}]}\ncapture: {browser: {behaviors: [site, autoplay]}}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		j, err := Parse(data, "fuzz.yaml", testStrategies, testVisitRevisit)
		if err != nil {
			var es Errors
			if !errors.As(err, &es) || len(es) == 0 {
				t.Fatalf("error %T %v is not a non-empty Errors", err, err)
			}
			return
		}
		roundTrip(t, j)
	})
}

func BenchmarkParseFull(b *testing.B) {
	data, err := os.ReadFile("testdata/full.yaml")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Parse(data, "full.yaml", testStrategies, testVisitRevisit); err != nil {
			b.Fatal(err)
		}
	}
}
