package job

import (
	"fmt"
	"math"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/sharc-archive/sharc/crawler/netguard"
	"github.com/sharc-archive/sharc/crawler/siteauth"
	"github.com/sharc-archive/sharc/scheduler/refresh"
)

// field declares one YAML field of a job once: its key, how Parse reads and
// validates it, how Marshal writes it, and its Type and Default in
// docs/job-yaml.md (TestDocsListEveryField checks the doc against this
// table). Fields are read and written in table order. T is the struct the
// field lives in: Job, or HostPoliteness for politeness.hosts entries.
type field[T any] struct {
	key string
	// typ and def are the docs/job-yaml.md Type and Default columns; an
	// empty def means the default is the value Marshal writes for
	// Defaults(), in backquotes.
	typ, def string
	// required, when set, is the message for a missing field.
	required string
	// sub, when set, makes the field a mapping of these fields; parse and
	// write are then unused.
	sub []field[T]
	// parse reads the field's (non-null) value n at path into t,
	// reporting problems through p.
	parse func(p *parser, n *yaml.Node, path string, t *T)
	// write is the value Marshal writes; nil leaves the field out.
	write func(t *T) any
	// flow writes a list on one line ([a, b]).
	flow bool
}

func keysOf[T any](fields []field[T]) []string {
	keys := make([]string, len(fields))
	for i, fd := range fields {
		keys[i] = fd.key
	}
	return keys
}

// section reads the mapping n at path with the given fields into t.
func section[T any](p *parser, n *yaml.Node, path string, fields []field[T], t *T) {
	f := p.mapping(n, path, keysOf(fields)...)
	for _, fd := range fields {
		v, ok := f[fd.key]
		switch {
		case !ok && fd.required != "":
			p.errf(n, join(path, fd.key), "%s", fd.required)
		case !ok:
		case fd.sub != nil:
			section(p, v, join(path, fd.key), fd.sub, t)
		default:
			fd.parse(p, v, join(path, fd.key), t)
		}
	}
}

// encodeSection builds the mapping node Marshal writes for fields of t.
func encodeSection[T any](t *T, fields []field[T]) (*yaml.Node, error) {
	m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for _, fd := range fields {
		var v *yaml.Node
		if fd.sub != nil {
			var err error
			if v, err = encodeSection(t, fd.sub); err != nil {
				return nil, err
			}
		} else {
			x := fd.write(t)
			if x == nil {
				continue
			}
			if n, ok := x.(*yaml.Node); ok {
				v = n
			} else {
				v = new(yaml.Node)
				if err := v.Encode(x); err != nil {
					return nil, fmt.Errorf("%s: %w", fd.key, err)
				}
			}
			if fd.flow {
				v.Style = yaml.FlowStyle
			}
		}
		m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: fd.key}, v)
	}
	return m, nil
}

// The field kinds below cover the plain fields; each reports exactly the
// messages the hand-written branches reported before the table.

func intField[T any](key, typ string, lo, hi int64, ptr func(*T) *int) field[T] {
	return field[T]{key: key, typ: typ,
		parse: func(p *parser, n *yaml.Node, path string, t *T) {
			if v, ok := p.integer(n, path, lo, hi); ok {
				*ptr(t) = int(v)
			}
		},
		write: func(t *T) any { return *ptr(t) }}
}

// durField reads a duration; positive refuses 0.
func durField[T any](key, typ string, positive bool, ptr func(*T) *time.Duration) field[T] {
	return field[T]{key: key, typ: typ,
		parse: func(p *parser, n *yaml.Node, path string, t *T) {
			d, ok := p.duration(n, path)
			if !ok {
				return
			}
			if positive && d == 0 {
				p.errf(n, path, "must be > 0")
				return
			}
			*ptr(t) = d
		},
		write: func(t *T) any { return durationText(*ptr(t)) }}
}

// checkedField reads a value with read, refuses it when check (if set)
// returns a message, and writes it with write: sizes and numbers.
func checkedField[T, V any](key, typ string, read func(*parser, *yaml.Node, string) (V, bool),
	check func(V) string, ptr func(*T) *V, write func(V) any) field[T] {
	return field[T]{key: key, typ: typ,
		parse: func(p *parser, n *yaml.Node, path string, t *T) {
			x, ok := read(p, n, path)
			if !ok {
				return
			}
			if check != nil {
				if msg := check(x); msg != "" {
					p.errf(n, path, "%s", msg)
					return
				}
			}
			*ptr(t) = x
		},
		write: func(t *T) any { return write(*ptr(t)) }}
}

