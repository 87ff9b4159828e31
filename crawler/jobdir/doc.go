// Package jobdir lays out a capture's folder the way Heritrix lays out a
// job launch, so one directory holds everything a capture produced:
//
//	ROOT/                      the job folder: the job's warc.dir
//	  sharc.db                 the default SQLite store (all captures)
//	  20261124193000-7/        one folder per capture: start time (UTC) and capture ID
//	    job.yaml               the job as the capture ran it
//	    warcs/                 the WARC files
//	    logs/crawl.log         Heritrix's crawl.log (crawl-NODE.log per cluster node)
//	    reports/               Heritrix's reports and the SHARC quality report
//
// A capture started before capture folders existed has its WARC files
// in ROOT; Migrate moves it into its folder once, when its owner opens
// it again (a resume, a report built on demand), and WARCDir finds a
// stopped one never opened since where it lies.
//
// Concurrency: the functions touch only the paths they are given; two
// processes may Create the same folder at once (cluster nodes sharing a
// capture): directories are made idempotently and job.yaml is replaced
// atomically. WriteReports must not run while the capture is crawling,
// nor Migrate while anything writes the capture's files.
package jobdir
