// Package report builds the capture quality report of one capture (issue
// 4): for every page its visit and revisit, the verdict of the revisit
// check (coherent, changed, changed-insignificantly, deleted, new, failed),
// where each record lies in which WARC file, and the capture's totals:
// coherence (Def. 5.1), actual and expected incoherence (Def. 5.6) for
// visit-revisit captures, expected blur (Eq. 4.3) for single-visit ones.
// It renders the report as JSON (stored in the index), CSV and a
// self-contained HTML page written for readers who are not engineers.
//
// The report is derived only from the store (records and frontier) and,
// when the job asks for the similarity test, from the WARC files; it never
// contacts the crawled site. docs/report.md explains every field.
package report

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"sort"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/job"
	"github.com/sharc-archive/sharc/quality"
	"github.com/sharc-archive/sharc/store"
)

// Record phases as the crawler writes them (crawler.PhaseVisit and
// friends). They are repeated here rather than imported so that the
// crawler can build a report at the end of a capture without an import
// cycle.
const (
	phaseVisit        = "visit"
	phaseRevisit      = "revisit"
	phaseVisitRevisit = "visit+revisit" // one download serving as both (Def. 5.5)
)

// Status is the verdict on one page.
type Status string

// Page statuses. In a visit-revisit capture every page gets one of the
// first six; in a single-visit capture a fetched page is StatusCaptured.
const (
	// StatusCoherent: the revisit found the page identical to its visit
	// (304 Not Modified, or the same payload digest), Def. 5.1.
	StatusCoherent Status = "coherent"
	// StatusChanged: the revisit received a different payload.
	StatusChanged Status = "changed"
	// StatusChangedInsignificantly: the payload differs but the visible
	// text of both versions has word 10-gram Jaccard similarity ≥
	// SimilarityThreshold (thesis §8.2); only with capture.similarity.
	StatusChangedInsignificantly Status = "changed-insignificantly"
	// StatusDeleted: the revisit got 404 or 410 for a page whose visit did
	// not.
	StatusDeleted Status = "deleted"
	// StatusNew: the page was first downloaded after the revisit phase
	// began, so it has no visit before the reference time.
	StatusNew Status = "new"
	// StatusFailed: the visit or the revisit has no usable response
	// (network failure, retries exhausted, server error, or never
	// reached before the capture stopped).
	StatusFailed Status = "failed"
	// StatusCaptured: single-visit capture, downloaded once, so nothing is
	// proved about change during the capture.
	StatusCaptured Status = "captured"
)

// SimilarityThreshold is the Jaccard similarity of word 10-gram shingles
// at or above which a change is insignificant (thesis §8.2).
const SimilarityThreshold = 0.9

// ShingleWords is the shingle width in words (thesis §8.2).
const ShingleWords = 10

// Options tune Build.
type Options struct {
	// WARCDir holds the capture's WARC files; needed only for the
	// similarity test (job capture.similarity). Empty skips that test and
	// the report says so.
	WARCDir string
	// Job is the capture's job. When nil, Build asks the store for it if
	// the store implements JobLookup, else it proceeds without (Δ = 1s, no
	// similarity test) and says so in the report's notes.
	Job *job.Job
	// Tool names the software that made the capture (default "SHARC").
	Tool string
	// Now stamps the report (default time.Now); tests fix it.
	Now func() time.Time
	// Log receives diagnostics; nil means no logging.
	Log *zap.Logger
}

// JobLookup is implemented by stores that can return a job by its ID.
// store.Store does not require it yet; Build uses it when present.
type JobLookup interface {
	Job(ctx context.Context, jobID int64) (store.Job, error)
}