// sizeField reads a size; check returns a message for a refused value.
func sizeField[T any](key, typ string, check func(int64) string, ptr func(*T) *int64) field[T] {
	return checkedField(key, typ, (*parser).size, check, ptr, sizeValue)
}

// floatField reads a number; check returns a message for a refused value.
func floatField[T any](key, typ string, check func(float64) string, ptr func(*T) *float64) field[T] {
	return checkedField(key, typ, (*parser).float, check, ptr, func(v float64) any { return v })
}

func boolField[T any](key string, ptr func(*T) *bool) field[T] {
	return field[T]{key: key, typ: "boolean",
		parse: func(p *parser, n *yaml.Node, path string, t *T) {
			if b, ok := p.boolean(n, path); ok {
				*ptr(t) = b
			}
		},
		write: func(t *T) any { return *ptr(t) }}
}

// oneOfField reads one of valid; its doc type lists them.
func oneOfField[T any](key string, ptr func(*T) *string, valid ...string) field[T] {
	quoted := make([]string, len(valid))
	for i, v := range valid {
		quoted[i] = "`" + v + "`"
	}
	return field[T]{key: key, typ: strings.Join(quoted, ` \| `),
		parse: func(p *parser, n *yaml.Node, path string, t *T) {
			if s, ok := p.oneOf(n, path, valid...); ok {
				*ptr(t) = s
			}
		},
		write: func(t *T) any { return *ptr(t) }}
}

// stringField reads any string; omitEmpty leaves "" out of Marshal.
func stringField[T any](key, typ string, omitEmpty bool, ptr func(*T) *string) field[T] {
	return field[T]{key: key, typ: typ,
		parse: func(p *parser, n *yaml.Node, path string, t *T) {
			if s, ok := p.str(n, path); ok {
				*ptr(t) = s
			}
		},
		write: func(t *T) any {
			if omitEmpty && *ptr(t) == "" {
				return nil
			}
			return *ptr(t)
		}}
}

// withDef sets a field's documented default where it is not the value
// Marshal writes for Defaults() (name-dependent, "none", …).
func withDef[T any](fd field[T], def string) field[T] {
	fd.def = def
	return fd
}

