package changerate

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
)

// Bins discretise change rates into classes by equal-frequency binning
// (§6.3): bin i holds the rates in (Edges[i-1], Edges[i]], the last bin
// everything above the last edge.
type Bins struct {
	// Edges are the inclusive upper bounds of every bin but the last.
	Edges []float64
	// Reps is each bin's representative rate: the median of its training
	// rates. A prediction of bin i answers Reps[i].
	Reps []float64
}

// EqualFrequencyBins cuts rates into at most k bins holding (nearly) the
// same number of rates. Equal rates never straddle a cut, so heavily tied
// data (many pages that never changed) yield fewer than k bins.
func EqualFrequencyBins(rates []float64, k int) (Bins, error) {
	if k < 1 {
		return Bins{}, fmt.Errorf("bins: need at least one bin, got %d", k)
	}
	if len(rates) == 0 {
		return Bins{}, fmt.Errorf("bins: no rates")
	}
	s := append([]float64(nil), rates...)
	for _, r := range s {
		if math.IsNaN(r) {
			return Bins{}, fmt.Errorf("bins: NaN rate")
		}
	}
	sort.Float64s(s)
	var b Bins
	for q := 1; q < k; q++ {
		pos := int(math.Round(float64(q) * float64(len(s)) / float64(k)))
		if pos < 1 || pos >= len(s) {
			continue
		}
		edge := s[pos-1]
		if edge >= s[len(s)-1] {
			break // would leave the top bin empty
		}
		if len(b.Edges) == 0 || edge > b.Edges[len(b.Edges)-1] {
			b.Edges = append(b.Edges, edge)
		}
	}
	members := make([][]float64, len(b.Edges)+1)
	for _, r := range s {
		i := b.Index(r)
		members[i] = append(members[i], r)
	}
	for _, m := range members {
		b.Reps = append(b.Reps, m[len(m)/2]) // sorted already; upper median
	}
	return b, nil
}

// Index returns the bin of a rate.
func (b Bins) Index(rate float64) int {
	return sort.Search(len(b.Edges), func(i int) bool { return rate <= b.Edges[i] })
}

// Len is the number of bins.
func (b Bins) Len() int { return len(b.Reps) }

// Example is a page with a known change rate, for training and evaluation.
type Example struct {
	Page PageInfo
	// Lambda is the page's rate label in changes per hour (from its history
	// by CensoredMLE, or the true rate when known).
	Lambda float64
}

// Algorithm names for PredictorOptions.
const (
	AlgC45   = "c45"
	AlgBayes = "bayes"
	// AlgGLM is the complementary log-log GLM (glm.go): it learns λ from
	// the training pages' observed intervals directly, not from bins.
	AlgGLM = "glm"
)

// PredictorOptions configure Train.
type PredictorOptions struct {
	// Algorithm is AlgC45 (default, as the thesis' main experiments) or
	// AlgBayes.
	Algorithm string
	// Offline adds the offline features (§6.3) to the online ones.
	Offline bool
	// Bins is the number of equal-frequency bins; 0 means 10.
	Bins int
	// Tree configures C4.5.
	Tree C45
	// Bayes configures Naive Bayes; nil means Laplace smoothing (Alpha 1).
	Bayes *NaiveBayes
	// Output chooses the rate Rate answers: OutputBin (default, §6.3: the
	// representative rate of the most probable bin) or OutputMixture.
	Output string
}

// Predictor outputs.
const (
	// OutputBin answers the representative rate of the most probable bin.
	OutputBin = "bin"
	// OutputMixture answers the single rate whose probability of no change
	// over the reference interval (the median training interval) equals
	// that of the classifier's mixture over all bins:
	// λ = −log(Σ_b P(b|x)·e^{−r_b·Δref}) / Δref. It hedges where the
	// classifier is unsure instead of betting on one bin.
	OutputMixture = "mixture"
)

// Predictor predicts a page's change-rate bin from its features and answers
// the bin's representative rate (§6.3). It implements Source.
type Predictor struct {
	opts  PredictorOptions
	enc   *encoder
	bins  Bins
	model Classifier
	n     int
	// refHours is the reference interval Δref of OutputMixture.
	refHours float64
	// glm replaces model for AlgGLM.
	glm *glmModel
}

