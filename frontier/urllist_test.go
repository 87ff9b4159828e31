package frontier

import (
	"fmt"
	"math"
	"reflect"
	"testing"
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
	if err := l.push(URL{StoreSeq: math.MaxInt32 + 1}); err == nil {
		t.Error("a StoreSeq past 2^31 was accepted")
	}
}