// jobFields is the job YAML, top level first; the one declaration of every
// field (see field).
var jobFields = []field[Job]{
	{key: "name", typ: "string", def: "required",
		required: "required: a short name for the job, e.g. name: example-site",
		parse: func(p *parser, n *yaml.Node, path string, j *Job) {
			if s, ok := p.str(n, path); ok {
				if !namePattern.MatchString(s) {
					p.errf(n, path, "invalid name %q: use 1-100 letters, digits, '.', '_' or '-', starting with a letter or digit (it names files)", s)
				} else {
					j.Name = s
				}
			}
		},
		write: func(j *Job) any { return j.Name }},
	{key: "seeds", typ: "list of URLs or seed mappings", def: "required",
		required: "required: a list of at least one http or https URL",
		parse:    func(p *parser, n *yaml.Node, _ string, j *Job) { p.seeds(n, j) },
		write:    writeSeeds},
	intField("workers", "integer 1–10000", 1, 10000, func(j *Job) *int { return &j.Workers }),
	intField("max_active_hosts", "integer 0–10000000", 0, 10000000, func(j *Job) *int { return &j.MaxActiveHosts }),
	{key: "user_agent", typ: "string", def: "required",
		required: "required: a User-Agent with a contact URL or e-mail, e.g. user_agent: \"sharc/1.0 (+https://example.org/crawler; archive@example.org)\"",
		parse: func(p *parser, n *yaml.Node, path string, j *Job) {
			if s, ok := p.str(n, path); ok {
				p.userAgent(n, s, j)
			}
		},
		write: func(j *Job) any { return j.UserAgent }},
	oneOfField("robots", func(j *Job) *string { return &j.Robots }, RobotsObey, RobotsIgnore),
	{key: "scope", typ: "mapping", sub: scopeFields},
	{key: "politeness", typ: "mapping", sub: politenessFields},
	{key: "fetch", typ: "mapping", sub: fetchFields},
	{key: "limits", typ: "mapping", sub: limitsFields},
	{key: "warc", typ: "mapping", sub: warcFields},
	{key: "store", typ: "DSN string", def: "`sqlite:<warc.dir>/sharc.db`",
		parse: func(p *parser, n *yaml.Node, path string, j *Job) {
			if s, ok := p.str(n, path); ok {
				if err := checkDSN(s); err != nil {
					p.errf(n, path, "%v", err)
				} else {
					j.Store = s
				}
			}
		},
		write: func(j *Job) any { return j.Store }},
	{key: "scheduler", typ: "mapping", sub: schedulerFields},
	{key: "capture", typ: "mapping", sub: captureFields},
	{key: "refresh", typ: "mapping", sub: refreshFields},
	{key: "change_rates", typ: "list", flow: true,
		parse: func(p *parser, n *yaml.Node, _ string, j *Job) { p.changeRates(n, j) },
		write: func(j *Job) any { return j.ChangeRates }},
	withDef(floatField("default_rate", "number > 0", func(v float64) string {
		if v <= 0 {
			return fmt.Sprintf("%v must be > 0 (changes per hour; 1/168 ≈ 0.00595 is weekly)", v)
		}
		return ""
	}, func(j *Job) *float64 { return &j.DefaultRate }), "`0.005952…` (1/168)"),
	{key: "rates_model", typ: "path", def: "none",
		parse: func(p *parser, n *yaml.Node, path string, j *Job) {
			if v, ok := p.str(n, path); ok {
				if v == "" {
					p.errf(n, path, "must be the path of a model written by `sharc rates train`")
				}
				j.RatesModel = v
			}
		},
		write: func(j *Job) any { return omitEmpty(j.RatesModel) }},
	{key: "resolve", typ: "mapping host → `host:port`", def: "none",
		parse: func(p *parser, n *yaml.Node, _ string, j *Job) { p.resolve(n, j) },
		write: func(j *Job) any {
			if len(j.Resolve) == 0 {
				return nil
			}
			return j.Resolve
		}},
	{key: "auth", typ: "list of logins (crawler/job/auth.go)", def: "none",
		parse: func(p *parser, n *yaml.Node, _ string, j *Job) { p.auth(n, j) },
		write: func(j *Job) any { return authNode(j.Auth) }},
	{key: "cookies", typ: "name of a granted cookies.txt", def: "none",
		parse: func(p *parser, n *yaml.Node, path string, j *Job) {
			if s, ok := p.str(n, path); ok {
				if !siteauth.NamePattern.MatchString(s) {
					p.errf(n, path, "%q is not a name: 1-64 lower-case letters, digits, '_' or '-' (a job names a cookies.txt the CLI's --credentials file or the daemon's config grants, never a path)", s)
				} else {
					j.Cookies = s
				}
			}
		},
		write: func(j *Job) any { return omitEmpty(j.Cookies) }},
	{key: "schedule", typ: "string or mapping", def: "none",
		parse: func(p *parser, n *yaml.Node, _ string, j *Job) { p.schedule(n, j) },
		write: func(j *Job) any {
			if j.Schedule == nil {
				return nil
			}
			return j.Schedule.Spec
		}},
}

func omitEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

var scopeFields = []field[Job]{
	{key: "surt_prefixes", typ: "list", def: "each seed's host",
		parse: func(p *parser, n *yaml.Node, path string, j *Job) { p.surtPrefixes(n, path, &j.Scope) },
		write: func(j *Job) any { return nonNil(j.Scope.SURTPrefixes) }},
	intField("max_hops", "integer ≥ 0", 0, math.MaxInt32, func(j *Job) *int { return &j.Scope.MaxHops }),
	{key: "include", typ: "list of regexes", def: "none",
		parse: func(p *parser, n *yaml.Node, path string, j *Job) { j.Scope.Include = p.regexes(n, path) },
		write: func(j *Job) any { return regexText(j.Scope.Include) }},
	{key: "exclude", typ: "list of regexes", def: "none",
		parse: func(p *parser, n *yaml.Node, path string, j *Job) { j.Scope.Exclude = p.regexes(n, path) },
		write: func(j *Job) any { return regexText(j.Scope.Exclude) }},
	intField("max_pages", "integer ≥ 0", 0, math.MaxInt32, func(j *Job) *int { return &j.Scope.MaxPages }),
	sizeField("max_bytes", "size", nil, func(j *Job) *int64 { return &j.Scope.MaxBytes }),
	durField("max_duration", "duration", false, func(j *Job) *time.Duration { return &j.Scope.MaxDuration }),
}

