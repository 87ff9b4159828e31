package changerate

import (
	"context"
	"fmt"
	"sort"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/store"
)

// Change signals: what makes two fetches of a page differ (job YAML
// capture.change_signal).
const (
	// SignalPayload compares payload digests.
	SignalPayload = "payload"
	// SignalText compares digests of the normalised visible text, so
	// counters, dates and other noise do not count (issue 6); a record
	// without a text digest falls back to its payload digest.
	SignalText = "text"
)

// HistoryOptions says how a page's records become observations.
type HistoryOptions struct {
	// Signal is SignalPayload (or "") or SignalText.
	Signal string
	// ExcludeCapture, when non-zero, drops that capture's records: the
	// crawler passes its running capture, whose fetches are not history
	// yet.
	ExcludeCapture int64
}

// Observations turns a URL's records, oldest first, into the intervals
// between successive fetches (status 200 or 304). Between two fetches a
// crawler only knows whether the page changed at least once (a response
// whose digest differs from the previous response's) or not (a revisit
// record, a 304 or the same digest). This is the one definition of a
// page's change history: the crawler's history source, `sharc rates
// train` and `sharc rates evaluate` all call it, so a model is trained on
// the signal the crawler uses.
func Observations(recs []store.Record, opt HistoryOptions) []Observation {
	byText := opt.Signal == SignalText
	var obs []Observation
	var prev time.Time
	var digest string
	for _, r := range recs {
		if opt.ExcludeCapture != 0 && r.CaptureID == opt.ExcludeCapture {
			continue
		}
		if r.Status != 200 && r.Status != 304 {
			continue
		}
		d := r.PayloadDigest
		if byText && r.TextDigest != "" {
			d = r.TextDigest
		}
		changed := r.RecordType == "response" && digest != "" && d != digest
		if r.RecordType == "response" {
			digest = d
		}
		if !prev.IsZero() && r.Time.After(prev) {
			obs = append(obs, Observation{Interval: r.Time.Sub(prev), Changed: changed})
		}
		prev = r.Time
	}
	return obs
}

// HistoryStore is what StoreHistory reads: the crawler's store plus the
// job listing, which only the store implementations (not store.Store)
// offer.
type HistoryStore interface {
	store.Store
	Jobs(ctx context.Context) ([]store.Job, error)
	JobByName(ctx context.Context, name string) (store.Job, error)
}

// StoreHistorySet is what a store's capture history teaches.
type StoreHistorySet struct {
	Examples  []Example
	URLs      int // URLs fetched (200/304) in the selected captures
	Intervals int // observed intervals of the examples
	Changed   int // of which showed a change
	Captures  int
	Signal    string // the change signal the history was read with
}

// StoreHistory builds the training pages of a predictor from a store:
// every URL fetched in the selected captures (jobName's, or every job's
// when empty) with at least two fetches across them gives observation
// intervals (Observations with opt, restricted to those captures; an
// empty opt.Signal means the change_signal of the newest selected
// capture's job, as the crawler of that job's next capture will read it),
// labelled with the censored MAP estimate of that history under prior
// (§6.2) — the evidence the crawler's history source reads. Features come
// from the URL, its link depth in the frontier and the MIME type of its
// last response.
func StoreHistory(ctx context.Context, st HistoryStore, jobName string, prior GammaPrior, opt HistoryOptions) (StoreHistorySet, error) {
	jobs, err := selectJobs(ctx, st, jobName)
	if err != nil {
		return StoreHistorySet{}, err
	}
	var hs StoreHistorySet
	captures := map[int64]bool{}
	pages := map[string]*storePage{}
	var newest capturedJob
	for _, j := range jobs {
		caps, err := st.Captures(ctx, j.ID)
		if err != nil {
			return StoreHistorySet{}, fmt.Errorf("captures of job %s: %w", j.Name, err)
		}
		for _, cp := range caps {
			captures[cp.ID] = true
			hs.Captures++
			if cp.Started.After(newest.started) || newest.started.IsZero() {
				newest = capturedJob{started: cp.Started, yaml: cp.Owner.JobYAML}
			}
			if err := collectPages(ctx, st, cp.ID, pages); err != nil {
				return StoreHistorySet{}, err
			}
		}
	}
	if opt.Signal == "" {
		opt.Signal = newest.signal()
	}
	hs.Signal = opt.Signal
	order := make([]string, 0, len(pages))
	for u := range pages {
		order = append(order, u)
	}
	sort.Strings(order) // the store's order differs between backends
	hs.URLs = len(order)
	infos := make([]PageInfo, 0, len(order))
	for _, u := range order {
		recs, err := st.History(ctx, u)
		if err != nil {
			return StoreHistorySet{}, fmt.Errorf("history of %s: %w", u, err)
		}
		sel := recs[:0:0]
		for _, r := range recs {
			if captures[r.CaptureID] {
				sel = append(sel, r)
			}
		}
		p := pages[u]
		infos = append(infos, PageInfo{URL: u, MIME: p.mime, Depth: p.depth, Via: p.via, History: Observations(sel, opt)})
	}
	hs.Examples = HistoryExamples(infos, prior, 1)
	for _, e := range hs.Examples {
		for _, o := range e.Page.History {
			hs.Intervals++
			if o.Changed {
				hs.Changed++
			}
		}
	}
	return hs, nil
}

