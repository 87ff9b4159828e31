package report

import (
	"context"
	"fmt"
	"sort"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/siteauth"
	"github.com/sharc-archive/sharc/scheduler/quality"
	"github.com/sharc-archive/sharc/store"
)

// The report is built in passes over the index, each a stream (see
// store.Reports), so that memory holds aggregates only, never a row per
// page: the summary over all records, then two passes over the pages (in
// SURT order, each URL with its records) that locate the capture interval
// and the two phases, then the pass that gives every page its verdict and
// hands it to a sink. Only the per-host and per-MIME tallies grow, with
// the number of hosts and media types.

// sink receives the pages of a report as they are classified, in SURT
// order, with the record ids of their visit and revisit (0 for none).
type sink interface {
	page(p *Page, visitID, revisitID int64) error
	blocked(url string) error
}

// Build reads capture captureID from st and builds its report in memory,
// pages sorted by URL: for tests, small captures and reports of a running
// capture. BuildAndStore builds a report of any size in bounded memory.
func Build(ctx context.Context, st store.Store, captureID int64, opts Options) (*Report, error) {
	var m memSink
	r, err := generate(ctx, st, captureID, opts, &m)
	if err != nil {
		return nil, err
	}
	sort.Slice(m.pages, func(a, b int) bool { return m.pages[a].URL < m.pages[b].URL })
	sort.Strings(m.blockedURLs)
	r.Pages, r.Blocked = m.pages, m.blockedURLs
	return r, nil
}

// memSink keeps every page: Build's sink.
type memSink struct {
	pages       []Page
	blockedURLs []string
}

func (m *memSink) page(p *Page, _, _ int64) error { m.pages = append(m.pages, *p); return nil }
func (m *memSink) blocked(url string) error       { m.blockedURLs = append(m.blockedURLs, url); return nil }

// generate builds the report of a capture, handing each page to out; the
// returned report is the summary (Pages and Blocked empty).
func generate(ctx context.Context, st store.Store, captureID int64, opts Options, out sink) (*Report, error) {
	log := opts.Log
	if log == nil {
		log = zap.NewNop()
	}
	r, c, j, delta, err := newSummary(ctx, st, captureID, opts)
	if err != nil {
		return nil, err
	}
	hosts := hostTally{}
	ph, err := r.locatePhases(ctx, st, captureID, hosts)
	if err != nil {
		return nil, err
	}
	if r.Summary, err = summarize(ctx, st, captureID, hosts); err != nil {
		return nil, err
	}
	visitRevisit := c.Mode == job.ModeVisitRevisit
	dir := warcDir(opts, j, c)
	var sim *similarity
	if r.Similarity.Enabled && visitRevisit {
		if dir == "" {
			r.Notes = append(r.Notes, "The similarity test was asked for, but no WARC directory was given, so changed pages were not compared.")
		} else {
			sim = &similarity{dir: dir, st: st, captureID: captureID, log: log}
		}
	}
	m := measurer{r: r, unit: delta.Seconds(), visitRevisit: visitRevisit}
	ch := newCharts(r)
	if err := r.verdictPass(ctx, st, captureID, ph, sim, &m, ch, out); err != nil {
		return nil, err
	}
	r.Totals.Incoherent = r.Totals.Changed + r.Totals.Deleted
	m.finish()
	ch.finish(r)
	if r.Fixity, err = hashWARCs(ctx, dir, r.Summary.WARCFiles); err != nil {
		return nil, err
	}
	if r.Connections, err = connections(ctx, st, captureID); err != nil {
		return nil, err
	}
	if r.LoggedIn, err = loggedIn(ctx, st, captureID); err != nil {
		return nil, err
	}
	if sim != nil {
		r.Similarity.Compared, r.Similarity.Skipped = sim.compared, sim.skipped
	}
	return r, nil
}

// verdictPass gives every page its status, counts and measures it, and
// hands it to out.
func (r *Report) verdictPass(ctx context.Context, st store.Store, captureID int64, ph phases, sim *similarity, m *measurer, ch *charts, out sink) error {
	err := st.EachPage(ctx, captureID, func(f store.FrontierURL, recs []store.IndexedRecord) error {
		if f.State == store.StateBlocked {
			r.Totals.Blocked++
			return out.blocked(f.URL)
		}
		p := Page{URL: f.URL, Rate: f.Rate, RateSource: f.RateSource, State: string(f.State)}
		var visit, revisit *store.IndexedRecord
		if m.visitRevisit {
			visit, revisit = r.classifyRevisit(ctx, &p, f, recs, ph, sim)
		} else {
			visit = classifySingle(&p, f, recs)
		}
		r.Totals.add(&p)
		m.page(&p)
		ch.page(&p)
		return out.page(&p, recordID(visit), recordID(revisit))
	})
	if err != nil {
		return fmt.Errorf("report: pages of capture %d: %w", captureID, err)
	}
	return nil
}

