package report

import (
	"fmt"
	"math"

	"github.com/sharc-archive/sharc/crawler/job"
)

// QualityWords says a capture's quality as an archivist reads it, the
// figure it comes from beside it: a single-visit capture's sharpness
// from its average blur (Eq. 4.4), a visit–revisit capture's coherence
// (Def. 5.6) with the change-rate model's expectation.
//
// A page's blur is the expected number of its changes between its
// download and a moment of the capture interval (rate × mean distance,
// Eq. 4.1). With changes a Poisson process a page stays unchanged over
// that span with probability e^{−blur}; as e^{−x} is convex, the mean of
// those probabilities is at least e^{−average blur} (Jensen), which is
// the share of pages the sentence promises.
func QualityWords(r *Report) string {
	q := r.Quality
	if r.Mode == job.ModeVisitRevisit {
		t := r.Totals
		if t.Pages == 0 {
			return "coherence: not measured (no page was downloaded)"
		}
		w := fmt.Sprintf("coherence: %d of %d pages (%s) were unchanged between their visit and revisit", t.Coherent, t.Pages, percent(float64(t.Coherent)/float64(t.Pages), false))
		if q.PagesMeasured > 0 {
			w += fmt.Sprintf("; the change-rate model expected %.1f of %d (%s)", q.ExpectedCoherence, q.PagesMeasured, percent(q.ExpectedCoherence/float64(q.PagesMeasured), false))
		}
		return w
	}
	if q.PagesMeasured == 0 {
		return "sharpness: not measured (no page was downloaded)"
	}
	b := q.AvgExpectedBlur
	if b <= 0 {
		return "sharpness: every page expected unchanged during the capture (blur 0 changes per page)"
	}
	return fmt.Sprintf("sharpness: at least %s of pages expected unchanged during the capture (blur %.2g changes per page)", percent(math.Exp(-b), true), b)
}

// percent writes share p (0..1) as a percentage with as many decimals
// (1 to 4) as its shortfall from 100 % needs to show: a share short of 1
// never reads 100 %. It is rounded to the nearest, or down when down
// (a bound the words call "at least").
func percent(p float64, down bool) string {
	p = min(max(p, 0), 1)
	d := 1
	if short := (1 - p) * 100; short > 0 {
		d = min(max(int(math.Ceil(-math.Log10(short)-1e-9)), 1), 4)
	}
	scale := math.Pow10(d)
	v := math.Round(p*100*scale) / scale
	if down || (v >= 100 && p < 1) {
		v = math.Floor(p*100*scale+1e-6) / scale
	}
	return fmt.Sprintf("%.*f %%", d, v)
}
