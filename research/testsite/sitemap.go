package testsite

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Tau is the threshold τ of Definition 6.1; the thesis sets τ = 0.95.
const Tau = 0.95

// Changefreq categories of the sitemap protocol, hottest first.
var changefreqs = [...]string{"always", "hourly", "daily", "weekly", "monthly", "yearly", "never"}

// categoryIntervals returns the intervals T_0 < T_1 < … < T_{n-1} of
// Definition 6.1 for the categories always … yearly, in time units. T_0 is
// the politeness delay Δ, i.e. one time unit (thesis §6.1: "we associate the
// always category with a time interval with the length of the politeness
// delay Δ"). A category whose wall-clock interval is not longer than T_0
// (e.g. hourly when the time unit is a day) cannot be told apart from
// always, so it gets T_0 too and never matches (Def. 6.1 needs T_i < T_{i+1}).
func categoryIntervals(unit time.Duration) [6]float64 {
	wall := [6]time.Duration{unit, time.Hour, 24 * time.Hour, 7 * 24 * time.Hour, 30 * 24 * time.Hour, 365 * 24 * time.Hour}
	var T [6]float64
	for i, d := range wall {
		T[i] = float64(d) / float64(unit)
		if T[i] < 1 {
			T[i] = 1
		}
	}
	return T
}

// Changefreq maps a change rate λ (changes per time unit) to the sitemap
// changefreq category whose rate range under Definition 6.1 contains it.
// With L = ln(1/τ), category i (0 < i < n) covers λ ∈ [L/T_i, L/T_{i-1}) —
// the range whose midpoint is the λ_i of Def. 6.1 —, always covers
// λ ≥ L/T_0 and never covers λ < L/T_{n-1}. In mean change intervals
// 1/λ and a time unit of one second that is: always up to ≈19.5 s, hourly
// up to ≈19.5 h, daily up to ≈19.5 days, weekly up to ≈136 days, monthly up
// to ≈1.6 years, yearly up to ≈19.5 years, never beyond.
func Changefreq(rate float64, unit time.Duration) string {
	L := math.Log(1 / Tau)
	T := categoryIntervals(unit)
	if !(rate > 0) {
		return "never"
	}
	for i := range T {
		if rate >= L/T[i] {
			return changefreqs[i]
		}
	}
	return "never"
}

// ChangefreqRate returns the change rate per time unit that Definition 6.1
// assigns to a sitemap changefreq category, and false for an unknown
// category. Categories that collapse into always for a coarse time unit
// (see categoryIntervals) get always's rate.
func ChangefreqRate(category string, unit time.Duration) (float64, bool) {
	L := math.Log(1 / Tau)
	T := categoryIntervals(unit)
	n := len(changefreqs) - 1
	for i, c := range changefreqs {
		if c != strings.ToLower(strings.TrimSpace(category)) {
			continue
		}
		switch {
		case i == 0:
			return 1, true
		case i == n:
			return L / (2 * T[i-1]), true
		case T[i] <= T[i-1]:
			return 1, true
		default:
			return (T[i-1] + T[i]) / (2 * T[i-1] * T[i]) * L, true
		}
	}
	return 0, false
}

// serveRobots allows everything but /private/ and the test endpoints, and
// names the sitemap.
func (s *Site) serveRobots(w http.ResponseWriter, r *http.Request) {
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /private/\nDisallow: /_changes\nDisallow: /_info\nAllow: /\n")
	if s.cfg.CrawlDelay > 0 {
		b.WriteString("Crawl-delay: " + strconv.FormatFloat(s.cfg.CrawlDelay.Seconds(), 'f', -1, 64) + "\n")
	}
	b.WriteString("\nSitemap: " + s.baseURL(r) + "/sitemap.xml\n")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte(b.String()))
}

// sitemapFiles is the number of urlset files.
func (s *Site) sitemapFiles() int {
	return (s.cfg.Pages + s.chunk - 1) / s.chunk
}

// w3cTime formats a sitemap lastmod (W3C Datetime, UTC, fractions kept so
// sub-second time units stay distinguishable).
func w3cTime(t time.Time) string {
	return t.UTC().Format(time.RFC3339Nano)
}

// serveSitemap writes urlset file i, or for i < 0 the sitemap.xml: the only
// urlset when the site fits one file, else an index of the urlset files. It
// lists the pages existing now with their lastmod and Def. 6.1 changefreq.
func (s *Site) serveSitemap(w http.ResponseWriter, r *http.Request, now time.Time, i int) {
	base := s.baseURL(r)
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	files := s.sitemapFiles()
	t := s.offsetOf(now)
	if i < 0 && files > 1 {
		b.WriteString(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
		for j := 0; j < files; j++ {
			fmt.Fprintf(&b, "<sitemap><loc>%s/sitemap-%d.xml</loc></sitemap>\n", xmlEscape(base), j)
		}
		b.WriteString("</sitemapindex>\n")
	} else {
		if i < 0 {
			i = 0
		}
		lo, hi := i*s.chunk, min((i+1)*s.chunk, s.cfg.Pages)
		b.Grow((hi - lo) * 140)
		b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
		eb := xmlEscape(base)
		for k := lo; k < hi; k++ {
			if !s.ch.exists(k, t) {
				continue
			}
			_, last, ok := s.ch.version(k, t)
			mod := s.cfg.Start
			if ok {
				mod = s.cfg.Start.Add(last)
			}
			b.WriteString("<url><loc>" + eb + PagePath(k) + "</loc><lastmod>" + w3cTime(mod) +
				"</lastmod><changefreq>" + Changefreq(s.tree.Rates[k], s.cfg.TimeUnit) + "</changefreq></url>\n")
		}
		b.WriteString("</urlset>\n")
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	_, _ = w.Write([]byte(b.String()))
}

func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;").Replace(s)
}