func recordID(rc *store.IndexedRecord) int64 {
	if rc == nil {
		return 0
	}
	return rc.ID
}

// newSummary starts the report of a capture from its row and its job.
func newSummary(ctx context.Context, st store.Store, captureID int64, opts Options) (*Report, store.Capture, *job.Job, time.Duration, error) {
	c, err := st.Capture(ctx, captureID)
	if err != nil {
		return nil, c, nil, 0, fmt.Errorf("report: capture %d: %w", captureID, err)
	}
	now := time.Now
	if opts.Now != nil {
		now = opts.Now
	}
	r := &Report{
		Version: FormatVersion, Generated: now().UTC(), Tool: opts.Tool, CaptureID: c.ID,
		Strategy: c.Strategy, Mode: c.Mode, CaptureStatus: c.Status,
		StopReason: c.StopReason, Completeness: c.Completeness(),
		Started: c.Started.UTC(), Finished: c.Finished.UTC(),
		Pages: []Page{}, Blocked: []string{}, Notes: []string{}, Seeds: []string{},
	}
	if r.Tool == "" {
		r.Tool = "SHARC"
	}
	j := opts.Job
	if j == nil && c.Owner.JobYAML != "" {
		// The job file the capture started with, as the store kept it.
		var err error
		if j, err = parseJob(c.Owner.JobYAML); err != nil {
			r.Notes = append(r.Notes, fmt.Sprintf("The capture's stored job file could not be read (%v).", err))
			j = nil
		}
	}
	delta := job.DefaultDelay
	r.ChangeSignal = job.DefaultChangeSignal
	if j != nil {
		r.JobName, r.Seeds = j.Name, append([]string{}, j.Seeds...)
		if j.Politeness.Delay > 0 {
			delta = j.Politeness.Delay
		}
		r.ChangeSignal = j.Capture.ChangeSignal
		r.Similarity.Enabled = j.Capture.Similarity
	} else {
		r.Notes = append(r.Notes, "The job file was not available: the pause between downloads (politeness delay) is assumed to be 1 s, and the similarity test was not run.")
	}
	r.DeltaSeconds = delta.Seconds()
	r.Similarity.Threshold, r.Similarity.Words = SimilarityThreshold, ShingleWords
	if r.CaptureStatus.Open() {
		r.Notes = append(r.Notes, "The capture was still running when this report was built; the report is provisional.")
	}
	return r, c, j, delta, nil
}

// locatePhases sets the capture interval, reference time, revisit phase
// start and coherence window from the page downloads (robots.txt and other
// prerequisites excluded: they are not part of the site), in two passes:
// the second needs the revisit phase start the first finds. The first
// also counts the URLs of each host.
func (r *Report) locatePhases(ctx context.Context, st store.Store, captureID int64, hosts hostTally) (phases, error) {
	if err := r.spanPass(ctx, st, captureID, hosts); err != nil {
		return phases{}, err
	}
	ph := phases{revisitStart: r.RevisitPhaseStart}
	if err := r.windowPass(ctx, st, captureID, &ph); err != nil {
		return phases{}, err
	}
	r.CoherenceWindow.End = r.RevisitPhaseStart
	if !r.CoherenceWindow.Start.IsZero() && !r.CoherenceWindow.End.IsZero() {
		r.CoherenceWindow.Seconds = r.CoherenceWindow.End.Sub(r.CoherenceWindow.Start).Seconds()
	}
	if !r.Interval.Start.IsZero() {
		span := r.Interval.End.Sub(r.Interval.Start)
		r.Interval.Seconds = span.Seconds()
		r.ReferenceTime = r.Interval.Start.Add(span / 2)
	}
	return ph, nil
}

