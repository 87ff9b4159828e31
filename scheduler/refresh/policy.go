package refresh

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Policy spends one cycle's budget. Run fetches through the ledger only;
// it may read the ledger's history (earlier cycles and this one so far).
type Policy interface {
	Name() string
	Run(l *Ledger)
}

// Diagnoser is implemented by policies whose internal state is worth
// reporting beside the metrics (e.g. how many pages have related pages).
type Diagnoser interface {
	Diagnosis() string
}

// Kind is a refresh policy family.
type Kind uint8

const (
	// RoundRobin walks a fixed cyclic order of all pages.
	RoundRobin Kind = iota + 1
	// Random fetches a uniform sample of pages.
	Random
	// SiteSampling is Cho & Ntoulas' greedy site-level sampling: √(N·r)
	// samples per site, then whole sites by estimated change fraction.
	SiteSampling
	// NeighbourhoodSampling is Tan et al. 2007: uniform page samples; a
	// sample that fires (probability φ) pulls in its distance-d
	// neighbourhood (link, directory or cluster distance).
	NeighbourhoodSampling
	// CategorySampling is Taleghani & Ugur-Ozekinci: √(N·r) samples per
	// (overlapping) category, reusing samples across categories, then
	// whole categories greedily.
	CategorySampling
	// ClusterSampling is Tan & Mitra 2010 (CLS): centroid-outward samples
	// per feature cluster until the t-test says the mean is valid, cluster
	// score = mean φ of the samples under a history weighting, then whole
	// clusters greedily.
	ClusterSampling
	// Predicted ranks pages by their own predicted probability of having
	// changed since the last fetch, optionally revised by related pages'
	// observations (Radinsky & Bennett 2013, adapted). The page's own
	// model is their 1-D baseline (a change count rate), not their 2-D
	// content model, so with related pages it is not their 3-D model.
	Predicted
	// Content2D is Radinsky & Bennett's 2-D model, adapted: the page's own
	// change rate plus how much its content changed at its last two
	// fetches (§4.2), learnt online; with related pages it is their 3-D
	// model (2-D plus relatedness experts, §5).
	Content2D
)

var kindNames = map[Kind]string{
	RoundRobin: "round-robin", Random: "random", SiteSampling: "site-sampling",
	NeighbourhoodSampling: "neighbourhood", CategorySampling: "category-sampling",
	ClusterSampling: "cluster-sampling", Predicted: "predicted", Content2D: "content-2d",
}

