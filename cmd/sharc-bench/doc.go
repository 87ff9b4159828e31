// Command sharc-bench holds the parts of `make bench-crawl`
// (scripts/bench-crawl.sh) and `make bench-cores` (scripts/bench-cores.sh)
// that are easier to get right in Go than in a shell: the two ceilings
// SHARC is compared with, the rewrite that spreads a documentation tree
// over many hosts, the test site served on many hosts, and the URL sets
// of each tool's capture. It is a benchmark tool, not part of the crawler; it only ever
// talks to the loopback addresses it is given.
//
//	sharc-bench fetch  -urls FILE [-workers N] [-warc DIR]  # ceilings (d) and (e)
//	sharc-bench spread -src DIR -dst DIR -port P [-hosts 50] # one site over 127.0.0.1..N
//	sharc-bench sites  -port P [-hosts 1] [-pages N]         # the test site on 127.0.0.1..N
//	sharc-bench urls   -crawllog FILE | -wgetlog FILE       # 2xx URLs, sorted, one per line
//
// Concurrency: each subcommand runs on main's goroutine; fetch runs its
// -workers fetchers in goroutines of its own and waits for them; sites
// serves each host in a goroutine of its own until interrupted.
package main
