package job

import (
	"net/netip"
	"regexp"
	"time"

	"github.com/sharc-archive/sharc/warc"
)

// Job is a validated crawl job with every default applied.
type Job struct {
	// Name identifies the job; it names the WARC directory and prefix, so it
	// is restricted to letters, digits, '.', '_' and '-'.
	Name string
	// Seeds are the starting URLs, parsed with WHATWG rules, http or https
	// only, fragment removed (Href of the parsed URL).
	Seeds []string
	// SeedScopes, when not nil, has one entry per seed (same order): the
	// scope of a seed written as a mapping (seedscope.go). Nil when every
	// seed is a plain string, which the job-wide Scope governs.
	SeedScopes []SeedScope
	// Workers is the size of the fetcher pool.
	Workers int
	// MaxActiveHosts bounds the hosts whose URLs a single-node crawl holds
	// in memory at once; the others wait in the store (parked) until an
	// active host finishes. 0 means no bound.
	MaxActiveHosts int
	// UserAgent is sent with every request. It must contain a contact URL
	// (http:// or https://) or an e-mail address so site operators can
	// reach whoever runs the crawl.
	UserAgent string
	// Robots is "obey" or "ignore".
	Robots string
	// Scope bounds what is crawled.
	Scope Scope
	// Politeness bounds how hard each host is hit.
	Politeness Politeness
	// Fetch holds the HTTP client limits.
	Fetch Fetch
	// Limits are the trap and bomb defences (docs/robustness.md).
	Limits Limits
	// WARC says where and how records are written.
	WARC WARC
	// Store is the index DSN: "sqlite:PATH" or "postgres://…"
	// ("postgresql://…" is accepted too). The default is
	// "sqlite:" + WARC.Dir + "/sharc.db".
	Store string
	// Scheduler names the download-ordering strategy and its parameters.
	Scheduler Scheduler
	// Capture says whether pages are visited once or visited and revisited.
	Capture Capture
	// Refresh is the budgeted refresh cycle of capture.mode refresh
	// (issue 16); read only in that mode.
	Refresh Refresh
	// ChangeRates is the change-rate source cascade, first answer wins:
	// any of "history", "predictor", "sitemap", "default", each at most
	// once; "default" answers every page, so it can only be last.
	ChangeRates []string
	// DefaultRate is the rate (changes per hour) the "default" source
	// answers with.
	DefaultRate float64
	// RatesModel is the path of a change-rate predictor trained by
	// `sharc rates train` (JSON); it backs the "predictor" source. Empty:
	// the predictor source never answers.
	RatesModel string
	// Resolve maps a host or host:port (lower case) to the host:port to
	// connect to instead, so tests and benchmarks can point real host names
	// at loopback servers. Nil when the job has none.
	Resolve map[string]string
	// Schedule is the optional recurring schedule for the daemon; nil when
	// the job runs once.
	Schedule *Schedule
	// Auth are the job's logins (crawler/job/auth.go), by host, in order: a
	// consent wall before a form login on one host, say. Nil: none.
	Auth []Login
	// Cookies names a Netscape cookies.txt the operator grants (CLI
	// --credentials file, daemon config), set in the capture's jar before
	// it starts; "" for none.
	Cookies string
}

// Scope bounds what is crawled.
type Scope struct {
	// SURTPrefixes, when non-empty, replace the default scope (each seed's
	// host, derived by the crawler, so left empty here). They are prefixes
	// of the crawler's SURT keys (package urlcanon, pywb convention): lower
	// case, no scheme, "org,example)/" for example.org (www. included) or
	// "org,example," for its subdomains. YAML surt_prefixes.
	SURTPrefixes []string
	// MaxHops is the longest discovery path from a seed: 0 crawls the
	// seeds only, 1 the seeds and what they link to, and so on. There is
	// no "unlimited"; use a large number.
	MaxHops int
	// Include, when non-empty, keeps only in-scope URLs matching at least
	// one of these; Exclude drops URLs matching any. Both are matched
	// against the canonical URL string.
	Include, Exclude []*regexp.Regexp
	// MaxPages stops the crawl after this many pages; 0 means unlimited.
	MaxPages int
	// MaxBytes stops the crawl after this many bytes downloaded; 0 means
	// unlimited.
	MaxBytes int64
	// MaxDuration stops the crawl after this long; 0 means unlimited.
	MaxDuration time.Duration
}

