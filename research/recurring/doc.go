// Package recurring runs the recurring-capture experiment of issue 31
// (`sharc experiment recurring`): N captures, one after another, of one
// evolving test site (testsite, whose change process runs on across the
// captures) into one store per arm, so that the history the crawler learns
// rates from carries over. An arm is a rate source (the site's true rates,
// history MLE, the history→sitemap→default cascade, a predictor trained on
// the store's history, the sitemap, the default, and the pooled
// sitemap→group→page prior of changerate.Pooled) crossed with a strategy.
// Each capture is scored by the site's true change log: incoherence
// (pages that changed between their visit and revisit, thesis Def. 5.5)
// for visit-revisit strategies, actual average blur (Eq. 4.19) for
// single-visit ones. Site seeds are independent replications; arms of one
// seed see the same change process, so comparisons are paired by seed.
//
// This is research code: it drives the product (crawler, store) from the
// outside and is imported only by the command.
//
// Concurrency: Run runs up to Config.Parallel arms at once, each on its own
// goroutine with its own site, listener, store and output folder; the
// captures of one arm run in order. Progress is reported from those
// goroutines, serialised by Run. Summarise is pure.
package recurring
