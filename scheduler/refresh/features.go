package refresh

import (
	"hash/fnv"
	"math"
	"net/url"
	"sort"
	"strings"
	"unicode"
)

// PageStats is what a crawler sees of one archived page when it extracts
// it: the raw material of the page's features and categories.
type PageStats struct {
	URL       string
	BodyBytes int64
	Text      string // visible text, whitespace-normalised
	NavLinks  int    // navigation links (hop L)
	SiteLinks int    // of NavLinks, to the page's own host
	Embeds    int    // embedded resources (hop E)
}

// StaticFeatureNames name StaticFeatures' values, in order: the content,
// URL and link features of Tan & Mitra 2010 §3.2 a crawler has at hand
// (counts on a log scale, so one huge page does not dominate a cluster).
var StaticFeatureNames = []string{
	"log1p(body bytes)", "log1p(words)", "log1p(nav links)", "same-site link share",
	"log1p(embeds)", "URL depth", "URL has query", "log1p(URL length)",
}

// StaticFeatures computes a page's stored features (StaticFeatureNames);
// DynamicFeatures adds the change history's when a repository is built.
func StaticFeatures(s PageStats) []float64 {
	depth, query := 0.0, 0.0
	if u, err := url.Parse(s.URL); err == nil {
		depth = float64(strings.Count(strings.Trim(u.EscapedPath(), "/"), "/"))
		if strings.Trim(u.EscapedPath(), "/") != "" {
			depth++
		}
		if u.RawQuery != "" {
			query = 1
		}
	}
	share := 0.0
	if s.NavLinks > 0 {
		share = float64(s.SiteLinks) / float64(s.NavLinks)
	}
	return []float64{
		math.Log1p(float64(max(s.BodyBytes, 0))), math.Log1p(float64(len(strings.Fields(s.Text)))),
		math.Log1p(float64(s.NavLinks)), share, math.Log1p(float64(s.Embeds)), depth, query,
		math.Log1p(float64(len(s.URL))),
	}
}

// DynamicFeatures are the change-history features Tan & Mitra 2010 add to
// the static ones (§3.2: "dynamic features"): the share of p's observed
// fetches that found a change, and the share of the cycles in which it
// was observed at all. A page never observed gets the repository's mean
// change share, so it is not clustered with the static pages by default.
func DynamicFeatures(h *History, p PageID, meanChange float64) []float64 {
	changed, seen := 0, 0
	for c := 0; c < h.Cycles(); c++ {
		if o := h.At(c, p); o.Observed() {
			seen++
			if o.IsChange() {
				changed++
			}
		}
	}
	share := meanChange
	if seen > 0 {
		share = float64(changed) / float64(seen)
	}
	return []float64{share, ratio(seen, max(h.Cycles(), 1))}
}

// MeanChange is the share of all observations in h that found a change
// (0 without observations).
func MeanChange(h *History) float64 {
	changed, seen := 0, 0
	for c := 0; c < h.Cycles(); c++ {
		for p := 0; p < h.Len(); p++ {
			if o := h.At(c, PageID(p)); o.Observed() {
				seen++
				if o.IsChange() {
					changed++
				}
			}
		}
	}
	return ratio(changed, seen)
}

// topicWords is how many categories a page gets from its text.
const topicWords = 3

// stopWords are frequent words of no topic, left out of TopicCategories.
var stopWords = map[string]bool{"this": true, "that": true, "with": true, "from": true, "have": true, "were": true,
	"will": true, "your": true, "they": true, "their": true, "there": true, "which": true, "about": true, "been": true,
	"page": true, "pages": true, "more": true, "also": true, "into": true, "than": true, "when": true, "what": true}

// TopicCategories are a page's (overlapping) topic categories for
// category-sampling: the hashes of its topicWords most frequent words of
// at least four letters, stop words left out (ties by the word). Paper 001
// takes six categories per page from a web directory; a crawler has none,
// so pages sharing a frequent word share a category instead.
func TopicCategories(text string) []int {
	count := map[string]int{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len([]rune(w)) >= 4 && !stopWords[w] {
			count[w]++
		}
	}
	words := make([]string, 0, len(count))
	for w := range count {
		words = append(words, w)
	}
	sort.Slice(words, func(i, j int) bool {
		if count[words[i]] != count[words[j]] {
			return count[words[i]] > count[words[j]]
		}
		return words[i] < words[j]
	})
	cats := make([]int, 0, topicWords)
	for _, w := range words[:min(len(words), topicWords)] {
		h := fnv.New32a()
		h.Write([]byte(w))
		cats = append(cats, int(h.Sum32()&math.MaxInt32))
	}
	return cats
}
