// Package stages names the crawler's stages: the one list that the
// crawler assembles its chain by (crawler.Explain, sharc crawl --explain)
// and that heritrix's processors-report.txt lists. It has no behaviour and
// imports nothing, so any package may read it. It holds no mutable state;
// All returns a fresh slice on each call and is safe for concurrent use.
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

// Stage is one named stage and what it does.
type Stage struct {
	Name  string
	Chain Chain
	Does  string
}

// All lists every stage the crawler has, in chain order. A job's chain
// may leave some out (robots: ignore has no robots stage).
func All() []Stage {
	return []Stage{
		{Canonicalize, Candidate, "makes each discovered reference a canonical URL; malformed ones and unsupported schemes are dropped (-7)"},
		{Hops, Candidate, "drops URLs beyond scope.max_hops or fetch.max_redirects (-4001)"},
		{Scope, Candidate, "keeps only URLs the job's scope rules allow (-5000)"},
		{Block, Candidate, "drops URLs matching a fetch.block rule, with a line each (-5001); the browser's requests are checked alike"},
		{Traps, Candidate, "drops URLs a trap defence refuses: length, path segments, repeats, query variants, calendars (-4000)"},
		{Quotas, Candidate, "drops URLs over a per-host quota: limits.max_pages_per_host and the sitemap limits (-5003)"},
		{RevisitHold, Fetch, "holds a revisit until a later second than its visit's WARC-Date, so replay tools can tell them apart"},
		{Prerequisites, Fetch, "records the scheduler's decision; robots.txt and sitemap tasks are fetched, archived and read here"},
		{Robots, Fetch, "applies the host's robots.txt: waits for it, blocks disallowed URLs (-9998), fails them if it is unavailable (-61)"},
		{FetchHTTP, Fetch, "fetches the URL (conditional GET from the visit or last capture); the network guard checks each address at dial"},
		{Browser, Fetch, "loads a page capture.browser matches in headless Chromium; every request it makes is fetched, archived and politely spaced here (hop E); keeps the rendered DOM and a screenshot"},
		{NetGuard, Fetch, "fails at once a fetch refused by the network guard or for an oversized header (-5002): retrying cannot cure it"},
		{Retry, Fetch, "retries errors, 429 and 5xx with backoff (Retry-After honoured) up to fetch.retries, then gives up"},
		{Dedup, Disposition, "marks a not-modified, unchanged (same as its visit, or in a refresh cycle as the URL's last capture) or duplicate (same payload digest) response as a revisit"},
		{Extract, Disposition, "extracts links, sitemap entries and the text digest, and passes the links through the candidate chain"},
		{Write, Disposition, "writes the WARC records, their index rows and the crawl.log line in one group commit"},
		{Schedule, Disposition, "reports the outcome to the frontier (politeness), logs dropped links, checks max_pages and max_bytes"},
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