// Politeness bounds how hard each host is hit. The gap after a fetch from a
// host is max(Delay, DelayFactor × fetch duration, robots Crawl-delay capped
// at CrawlDelayCap), capped at MaxDelay.
type Politeness struct {
	// Delay is the minimum gap between two requests to one host.
	Delay time.Duration
	// DelayFactor multiplies the duration of the last fetch from the host.
	DelayFactor float64
	// MaxDelay caps the gap (it is ≥ Delay).
	MaxDelay time.Duration
	// CrawlDelayCap is the largest robots.txt Crawl-delay honoured.
	CrawlDelayCap time.Duration
	// PerHost is the number of a host's pages in flight at once: being
	// fetched, or waiting for their commit (so never more requests).
	PerHost int
	// Hosts holds per-host overrides for hosts you own, keyed by lower-case
	// host or host:port. Nil when the job has none.
	Hosts map[string]HostPoliteness
}

// HostPoliteness overrides politeness for one host.
type HostPoliteness struct {
	// Parallel is the number of requests in flight to this host; it
	// defaults to Politeness.PerHost.
	Parallel int
	// Delay, when non-nil, replaces Politeness.Delay as this host's
	// minimum gap (0 lets a host you own be crawled flat out).
	Delay *time.Duration
}

// Fetch holds the HTTP client limits.
type Fetch struct {
	// ConnectTimeout bounds dialling (including TLS); Timeout bounds the
	// whole exchange.
	ConnectTimeout, Timeout time.Duration
	// MaxBodyBytes truncates larger bodies (the record is marked truncated).
	MaxBodyBytes int64
	// MaxHeaderBytes bounds a response's status line and header fields; a
	// larger header fails the URL (-5002 header-too-large), unarchived.
	MaxHeaderBytes int64
	// MaxRedirects is the longest redirect chain followed (through the
	// frontier, not inside the client).
	MaxRedirects int
	// Retries is how many times a connection error, 429 or 5xx is retried.
	Retries int
	// RetryBackoff is the base of the exponential back-off between retries.
	RetryBackoff time.Duration
	// ConditionalGet sends If-None-Match/If-Modified-Since from the last
	// capture of the URL.
	ConditionalGet bool
	// AllowAddresses are the address ranges the crawl may connect to
	// although the network guard denies them by default (loopback,
	// private, link-local, CGNAT, multicast, reserved; package netguard).
	// Nil (the default) allows none of them.
	AllowAddresses []netip.Prefix
	// Proxy is the forward proxy every request goes through
	// ("http://host:port"; "" connects directly): HTTP requests in
	// absolute form, HTTPS through CONNECT. It never carries credentials.
	Proxy string
	// Block are URL patterns never requested: a link, embed, redirect or
	// sitemap entry (and a browser page's request) matching any of them is
	// logged -5001 blocked-rule instead of fetched. Matched like
	// scope.exclude, on the canonical URL.
	Block []*regexp.Regexp
	// BlockInFrames are block rules that apply only inside frames
	// (fetch.block items {url: …, in_frames_only: true}): a browser
	// page's requests made in an iframe (its document included), and the
	// fetcher's iframe and frame documents. Kept apart from Block so the
	// rules for every request stay one list (blockrules.go).
	BlockInFrames []*regexp.Regexp
}

// Limits are the defences against crawler traps and bombs: every URL they
// refuse gets a crawl.log line naming the limit (docs/robustness.md). Zero
// switches a limit off.
type Limits struct {
	// MaxURLLength refuses longer canonical URLs (Heritrix: 2083).
	MaxURLLength int
	// MaxPathSegments refuses deeper paths.
	MaxPathSegments int
	// MaxSegmentRepeats refuses paths in which one segment occurs more
	// often (/a/b/a/b/a/b/a/b: relative links that loop).
	MaxSegmentRepeats int
	// MaxQueryParams refuses query strings with more parameters.
	MaxQueryParams int
	// MaxQueryVariants bounds the distinct query strings queued per host
	// and path (faceted search, session ids).
	MaxQueryVariants int
	// CalendarYearsAhead refuses calendar-like URLs naming a year more than
	// this many years ahead, or before 1991.
	CalendarYearsAhead int
	// MaxOutlinks is the most links taken from one page (Heritrix's
	// ExtractorHTML keeps 6000).
	MaxOutlinks int
	// MaxPagesPerHost bounds the URLs queued per host, sitemaps included.
	MaxPagesPerHost int
	// MaxSitemapsPerHost bounds the sitemaps fetched per host.
	MaxSitemapsPerHost int
	// MaxSitemapDepth bounds sitemap-index nesting: 1 fetches only the
	// sitemaps robots.txt names, 2 also their children, and so on.
	MaxSitemapDepth int
}

