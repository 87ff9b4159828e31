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
// HTML is tokenized, not parsed into a tree: a page held whole (up to
// MaxDOMBytes) by tdewolff/parse's lexer, three times as fast as
// x/net/html's tokenizer, for as long as every token is one the two read
// alike; anything else (and every larger page, streamed) goes to
// x/net/html's tokenizer, which follows HTML5's error recovery.
// FuzzLexMatchesTokenizer checks the two agree wherever the lexer is used.
//
// Concurrency: the functions keep no state and may run in parallel on
// different documents.
package extract