// Report is the capture quality report. Times are UTC; durations are given
// in seconds.
type Report struct {
	// Version of this report format; bumped on incompatible change.
	Version int `json:"version"`
	// Generated is when the report was built.
	Generated time.Time `json:"generated"`
	// Tool is the software that made the capture.
	Tool      string `json:"tool"`
	CaptureID int64  `json:"capture_id"`
	JobName   string `json:"job_name"`
	// Seeds are the job's start URLs (the site captured).
	Seeds []string `json:"seeds"`
	// Strategy is the scheduler strategy that ordered the downloads.
	Strategy string `json:"strategy"`
	// Mode is "single-visit" or "visit-revisit".
	Mode string `json:"mode"`
	// CaptureStatus is the capture's state in the index ("finished",
	// "running", ...): a report of a running capture is provisional.
	CaptureStatus string `json:"capture_status"`
	// Started and Finished are the capture run's start and end as recorded
	// by the index (Finished is zero while running).
	Started  time.Time `json:"started"`
	Finished time.Time `json:"finished,omitzero"`
	// Interval is the capture interval: from the start of the first page
	// download to the start of the last page download (robots.txt and
	// other prerequisites excluded).
	Interval Interval `json:"interval"`
	// ReferenceTime is the middle of Interval (thesis §3.2): the instant
	// at which the coherent pages are proved to be as archived.
	ReferenceTime time.Time `json:"reference_time,omitzero"`
	// RevisitPhaseStart is the start of the first download with phase
	// "revisit" (visit-revisit only; if there is none, the first
	// "visit+revisit" one); pages first downloaded after it are new.
	RevisitPhaseStart time.Time `json:"revisit_phase_start,omitzero"`
	// CoherenceWindow runs from the start of the last visit to
	// RevisitPhaseStart (visit-revisit only). Every page's visit started
	// at or before its start and every revisit at or after its end, so each
	// coherent page is proved unchanged over the whole window. In a live
	// crawl the two phases need not take equally long, so ReferenceTime
	// may lie outside it; see Page.SpansReferenceTime.
	CoherenceWindow Interval `json:"coherence_window"`
	// Delta is the politeness delay Δ in seconds: the time unit of the
	// rates and of the expected blur.
	DeltaSeconds float64 `json:"delta_seconds"`
	// ChangeSignal is what defines "changed" ("payload" or "text").
	ChangeSignal string `json:"change_signal"`
	// Similarity says whether the shingle similarity test was asked for
	// (capture.similarity) and whether it could be run.
	Similarity SimilarityInfo `json:"similarity"`
	Totals     Totals         `json:"totals"`
	// Quality holds the model-based measures from the change rates.
	Quality Quality `json:"quality"`
	// Pages has one entry per page of the capture, sorted by URL.
	Pages []Page `json:"pages"`
	// Blocked lists URLs excluded by robots.txt or scope, sorted.
	Blocked []string `json:"blocked"`
	// Summary is the Heritrix-style crawl summary over all records.
	Summary Summary `json:"summary"`
	// Notes are plain-language caveats about how this report was made.
	Notes []string `json:"notes"`
}

// Interval is a time span.
type Interval struct {
	Start   time.Time `json:"start,omitzero"`
	End     time.Time `json:"end,omitzero"`
	Seconds float64   `json:"seconds"`
}

// SimilarityInfo describes the optional shingle test.
type SimilarityInfo struct {
	Enabled   bool    `json:"enabled"`
	Threshold float64 `json:"threshold"`
	Words     int     `json:"shingle_words"`
	// Compared counts changed pages whose two versions were compared.
	Compared int `json:"compared"`
	// Skipped counts changed pages that could not be compared (no WARC
	// directory, unreadable record, not text).
	Skipped int `json:"skipped"`
}

// Totals counts pages by status. For a visit-revisit capture Pages =
// Coherent + ChangedInsignificantly + Incoherent + New + Failed, and
// Incoherent = Changed + Deleted. Blocked URLs are not pages.
type Totals struct {
	Pages    int `json:"pages"`
	Coherent int `json:"coherent"`
	// CoherentAtReference counts the coherent pages whose visit-revisit
	// interval contains ReferenceTime.
	CoherentAtReference    int `json:"coherent_at_reference"`
	Incoherent             int `json:"incoherent"`
	Changed                int `json:"changed"`
	Deleted                int `json:"deleted"`
	ChangedInsignificantly int `json:"changed_insignificantly"`
	New                    int `json:"new"`
	Failed                 int `json:"failed"`
	Captured               int `json:"captured"`
	Blocked                int `json:"blocked"`
}

