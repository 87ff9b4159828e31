package crawllog

// Code is a crawl.log status: an HTTP status (positive) or one of
// Heritrix's negative fetch codes (org.archive.modules.fetcher.
// FetchStatusCodes), so operators' crawl.log tools read SHARC's outcomes as
// they read Heritrix's. Every URI the crawler meets and does not archive
// gets one of these and an annotation naming the reason (docs/robustness.md
// lists them).
type Code int

// Heritrix fetch codes SHARC writes.
const (
	CodeConnectFailed  Code = -2    // the connection could not be made
	CodeConnectLost    Code = -3    // the connection broke, or the response was unreadable
	CodeTimeout        Code = -4    // the exchange ran out of time
	CodeRuntimeError   Code = -5    // the crawler failed on this URI (a bug): the URI fails, the capture goes on
	CodeHostUnresolved Code = -6    // the host name did not resolve
	CodeUnfetchable    Code = -7    // the URI cannot be fetched (malformed, unsupported scheme)
	CodeRetriesGaveUp  Code = -8    // retries exhausted without a response
	CodePrereqFailed   Code = -61   // a prerequisite (robots.txt) could not be fetched
	CodeChaff          Code = -4000 // a trap defence dropped the URI (path loops, calendars, query explosion, outlink cap)
	CodeTooManyHops    Code = -4001 // beyond max_hops or the redirect limit
	CodeOutOfScope     Code = -5000 // out of scope
	CodeBlockedUser    Code = -5001 // matched a block rule (fetch.block)
	CodeBlockedGuard   Code = -5002 // refused by a processor: the network guard, an oversized response header
	CodeQuota          Code = -5003 // a quota (pages or sitemaps per host) is exhausted
	CodeRobots         Code = -9998 // precluded by robots.txt
)
