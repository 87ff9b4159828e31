// Package heritrix writes a capture's reports in Heritrix 3's formats
// (org.archive.crawler.reporting: CrawlSummaryReport, SeedsReport,
// HostsReport, MimetypesReport, ResponseCodeReport, ProcessorsReport), so
// the files an operator's Heritrix tooling reads come out of a SHARC
// capture too: crawl-report.txt, seeds-report.txt, hosts-report.txt,
// mimetype-report.txt, responsecode-report.txt and processors-report.txt.
//
// The figures come from the capture's crawl.log (package crawllog), read
// line by line: a Tally keeps one counter set per host, MIME type, status
// code and seed, never one per URL, so a capture of 10^6 URLs is reported
// in memory proportional to its hosts. docs/job-folder.md lists where the
// counts differ from Heritrix's and why.
//
// Concurrency: a Tally is not safe for concurrent use; feed it from one
// goroutine, then write the reports.
package heritrix