// Quality holds the expected (stochastic) measures computed from the
// change rates the crawler used; rates are changes per Δ and times are
// measured in Δ from the start of the capture interval.
type Quality struct {
	// ExpectedBlur is the expected blur of a single-visit capture (Eq.
	// 4.3) over the observation interval [0, capture interval], in
	// page·Δ units; AvgExpectedBlur divides it by the pages counted
	// (Eq. 4.4). Zero for visit-revisit captures.
	ExpectedBlur    float64 `json:"expected_blur"`
	AvgExpectedBlur float64 `json:"avg_expected_blur"`
	// ExpectedIncoherence is Σ (1 − e^{−λ·I}) over the pages with both
	// visit and revisit (the complement of Def. 5.6); ExpectedCoherence is
	// their count minus it. ActualIncoherence is Totals.Incoherent, for
	// comparison. Zero for single-visit captures.
	ExpectedIncoherence float64 `json:"expected_incoherence"`
	ExpectedCoherence   float64 `json:"expected_coherence"`
	ActualIncoherence   int     `json:"actual_incoherence"`
	// PagesMeasured is how many pages entered the sums above.
	PagesMeasured int `json:"pages_measured"`
}

// Page is one page of the capture.
type Page struct {
	URL    string `json:"url"`
	Status Status `json:"status"`
	// Reason says in a few words why the status was given.
	Reason  string    `json:"reason"`
	Visit   *Download `json:"visit,omitempty"`
	Revisit *Download `json:"revisit,omitempty"`
	// IntervalSeconds is revisit time − visit time (0 when one download
	// served as both, or when either is missing).
	IntervalSeconds float64 `json:"interval_seconds"`
	// SpansReferenceTime is true when visit ≤ ReferenceTime ≤ revisit.
	SpansReferenceTime bool `json:"spans_reference_time"`
	// Rate is the predicted change rate used for the page, in changes per
	// Δ; RateSource names the change-rate source that produced it
	// (history, predictor, sitemap, default; empty for URLs indexed before
	// the store recorded it).
	Rate       float64 `json:"rate"`
	RateSource string  `json:"rate_source"`
	// ChangeProbability is the model's probability that the page changed
	// during its visit-revisit interval (1 − e^{−λ·I}); for single-visit
	// captures it is the page's expected blur (Eq. 4.1).
	ChangeProbability float64 `json:"change_probability"`
	// Similarity is the shingle Jaccard similarity of the two versions'
	// visible text, when computed (changed pages with capture.similarity).
	Similarity *float64 `json:"similarity,omitempty"`
	// State is the frontier state in the index.
	State string `json:"state"`
}

// Download is one archived download (response or revisit record).
type Download struct {
	Time          time.Time `json:"time"`
	HTTPStatus    int       `json:"http_status"`
	RecordType    string    `json:"record_type"`
	Phase         string    `json:"phase"`
	MIME          string    `json:"mime"`
	PayloadDigest string    `json:"payload_digest"`
	RecordID      string    `json:"record_id"`
	WARCFile      string    `json:"warc_file"`
	Offset        int64     `json:"offset"`
	RecordLength  int64     `json:"record_length"`
}

// Summary is the Heritrix-style crawl summary: every response and revisit
// record of the capture, prerequisites (robots.txt) included.
type Summary struct {
	// StatusCodes maps HTTP status (as text) to record count.
	StatusCodes map[string]int `json:"status_codes"`
	// MIMETypes maps media type to record count and payload bytes.
	MIMETypes []MIMECount `json:"mime_types"`
	// Hosts has the per-host counts, sorted by host.
	Hosts []HostCount `json:"hosts"`
	// Records counts records by WARC type (request, response, ...).
	Records map[string]int `json:"records"`
	// WARCFiles lists the WARC files holding the capture, sorted.
	WARCFiles []string `json:"warc_files"`
}

// MIMECount is one row of the MIME-type histogram.
type MIMECount struct {
	MIME  string `json:"mime"`
	Count int    `json:"count"`
	Bytes int64  `json:"bytes"`
}

// HostCount is one host's counts: Novel are full responses, Duplicate are
// revisit records whose payload was already archived (same digest),
// NotModified are revisit records of 304 answers.
type HostCount struct {
	Host        string `json:"host"`
	URLs        int    `json:"urls"`
	Novel       int    `json:"novel"`
	NovelBytes  int64  `json:"novel_bytes"`
	Duplicate   int    `json:"duplicate"`
	NotModified int    `json:"not_modified"`
}

// FormatVersion is the current Report.Version.
const FormatVersion = 1