var politenessFields = []field[Job]{
	durField("delay", "duration", false, func(j *Job) *time.Duration { return &j.Politeness.Delay }),
	floatField("delay_factor", "number ≥ 0", func(v float64) string {
		if v < 0 {
			return fmt.Sprintf("%v must be ≥ 0", v)
		}
		return ""
	}, func(j *Job) *float64 { return &j.Politeness.DelayFactor }),
	durField("max_delay", "duration ≥ `delay`", false, func(j *Job) *time.Duration { return &j.Politeness.MaxDelay }),
	durField("crawl_delay_cap", "duration", false, func(j *Job) *time.Duration { return &j.Politeness.CrawlDelayCap }),
	intField("per_host", "integer 1–1000", 1, 1000, func(j *Job) *int { return &j.Politeness.PerHost }),
	{key: "hosts", typ: "mapping host → overrides", def: "none",
		parse: func(p *parser, n *yaml.Node, path string, j *Job) { p.politenessHosts(n, path, &j.Politeness) },
		write: writeHosts},
}

// hostFields are the fields of one politeness.hosts entry (documented as
// politeness.hosts.HOST.*).
var hostFields = []field[HostPoliteness]{
	withDef(intField("parallel", "integer 1–1000", 1, 1000, func(h *HostPoliteness) *int { return &h.Parallel }), "`per_host`"),
	{key: "delay", typ: "duration", def: "`delay`",
		parse: func(p *parser, n *yaml.Node, path string, h *HostPoliteness) {
			if d, ok := p.duration(n, path); ok {
				h.Delay = &d
			}
		},
		write: func(h *HostPoliteness) any {
			if h.Delay == nil {
				return nil
			}
			return durationText(*h.Delay)
		}},
}

var fetchFields = []field[Job]{
	durField("connect_timeout", "duration > 0", true, func(j *Job) *time.Duration { return &j.Fetch.ConnectTimeout }),
	durField("timeout", "duration > 0", true, func(j *Job) *time.Duration { return &j.Fetch.Timeout }),
	sizeField("max_body_bytes", "size > 0", func(x int64) string {
		if x == 0 {
			return "must be > 0"
		}
		return ""
	}, func(j *Job) *int64 { return &j.Fetch.MaxBodyBytes }),
	sizeField("max_header_bytes", "size ≥ 1KiB", func(x int64) string {
		if x < 1024 {
			return "must be at least 1KiB"
		}
		return ""
	}, func(j *Job) *int64 { return &j.Fetch.MaxHeaderBytes }),
	intField("max_redirects", "integer 0–100", 0, 100, func(j *Job) *int { return &j.Fetch.MaxRedirects }),
	intField("retries", "integer 0–100", 0, 100, func(j *Job) *int { return &j.Fetch.Retries }),
	durField("retry_backoff", "duration", false, func(j *Job) *time.Duration { return &j.Fetch.RetryBackoff }),
	boolField("conditional_get", func(j *Job) *bool { return &j.Fetch.ConditionalGet }),
	{key: "allow_addresses", typ: "list of CIDR prefixes or IP addresses", def: "`[]` (none)", flow: true,
		parse: func(p *parser, n *yaml.Node, _ string, j *Job) { p.allowAddresses(n, &j.Fetch) },
		write: func(j *Job) any { return netguard.Format(j.Fetch.AllowAddresses) }},
	{key: "proxy", typ: "URL `http://host:port` or `socks5://host:port`", def: "`\"\"` (direct)",
		parse: func(p *parser, n *yaml.Node, path string, j *Job) {
			if s, ok := p.str(n, path); ok {
				if msg := ProxyProblem(s); msg != "" {
					p.errf(n, path, "%s", msg)
				} else {
					j.Fetch.Proxy = s
				}
			}
		},
		write: func(j *Job) any { return j.Fetch.Proxy }},
	{key: "block", typ: "list of regexes or rule mappings", def: "none",
		parse: func(p *parser, n *yaml.Node, path string, j *Job) { p.blockRules(n, path, &j.Fetch) },
		write: writeBlockRules},
}