func (o PredictorOptions) learner() (Learner, error) {
	if o.Output != "" && o.Output != OutputBin && o.Output != OutputMixture {
		return nil, fmt.Errorf("predictor: unknown output %q (valid: %s, %s)", o.Output, OutputBin, OutputMixture)
	}
	switch o.Algorithm {
	case "", AlgC45:
		return o.Tree, nil
	case AlgBayes:
		if o.Bayes != nil {
			return *o.Bayes, nil
		}
		return NaiveBayes{Alpha: 1}, nil
	case AlgGLM:
		return nil, nil
	}
	return nil, fmt.Errorf("predictor: unknown algorithm %q (valid: %s, %s, %s)", o.Algorithm, AlgC45, AlgBayes, AlgGLM)
}

// Train fits a predictor on examples: rates are binned, the pages encoded
// and the classifier fitted.
func Train(ctx context.Context, examples []Example, opts PredictorOptions) (*Predictor, error) {
	if len(examples) == 0 {
		return nil, fmt.Errorf("predictor: no training examples")
	}
	bins, err := opts.binsFor(examples)
	if err != nil {
		return nil, fmt.Errorf("predictor: %w", err)
	}
	return trainWithBins(ctx, examples, opts, bins)
}

// binsFor divides the examples' rates into o.Bins equal-frequency bins
// (0 means 10). Train bins its training set and CrossValidate the whole
// data set (the thesis discretises before classifying) by this one rule,
// so a Bins setting means the same to both.
func (o PredictorOptions) binsFor(examples []Example) (Bins, error) {
	k := o.Bins
	if k == 0 {
		k = 10
	}
	rates := make([]float64, len(examples))
	for i, e := range examples {
		rates[i] = e.Lambda
	}
	return EqualFrequencyBins(rates, k)
}

func trainWithBins(ctx context.Context, examples []Example, opts PredictorOptions, bins Bins) (*Predictor, error) {
	l, err := opts.learner()
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	pages := make([]PageInfo, len(examples))
	for i, e := range examples {
		pages[i] = e.Page
	}
	enc := newEncoder(pages, opts.Offline)
	d := &Dataset{Attrs: enc.attrs, X: make([][]float64, len(examples)), Y: make([]int, len(examples))}
	for i := range bins.Reps {
		d.Classes = append(d.Classes, fmt.Sprintf("bin%d", i))
	}
	for i, e := range examples {
		d.X[i] = enc.row(e.Page)
		d.Y[i] = bins.Index(e.Lambda)
	}
	pr := &Predictor{opts: opts, enc: enc, bins: bins, n: len(examples), refHours: referenceHours(examples, bins)}
	if l == nil { // AlgGLM
		if err := d.Validate(); err != nil {
			return nil, fmt.Errorf("predictor: %w", err)
		}
		hist := make([][]Observation, len(examples))
		for i, e := range examples {
			hist[i] = e.Page.History
		}
		if pr.glm, err = fitGLM(ctx, d, hist); err != nil {
			return nil, fmt.Errorf("predictor: %w", err)
		}
		return pr, nil
	}
	if pr.model, err = l.Fit(d); err != nil {
		return nil, fmt.Errorf("predictor: %w", err)
	}
	return pr, nil
}

// referenceHours is the median observation interval of the training pages,
// or, without histories, the mean time between changes at the median bin
// rate (a week if even that is zero).
func referenceHours(examples []Example, bins Bins) float64 {
	var iv []float64
	for _, e := range examples {
		for _, o := range e.Page.History {
			if o.Interval > 0 {
				iv = append(iv, o.Interval.Hours())
			}
		}
	}
	if len(iv) > 0 {
		sort.Float64s(iv)
		return iv[len(iv)/2]
	}
	if r := bins.Reps[len(bins.Reps)/2]; r > 0 {
		return 1 / r
	}
	return 7 * 24
}

// Bins returns the predictor's rate bins.
func (p *Predictor) Bins() Bins { return p.bins }

// Model returns the fitted classifier (a *Tree for C4.5; nil for AlgGLM).
func (p *Predictor) Model() Classifier { return p.model }

// Predict returns the predicted bin, its probability and its
// representative rate (changes per hour).
func (p *Predictor) Predict(page PageInfo) (bin int, prob, lambda float64) {
	if p.glm != nil {
		l := p.glm.rate(p.enc.row(page))
		return p.bins.Index(l), 1, l
	}
	dist := p.model.Distribution(p.enc.row(page))
	bin = argmax(dist)
	return bin, dist[bin], p.bins.Reps[bin]
}

// PredictMixture returns the OutputMixture rate (changes per hour).
func (p *Predictor) PredictMixture(page PageInfo) float64 {
	if p.glm != nil {
		return p.glm.rate(p.enc.row(page)) // already a calibrated rate
	}
	return p.mixture(p.model.Distribution(p.enc.row(page)))
}

