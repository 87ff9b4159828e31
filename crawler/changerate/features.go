package changerate

import (
	"math"
	"net/url"
	"strconv"
	"strings"
)

// specialChars are the symbols whose presence in a URL is a feature (§6.3,
// online features): tilde, underline, question mark, semicolon, colon,
// comma and percent sign.
const specialChars = "~_?;:,%"

// URLFeatures are the online features of §6.3 that come from the URL.
type URLFeatures struct {
	// Domain is the lower-cased host without port.
	Domain string
	// Slashes is the depth of the URL path: the number of slashes after the
	// host.
	Slashes int
	// Length is the number of characters (bytes) of the whole URL.
	Length int
	// Segments are the first three word-segments of the path, a segment
	// being a substring between two slashes (so the file name after the
	// last slash is not one); missing ones are "".
	Segments [3]string
	// Special[i] says whether specialChars[i] occurs after the host (the
	// scheme's colon does not count).
	Special [len(specialChars)]bool
}

// ExtractURLFeatures computes the URL features of raw. It never fails: a
// string that is not a URL is read as a bare path.
func ExtractURLFeatures(raw string) URLFeatures {
	f := URLFeatures{Length: len(raw)}
	rest := raw
	if u, err := url.Parse(raw); err == nil && u.Host != "" {
		f.Domain = strings.ToLower(u.Hostname())
		// Everything after scheme://host[:port], as it appears in raw.
		if i := strings.Index(raw, "//"); i >= 0 {
			rest = raw[i+2:]
			if j := strings.IndexAny(rest, "/?#"); j >= 0 {
				rest = rest[j:]
			} else {
				rest = ""
			}
		}
	}
	path := rest
	if j := strings.IndexAny(path, "?#"); j >= 0 {
		path = path[:j]
	}
	f.Slashes = strings.Count(path, "/")
	if parts := strings.Split(path, "/"); len(parts) > 2 {
		// parts[0] precedes the first slash, the last follows the last one.
		between := parts[1 : len(parts)-1]
		for i := 0; i < len(f.Segments) && i < len(between); i++ {
			f.Segments[i] = between[i]
		}
	}
	for i := 0; i < len(specialChars); i++ {
		f.Special[i] = strings.IndexByte(rest, specialChars[i]) >= 0
	}
	return f
}

// NormalizeMIME lower-cases a media type and drops its parameters.
func NormalizeMIME(m string) string {
	if i := strings.IndexByte(m, ';'); i >= 0 {
		m = m[:i]
	}
	return strings.ToLower(strings.TrimSpace(m))
}

// Feature columns. Counts enter as log1p: the tree is unaffected (the
// transform is monotone) and Naive Bayes' normal densities fit far better
// on the log scale of these heavy-tailed counts.
var (
	onlineNominal = []string{"domain", "mime", "seg1", "seg2", "seg3",
		"has~", "has_", "has?", "has;", "has:", "has,", "has%"}
	onlineNumeric  = []string{"log_url_length", "slashes", "link_depth"}
	offlineNumeric = []string{"log_days_since_change", "log_images", "log_tables", "log_outlinks", "log_inlinks"}
)

// rawFeatures returns a page's nominal values and numeric values in the
// column order above. Offline columns of a page without offline features
// hold −1, a value no real page has, so the learners can tell them apart.
func rawFeatures(p PageInfo, offline bool) (nom []string, num []float64) {
	u := ExtractURLFeatures(p.URL)
	nom = make([]string, 0, len(onlineNominal))
	nom = append(nom, u.Domain, NormalizeMIME(p.MIME), u.Segments[0], u.Segments[1], u.Segments[2])
	for _, b := range u.Special {
		nom = append(nom, strconv.FormatBool(b))
	}
	num = []float64{math.Log1p(float64(u.Length)), float64(u.Slashes), float64(p.Depth)}
	if offline {
		if p.Offline {
			num = append(num,
				log1pNonNeg(p.DaysSinceLastChange), log1pNonNeg(float64(p.Images)),
				log1pNonNeg(float64(p.Tables)), log1pNonNeg(float64(p.Outlinks)),
				log1pNonNeg(float64(p.Inlinks)))
		} else {
			num = append(num, -1, -1, -1, -1, -1)
		}
	}
	return nom, num
}

func log1pNonNeg(v float64) float64 {
	if !(v >= 0) || math.IsInf(v, 0) {
		return -1
	}
	return math.Log1p(v)
}

// encoder turns pages into Dataset rows with dictionaries learned from the
// training pages.
type encoder struct {
	offline bool
	attrs   []Attribute
	dict    []map[string]int // per nominal column
}

func newEncoder(pages []PageInfo, offline bool) *encoder {
	e := &encoder{offline: offline, dict: make([]map[string]int, len(onlineNominal))}
	for j, name := range onlineNominal {
		e.dict[j] = map[string]int{}
		e.attrs = append(e.attrs, Attribute{Name: name, Kind: Nominal})
	}
	for _, p := range pages {
		nom, _ := rawFeatures(p, offline)
		for j, v := range nom {
			if _, ok := e.dict[j][v]; !ok {
				e.dict[j][v] = len(e.attrs[j].Values)
				e.attrs[j].Values = append(e.attrs[j].Values, v)
			}
		}
	}
	for _, name := range onlineNumeric {
		e.attrs = append(e.attrs, Attribute{Name: name, Kind: Numeric})
	}
	if offline {
		for _, name := range offlineNumeric {
			e.attrs = append(e.attrs, Attribute{Name: name, Kind: Numeric})
		}
	}
	return e
}

// row encodes a page; a nominal value unseen in training becomes −1.
func (e *encoder) row(p PageInfo) []float64 {
	nom, num := rawFeatures(p, e.offline)
	x := make([]float64, 0, len(e.attrs))
	for j, v := range nom {
		if i, ok := e.dict[j][v]; ok {
			x = append(x, float64(i))
		} else {
			x = append(x, -1)
		}
	}
	return append(x, num...)
}