// limitsFields are the trap and bomb defences (docs/robustness.md).
var limitsFields = []field[Job]{
	intField("max_url_length", "integer ≥ 0", 0, 1<<20, func(j *Job) *int { return &j.Limits.MaxURLLength }),
	intField("max_path_segments", "integer ≥ 0", 0, 10000, func(j *Job) *int { return &j.Limits.MaxPathSegments }),
	intField("max_segment_repeats", "integer ≥ 0", 0, 10000, func(j *Job) *int { return &j.Limits.MaxSegmentRepeats }),
	intField("max_query_params", "integer ≥ 0", 0, 10000, func(j *Job) *int { return &j.Limits.MaxQueryParams }),
	intField("max_query_variants", "integer ≥ 0", 0, 1<<30, func(j *Job) *int { return &j.Limits.MaxQueryVariants }),
	intField("calendar_years_ahead", "integer ≥ 0", 0, 1000, func(j *Job) *int { return &j.Limits.CalendarYearsAhead }),
	intField("max_outlinks", "integer ≥ 0", 0, 1<<30, func(j *Job) *int { return &j.Limits.MaxOutlinks }),
	intField("max_pages_per_host", "integer ≥ 0", 0, 1<<40, func(j *Job) *int { return &j.Limits.MaxPagesPerHost }),
	intField("max_sitemaps_per_host", "integer ≥ 0", 0, 1<<30, func(j *Job) *int { return &j.Limits.MaxSitemapsPerHost }),
	intField("max_sitemap_depth", "integer ≥ 0", 0, 100, func(j *Job) *int { return &j.Limits.MaxSitemapDepth }),
}

var warcFields = []field[Job]{
	{key: "dir", typ: "path", def: "`output/<name>/warcs`",
		parse: func(p *parser, n *yaml.Node, path string, j *Job) {
			if s, ok := p.str(n, path); ok {
				if strings.TrimSpace(s) == "" {
					p.errf(n, path, "must not be blank")
				} else {
					j.WARC.Dir = s
				}
			}
		},
		write: func(j *Job) any { return j.WARC.Dir }},
	{key: "prefix", typ: "string", def: "`<name>`",
		parse: func(p *parser, n *yaml.Node, path string, j *Job) {
			if s, ok := p.str(n, path); ok {
				if !namePattern.MatchString(s) {
					p.errf(n, path, "invalid prefix %q: use letters, digits, '.', '_' or '-' (it starts file names)", s)
				} else {
					j.WARC.Prefix = s
				}
			}
		},
		write: func(j *Job) any { return j.WARC.Prefix }},
	sizeField("max_size", "size ≥ 1MiB", func(x int64) string {
		if x < 1<<20 {
			return FormatSize(x) + " is too small for a WARC file (minimum 1MiB)"
		}
		return ""
	}, func(j *Job) *int64 { return &j.WARC.MaxSize }),
	{key: "version", typ: "`\"1.1\"`",
		parse: func(p *parser, n *yaml.Node, path string, _ *Job) {
			s, ok := p.scalar(n, path, "a version")
			// An unquoted 1.1 arrives as a float; its text is what counts.
			if ok && s.Value != "1.1" {
				p.errf(n, path, "unsupported WARC version %q (valid: 1.1)", s.Value)
			}
		},
		write: func(j *Job) any { return j.WARC.Version }},
	oneOfField("digest", func(j *Job) *string { return &j.WARC.Digest }, DigestSHA1, DigestSHA256),
	intField("gzip_level", "integer 1–9", 1, 9, func(j *Job) *int { return &j.WARC.GzipLevel }),
	withDef(stringField("operator", "string", true, func(j *Job) *string { return &j.WARC.Operator }), "none"),
	{key: "upload", typ: "mapping", def: "none (files stay local)",
		parse: func(p *parser, n *yaml.Node, _ string, j *Job) { j.WARC.Upload = p.upload(n) },
		write: func(j *Job) any {
			if j.WARC.Upload == nil {
				return nil
			}
			if j.WARC.Upload.Remote != "" {
				u := j.WARC.Upload
				return yRemoteUpload{Remote: u.Remote, Prefix: u.Prefix, DeleteLocal: u.DeleteLocal, Parallel: u.Parallel, Retries: u.Retries}
			}
			return (*yUpload)(j.WARC.Upload)
		}},
}