// Build reads capture captureID from st and builds its report.
func Build(ctx context.Context, st store.Store, captureID int64, opts Options) (*Report, error) {
	log := opts.Log
	if log == nil {
		log = zap.NewNop()
	}
	now := time.Now
	if opts.Now != nil {
		now = opts.Now
	}
	c, err := st.Capture(ctx, captureID)
	if err != nil {
		return nil, fmt.Errorf("report: capture %d: %w", captureID, err)
	}
	recs, err := st.Records(ctx, captureID)
	if err != nil {
		return nil, fmt.Errorf("report: records of capture %d: %w", captureID, err)
	}
	front, err := st.Frontier(ctx, captureID)
	if err != nil {
		return nil, fmt.Errorf("report: frontier of capture %d: %w", captureID, err)
	}
	r := &Report{
		Version: FormatVersion, Generated: now().UTC(), Tool: opts.Tool, CaptureID: c.ID,
		Strategy: c.Strategy, Mode: c.Mode, CaptureStatus: string(c.Status),
		Started: c.Started.UTC(), Finished: c.Finished.UTC(),
		Pages: []Page{}, Blocked: []string{}, Notes: []string{}, Seeds: []string{},
	}
	if r.Tool == "" {
		r.Tool = "SHARC"
	}
	j := opts.Job
	if j == nil {
		if jl, ok := st.(JobLookup); ok {
			sj, err := jl.Job(ctx, c.JobID)
			if err != nil {
				return nil, fmt.Errorf("report: job %d: %w", c.JobID, err)
			}
			if j, err = parseJob(sj.YAML); err != nil {
				return nil, fmt.Errorf("report: job %d: %w", c.JobID, err)
			}
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
		r.Notes = append(r.Notes, "The job file was not available: the politeness delay is assumed to be 1s and the similarity test was not run.")
	}
	r.DeltaSeconds = delta.Seconds()
	r.Similarity.Threshold, r.Similarity.Words = SimilarityThreshold, ShingleWords
	if store.CaptureStatus(r.CaptureStatus).Open() {
		r.Notes = append(r.Notes, "The capture was still running when this report was built; the report is provisional.")
	}

	byURL := map[string][]store.Record{}
	for _, rc := range recs {
		if rc.RecordType == "response" || rc.RecordType == "revisit" {
			byURL[rc.URL] = append(byURL[rc.URL], rc)
		}
	}
	r.Summary = summarize(recs, front)

	// The capture interval spans the page downloads only: robots.txt is a
	// prerequisite of the crawler, not part of the site.
	var pageRecs []store.Record
	for _, f := range front {
		pageRecs = append(pageRecs, byURL[f.URL]...)
	}
	// The revisit phase starts with the first revisit-phase download. A
	// visit+revisit download (the pivot of Def. 5.5) precedes it, and one
	// whose collapse the strategy undid may be followed by more visits, so
	// it opens the phase only when there is no plain revisit at all.
	var firstPivot time.Time
	for _, rc := range pageRecs {
		t := rc.Time.UTC()
		if r.Interval.Start.IsZero() || t.Before(r.Interval.Start) {
			r.Interval.Start = t
		}
		if t.After(r.Interval.End) {
			r.Interval.End = t
		}
		switch rc.Phase {
		case phaseRevisit:
			if r.RevisitPhaseStart.IsZero() || t.Before(r.RevisitPhaseStart) {
				r.RevisitPhaseStart = t
			}
		case phaseVisitRevisit:
			if firstPivot.IsZero() || t.Before(firstPivot) {
				firstPivot = t
			}
		}
	}
	if r.RevisitPhaseStart.IsZero() {
		r.RevisitPhaseStart = firstPivot
	}
	ph := phases{revisitStart: r.RevisitPhaseStart}
	for _, rc := range pageRecs {
		if t := rc.Time.UTC(); rc.Phase == phaseVisit && !ph.after(t) && t.After(ph.lastPlainVisit) {
			ph.lastPlainVisit = t
		}
	}
	// The window opens with the last visit: the last plain visit, or a
	// valid pivot after it.
	r.CoherenceWindow.Start = ph.lastPlainVisit
	for _, rc := range pageRecs {
		if t := rc.Time.UTC(); rc.Phase == phaseVisitRevisit && ph.pivot(t) && t.After(r.CoherenceWindow.Start) {
			r.CoherenceWindow.Start = t
		}
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

	visitRevisit := c.Mode == job.ModeVisitRevisit
	digests := responsesByDigest(recs)
	var sim *similarity
	if r.Similarity.Enabled && visitRevisit {
		if opts.WARCDir == "" {
			r.Notes = append(r.Notes, "The similarity test was asked for, but no WARC directory was given, so changed pages were not compared.")
		} else {
			sim = &similarity{dir: opts.WARCDir, digests: digests, log: log}
		}
	}
	for _, f := range front {
		if f.State == store.StateBlocked {
			r.Blocked = append(r.Blocked, f.URL)
			continue
		}
		p := Page{URL: f.URL, Rate: f.Rate, RateSource: f.RateSource, State: string(f.State)}
		if visitRevisit {
			r.classifyRevisit(ctx, &p, f, byURL[f.URL], ph, sim)
		} else {
			classifySingle(&p, f, byURL[f.URL])
		}
		r.Pages = append(r.Pages, p)
	}
	sort.Slice(r.Pages, func(a, b int) bool { return r.Pages[a].URL < r.Pages[b].URL })
	sort.Strings(r.Blocked)
	r.count()
	if err := r.measure(delta); err != nil {
		return nil, err
	}
	if sim != nil {
		r.Similarity.Compared, r.Similarity.Skipped = sim.compared, sim.skipped
	}
	return r, nil
}

func parseJob(yamlText string) (*job.Job, error) {
	// The stored YAML was validated when the job ran; strategy names are
	// not checked again so a report survives a strategy being renamed.
	j, err := job.Parse([]byte(yamlText), "stored job", nil, nil)
	if err != nil {
		return nil, fmt.Errorf("parse stored job: %w", err)
	}
	return j, nil
}

// phases locates the two phases of a visit-revisit capture.
type phases struct {
	revisitStart   time.Time // first revisit-phase download
	lastPlainVisit time.Time // last visit-phase download not after revisitStart
}

// after reports whether t lies after the revisit phase start.
func (ph phases) after(t time.Time) bool {
	return !ph.revisitStart.IsZero() && t.After(ph.revisitStart)
}

// pivot reports whether a visit+revisit download at t really was the last
// visit doubling as the first revisit (Def. 5.5): no plain visit started
// after it. The strategy undoes a collapse whose download still discovers
// pages; such a download is a visit only.
func (ph phases) pivot(t time.Time) bool {
	return !t.Before(ph.lastPlainVisit) && !ph.after(t)
}

func download(rc store.Record) *Download {
	return &Download{
		Time: rc.Time.UTC(), HTTPStatus: rc.Status, RecordType: rc.RecordType, Phase: rc.Phase, MIME: rc.MIME,
		PayloadDigest: rc.PayloadDigest, RecordID: rc.RecordID, WARCFile: rc.WARCFile, Offset: rc.Offset, RecordLength: rc.RecordLength,
	}
}

// usable reports whether a response answers the question "what is the page
// now": a server error or rate limit does not.
func usable(status int) bool { return status > 0 && status < 500 && status != 429 }

func gone(status int) bool { return status == 404 || status == 410 }

// classifyRevisit gives a page of a visit-revisit capture its status from
// its records: the visit is the first visit-phase download, the revisit
// the last revisit-phase one.
func (r *Report) classifyRevisit(ctx context.Context, p *Page, f store.FrontierURL, recs []store.Record, ph phases, sim *similarity) {
	var visit, revisit *store.Record
	undone := false
	for i := range recs {
		rc := &recs[i]
		switch rc.Phase {
		case phaseVisit:
			if visit == nil || rc.Time.Before(visit.Time) {
				visit = rc
			}
		case phaseRevisit:
			if revisit == nil || !rc.Time.Before(revisit.Time) {
				revisit = rc
			}
		case phaseVisitRevisit:
			if ph.pivot(rc.Time) || ph.after(rc.Time) {
				visit, revisit = rc, rc
			} else if visit == nil || rc.Time.Before(visit.Time) {
				// An undone collapse: a visit only.
				visit, undone = rc, true
			}
		}
	}
	if visit != nil {
		p.Visit = download(*visit)
	}
	if revisit != nil {
		p.Revisit = download(*revisit)
	}
	if visit != nil && revisit != nil {
		p.IntervalSeconds = revisit.Time.Sub(visit.Time).Seconds()
		p.SpansReferenceTime = !visit.Time.After(r.ReferenceTime) && !revisit.Time.Before(r.ReferenceTime)
	}
	switch {
	case visit != nil && !r.RevisitPhaseStart.IsZero() && visit.Time.After(r.RevisitPhaseStart):
		p.Status, p.Reason = StatusNew, "first downloaded after the revisit phase began"
	case visit == nil && revisit != nil:
		p.Status, p.Reason = StatusNew, "downloaded only in the revisit phase"
	case visit == nil:
		p.Status, p.Reason = StatusFailed, failReason(f, "never downloaded")
	case !usable(visit.Status):
		p.Status, p.Reason = StatusFailed, fmt.Sprintf("visit answered HTTP %d", visit.Status)
	case revisit == nil && undone:
		p.Status, p.Reason = StatusFailed, "no revisit: downloaded as visit+revisit, but other visits followed and the page was not downloaded again"
	case revisit == nil:
		p.Status, p.Reason = StatusFailed, failReason(f, "no revisit")
	case visit == revisit:
		p.Status, p.Reason = StatusCoherent, "one download served as visit and revisit (Def. 5.5)"
	case !usable(revisit.Status):
		p.Status, p.Reason = StatusFailed, fmt.Sprintf("revisit answered HTTP %d", revisit.Status)
	case revisit.Status == 304:
		p.Status, p.Reason = StatusCoherent, "server answered 304 Not Modified"
	case gone(revisit.Status) && !gone(visit.Status):
		p.Status, p.Reason = StatusDeleted, fmt.Sprintf("revisit answered HTTP %d", revisit.Status)
	case revisit.PayloadDigest != "" && revisit.PayloadDigest == visit.PayloadDigest:
		p.Status, p.Reason = StatusCoherent, "identical payload digest"
	case r.ChangeSignal == "text" && visit.TextDigest != "" && visit.TextDigest == revisit.TextDigest:
		p.Status, p.Reason = StatusCoherent, "identical visible-text digest (change_signal: text)"
	default:
		p.Status, p.Reason = StatusChanged, "payload differs"
		if sim != nil {
			if s, ok := sim.compare(ctx, *visit, *revisit); ok {
				p.Similarity = &s
				if s >= SimilarityThreshold {
					p.Status, p.Reason = StatusChangedInsignificantly, fmt.Sprintf("payload differs; visible text %.0f%% similar", math.Floor(s*100))
				}
			}
		}
	}
}

func failReason(f store.FrontierURL, what string) string {
	switch f.State {
	case store.StateFailed:
		return fmt.Sprintf("%s: gave up after %d attempts", what, f.Attempts)
	case store.StateQueued, store.StateVisited:
		return what + ": capture ended before it was reached"
	}
	return what
}

// classifySingle gives a page of a single-visit capture its status.
func classifySingle(p *Page, f store.FrontierURL, recs []store.Record) {
	if len(recs) == 0 {
		p.Status, p.Reason = StatusFailed, failReason(f, "never downloaded")
		return
	}
	first := recs[0]
	for _, rc := range recs[1:] {
		if rc.Time.Before(first.Time) {
			first = rc
		}
	}
	p.Visit = download(first)
	if !usable(first.Status) {
		p.Status, p.Reason = StatusFailed, fmt.Sprintf("answered HTTP %d", first.Status)
		return
	}
	p.Status, p.Reason = StatusCaptured, "downloaded once (single-visit capture)"
}

func (r *Report) count() {
	t := &r.Totals
	for _, p := range r.Pages {
		t.Pages++
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
		case StatusCaptured:
			t.Captured++
		}
	}
	t.Incoherent = t.Changed + t.Deleted
	t.Blocked = len(r.Blocked)
}

// measure fills Quality and each page's ChangeProbability. Time is counted
// in politeness delays Δ from the start of the capture interval, the unit
// the rates are in.
func (r *Report) measure(delta time.Duration) error {
	unit := delta.Seconds()
	at := func(t time.Time) float64 { return t.Sub(r.Interval.Start).Seconds() / unit }
	q := &r.Quality
	if r.Mode == job.ModeVisitRevisit {
		var rates, lengths []float64
		for i := range r.Pages {
			p := &r.Pages[i]
			if p.Visit == nil || p.Revisit == nil || p.Status == StatusNew || p.Status == StatusFailed {
				continue
			}
			l := p.IntervalSeconds / unit
			p.ChangeProbability = quality.PageIncoherence(p.Rate, l)
			rates, lengths = append(rates, p.Rate), append(lengths, l)
		}
		inc, err := quality.ExpectedIncoherence(rates, lengths)
		if err != nil {
			return fmt.Errorf("report: %w", err)
		}
		q.ExpectedIncoherence = inc
		q.ExpectedCoherence = float64(len(rates)) - inc
		q.ActualIncoherence = r.Totals.Incoherent
		q.PagesMeasured = len(rates)
		return nil
	}
	var rates, times []float64
	oe := r.Interval.Seconds / unit
	for i := range r.Pages {
		p := &r.Pages[i]
		if p.Visit == nil {
			continue
		}
		t := at(p.Visit.Time)
		p.ChangeProbability = quality.PageBlur(p.Rate, t, 0, oe) // Eq. 4.1 over [0, capture interval]
		rates, times = append(rates, p.Rate), append(times, t)
	}
	b, err := quality.Blur(rates, times, 0, oe)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	q.ExpectedBlur = b
	if len(rates) > 0 {
		q.AvgExpectedBlur = b / float64(len(rates))
	}
	q.PagesMeasured = len(rates)
	return nil
}

// responsesByDigest maps payload digest to the first full response with
// it: a visit archived as a revisit record (duplicate of another URL's
// payload) reads its bytes from there.
func responsesByDigest(recs []store.Record) map[string]store.Record {
	m := map[string]store.Record{}
	for _, rc := range recs {
		if rc.RecordType != "response" || rc.PayloadDigest == "" {
			continue
		}
		if old, ok := m[rc.PayloadDigest]; !ok || rc.Time.Before(old.Time) {
			m[rc.PayloadDigest] = rc
		}
	}
	return m
}

func summarize(recs []store.Record, front []store.FrontierURL) Summary {
	s := Summary{StatusCodes: map[string]int{}, Records: map[string]int{}, MIMETypes: []MIMECount{}, Hosts: []HostCount{}, WARCFiles: []string{}}
	mimes := map[string]*MIMECount{}
	hosts := map[string]*HostCount{}
	files := map[string]bool{}
	host := func(u string) *HostCount {
		h := u
		if pu, err := url.Parse(u); err == nil && pu.Host != "" {
			h = strings.ToLower(pu.Host)
		}
		if hosts[h] == nil {
			hosts[h] = &HostCount{Host: h}
		}
		return hosts[h]
	}
	for _, f := range front {
		host(f.URL).URLs++
	}
	for _, rc := range recs {
		s.Records[rc.RecordType]++
		if rc.WARCFile != "" {
			files[rc.WARCFile] = true
		}
		if rc.RecordType != "response" && rc.RecordType != "revisit" {
			continue
		}
		s.StatusCodes[fmt.Sprint(rc.Status)]++
		mt := rc.MIME
		if mt == "" {
			mt = "(none)"
		}
		if mimes[mt] == nil {
			mimes[mt] = &MIMECount{MIME: mt}
		}
		mimes[mt].Count++
		mimes[mt].Bytes += rc.Length
		h := host(rc.URL)
		switch {
		case rc.RecordType == "response":
			h.Novel++
			h.NovelBytes += rc.Length
		case rc.Status == 304:
			h.NotModified++
		default:
			h.Duplicate++
		}
	}
	for _, m := range mimes {
		s.MIMETypes = append(s.MIMETypes, *m)
	}
	sort.Slice(s.MIMETypes, func(a, b int) bool {
		if s.MIMETypes[a].Count != s.MIMETypes[b].Count {
			return s.MIMETypes[a].Count > s.MIMETypes[b].Count
		}
		return s.MIMETypes[a].MIME < s.MIMETypes[b].MIME
	})
	for _, h := range hosts {
		s.Hosts = append(s.Hosts, *h)
	}
	sort.Slice(s.Hosts, func(a, b int) bool { return s.Hosts[a].Host < s.Hosts[b].Host })
	for f := range files {
		s.WARCFiles = append(s.WARCFiles, f)
	}
	sort.Strings(s.WARCFiles)
	return s
}
