package crawler

import (
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
)

// candidateStage is one step of the candidate chain every discovered URL
// not yet known goes through before it is queued (admit). It keeps u, or
// drops it with a crawl.log line (d) or silently (d nil). Stages run
// concurrently on several workers' URLs; the state they read (scope,
// traps) guards itself.
type candidateStage interface {
	name() string
	admit(c *Crawler, u frontier.URL) (keep bool, d *drop)
}

// assembleCandidates builds the job's candidate chain, in order: the one
// place candidate stages are registered. Canonicalisation comes before it
// (canonicalizeStage: a malformed reference never becomes a URL) and the
// quotas after it (quotasStage: the frontier numbers the URL or refuses
// it); listCandidates lists all six.
//
// block runs after scope, so that only URLs the capture would have
// fetched are logged as blocked; with no fetch.block rule it keeps all.
func assembleCandidates(*job.Job) []candidateStage {
	return []candidateStage{hopsStage{}, scopeStage{}, blockStage{}, trapsStage{}}
}

// named is anything listed as a stage: it answers to a name in package
// stages, which describes it.
type named interface{ name() string }

var (
	_ named = canonicalizeStage{}
	_ named = quotasStage{}
)

// listCandidates is the job's whole candidate chain in the order a URL
// meets it: canonicalisation, the assembled stages, the quotas.
func listCandidates(j *job.Job) []named {
	out := []named{canonicalizeStage{}}
	for _, s := range assembleCandidates(j) {
		out = append(out, s)
	}
	return append(out, quotasStage{})
}

// describe is the stage s from package stages, or a placeholder for a
// stage not listed there.
func describe(s named, ch stages.Chain) stages.Stage {
	if info, ok := stages.Lookup(s.name()); ok {
		return info
	}
	return stages.Stage{Name: s.name(), Chain: ch, Does: "(not listed in package stages)"}
}
