// Package refreshsim evaluates the refresh policies of package refresh on
// a simulated repository (issue 16): sites with directory trees and link
// graphs, pages whose Poisson change rates follow their directory's rate
// class and their own feature class, and optionally directory-wide
// co-change events, with the share of content each change rewrites (for
// the 2-D content model). Every policy runs on the same change history with the
// same budget; the results are the per-cycle metrics of refresh, averaged.
// Seeds repeats an experiment over several seeds and reports means with
// 95% confidence intervals, paired t-tests against the baselines and a
// verdict on each of the papers' headline claims.
//
// The package is pure computation, deterministic for a seed. Concurrency:
// a World is immutable after Generate and may be shared by concurrent
// Runs; one Experiment runs sequentially, and Seeds runs its seeds'
// experiments at once, at most one per CPU.
package refreshsim