func (p *Predictor) mixture(dist []float64) float64 {
	var s float64
	for b, q := range dist {
		s += q * math.Exp(-p.bins.Reps[b]*p.refHours)
	}
	if s <= 0 {
		return p.bins.Reps[len(p.bins.Reps)-1]
	}
	return math.Max(0, -math.Log(s)/p.refHours)
}

// Rate implements Source. Evidence is the probability of the most probable
// bin (1 for AlgGLM, which has no bins).
func (p *Predictor) Rate(_ context.Context, page PageInfo) (Estimate, bool) {
	if p.glm != nil {
		return Estimate{Lambda: p.glm.rate(p.enc.row(page)), Evidence: 1, Source: SourcePredictor}, true
	}
	dist := p.model.Distribution(p.enc.row(page))
	bin := argmax(dist)
	l := p.bins.Reps[bin]
	if p.opts.Output == OutputMixture {
		l = p.mixture(dist)
	}
	return Estimate{Lambda: l, Evidence: dist[bin], Source: SourcePredictor}, true
}

// BinReport is one bin's line of a CVReport.
type BinReport struct {
	// Lo and Hi bound the bin's rates (changes per hour): (Lo, Hi].
	Lo, Hi float64
	// Rep is the bin's representative rate.
	Rep float64
	// Actual counts the test pages whose label falls in the bin,
	// Predicted the pages predicted in it, Correct both.
	Actual, Predicted, Correct int
	// Precision is Correct/Predicted (NaN when nothing was predicted),
	// Recall Correct/Actual.
	Precision, Recall float64
}

// CVReport is the result of CrossValidate.
type CVReport struct {
	Algorithm string
	Offline   bool
	Folds     int
	Pages     int
	Bins      []BinReport
	// Precision is the fraction of test pages put in their label's bin,
	// averaged over the folds: the thesis' "classification precision"
	// (Tables 6.3–6.4).
	Precision float64
	// WithinOne is the fraction of test pages put in their label's bin or
	// an adjacent one (the thesis notes mispredictions are mostly adjacent).
	WithinOne float64
	// Intervals is the number of observed intervals of the test pages.
	Intervals int
	// LogLoss is the mean negative log-likelihood of the test pages'
	// observed intervals (changed or not) under the predicted rate:
	// −mean[y log P + (1−y) log(1−P)], P = 1 − e^{−λ̂Δ}, clipped to [1e-6, 1−1e-6].
	LogLoss float64
	// LogLossMixture is LogLoss for the OutputMixture rate.
	LogLossMixture float64
	// LogLossPooled is the same for one rate for every page, the censored
	// MLE of all training intervals: the no-features baseline a predictor
	// must beat.
	LogLossPooled float64
	// LogLossHistory scores each page with its own history's estimate (the
	// label): an in-sample floor, not reachable without history.
	LogLossHistory float64
}

// intervalLogLoss is one interval's negative log-likelihood under lambda.
func intervalLogLoss(lambda float64, o Observation) float64 {
	p := -math.Expm1(-lambda * o.Interval.Hours())
	p = math.Min(math.Max(p, 1e-6), 1-1e-6)
	if o.Changed {
		return -math.Log(p)
	}
	return -math.Log1p(-p)
}

// LogLoss scores p on examples: the mean negative log-likelihood of
// their observed intervals under the rate p predicts for each page (the
// LogLoss of CVReport, without folds: in-sample when p was trained on
// examples), and the number of intervals scored.
func (p *Predictor) LogLoss(ctx context.Context, examples []Example) (float64, int) {
	var ll float64
	n := 0
	for _, e := range examples {
		est, _ := p.Rate(ctx, e.Page)
		for _, o := range e.Page.History {
			ll += intervalLogLoss(est.Lambda, o)
			n++
		}
	}
	return ll / float64(max(n, 1)), n
}