// WARC says where and how WARC records are written.
type WARC struct {
	// Dir receives the WARC files. Relative paths resolve against the
	// current directory of the process (not the job file's), as every other
	// path on the command line does. Default "output/<name>/warcs".
	Dir string
	// Prefix starts every file name; default the job name.
	Prefix string
	// MaxSize is the rotation size in bytes.
	MaxSize int64
	// Version is the WARC version; only "1.1".
	Version string
	// Digest is the payload/block digest algorithm: "sha1" (base32) or
	// "sha256".
	Digest string
	// Operator goes into the warcinfo record; optional.
	Operator string
	// GzipLevel is the DEFLATE level of each record's gzip member, 1
	// (fastest) to 9 (smallest); default 6, zlib's and Heritrix's.
	GzipLevel int
	// Upload, if set, copies each closed WARC file to S3-compatible
	// object storage (package upload); nil keeps files local only.
	Upload *Upload
}

// Upload says where closed WARC files are copied. Credentials are read
// from the environment variables it names, never from the job file; a job
// run by the daemon names a remote of the daemon's config instead.
type Upload struct {
	// Remote names an upload target the daemon's config defines
	// (remotes:): its endpoint, bucket, region, TLS and credentials.
	// When set, Endpoint, Bucket, Region, AccessKeyEnv and SecretKeyEnv
	// are empty and UseTLS is unused.
	Remote string
	// Endpoint is the server's host[:port], e.g. "s3.example.org" or
	// "127.0.0.1:7070"; no scheme (UseTLS picks https).
	Endpoint string
	Bucket   string
	// Prefix starts every object key (key = prefix + file name); default
	// "<name>/". "" as given keeps keys bare.
	Prefix string
	// Region is sent in request signatures; "" asks the server.
	Region string
	// AccessKeyEnv and SecretKeyEnv name the environment variables that
	// hold the credentials (default SHARC_S3_ACCESS_KEY and
	// SHARC_S3_SECRET_KEY).
	AccessKeyEnv, SecretKeyEnv string
	// UseTLS talks https (default true).
	UseTLS bool
	// DeleteLocal removes a local file once its object is verified and
	// recorded in the store (default false).
	DeleteLocal bool
	// Parallel bounds concurrent uploads (default 2).
	Parallel int
	// Retries is how many times a failed upload is tried again before the
	// file is left pending for the next run (default 5).
	Retries int
}

// Scheduler names the strategy and its parameters (scheduler.Params).
type Scheduler struct {
	// Strategy is a name from scheduler.Registry.
	Strategy string
	// Tau is the threshold τ ∈ (0,1) of the threshold, intervals and
	// selective strategies (Def. 5.4).
	Tau float64
}

// Capture says how pages are captured (issue 4).
type Capture struct {
	// Mode is "single-visit" or "visit-revisit" (thesis §3.2). When the
	// job does not set it, it follows the strategy.
	Mode string
	// EstimatedSize is the site size told to the strategy; 0 means auto
	// (sitemap URL count or the previous capture). YAML "auto" or N.
	EstimatedSize int
	// Similarity enables the shingle similarity test (thesis §8.2): word
	// 10-grams, Jaccard ≥ 0.9 counts as unchanged.
	Similarity bool
	// ChangeSignal is what defines "changed": "payload" (payload digest) or
	// "text" (normalised visible-text digest).
	ChangeSignal string
	// RevisitRequest is how a revisit asks for the page: "conditional"
	// (If-None-Match / If-Modified-Since from its visit; unchanged pages
	// come back 304 and become server-not-modified revisit records) or
	// "full" (an unconditional GET; an unchanged page is proven so by its
	// payload digest and archived as an identical-payload-digest revisit
	// with the 200 headers the server sent).
	RevisitRequest string
	// Browser selects the URLs loaded in headless Chromium and how
	// (docs/browser-capture.md).
	Browser Browser
}

// Browser is capture.browser: which pages are loaded in headless
// Chromium rather than only fetched, and the limits of that.
type Browser struct {
	// Match lists regexes on the canonical URL; a page matching one is
	// loaded in the browser. Empty: no browser.
	Match []*regexp.Regexp
	// Wait is a fixed pause after the load event; 0 means network-idle
	// (no request in flight for BrowserIdle).
	Wait time.Duration
	// Scroll scrolls to the bottom once settled, then settles again.
	Scroll bool
	// Screenshot stores a full-page PNG as a resource record.
	Screenshot bool
	// Tabs bounds the pages loaded at once.
	Tabs int
	// PageTimeout bounds one page, from opening its tab to the screenshot.
	PageTimeout time.Duration
	// MaxPageBytes bounds the bodies one page holds, those being read
	// included (its document's too); requests past it fail in the
	// browser. The rendered DOM is cut at it.
	MaxPageBytes int64
	// Behaviors run in each page once it has settled (Behavior*
	// constants; browserfetch runs them in its fixed order).
	Behaviors []string
	// BehaviorTimeout bounds each behaviour run on a page; PageTimeout
	// bounds the page, behaviours included.
	BehaviorTimeout time.Duration
}

