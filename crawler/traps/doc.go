// Package traps recognises crawler traps and bombs in discovered URLs: the
// endless URL spaces a site (by mistake or on purpose) generates faster
// than any crawl can finish them — paths that loop (/a/b/a/b/…), URLs too
// long or too deep to be real, query strings that multiply (faceted
// search, session parameters), and calendars that link to the next month
// forever.
//
// A Checker applies the Limits; each refusal names its Reason, which the
// crawler writes to crawl.log as the annotation of Heritrix's -4000
// ("deemed chaff") line. A zero limit switches its check off.
//
// Concurrency: a Checker is safe for concurrent use. Check is pure; Admit
// keeps one counter per host and path that has a query string, so its
// memory grows with the distinct such paths admitted, which the crawl's
// per-host URL quota bounds.
package traps
