// Package quality computes the quality measures of site captures from
// Denev 2012: the stochastic (expected) blur of a capture from predicted
// change rates (§4.2, §4.3.3) and the actual blur from an observed change
// history (§4.5.2). Times and rates share one time unit (the politeness
// delay Δ in the simulator, seconds in the live crawler); rates are changes
// per time unit.
//
// Concurrency: the functions are pure and may run in parallel.
package quality
