package crawler

import (
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
)

// candidateStage is one step of the candidate chain every discovered URL
// not yet known goes through before it is queued (admit). It keeps u, or
// drops it with a crawl.log line (d) or silently (d nil). Stages run
// concurrently on several workers' URLs; the state they hold (scope,
// traps) guards itself, and wireCandidates gives it them.
type candidateStage interface {
	name() string
	admit(u frontier.URL) (keep bool, d *drop)
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

// wireCandidates gives each stage of the candidate chain the parts of
// c's run it uses, once Run has made them (setUpState).
func (c *Crawler) wireCandidates() []candidateStage {
	out := make([]candidateStage, len(c.candidates))
	for i, s := range c.candidates {
		switch s.(type) {
		case hopsStage:
			s = hopsStage{scope: c.scope, maxRedirects: c.job.Fetch.MaxRedirects}
		case scopeStage:
			s = scopeStage{scope: c.scope, maxRedirects: c.job.Fetch.MaxRedirects}
		case blockStage:
			s = blockStage{rules: c.job.Fetch.Block}
		case trapsStage:
			s = trapsStage{traps: c.traps}
		}
		out[i] = s
	}
	return out
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

// admit splits candidates discovered on t's page into those to queue and
// those dropped by the candidate chain (assembleCandidates): past the hop
// or redirect limits, out of the job's scope (silently, as Heritrix does:
// scope is the operator's choice, not a loss), or refused by a trap check
// (each with a crawl.log line). A URL the frontier knows already is kept:
// it was admitted by a path within the limits.
func (c *Crawler) admit(cands []frontier.URL) (keep []frontier.URL, drops []drop) {
	keep = cands[:0]
next:
	for _, u := range cands {
		if c.frontier.Seen(u.SURT) {
			keep = append(keep, u)
			continue
		}
		for _, s := range c.admitters {
			if ok, d := s.admit(u); !ok {
				if d != nil {
					drops = append(drops, *d)
				}
				continue next
			}
		}
		keep = append(keep, u)
	}
	return keep, drops
}