// CrossValidate runs k-fold stratified cross-validation (§6.4): rates are
// binned once over all examples (the thesis discretises the data set before
// classification), the pages are dealt into folds by bin after a shuffle
// with seed, and each fold is predicted by a predictor trained on the
// others.
func CrossValidate(ctx context.Context, examples []Example, opts PredictorOptions, folds int, seed uint64) (CVReport, error) {
	if folds < 2 || folds > len(examples) {
		return CVReport{}, fmt.Errorf("cross-validation: %d folds for %d examples", folds, len(examples))
	}
	bins, err := opts.binsFor(examples)
	if err != nil {
		return CVReport{}, fmt.Errorf("cross-validation: %w", err)
	}
	alg := opts.Algorithm
	if alg == "" {
		alg = AlgC45
	}
	rep := CVReport{Algorithm: alg, Offline: opts.Offline, Folds: folds, Pages: len(examples)}
	fold := stratifiedFolds(examples, bins, folds, seed)
	t := newCVTally(bins.Len())
	var precSum float64
	for f := 0; f < folds; f++ {
		train, test := splitFold(examples, fold, f)
		p, err := trainWithBins(ctx, train, opts, bins)
		if err != nil {
			return CVReport{}, fmt.Errorf("cross-validation fold %d: %w", f, err)
		}
		var pooledObs []Observation
		for _, e := range train {
			pooledObs = append(pooledObs, e.Page.History...)
		}
		pooled := CensoredMLE(pooledObs, GammaPrior{Shape: 1})
		hits := t.scoreFold(p, bins, pooled, test)
		precSum += float64(hits) / float64(len(test))
	}
	rep.Precision = precSum / float64(folds)
	rep.WithinOne = float64(t.near) / float64(len(examples))
	rep.Intervals = t.intervals
	if rep.Intervals > 0 {
		n := float64(rep.Intervals)
		rep.LogLoss, rep.LogLossMixture, rep.LogLossPooled, rep.LogLossHistory = t.ll/n, t.llMix/n, t.llPooled/n, t.llHist/n
	}
	rep.Bins = t.binReports(bins)
	return rep, nil
}

// stratifiedFolds deals the examples into folds: a shuffle with seed,
// then each bin's pages round-robin. fold[i] is example i's fold.
func stratifiedFolds(examples []Example, bins Bins, folds int, seed uint64) []int {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	order := rng.Perm(len(examples))
	sort.SliceStable(order, func(a, b int) bool {
		return bins.Index(examples[order[a]].Lambda) < bins.Index(examples[order[b]].Lambda)
	})
	fold := make([]int, len(examples))
	for pos, i := range order {
		fold[i] = pos % folds
	}
	return fold
}

// splitFold is the examples outside fold f (to train on) and in it.
func splitFold(examples []Example, fold []int, f int) (train, test []Example) {
	for i, e := range examples {
		if fold[i] == f {
			test = append(test, e)
		} else {
			train = append(train, e)
		}
	}
	return train, test
}

// cvTally sums cross-validation's counts per bin and log-losses over all
// folds.
type cvTally struct {
	actual, predicted, correct  []int
	near, intervals             int
	ll, llMix, llPooled, llHist float64
}

func newCVTally(nb int) *cvTally {
	return &cvTally{actual: make([]int, nb), predicted: make([]int, nb), correct: make([]int, nb)}
}

// scoreFold scores p's predictions for test (pooled is the fold's
// training rate, for the pooled log-loss) and returns its exact hits.
func (t *cvTally) scoreFold(p *Predictor, bins Bins, pooled float64, test []Example) int {
	hits := 0
	for _, e := range test {
		want := bins.Index(e.Lambda)
		got, _, lambda := p.Predict(e.Page)
		mix := p.PredictMixture(e.Page)
		t.actual[want]++
		t.predicted[got]++
		if got == want {
			t.correct[got]++
			hits++
		}
		if got-want <= 1 && want-got <= 1 {
			t.near++
		}
		for _, o := range e.Page.History {
			if o.Interval <= 0 {
				continue
			}
			t.intervals++
			t.ll += intervalLogLoss(lambda, o)
			t.llMix += intervalLogLoss(mix, o)
			t.llPooled += intervalLogLoss(pooled, o)
			t.llHist += intervalLogLoss(e.Lambda, o)
		}
	}
	return hits
}

// binReports is the per-bin precision and recall; NaN where a bin was
// never predicted or never the truth.
func (t *cvTally) binReports(bins Bins) []BinReport {
	var out []BinReport
	for i := 0; i < bins.Len(); i++ {
		br := BinReport{Rep: bins.Reps[i], Actual: t.actual[i], Predicted: t.predicted[i], Correct: t.correct[i],
			Precision: math.NaN(), Recall: math.NaN()}
		if i > 0 {
			br.Lo = bins.Edges[i-1]
		}
		if i < len(bins.Edges) {
			br.Hi = bins.Edges[i]
		} else {
			br.Hi = math.Inf(1)
		}
		if t.predicted[i] > 0 {
			br.Precision = float64(t.correct[i]) / float64(t.predicted[i])
		}
		if t.actual[i] > 0 {
			br.Recall = float64(t.correct[i]) / float64(t.actual[i])
		}
		out = append(out, br)
	}
	return out
}