// yRemoteUpload is warc.upload naming a remote: what the remote defines
// is left out.
type yRemoteUpload struct {
	Remote      string `yaml:"remote"`
	Prefix      string `yaml:"prefix"`
	DeleteLocal bool   `yaml:"delete_local"`
	Parallel    int    `yaml:"parallel"`
	Retries     int    `yaml:"retries"`
}

// yUpload fixes the order and spelling of warc.upload in Marshal's output.
type yUpload struct {
	Remote       string `yaml:"-"`
	Endpoint     string `yaml:"endpoint"`
	Bucket       string `yaml:"bucket"`
	Prefix       string `yaml:"prefix"`
	Region       string `yaml:"region"`
	AccessKeyEnv string `yaml:"access_key_env"`
	SecretKeyEnv string `yaml:"secret_key_env"`
	UseTLS       bool   `yaml:"use_tls"`
	DeleteLocal  bool   `yaml:"delete_local"`
	Parallel     int    `yaml:"parallel"`
	Retries      int    `yaml:"retries"`
}

var schedulerFields = []field[Job]{
	stringField("strategy", "name", false, func(j *Job) *string { return &j.Scheduler.Strategy }),
	floatField("tau", "number in (0, 1)", func(v float64) string {
		if v <= 0 || v >= 1 {
			return fmt.Sprintf("%v must be strictly between 0 and 1 (Def. 5.4)", v)
		}
		return ""
	}, func(j *Job) *float64 { return &j.Scheduler.Tau }),
}

var captureFields = []field[Job]{
	withDef(oneOfField("mode", func(j *Job) *string { return &j.Capture.Mode }, ModeSingleVisit, ModeVisitRevisit, ModeRefresh), "follows the strategy"),
	{key: "estimated_size", typ: "`auto` \\| integer ≥ 0",
		parse: func(p *parser, n *yaml.Node, path string, j *Job) {
			if s := deref(n); s.Kind == yaml.ScalarNode && s.Value == "auto" {
				j.Capture.EstimatedSize = 0
			} else if s.Kind == yaml.ScalarNode && s.Tag != "!!int" {
				p.errf(n, path, "expected \"auto\" or a number of pages, got %q", s.Value)
			} else if x, ok := p.integer(n, path, 0, math.MaxInt32); ok {
				j.Capture.EstimatedSize = int(x)
			}
		},
		write: func(j *Job) any {
			if j.Capture.EstimatedSize > 0 {
				return j.Capture.EstimatedSize
			}
			return "auto"
		}},
	boolField("similarity", func(j *Job) *bool { return &j.Capture.Similarity }),
	oneOfField("change_signal", func(j *Job) *string { return &j.Capture.ChangeSignal }, "payload", "text"),
	oneOfField("revisit_request", func(j *Job) *string { return &j.Capture.RevisitRequest }, RevisitConditional, RevisitFull),
	{key: "browser", typ: "mapping", sub: browserFields},
}

var browserFields = []field[Job]{
	{key: "match", typ: "list of regexes", def: "none",
		parse: func(p *parser, n *yaml.Node, path string, j *Job) { j.Capture.Browser.Match = p.regexes(n, path) },
		write: func(j *Job) any { return regexText(j.Capture.Browser.Match) }},
	{key: "wait", typ: "`" + WaitNetworkIdle + "` \\| duration",
		parse: func(p *parser, n *yaml.Node, path string, j *Job) {
			if s := deref(n); s.Kind == yaml.ScalarNode && s.Value == WaitNetworkIdle {
				j.Capture.Browser.Wait = 0
			} else if d, ok := p.duration(n, path); ok {
				j.Capture.Browser.Wait = d
			}
		},
		write: func(j *Job) any {
			if j.Capture.Browser.Wait == 0 {
				return WaitNetworkIdle
			}
			return durationText(j.Capture.Browser.Wait)
		}},
	boolField("scroll", func(j *Job) *bool { return &j.Capture.Browser.Scroll }),
	boolField("screenshot", func(j *Job) *bool { return &j.Capture.Browser.Screenshot }),
	intField("tabs", "integer 1–64", 1, 64, func(j *Job) *int { return &j.Capture.Browser.Tabs }),
	durField("page_timeout", "duration > 0", true, func(j *Job) *time.Duration { return &j.Capture.Browser.PageTimeout }),
	sizeField("max_page_bytes", "size > 0", func(x int64) string {
		if x <= 0 {
			return "must be > 0"
		}
		return ""
	}, func(j *Job) *int64 { return &j.Capture.Browser.MaxPageBytes }),
	{key: "behaviors", typ: "list of `autoscroll` \\| `loadmore` \\| `autofetch` \\| `autoplay` \\| `site`", def: "`[]`", flow: true,
		parse: func(p *parser, n *yaml.Node, path string, j *Job) { j.Capture.Browser.Behaviors = p.behaviors(n, path) },
		write: func(j *Job) any { return nonNil(j.Capture.Browser.Behaviors) }},
	durField("behavior_timeout", "duration > 0", true, func(j *Job) *time.Duration { return &j.Capture.Browser.BehaviorTimeout }),
}

