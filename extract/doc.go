// Package extract finds the outgoing links of fetched documents (HTML,
// CSS, XML sitemaps and sitemap indexes, plain-text sitemaps) and the
// visible text of HTML pages, which the change detector compares with
// shingles (thesis §8.2).
//
// Every link is canonicalised with urlcanon, so only http(s) links come
// out; javascript:, mailto:, data: and the like are dropped. The work done
// on one document is capped (MaxLinks, MaxTextBytes, MaxBodyBytes), and
// hostile input never makes Extract panic (fuzzed).
//
// Concurrency: the functions keep no state and may run in parallel on
// different documents.
package extract
