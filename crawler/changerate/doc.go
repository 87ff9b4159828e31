// Package changerate answers a page's change rate λ (changes per hour) for
// the scheduler, from the sources of the thesis' chapter 6 (Denev 2012):
// sitemaps (Def. 6.1), the page's own capture history (§6.2, estimated by an
// interval-censored Poisson maximum likelihood), classifiers trained on pages
// with history (§6.3), and a configured default. Sources are composed in a
// Cascade that tries them in a configured order and reports which answered.
// A page's history is read from the store's records by Observations, the one
// definition of "changed" shared by the crawler's history source and by
// `sharc rates train|evaluate` (StoreHistory), so models learn the signal
// the crawler uses.
//
// Concurrency: estimators and trained classifiers are read-only once
// built; a Cascade is safe for concurrent use if its sources are (the
// crawler's workers share one). Fitting and evaluation run on the caller's
// goroutine.
package changerate