var refreshFields = []field[Job]{
	intField("budget", "integer ≥ 0", 0, math.MaxInt32, func(j *Job) *int { return &j.Refresh.Budget }),
	{key: "policy", typ: "refresh policy name",
		parse: func(p *parser, n *yaml.Node, path string, j *Job) {
			if s, ok := p.str(n, path); ok {
				if _, err := refresh.ParseSpec(s); err != nil {
					p.errf(n, path, "%v (see docs/refresh-policies.md)", err)
				} else {
					j.Refresh.Policy = s
				}
			}
		},
		write: func(j *Job) any { return j.Refresh.Policy }},
	intField("seed", "integer ≥ 0", 0, math.MaxInt32, func(j *Job) *int { return &j.Refresh.Seed }),
	boolField("record_graph", func(j *Job) *bool { return &j.Refresh.RecordGraph }),
}

// docRow is a field's row in docs/job-yaml.md, up to its Meaning column.
type docRow struct{ path, typ, def string }

// String is the row's start as the doc writes it (a mapping's Default
// cell is empty).
func (r docRow) String() string {
	def := " "
	if r.def != "" {
		def = " " + r.def + " "
	}
	return "| `" + r.path + "` | " + r.typ + " |" + def + "|"
}

// docRows lists every field's documentation row, in table order, with the
// defaults Marshal writes for Defaults() where the table does not say.
func docRows() ([]docRow, error) {
	d := Defaults()
	rows, err := appendDocRows(nil, "", jobFields, &d)
	if err != nil {
		return nil, err
	}
	var h HostPoliteness
	return appendDocRows(rows, "politeness.hosts.HOST", hostFields, &h)
}

func appendDocRows[T any](rows []docRow, path string, fields []field[T], t *T) ([]docRow, error) {
	for _, fd := range fields {
		r := docRow{path: join(path, fd.key), typ: fd.typ, def: fd.def}
		if fd.sub != nil {
			rows = append(rows, r)
			var err error
			if rows, err = appendDocRows(rows, r.path, fd.sub, t); err != nil {
				return nil, err
			}
			continue
		}
		if r.def == "" {
			text, err := defaultText(fd, t)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", r.path, err)
			}
			r.def = "`" + text + "`"
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// defaultText is the YAML Marshal writes for fd's value in t.
func defaultText[T any](fd field[T], t *T) (string, error) {
	v := fd.write(t)
	if v == nil {
		return "", fmt.Errorf("no default written: give the field a def")
	}
	var n yaml.Node
	if err := n.Encode(v); err != nil {
		return "", err
	}
	if fd.flow {
		n.Style = yaml.FlowStyle
	}
	b, err := yaml.Marshal(&n)
	if err != nil {
		return "", err
	}
	return strings.TrimSuffix(string(b), "\n"), nil
}

// FieldPaths lists the dotted YAML path of every job field that holds a
// value (mappings are left out; their fields are listed), in table order;
// the fields of a politeness.hosts entry are under
// "politeness.hosts.HOST". It is the list the crawler's field→reader table
// (crawler.FieldReaders, in its tests) is checked against.
func FieldPaths() []string {
	paths := appendPaths(nil, "", jobFields)
	return appendPaths(paths, "politeness.hosts.HOST", hostFields)
}

func appendPaths[T any](paths []string, path string, fields []field[T]) []string {
	for _, fd := range fields {
		if fd.sub != nil {
			paths = appendPaths(paths, join(path, fd.key), fd.sub)
			continue
		}
		paths = append(paths, join(path, fd.key))
	}
	return paths
}
