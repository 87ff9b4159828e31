package report

import (
	"testing"

	"github.com/sharc-archive/sharc/crawler/job"
)

// TestQualityWords is issue 29's "'expected average blur 1.415e-05 per
// page' means nothing to an archivist": the quality in words, with the
// figure it comes from.
func TestQualityWords(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    Report
		want string
	}{
		{"blur of the issue", Report{Mode: job.ModeSingleVisit, Quality: Quality{AvgExpectedBlur: 1.415e-05, PagesMeasured: 200}},
			"sharpness: at least 99.998 % of pages expected unchanged during the capture (blur 1.4e-05 changes per page)"},
		{"a blurred capture", Report{Mode: job.ModeSingleVisit, Quality: Quality{AvgExpectedBlur: 0.25, PagesMeasured: 10}},
			"sharpness: at least 77.8 % of pages expected unchanged during the capture (blur 0.25 changes per page)"},
		{"no blur", Report{Mode: job.ModeSingleVisit, Quality: Quality{PagesMeasured: 3}},
			"sharpness: every page expected unchanged during the capture (blur 0 changes per page)"},
		{"nothing downloaded", Report{Mode: job.ModeSingleVisit},
			"sharpness: not measured (no page was downloaded)"},
		{"coherence", Report{Mode: job.ModeVisitRevisit, Totals: Totals{Pages: 50, Coherent: 45}, Quality: Quality{ExpectedCoherence: 47.3, PagesMeasured: 50}},
			"coherence: 45 of 50 pages (90.0 %) were unchanged between their visit and revisit; the change-rate model expected 47.3 of 50 (94.6 %)"},
		{"coherence, none measured", Report{Mode: job.ModeVisitRevisit, Totals: Totals{Pages: 2}},
			"coherence: 0 of 2 pages (0.0 %) were unchanged between their visit and revisit"},
		{"coherence, nothing", Report{Mode: job.ModeVisitRevisit}, "coherence: not measured (no page was downloaded)"},
	} {
		if got := QualityWords(&tc.r); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}

func TestPercent(t *testing.T) {
	for _, tc := range []struct {
		p    float64
		down bool
		want string
	}{
		{0, false, "0.0 %"}, {1, false, "100.0 %"}, {0.5, false, "50.0 %"}, {11.0 / 30, false, "36.7 %"}, {11.0 / 30, true, "36.6 %"},
		{0.9999, false, "99.99 %"}, {0.99999999, false, "99.9999 %"}, {0.999999999, false, "99.9999 %"},
		{0.9999858, true, "99.998 %"}, {0.9999858, false, "99.999 %"}, {1.5, false, "100.0 %"}, {-1, false, "0.0 %"},
	} {
		if got := percent(tc.p, tc.down); got != tc.want {
			t.Errorf("percent(%v, %v) = %q, want %q", tc.p, tc.down, got, tc.want)
		}
	}
}
