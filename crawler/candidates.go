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
// (extract: a malformed reference never becomes a URL) and the host quota
// after it (commit: the frontier numbers the URL or refuses it).
//
// block runs after scope, so that only URLs the capture would have
// fetched are logged as blocked; with no fetch.block rule it keeps all.
func assembleCandidates(*job.Job) []candidateStage {
	return []candidateStage{hopsStage{}, scopeStage{}, blockStage{}, trapsStage{}}
}

// explainCandidates is the candidate chain as package stages lists it,
// with the steps before and after the assembled stages.
func explainCandidates(j *job.Job) []stages.Stage {
	names := []string{stages.Canonicalize}
	for _, s := range assembleCandidates(j) {
		names = append(names, s.name())
	}
	names = append(names, stages.Quotas)
	out := make([]stages.Stage, 0, len(names))
	for _, n := range names {
		out = append(out, describe(n, stages.Candidate))
	}
	return out
}

// describe is the stage named n from package stages, or a placeholder for
// a stage not listed there.
func describe(n string, ch stages.Chain) stages.Stage {
	if info, ok := stages.Lookup(n); ok {
		return info
	}
	return stages.Stage{Name: n, Chain: ch, Does: "(not listed in package stages)"}
}
