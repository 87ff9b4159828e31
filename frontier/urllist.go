package frontier

import (
	"errors"
	"math"

	"github.com/sharc-archive/sharc/frontier/urlcanon"
)

// chunkSize is the number of entries per chunk of a urlList.
const chunkSize = 4096

// urlList holds a host's URLs by Seq. A 10^6-URL host held as a []URL took
// 147 MB and, while append doubled it, briefly two copies: the list keeps
// compact entries in fixed chunks instead, so growing never copies, and an
// entry leaves out what the host already knows (its name; the Seq that is
// the entry's index) or can recompute (its SURT) and narrows the rest.
type urlList struct {
	host    string
	chunks  [][]entry
	n       int
	sources []string // RateSource values, interned: entry.source indexes it
}

// entry is one URL. Its SURT is not kept when it is urlcanon.SURT of its
// URL, as the crawler's always is: that string was a quarter of a 10^6-URL
// frontier, and recomputing it when the URL is handed out costs 0.4 µs.
type entry struct {
	url, surt, hop, via string // surt: only when ownSURT
	rate                float64
	parent, storeSeq    int32
	source              uint8
	ownSURT             bool
}

var errTooManyURLs = errors.New("frontier: a host's URL numbers exceed 2^31")

func (l *urlList) len() int { return l.n }

// push appends u as Seq l.len().
func (l *urlList) push(u URL) error {
	if u.StoreSeq > math.MaxInt32 || u.Parent > math.MaxInt32 {
		return errTooManyURLs
	}
	src, err := l.intern(u.RateSource)
	if err != nil {
		return err
	}
	if l.n%chunkSize == 0 {
		var c []entry
		if l.n > 0 { // the first chunk grows as a slice does: most hosts are small
			c = make([]entry, 0, chunkSize)
		}
		l.chunks = append(l.chunks, c)
	}
	c := &l.chunks[len(l.chunks)-1]
	e := entry{url: u.URL, hop: u.HopPath, via: u.Via, rate: u.Rate,
		parent: int32(u.Parent), storeSeq: int32(u.StoreSeq), source: src}
	if u.SURT != urlcanon.SURT(u.URL) {
		e.surt, e.ownSURT = u.SURT, true
	}
	*c = append(*c, e)
	l.n++
	return nil
}

func (l *urlList) intern(s string) (uint8, error) {
	for i, v := range l.sources {
		if v == s {
			return uint8(i), nil
		}
	}
	if len(l.sources) > math.MaxUint8 {
		return 0, errors.New("frontier: more than 256 rate sources")
	}
	l.sources = append(l.sources, s)
	return uint8(len(l.sources) - 1), nil
}

func (l *urlList) e(i int) *entry { return &l.chunks[i/chunkSize][i%chunkSize] }

// at returns URL i as the frontier hands it out.
func (l *urlList) at(i int) URL {
	e := l.e(i)
	return URL{URL: e.url, SURT: l.surt(i), Host: l.host, Seq: i, StoreSeq: int(e.storeSeq), Parent: int(e.parent),
		HopPath: e.hop, Via: e.via, Rate: e.rate, RateSource: l.sources[e.source]}
}

func (l *urlList) surt(i int) string {
	e := l.e(i)
	if e.ownSURT {
		return e.surt
	}
	return urlcanon.SURT(e.url)
}
func (l *urlList) hop(i int) string   { return l.e(i).hop }
func (l *urlList) storeSeq(i int) int { return int(l.e(i).storeSeq) }