// Page behaviours (capture.browser.behaviors), after Browsertrix's.
const (
	BehaviorAutoscroll = "autoscroll"
	BehaviorLoadMore   = "loadmore"
	BehaviorAutofetch  = "autofetch"
	BehaviorAutoplay   = "autoplay"
	BehaviorSite       = "site"
)

// Behaviors lists capture.browser.behaviors' values, in running order.
var Behaviors = []string{BehaviorAutoscroll, BehaviorLoadMore, BehaviorAutofetch, BehaviorAutoplay, BehaviorSite}

// DefaultBehaviorTimeout is capture.browser.behavior_timeout's default.
const DefaultBehaviorTimeout = 20 * time.Second

// HasBehavior reports whether the job runs behaviour b.
func (b Browser) HasBehavior(name string) bool {
	for _, x := range b.Behaviors {
		if x == name {
			return true
		}
	}
	return false
}

// Enabled reports whether any page is loaded in the browser.
func (b Browser) Enabled() bool { return len(b.Match) > 0 }

// Matches reports whether url is loaded in the browser.
func (b Browser) Matches(url string) bool {
	for _, re := range b.Match {
		if re.MatchString(url) {
			return true
		}
	}
	return false
}

// BrowserIdle is how long a page must have had no request in flight to
// count as settled under capture.browser.wait: network-idle (Puppeteer's
// networkidle0 uses 500 ms too).
const BrowserIdle = 500 * time.Millisecond

// WaitNetworkIdle is capture.browser.wait's keyword for BrowserIdle.
const WaitNetworkIdle = "network-idle"

// Revisit request kinds (Capture.RevisitRequest).
const (
	RevisitConditional = "conditional"
	RevisitFull        = "full"
)

// robots: values.
const (
	RobotsObey   = "obey"
	RobotsIgnore = "ignore"
)

// warc.digest values (package warc's algorithms).
const (
	DigestSHA1   = warc.DigestSHA1
	DigestSHA256 = warc.DigestSHA256
)

// Capture modes.
const (
	ModeSingleVisit  = "single-visit"
	ModeVisitRevisit = "visit-revisit"
	// ModeRefresh re-fetches, once each, at most Refresh.Budget of the
	// URLs earlier captures of the job archived, chosen by a refresh
	// policy (package refresh); no link is followed.
	ModeRefresh = "refresh"
)

// Refresh is one refresh cycle's budget and policy (capture.mode refresh).
// A cycle is one capture; the job's schedule is the cycle length.
type Refresh struct {
	// Budget is the most pages the cycle fetches, samples included.
	Budget int
	// Policy is a refresh policy name as refresh.ParseSpec reads it.
	Policy string
	// Seed makes the policy's random choices reproducible; the capture
	// id is added so successive cycles draw differently.
	Seed int
	// RecordGraph stores, for every archived HTML page of every capture of
	// the job (not only refresh cycles, which always do), its same-site
	// out-links, features and topic categories: the link graph, feature
	// clusters and categories later refresh cycles' policies read.
	RecordGraph bool
}

