package stages

// Chain groups stages as Heritrix groups its processors.
type Chain string

// The chains, in the order a URL meets them.
const (
	// Candidate stages decide whether a discovered URL is queued (run
	// by the crawler's admit on every outlink, sitemap entry and seed).
	Candidate Chain = "CandidateChain"
	// Fetch stages take a queued task to a response (or settle it).
	Fetch Chain = "FetchChain"
	// Disposition stages decide what is kept of a response and where
	// its outcome and its links go.
	Disposition Chain = "DispositionChain"
)

// Stage names.
const (
	Canonicalize  = "canonicalize"
	Hops          = "hops"
	Scope         = "scope"
	Block         = "block"
	Traps         = "traps"
	Quotas        = "quotas"
	RevisitHold   = "revisit-hold"
	Prerequisites = "prerequisites"
	Robots        = "robots"
	FetchHTTP     = "fetch"
	Browser       = "browser"
	NetGuard      = "netguard"
	Retry         = "retry"
	Dedup         = "dedup"
	Extract       = "extract"
	Write         = "write"
	Schedule      = "schedule"
)

// Measure is a figure the capture's crawl.log shows, which a stage's
// report lines count (heritrix's Tally computes each).
type Measure string

// The measures, by the crawl.log status or annotation they count.
const (
	Malformed         Measure = "malformed"          // -7
	OutOfScope        Measure = "out-of-scope"       // -5000
	Blocked           Measure = "blocked"            // -5001
	TooManyHops       Measure = "too-many-hops"      // -4001
	Trapped           Measure = "trapped"            // -4000
	OverQuota         Measure = "over-quota"         // -5003
	Guarded           Measure = "guarded"            // -5002
	RobotsPrecluded   Measure = "robots-precluded"   // -9998
	RobotsUnavailable Measure = "robots-unavailable" // -61
	Responses         Measure = "responses"          // status > 0
	NoResponse        Measure = "no-response"        // any other code
	CrawlerFailed     Measure = "crawler-failed"     // -5
	BrowserPages      Measure = "browser-pages"      // annotation browser
	BrowserUnsettled  Measure = "browser-unsettled"  // annotation browser-unsettled
	BrowserBytesCut   Measure = "browser-bytes-cut"  // annotation browser-bytes-cut
	DuplicateDigest   Measure = "duplicate-digest"   // annotation duplicate:digest
	Archived          Measure = "archived"           // successful fetches
	Logged            Measure = "logged"             // every line
)

// Count is one report line of a stage: Line is a format with one %d,
// which the figure Of fills.
type Count struct {
	Of   Measure
	Line string
}

// Stage is one named stage, what it does and the lines a report counts
// it by (none when crawl.log does not show what the stage settled).
type Stage struct {
	Name   string
	Chain  Chain
	Does   string
	Counts []Count
}

// All lists every stage the crawler has, in chain order, with its report
// lines. A job's chain may leave some out (robots: ignore has no robots
// stage).
func All() []Stage {
	return []Stage{
		{Canonicalize, Candidate, "makes each discovered reference a canonical URL; malformed ones and unsupported schemes are dropped (-7)",
			[]Count{{Malformed, "%d URIs malformed or of an unsupported scheme (-7)"}}},
		{Hops, Candidate, "drops URLs beyond scope.max_hops or fetch.max_redirects (-4001)",
			[]Count{{TooManyHops, "%d URIs beyond max_hops or the redirect limit (-4001)"}}},
		{Scope, Candidate, "keeps only URLs the job's scope rules allow (-5000)",
			[]Count{{OutOfScope, "%d URIs out of scope (-5000)"}}},
		{Block, Candidate, "drops URLs matching a fetch.block rule, with a line each (-5001); the browser's requests are checked alike",
			[]Count{{Blocked, "%d URIs matching a block rule (-5001)"}}},
		{Traps, Candidate, "drops URLs a trap defence refuses: length, path segments, repeats, query variants, calendars (-4000)",
			[]Count{{Trapped, "%d URIs dropped by a trap defence (-4000)"}}},
		{Quotas, Candidate, "drops URLs over a per-host quota: limits.max_pages_per_host and the sitemap limits (-5003)",
			[]Count{{OverQuota, "%d URIs over a per-host quota (-5003)"}}},
		{RevisitHold, Fetch, "holds a revisit until a later second than its visit's WARC-Date, so replay tools can tell them apart", nil},
		{Prerequisites, Fetch, "records the scheduler's decision; robots.txt and sitemap tasks are fetched, archived and read here", nil},
		{Robots, Fetch, "applies the host's robots.txt: waits for it, blocks disallowed URLs (-9998), fails them if it is unavailable (-61)",
			[]Count{{RobotsPrecluded, "%d URIs precluded by robots.txt (-9998)"},
				{RobotsUnavailable, "%d URIs whose robots.txt could not be fetched (-61)"}}},
		{FetchHTTP, Fetch, "fetches the URL (conditional GET from the visit or last capture); the network guard checks each address at dial",
			[]Count{{Responses, "%d URIs with a response"},
				{NoResponse, "%d URIs without one (connection, DNS, timeout, retries)"},
				{CrawlerFailed, "%d URIs the crawler failed on (-5)"}}},
		{Browser, Fetch, "loads a page capture.browser matches in headless Chromium; every request it makes is fetched, archived and politely spaced here (hop E); keeps the rendered DOM and a screenshot",
			[]Count{{BrowserPages, "%d pages loaded in the browser"},
				{BrowserUnsettled, "%d of them not settled by page_timeout"},
				{BrowserBytesCut, "%d of them cut at max_page_bytes"}}},
		{NetGuard, Fetch, "fails at once a fetch refused by the network guard or for an oversized header (-5002): retrying cannot cure it",
			[]Count{{Guarded, "%d URIs refused by the network guard or for an oversized header (-5002)"}}},
		{Retry, Fetch, "retries errors, 429 and 5xx with backoff (Retry-After honoured) up to fetch.retries, then gives up", nil},
		{Dedup, Disposition, "marks a not-modified, unchanged (same as its visit, or in a refresh cycle as the URL's last capture) or duplicate (same payload digest) response as a revisit",
			[]Count{{DuplicateDigest, "%d responses duplicate by payload digest (revisit records)"}}},
		{Extract, Disposition, "extracts links, sitemap entries and the text digest, passes the links through the candidate chain, and estimates the change rate of each link not yet in the frontier", nil},
		{Write, Disposition, "writes the WARC records, their index rows and the crawl.log line in one group commit; the worker takes its next task meanwhile, and the stages after this one run once the commit is durable",
			[]Count{{Archived, "%d responses archived"}, {Logged, "%d URIs logged"}}},
		{Schedule, Disposition, "reports the outcome to the frontier (politeness), logs dropped links, checks max_pages and max_bytes", nil},
	}
}

// Lookup returns the stage named name from All.
func Lookup(name string) (Stage, bool) {
	for _, s := range All() {
		if s.Name == name {
			return s, true
		}
	}
	return Stage{}, false
}
