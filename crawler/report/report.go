package report

import (
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
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
// first six; in a single-visit capture a fetched page is StatusDownloadedOnce.
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
	// StatusDownloadedOnce: single-visit capture, the page was downloaded
	// once, so nothing is proved about change during the capture. Reports
	// of format version 1 called it "captured" (see ReadJSON).
	StatusDownloadedOnce Status = "downloaded-once"
)

// legacyStatusCaptured is StatusDownloadedOnce as format version 1 and
// report rows stored by it spell it.
const legacyStatusCaptured Status = "captured"

// SimilarityThreshold is the Jaccard similarity of word 10-gram shingles
// at or above which a change is insignificant (thesis §8.2).
const SimilarityThreshold = 0.9

// ShingleWords is the shingle width in words (thesis §8.2).
const ShingleWords = 10

// Options tune Build.
type Options struct {
	// WARCDir holds the capture's WARC files: their SHA-256 goes into the
	// report's fixity section, and the similarity test (job
	// capture.similarity) reads them. Empty: the job's warc.dir if it is
	// absolute is hashed; the similarity test is skipped and the report
	// says so.
	WARCDir string
	// Job is the capture's job. When nil, Build reads the job file the
	// capture started with (store.Capture.Owner.JobYAML); a capture with
	// none (before store migration 0006) is reported without it (Δ = 1s,
	// no similarity test), and the report's notes say so.
	Job *job.Job
	// Tool names the software that made the capture (default "SHARC").
	Tool string
	// Now stamps the report (default time.Now); tests fix it.
	Now func() time.Time
	// Log receives diagnostics; nil means no logging.
	Log *zap.Logger
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
	CaptureStatus store.CaptureStatus `json:"capture_status"`
	// StopReason is why the crawl stopped for good (finished, max_pages,
	// max_bytes, max_duration; "" while open or unrecorded), and
	// Completeness the one value derived from it and CaptureStatus:
	// complete, incomplete, in progress or not recorded. A capture that
	// is not complete says so at the top of every rendering.
	StopReason   string             `json:"stop_reason"`
	Completeness store.Completeness `json:"completeness"`
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
	// Pages has one entry per page of the capture, sorted by URL; empty
	// in a summary (BuildAndStore, Load), whose pages are read as the
	// report is rendered.
	Pages []Page `json:"pages"`
	// Blocked lists URLs excluded by robots.txt or scope, sorted (empty in
	// a summary, as Pages).
	Blocked []string `json:"blocked"`
	// Summary is the Heritrix-style crawl summary over all records.
	Summary Summary `json:"summary"`
	// Notes are plain-language caveats about how this report was made.
	Notes []string `json:"notes"`
	// Timeline is the data of the timeline chart: the pages' downloads
	// over the capture, at most MaxTimelineRows rows whatever the size
	// of the capture (plots.go).
	Timeline Timeline `json:"timeline"`
	// Breakdown counts the pages by outcome per first-level directory and
	// media type, at most MaxBreakdownCells cells (plots.go).
	Breakdown Breakdown `json:"breakdown"`
	// Fixity holds the size and SHA-256 of every WARC file of the capture
	// as they were when the report was built (fixity.go).
	Fixity Fixity `json:"fixity"`
	// Connections says, per host, where the crawler connected, how it
	// found the address (DNS or the job's resolve: override) and the TLS
	// certificates it was shown, with their verification
	// (connections.go); absent for captures made before SHARC wrote
	// these records.
	Connections []HostConnection `json:"connections,omitempty"`
	// LoggedIn lists the hosts the capture crawled logged in and as whom
	// (the account name, never a password), from the session the crawler
	// saved (issue 30); absent when it logged in nowhere.
	LoggedIn []LoggedInHost `json:"logged_in,omitempty"`
}

// LoggedInHost is one host crawled logged in.
type LoggedInHost struct {
	Host    string    `json:"host"`
	Account string    `json:"account"`
	Kind    string    `json:"kind"` // form, basic or digest
	Since   time.Time `json:"since"`
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
	// Captured counts the pages downloaded once (StatusDownloadedOnce);
	// the Go name predates the label.
	Captured int `json:"downloaded_once"`
	Blocked  int `json:"blocked"`
	// Downloads counts the pages by how many downloads the records hold
	// for them, whatever the mode asked for: two (a visit and a distinct
	// revisit), one, or none. The report's sentences about visits and
	// revisits are made from these, never from the mode alone.
	Downloads DownloadCounts `json:"downloads"`
}

// DownloadCounts counts pages by their archived downloads.
type DownloadCounts struct {
	Twice int `json:"twice"`
	Once  int `json:"once"`
	Never int `json:"never"`
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

// MaxEvidence bounds Summary.BrowserEvidence: the summary stays small
// whatever the capture (the CSV of the index has every record).
const MaxEvidence = 10000

// Evidence is one resource record a browser page left: its full-page
// screenshot or its rendered DOM, WARC-Concurrent-To the page's response.
type Evidence struct {
	Page          string `json:"page"`
	Kind          string `json:"kind"` // EvidenceScreenshot, EvidenceThumbnail, EvidenceText or EvidenceDOM
	MIME          string `json:"mime"`
	PayloadDigest string `json:"payload_digest"`
	RecordID      string `json:"record_id"`
	WARCFile      string `json:"warc_file"`
	Offset        int64  `json:"offset"`
	RecordLength  int64  `json:"record_length"`
}

// Download is one archived download (response or revisit record).
type Download struct {
	Time          time.Time       `json:"time"`
	HTTPStatus    int             `json:"http_status"`
	RecordType    warc.RecordType `json:"record_type"`
	Phase         string          `json:"phase"`
	MIME          string          `json:"mime"`
	PayloadDigest string          `json:"payload_digest"`
	// PayloadSHA256 is "sha256:HEX" of the payload whatever the WARC's
	// digest; absent for downloads indexed before SHARC recorded it and
	// for a 304 revisit, which has no payload of its own.
	PayloadSHA256 string `json:"payload_sha256,omitempty"`
	RecordID      string `json:"record_id"`
	WARCFile      string `json:"warc_file"`
	Offset        int64  `json:"offset"`
	RecordLength  int64  `json:"record_length"`
}

// Fingerprint is the download's fingerprint as the report shows it: its
// payload's SHA-256, else (captures indexed before SHARC recorded it) the
// WARC's own payload digest.
func (d *Download) Fingerprint() string {
	if d.PayloadSHA256 != "" {
		return d.PayloadSHA256
	}
	return d.PayloadDigest
}

// sha256 is the CSV cell of PayloadSHA256 ("" without a download).
func (d *Download) sha256() string {
	if d == nil {
		return ""
	}
	return d.PayloadSHA256
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
	// BrowserEvidence lists the screenshots and rendered DOMs of pages
	// captured in a browser (capture.browser, docs/browser-capture.md),
	// in index order, at most MaxEvidence of them; BrowserEvidenceTotal
	// counts them all.
	BrowserEvidence      []Evidence `json:"browser_evidence,omitempty"`
	BrowserEvidenceTotal int        `json:"browser_evidence_total,omitempty"`
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

// FormatVersion is the current Report.Version. Version 2 renamed the
// status "captured" to "downloaded-once" (and totals.captured to
// totals.downloaded_once) and added timeline, breakdown and fixity;
// ReadJSON upgrades version 1.
const FormatVersion = 2

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
