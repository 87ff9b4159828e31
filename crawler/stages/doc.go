// Package stages names the crawler's stages: the one table of each
// stage's name, chain, description and report counters, which the
// crawler's chain is checked against, crawler.Explain (sharc crawl
// --explain) describes stages by and heritrix's processors-report.txt
// lists and counts by. It has no behaviour and imports nothing, so any
// package may read it. It holds no mutable state; All returns a fresh
// slice on each call and is safe for concurrent use.
package stages