func selectJobs(ctx context.Context, st HistoryStore, jobName string) ([]store.Job, error) {
	if jobName == "" {
		return st.Jobs(ctx)
	}
	j, err := st.JobByName(ctx, jobName)
	if err != nil {
		return nil, fmt.Errorf("job %q: %w", jobName, err)
	}
	return []store.Job{j}, nil
}

// storePage is a fetched URL's features as the store knows them.
type storePage struct {
	mime  string
	depth int
	via   string
}

// collectPages adds the URLs fetched (200/304) in one capture to pages,
// with their link depth and the MIME type of their last response.
func collectPages(ctx context.Context, st store.Store, captureID int64, pages map[string]*storePage) error {
	fr, err := st.Frontier(ctx, captureID)
	if err != nil {
		return fmt.Errorf("frontier of capture %d: %w", captureID, err)
	}
	depth := make(map[string]int, len(fr))
	via := make(map[string]string, len(fr))
	for _, f := range fr {
		depth[f.URL] = crawllog.HopDepth(f.HopPath)
		via[f.URL] = f.Via
	}
	recs, err := st.Records(ctx, captureID)
	if err != nil {
		return fmt.Errorf("records of capture %d: %w", captureID, err)
	}
	for _, r := range recs {
		if (r.RecordType != "response" && r.RecordType != "revisit") || (r.Status != 200 && r.Status != 304) {
			continue
		}
		p := pages[r.URL]
		if p == nil {
			p = &storePage{depth: depth[r.URL], via: via[r.URL]}
			pages[r.URL] = p
		}
		if r.RecordType == "response" && r.MIME != "" {
			p.mime = r.MIME
		}
	}
	return nil
}

// capturedJob is the job a capture recorded it was started with.
type capturedJob struct {
	started time.Time
	yaml    string
}

// signal is the job's capture.change_signal; SignalPayload when the
// capture recorded no job (before migration 0006) or no valid signal.
func (c capturedJob) signal() string {
	var j struct {
		Capture struct {
			ChangeSignal string `yaml:"change_signal"`
		} `yaml:"capture"`
	}
	if yaml.Unmarshal([]byte(c.yaml), &j) == nil && j.Capture.ChangeSignal == SignalText {
		return SignalText
	}
	return SignalPayload
}

// ChangedFraction is the fraction of the history's intervals that showed a
// change (0 without intervals).
func (hs StoreHistorySet) ChangedFraction() float64 {
	if hs.Intervals == 0 {
		return 0
	}
	return float64(hs.Changed) / float64(hs.Intervals)
}

// EvaluateStore cross-validates Naive Bayes, C4.5 and the GLM on a store's
// history with online features only (the store keeps no image, table or
// link counts): Results line up with WriteMarkdown's first three columns.
// cfg.Folds must be at most the number of examples.
func EvaluateStore(ctx context.Context, hs StoreHistorySet, cfg EvalConfig) (EvalReport, error) {
	rep := EvalReport{Config: cfg, Pages: len(hs.Examples), Intervals: hs.Intervals, ChangedFraction: hs.ChangedFraction()}
	for _, alg := range []string{AlgBayes, AlgC45, AlgGLM} {
		cv, err := CrossValidate(ctx, hs.Examples, PredictorOptions{Algorithm: alg, Bins: cfg.Bins}, cfg.Folds, cfg.Seed)
		if err != nil {
			return EvalReport{}, fmt.Errorf("evaluate %s: %w", alg, err)
		}
		rep.Results = append(rep.Results, cv)
	}
	return rep, nil
}