// spanPass finds the first and last page download and the revisit phase
// start. The revisit phase starts with the first revisit-phase download. A
// visit+revisit download (the pivot of Def. 5.5) precedes it, and one
// whose collapse the strategy undid may be followed by more visits, so it
// opens the phase only when there is no plain revisit at all.
func (r *Report) spanPass(ctx context.Context, st store.Store, captureID int64, hosts hostTally) error {
	var firstPivot time.Time
	err := st.EachPage(ctx, captureID, func(f store.FrontierURL, recs []store.IndexedRecord) error {
		hosts.get(f.URL).URLs++
		for _, rc := range recs {
			t := rc.Time.UTC()
			r.Interval.Start = earliest(r.Interval.Start, t)
			if t.After(r.Interval.End) {
				r.Interval.End = t
			}
			switch rc.Phase {
			case phaseRevisit:
				r.RevisitPhaseStart = earliest(r.RevisitPhaseStart, t)
			case phaseVisitRevisit:
				firstPivot = earliest(firstPivot, t)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("report: pages of capture %d: %w", captureID, err)
	}
	if r.RevisitPhaseStart.IsZero() {
		r.RevisitPhaseStart = firstPivot
	}
	return nil
}

// windowPass finds the last plain visit not after the revisit phase start
// and opens the coherence window with the last visit: that one, or a valid
// pivot (one not before it) after it.
func (r *Report) windowPass(ctx context.Context, st store.Store, captureID int64, ph *phases) error {
	var lastPivot time.Time
	err := st.EachPage(ctx, captureID, func(_ store.FrontierURL, recs []store.IndexedRecord) error {
		for _, rc := range recs {
			t := rc.Time.UTC()
			if ph.after(t) {
				continue
			}
			switch {
			case rc.Phase == phaseVisit && t.After(ph.lastPlainVisit):
				ph.lastPlainVisit = t
			case rc.Phase == phaseVisitRevisit && t.After(lastPivot):
				lastPivot = t
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("report: pages of capture %d: %w", captureID, err)
	}
	r.CoherenceWindow.Start = ph.lastPlainVisit
	if lastPivot.After(r.CoherenceWindow.Start) {
		r.CoherenceWindow.Start = lastPivot
	}
	return nil
}

func earliest(cur, t time.Time) time.Time {
	if cur.IsZero() || t.Before(cur) {
		return t
	}
	return cur
}

// add counts one page in the totals.
func (t *Totals) add(p *Page) {
	t.Pages++
	switch {
	case p.Visit != nil && p.Revisit != nil && !p.Visit.Time.Equal(p.Revisit.Time):
		t.Downloads.Twice++
	case p.Visit != nil || p.Revisit != nil:
		t.Downloads.Once++
	default:
		t.Downloads.Never++
	}
	switch p.Status {
	case StatusCoherent:
		t.Coherent++
		if p.SpansReferenceTime {
			t.CoherentAtReference++
		}
	case StatusChanged:
		t.Changed++
	case StatusDeleted:
		t.Deleted++
	case StatusChangedInsignificantly:
		t.ChangedInsignificantly++
	case StatusNew:
		t.New++
	case StatusFailed:
		t.Failed++
	case StatusDownloadedOnce:
		t.Captured++
	}
}

// measurer fills Quality and each page's ChangeProbability as the pages
// go by, keeping running sums only. Time is counted in politeness delays Δ
// from the start of the capture interval, the unit the rates are in.
type measurer struct {
	r            *Report
	unit         float64 // Δ in seconds
	visitRevisit bool
	sum          float64
	n            int
}

// page adds one page: for a visit-revisit capture the probability that it
// changed between its two downloads, 1 − e^{−λ·I} (the complement of Def.
// 5.6's term); for a single-visit one its expected blur (Eq. 4.1) over
// the observation interval [0, capture interval].
func (m *measurer) page(p *Page) {
	if m.visitRevisit {
		if p.Visit == nil || p.Revisit == nil || p.Status == StatusNew || p.Status == StatusFailed {
			return
		}
		p.ChangeProbability = quality.PageIncoherence(p.Rate, p.IntervalSeconds/m.unit)
	} else {
		if p.Visit == nil {
			return
		}
		t := p.Visit.Time.Sub(m.r.Interval.Start).Seconds() / m.unit
		p.ChangeProbability = quality.PageBlur(p.Rate, t, 0, m.r.Interval.Seconds/m.unit)
	}
	m.sum += p.ChangeProbability
	m.n++
}

// finish sets the capture's measures from the sums: expected incoherence
// (Def. 5.6) or expected blur (Eq. 4.3) and its average (Eq. 4.4).
func (m *measurer) finish() {
	q := &m.r.Quality
	q.PagesMeasured = m.n
	if m.visitRevisit {
		q.ExpectedIncoherence = m.sum
		q.ExpectedCoherence = float64(m.n) - m.sum
		q.ActualIncoherence = m.r.Totals.Incoherent
		return
	}
	q.ExpectedBlur = m.sum
	if m.n > 0 {
		q.AvgExpectedBlur = m.sum / float64(m.n)
	}
}

// loggedIn reads the hosts crawled logged in from the capture's saved
// sessions (one per node); an unreadable session is left out.
func loggedIn(ctx context.Context, st store.Store, captureID int64) ([]LoggedInHost, error) {
	saved, err := st.Sessions(ctx, captureID)
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	var sessions []siteauth.Session
	for _, s := range saved {
		if sess, err := siteauth.UnmarshalSession(s.State); err == nil {
			sessions = append(sessions, sess)
		}
	}
	var out []LoggedInHost
	for _, l := range siteauth.LoggedIn(sessions) {
		out = append(out, LoggedInHost{Host: l.Host, Account: l.Account, Kind: l.Kind, Since: l.At.UTC()})
	}
	return out, nil
}