// String names the kind.
func (k Kind) String() string {
	if s, ok := kindNames[k]; ok {
		return s
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Distance is the neighbourhood distance of NeighbourhoodSampling.
type Distance uint8

const (
	// DirDist is the directory distance dDB (Eq. 2).
	DirDist Distance = iota + 1
	// LinkDist is the link distance dLB (Eq. 1).
	LinkDist
	// ClusterDist is the cluster-rank distance dCB.
	ClusterDist
)

var distNames = map[Distance]string{DirDist: "dir", LinkDist: "link", ClusterDist: "cluster"}

// PhiRule is the download probability of a neighbourhood sample.
type PhiRule uint8

const (
	// PhiChange: 1 if the sample changed, else 0 (Eq. 3).
	PhiChange PhiRule = iota
	// PhiHA: 1 − e^(−λ), λ the sample's mean change indicator (Eq. 5–6).
	PhiHA
	// PhiWHA: as PhiHA with arithmetic weights (Eq. 8).
	PhiWHA
	// PhiPageRank: (PR+1)/11 on the 0–10 toolbar scale (PRA).
	PhiPageRank
)

var phiNames = map[PhiRule]string{PhiChange: "change", PhiHA: "ha", PhiWHA: "wha", PhiPageRank: "pra"}

// Spec selects and parameterises one policy. Its Name round-trips through
// ParseSpec.
type Spec struct {
	Kind Kind
	// Neighbourhood: distance, granularity d and download probability.
	Distance Distance
	D        int
	Phi      PhiRule
	// ClusterSampling: history weighting of the sample scores.
	Weighting Weighting
	// Predicted, Content2D: revise by related pages (temporal co-change).
	Related bool
	// Samples overrides the per-group sample size of the group samplers
	// (0: √(N·r)).
	Samples int
}

// Name is the spec's canonical name, e.g. "neighbourhood-dir(1)",
// "neighbourhood-dir(1)/wha", "cluster-sampling/aad", "predicted+related".
func (s Spec) Name() string {
	name := s.Kind.String()
	switch s.Kind {
	case NeighbourhoodSampling:
		name += fmt.Sprintf("-%s(%d)", distNames[s.Distance], s.D)
		if s.Phi != PhiChange {
			name += "/" + phiNames[s.Phi]
		}
	case ClusterSampling:
		name += "/" + s.Weighting.String()
	case Predicted, Content2D:
		if s.Related {
			name += "+related"
		}
	}
	if s.Samples > 0 {
		name += fmt.Sprintf("[s=%d]", s.Samples)
	}
	return name
}

// ParseSpec parses a Name.
func ParseSpec(name string) (Spec, error) {
	var s Spec
	rest := name
	if i := strings.Index(rest, "[s="); i >= 0 && strings.HasSuffix(rest, "]") {
		n, err := strconv.Atoi(rest[i+3 : len(rest)-1])
		if err != nil || n <= 0 {
			return s, fmt.Errorf("refresh: bad sample size in %q", name)
		}
		s.Samples, rest = n, rest[:i]
	}
	head, mod, _ := strings.Cut(rest, "/")
	if h, ok := strings.CutSuffix(head, "+related"); ok {
		head, s.Related = h, true
	}
	for k, kn := range kindNames {
		if head == kn || strings.HasPrefix(head, kn+"-") && k == NeighbourhoodSampling {
			s.Kind = k
		}
	}
	var err error
	switch s.Kind {
	case NeighbourhoodSampling:
		err = parseNeighbourhood(&s, strings.TrimPrefix(head, "neighbourhood-"), mod)
	case ClusterSampling:
		err = parseWeighting(&s, mod)
	case 0:
		err = fmt.Errorf("refresh: unknown policy %q", name)
	default:
		if mod != "" {
			err = fmt.Errorf("refresh: policy %q takes no /%s", head, mod)
		}
	}
	if err == nil && s.Related && s.Kind != Predicted && s.Kind != Content2D {
		err = fmt.Errorf("refresh: +related applies to predicted and content-2d only, not %q", name)
	}
	if err == nil && s.Name() != name {
		err = fmt.Errorf("refresh: unknown policy %q (did you mean %q?)", name, s.Name())
	}
	return s, err
}

func parseNeighbourhood(s *Spec, dist, mod string) error {
	open, close := strings.Index(dist, "("), strings.LastIndex(dist, ")")
	if open < 0 || close != len(dist)-1 {
		return fmt.Errorf("refresh: neighbourhood needs -DIST(d), got %q", dist)
	}
	d, err := strconv.Atoi(dist[open+1 : close])
	if err != nil {
		return fmt.Errorf("refresh: neighbourhood granularity: %w", err)
	}
	s.D = d
	for k, n := range distNames {
		if n == dist[:open] {
			s.Distance = k
		}
	}
	if s.Distance == 0 {
		return fmt.Errorf("refresh: unknown distance %q (dir, link, cluster)", dist[:open])
	}
	if mod == "" {
		return nil
	}
	for k, n := range phiNames {
		if n == mod {
			s.Phi = k
			return nil
		}
	}
	return fmt.Errorf("refresh: unknown download probability %q (ha, wha, pra)", mod)
}

func parseWeighting(s *Spec, mod string) error {
	for _, w := range []Weighting{NAD, SAD, AAD, GAD} {
		if w.String() == mod {
			s.Weighting = w
			return nil
		}
	}
	return fmt.Errorf("refresh: cluster-sampling needs /nad, /sad, /aad or /gad, got %q", mod)
}

// Env is what the policies share about one repository, computed once:
// clusters, PageRank, categories.
type Env struct {
	Repo     *Repo
	Clusters *Clusters
	Toolbar  []int // PageRank on the 0–10 scale
	Cats     GroupList
	// HistoryMode is how history-based φ read the history.
	HistoryMode HistoryMode
	// DirMode signs the directory distance.
	DirMode DirMode
	// SampleRound is how many samples the neighbourhood policy fetches in
	// one round before choosing neighbourhoods from their outcomes; 0 or 1
	// is the papers' one sample at a time. A live crawler, where a round
	// costs a pass through its pipeline, may take several.
	SampleRound int
}

// NewEnv clusters r into k feature clusters and computes its PageRank.
func NewEnv(r *Repo, k int, seed uint64) *Env {
	return &Env{Repo: r, Clusters: NewClusters(r, k, seed), Toolbar: ToolbarScale(PageRank(r, 40)),
		Cats: CategoryGroups(r)}
}

// New builds the policy of spec s over env; seed makes it reproducible.
func New(env *Env, s Spec, seed uint64) (Policy, error) {
	rng := rand.New(rand.NewPCG(seed, uint64(s.Kind)))
	r := env.Repo
	switch s.Kind {
	case RoundRobin:
		return &roundRobin{n: r.Len()}, nil
	case Random:
		return &random{n: r.Len(), rng: rng}, nil
	case SiteSampling:
		return &groupSampling{name: s.Name(), groups: SiteGroups(r), n: r.Len(), sampler: UniformSampler{}, samples: s.Samples, rng: rng}, nil
	case CategorySampling:
		return &groupSampling{name: s.Name(), groups: env.Cats, n: r.Len(), sampler: UniformSampler{}, samples: s.Samples, rng: rng}, nil
	case NeighbourhoodSampling:
		return newNeighbourhood(env, s, rng)
	case ClusterSampling:
		return newClusterSampling(env, s, rng), nil
	case Predicted, Content2D:
		return newPredicted(env, s), nil
	}
	return nil, fmt.Errorf("refresh: unknown policy kind %v", s.Kind)
}
