package crawler

import "github.com/sharc-archive/sharc/crawler/stages"

// FieldReader says where one job YAML field is read, so a newcomer finds
// it in one step (the table in docs/architecture.md, "Where each job field
// is read", is generated from FieldReaders by TestFieldsDoc). The table
// is test code: the crawler never reads it, the doc and its checks do.
type FieldReader struct {
	// Field is the dotted YAML path (job.FieldPaths).
	Field string
	// Go is the field of job.Job that holds it, as a selector
	// ("Scope.MaxHops"); Politeness.Hosts.X is a field of each
	// job.HostPoliteness. File contains ".X" for its last part X.
	Go string
	// Stage is the stage whose work the field sets (a stages name),
	// or "" when it sets nothing in the chain: the run as a whole
	// (workers, warc.dir), the daemon (schedule) or the report
	// (capture.similarity). A field read once when the run is set up
	// (the frontier's politeness, the scheduler) names the stage that
	// uses what was built from it.
	Stage string
	// File is where the code reads the field, relative to the module
	// root.
	File string
}

// FieldReaders lists the reader of every job field, in job.FieldPaths
// order. TestFieldReaders fails when a field has no entry, when an entry
// names no field, no stage or a missing file: a new job field adds its
// row here.
func FieldReaders() []FieldReader {
	rows := []FieldReader{
		{"name", "Name", "", "crawler/owner.go"},
		{"seeds", "Seeds", "", "crawler/seeds.go"},
		{"workers", "Workers", "", "crawler/run.go"},
		{"max_active_hosts", "MaxActiveHosts", "", "crawler/coord.go"},
		{"user_agent", "UserAgent", stages.FetchHTTP, "crawler/run.go"},
		{"robots", "Robots", stages.Robots, "crawler/stage_robots.go"},
		{"scope.surt_prefixes", "Scope.SURTPrefixes", stages.Scope, "crawler/scope.go"},
		{"scope.max_hops", "Scope.MaxHops", stages.Hops, "crawler/scope.go"},
		{"scope.include", "Scope.Include", stages.Scope, "crawler/scope.go"},
		{"scope.exclude", "Scope.Exclude", stages.Scope, "crawler/scope.go"},
		{"scope.max_pages", "Scope.MaxPages", stages.Schedule, "crawler/limits.go"},
		{"scope.max_bytes", "Scope.MaxBytes", stages.Schedule, "crawler/limits.go"},
		{"scope.max_duration", "Scope.MaxDuration", "", "crawler/limits.go"},
		{"politeness.delay", "Politeness.Delay", stages.Schedule, "crawler/run.go"},
		{"politeness.delay_factor", "Politeness.DelayFactor", stages.Schedule, "crawler/run.go"},
		{"politeness.max_delay", "Politeness.MaxDelay", stages.Schedule, "crawler/run.go"},
		{"politeness.crawl_delay_cap", "Politeness.CrawlDelayCap", stages.Prerequisites, "crawler/robots.go"},
		{"politeness.per_host", "Politeness.PerHost", stages.Schedule, "crawler/run.go"},
		{"politeness.hosts", "Politeness.Hosts", stages.Schedule, "crawler/run.go"},
		{"fetch.connect_timeout", "Fetch.ConnectTimeout", stages.FetchHTTP, "crawler/run.go"},
		{"fetch.timeout", "Fetch.Timeout", stages.FetchHTTP, "crawler/run.go"},
		{"fetch.max_body_bytes", "Fetch.MaxBodyBytes", stages.FetchHTTP, "crawler/run.go"},
		{"fetch.max_header_bytes", "Fetch.MaxHeaderBytes", stages.FetchHTTP, "crawler/run.go"},
		{"fetch.max_redirects", "Fetch.MaxRedirects", stages.Hops, "crawler/candidates.go"},
		{"fetch.retries", "Fetch.Retries", stages.Retry, "crawler/chain.go"},
		{"fetch.retry_backoff", "Fetch.RetryBackoff", stages.Retry, "crawler/stage_retry.go"},
		{"fetch.conditional_get", "Fetch.ConditionalGet", stages.FetchHTTP, "crawler/stage_fetch.go"},
		{"fetch.allow_addresses", "Fetch.AllowAddresses", stages.NetGuard, "crawler/run.go"},
		{"fetch.proxy", "Fetch.Proxy", stages.FetchHTTP, "crawler/run.go"},
		{"fetch.block", "Fetch.Block", stages.Block, "crawler/candidate_block.go"},
		{"limits.max_url_length", "Limits.MaxURLLength", stages.Traps, "crawler/drops.go"},
		{"limits.max_path_segments", "Limits.MaxPathSegments", stages.Traps, "crawler/drops.go"},
		{"limits.max_segment_repeats", "Limits.MaxSegmentRepeats", stages.Traps, "crawler/drops.go"},
		{"limits.max_query_params", "Limits.MaxQueryParams", stages.Traps, "crawler/drops.go"},
		{"limits.max_query_variants", "Limits.MaxQueryVariants", stages.Traps, "crawler/drops.go"},
		{"limits.calendar_years_ahead", "Limits.CalendarYearsAhead", stages.Traps, "crawler/drops.go"},
		{"limits.max_outlinks", "Limits.MaxOutlinks", stages.Extract, "crawler/discover.go"},
		{"limits.max_pages_per_host", "Limits.MaxPagesPerHost", stages.Quotas, "crawler/run.go"},
		{"limits.max_sitemaps_per_host", "Limits.MaxSitemapsPerHost", stages.Quotas, "crawler/sitemaps.go"},
		{"limits.max_sitemap_depth", "Limits.MaxSitemapDepth", stages.Quotas, "crawler/sitemaps.go"},
		{"warc.dir", "WARC.Dir", "", "crawler/run.go"},
		{"warc.prefix", "WARC.Prefix", stages.Write, "crawler/run.go"},
		{"warc.max_size", "WARC.MaxSize", stages.Write, "crawler/run.go"},
		{"warc.version", "WARC.Version", "", "crawler/job/fields.go"},
		{"warc.digest", "WARC.Digest", stages.Dedup, "crawler/records.go"},
		{"warc.operator", "WARC.Operator", stages.Write, "crawler/run.go"},
		{"warc.gzip_level", "WARC.GzipLevel", stages.Write, "crawler/run.go"},
		{"warc.upload", "WARC.Upload", stages.Write, "crawler/run.go"},
		{"store", "Store", "", "cmd/sharc/crawl.go"},
		{"scheduler.strategy", "Scheduler.Strategy", stages.Prerequisites, "crawler/run.go"},
		{"scheduler.tau", "Scheduler.Tau", stages.Prerequisites, "crawler/run.go"},
		{"capture.mode", "Capture.Mode", stages.Write, "crawler/chain.go"},
		{"capture.estimated_size", "Capture.EstimatedSize", stages.Prerequisites, "crawler/run.go"},
		{"capture.similarity", "Capture.Similarity", "", "crawler/report/build.go"},
		{"capture.change_signal", "Capture.ChangeSignal", stages.Prerequisites, "crawler/sitemaps.go"},
		// Read by the cycle's policy driver beside the workers (refresh.go).
		{"refresh.budget", "Refresh.Budget", "", "crawler/refresh.go"},
		{"refresh.policy", "Refresh.Policy", "", "crawler/refresh.go"},
		{"refresh.seed", "Refresh.Seed", "", "crawler/refresh.go"},
		{"refresh.record_graph", "Refresh.RecordGraph", stages.Extract, "crawler/refresh.go"},
		{"capture.revisit_request", "Capture.RevisitRequest", stages.FetchHTTP, "crawler/stage_fetch.go"},
	}
	rows = append(rows, browserFieldReaders()...)
	return append(rows, []FieldReader{
		{"change_rates", "ChangeRates", stages.Prerequisites, "crawler/run.go"},
		{"default_rate", "DefaultRate", stages.Prerequisites, "crawler/run.go"},
		{"rates_model", "RatesModel", stages.Prerequisites, "crawler/run.go"},
		{"resolve", "Resolve", stages.FetchHTTP, "crawler/run.go"},
		{"auth", "Auth", stages.FetchHTTP, "crawler/login.go"}, {"cookies", "Cookies", stages.FetchHTTP, "crawler/login.go"},
		{"schedule", "Schedule", "", "daemon/schedule.go"},
		{"politeness.hosts.HOST.parallel", "Politeness.Hosts.Parallel", stages.Schedule, "crawler/run.go"},
		{"politeness.hosts.HOST.delay", "Politeness.Hosts.Delay", stages.Schedule, "crawler/run.go"},
	}...)
}