// Defaults, in one place. Name-dependent defaults: WARC.Dir is
// "output/<name>/warcs", WARC.Prefix is the name, Store is
// "sqlite:<WARC.Dir>/sharc.db"; Capture.Mode follows the strategy.
const (
	DefaultWorkers            = 8
	DefaultMaxActiveHosts     = 1000
	DefaultRobots             = RobotsObey
	DefaultMaxHops            = 20
	DefaultDelay              = time.Second
	DefaultDelayFactor        = 2.0
	DefaultMaxDelay           = 30 * time.Second
	DefaultCrawlDelayCap      = 30 * time.Second
	DefaultPerHost            = 1
	DefaultConnectTimeout     = 10 * time.Second
	DefaultTimeout            = 60 * time.Second
	DefaultMaxBodyBytes       = 100 * 1000 * 1000 // 100MB
	DefaultMaxHeaderBytes     = 1 << 20           // 1MiB
	DefaultMaxRedirects       = 10
	DefaultRetries            = 3
	DefaultRetryBackoff       = 2 * time.Second
	DefaultWARCMaxSize        = 1000 * 1000 * 1000 // 1GB
	DefaultWARCGzipLevel      = 6
	DefaultWARCVersion        = "1.1"
	DefaultUploadAccessKeyEnv = "SHARC_S3_ACCESS_KEY"
	DefaultUploadSecretKeyEnv = "SHARC_S3_SECRET_KEY"
	DefaultUploadParallel     = 2
	DefaultUploadRetries      = 5
	DefaultDigest             = DigestSHA1
	DefaultStrategy           = "bfs"
	DefaultTau                = 0.95
	DefaultChangeSignal       = "payload"
	DefaultRefreshPolicy      = "round-robin"
	DefaultRevisitRequest     = RevisitConditional
	DefaultRate               = 1.0 / 168 // one change a week, per hour
	DefaultBrowserTabs        = 2
	DefaultBrowserPageTimeout = 30 * time.Second
	DefaultBrowserMaxPage     = 50 * 1000 * 1000 // 50MB

	DefaultMaxURLLength       = 2083
	DefaultMaxPathSegments    = 32
	DefaultMaxSegmentRepeats  = 3
	DefaultMaxQueryParams     = 32
	DefaultMaxQueryVariants   = 1000
	DefaultCalendarYearsAhead = 2
	DefaultMaxOutlinks        = 6000
	DefaultMaxPagesPerHost    = 1_000_000
	DefaultMaxSitemapsPerHost = 500
	DefaultMaxSitemapDepth    = 3
)

// DefaultChangeRates is the default change-rate cascade.
func DefaultChangeRates() []string { return []string{"history", "sitemap", "default"} }

// Defaults returns a job with every default that does not depend on the
// job's name or strategy applied.
func Defaults() Job {
	return Job{
		Workers:        DefaultWorkers,
		MaxActiveHosts: DefaultMaxActiveHosts,
		Robots:         DefaultRobots,
		Scope:          Scope{MaxHops: DefaultMaxHops},
		Politeness: Politeness{
			Delay:         DefaultDelay,
			DelayFactor:   DefaultDelayFactor,
			MaxDelay:      DefaultMaxDelay,
			CrawlDelayCap: DefaultCrawlDelayCap,
			PerHost:       DefaultPerHost,
		},
		Fetch: Fetch{
			ConnectTimeout: DefaultConnectTimeout,
			Timeout:        DefaultTimeout,
			MaxBodyBytes:   DefaultMaxBodyBytes,
			MaxHeaderBytes: DefaultMaxHeaderBytes,
			MaxRedirects:   DefaultMaxRedirects,
			Retries:        DefaultRetries,
			RetryBackoff:   DefaultRetryBackoff,
		},
		Limits: Limits{
			MaxURLLength: DefaultMaxURLLength, MaxPathSegments: DefaultMaxPathSegments, MaxSegmentRepeats: DefaultMaxSegmentRepeats,
			MaxQueryParams: DefaultMaxQueryParams, MaxQueryVariants: DefaultMaxQueryVariants, CalendarYearsAhead: DefaultCalendarYearsAhead,
			MaxOutlinks: DefaultMaxOutlinks, MaxPagesPerHost: DefaultMaxPagesPerHost, MaxSitemapsPerHost: DefaultMaxSitemapsPerHost,
			MaxSitemapDepth: DefaultMaxSitemapDepth,
		},
		WARC:      WARC{MaxSize: DefaultWARCMaxSize, Version: DefaultWARCVersion, Digest: DefaultDigest, GzipLevel: DefaultWARCGzipLevel},
		Scheduler: Scheduler{Strategy: DefaultStrategy, Tau: DefaultTau},
		Capture: Capture{ChangeSignal: DefaultChangeSignal, RevisitRequest: DefaultRevisitRequest,
			Browser: Browser{Screenshot: true, Tabs: DefaultBrowserTabs, PageTimeout: DefaultBrowserPageTimeout, MaxPageBytes: DefaultBrowserMaxPage, BehaviorTimeout: DefaultBehaviorTimeout}},
		Refresh:     Refresh{Policy: DefaultRefreshPolicy},
		ChangeRates: DefaultChangeRates(),
		DefaultRate: DefaultRate,
	}
}

// Schedule is a recurring schedule: either a fixed interval (Every > 0) or
// a five-field cron expression. Next gives the next run time.
type Schedule struct {
	// Spec is the text as written in the job ("every 168h", "0 3 * * 1").
	Spec string
	// Every is the interval of an "every" schedule; 0 for cron.
	Every time.Duration
	cron  *cronSpec
}
