package frontier

import (
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/sharc-archive/sharc/frontier/urlcanon"
)

func TestURLList(t *testing.T) {
	l := urlList{host: "h"}
	sources := []string{"history", "sitemap", "default", ""}
	var want []URL
	for i := range 2*chunkSize + 3 { // crosses two chunk boundaries
		u := URL{URL: fmt.Sprint("http://h/", i), SURT: fmt.Sprint("h)/", i), Host: "h", Seq: i, StoreSeq: 2 * i,
			Parent: i - 1, HopPath: "LL"[:i%3], Via: "http://h/", Rate: float64(i) / 7, RateSource: sources[i%4]}
		if err := l.push(u); err != nil {
			t.Fatal(err)
		}
		want = append(want, u)
	}
	if l.len() != len(want) || len(l.sources) != 4 {
		t.Fatalf("len %d, sources %v", l.len(), l.sources)
	}
	for i, w := range want {
		if got := l.at(i); !reflect.DeepEqual(got, w) {
			t.Fatalf("at(%d) = %+v, want %+v", i, got, w)
		}
		if l.surt(i) != w.SURT || l.hop(i) != w.HopPath || l.storeSeq(i) != w.StoreSeq {
			t.Fatalf("accessors of %d disagree with at", i)
		}
	}
	// The crawler's SURTs are urlcanon's: not kept, recomputed.
	c := urlList{host: "example.org"}
	u := URL{URL: "http://www.example.org/a?b=1", SURT: urlcanon.SURT("http://www.example.org/a?b=1"), Host: "example.org"}
	if err := c.push(u); err != nil {
		t.Fatal(err)
	}
	if e := c.e(0); e.ownSURT || e.surt != "" {
		t.Errorf("a canonical SURT was stored: %+v", e)
	}
	if got := c.at(0); !reflect.DeepEqual(got, u) {
		t.Errorf("at(0) = %+v, want %+v", got, u)
	}
	if err := l.push(URL{StoreSeq: math.MaxInt32 + 1}); err == nil {
		t.Error("a StoreSeq past 2^31 was accepted")
	}
}