// browserFieldReaders are capture.browser's rows, in FieldReaders' order
// (apart so FieldReaders stays a readable length).
func browserFieldReaders() []FieldReader {
	return []FieldReader{
		{"capture.browser.match", "Capture.Browser.Match", stages.Browser, "crawler/browser.go"},
		{"capture.browser.wait", "Capture.Browser.Wait", stages.Browser, "crawler/browser.go"},
		{"capture.browser.scroll", "Capture.Browser.Scroll", stages.Browser, "crawler/browser.go"},
		{"capture.browser.screenshot", "Capture.Browser.Screenshot", stages.Browser, "crawler/browser.go"},
		{"capture.browser.tabs", "Capture.Browser.Tabs", stages.Browser, "crawler/browser.go"},
		{"capture.browser.page_timeout", "Capture.Browser.PageTimeout", stages.Browser, "crawler/browser.go"},
		{"capture.browser.max_page_bytes", "Capture.Browser.MaxPageBytes", stages.Browser, "crawler/browser.go"},
		{"capture.browser.behaviors", "Capture.Browser.Behaviors", stages.Browser, "crawler/browser.go"},
		{"capture.browser.behavior_timeout", "Capture.Browser.BehaviorTimeout", stages.Browser, "crawler/browser.go"},
	}
}
