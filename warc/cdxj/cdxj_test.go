package cdxj

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

var update = flag.Bool("update", false, "rewrite golden files")

var t0 = time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)

// goldenRecords covers every rule: record types left out, a resource
// record under its urn: target, revisit MIME,
// no status on a server-not-modified revisit (status 304, empty block, no
// payload digest) but the status of an identical-payload one, MIME parameters, digest prefixes, byte order of SURTs, equal SURTs by
// time, status 0, characters JSON must escape.
func goldenRecords() []store.Record {
	base := store.Record{CaptureID: 1, Status: 200, MIME: "text/html; charset=UTF-8", PayloadDigest: "sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ",
		WARCFile: "sharc-00001.warc.gz", RecordLength: 1219, Phase: "visit"}
	mk := func(url, surt string, at time.Time, typ warc.RecordType, off int64, f func(*store.Record)) store.Record {
		r := base
		r.URL, r.SURT, r.Time, r.RecordType, r.Offset = url, surt, at, typ, off
		if f != nil {
			f(&r)
		}
		return r
	}
	return []store.Record{
		mk("http://www.example.com/", "com,example,www)/", t0, warc.Response, 0, nil),
		mk("http://example.com/", "com,example)/", t0.Add(time.Minute), warc.Request, 1300, nil),
		mk("http://example.com/", "com,example)/", t0.Add(time.Minute), warc.Response, 1500, func(r *store.Record) {
			r.PayloadDigest = "sha256:0123abcd"
		}),
		mk("http://example.com/a?x=1&y=\"2\"", "com,example)/a?x=1&y=\"2\"", t0.Add(2*time.Hour), warc.Revisit, 3000, func(r *store.Record) {
			r.Phase, r.Status, r.RecordLength, r.PayloadDigest = "revisit", 304, 400, ""
		}),
		mk("http://example.com/a?x=1&y=\"2\"", "com,example)/a?x=1&y=\"2\"", t0.Add(3*time.Hour), warc.Revisit, 3500, func(r *store.Record) {
			r.Phase, r.RecordLength = "revisit", 500
		}),
		mk("http://example.com/a?x=1&y=\"2\"", "com,example)/a?x=1&y=\"2\"", t0.Add(time.Hour), warc.Response, 2000, func(r *store.Record) {
			r.MIME, r.WARCFile = "IMAGE/PNG", "sharc-00002.warc.gz"
		}),
		mk("dns:example.com", "dns:example.com", t0, warc.Response, 5000, func(r *store.Record) {
			r.Status, r.MIME, r.PayloadDigest = 0, "text/dns", ""
		}),
		mk("", "", t0, warc.Warcinfo, 0, nil),
		mk("http://example.com/", "com,example)/", t0, warc.Metadata, 6000, nil),
		mk("http://example.com/open", "com,example)/open", t0, warc.Response, 0, func(r *store.Record) { r.WARCFile = "" }),
		mk("urn:thumbnail:http://example.com/", "urn:thumbnail:http://example.com/", t0, warc.Resource, 7000, func(r *store.Record) {
			r.Status, r.MIME, r.PayloadDigest = 0, "image/jpeg", "sha1:LIPSBQTR7S4BMOD5GGOUKT4M2JGWSJ6D"
		}),
	}
}

func TestGolden(t *testing.T) {
	var buf bytes.Buffer
	n, err := WriteRecords(&buf, goldenRecords())
	if err != nil {
		t.Fatal(err)
	}
	if n != 7 {
		t.Errorf("wrote %d lines, want 7 (response, revisit and resource records in files only)", n)
	}
	golden := filepath.Join("testdata", "golden.cdxj")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Fatalf("CDXJ differs from %s (run with -update after checking):\n got:\n%s\nwant:\n%s", golden, buf.Bytes(), want)
	}
	// The golden file parses back to the same entries.
	got, err := Parse(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	if es := Entries(goldenRecords()); !reflect.DeepEqual(got, es) {
		t.Fatalf("Parse(golden):\n got %+v\nwant %+v", got, es)
	}
}

func TestFromRecord(t *testing.T) {
	r := store.Record{URL: "http://a/", SURT: "a)/", Time: time.Date(2024, 1, 2, 3, 4, 5, 6, time.FixedZone("X", 3600)),
		RecordType: warc.Revisit, Status: 200, MIME: "text/html", PayloadDigest: "sha1:AB", WARCFile: "f.warc.gz", Offset: 7, RecordLength: 8, Length: 99}
	e, ok := FromRecord(r)
	want := Entry{SURT: "a)/", Timestamp: "20240102020405", URL: "http://a/", MIME: RevisitMIME, Status: 200, Digest: "AB", Length: 8, Offset: 7, Filename: "f.warc.gz"}
	if !ok || e != want {
		t.Fatalf("FromRecord = %+v, %v\nwant %+v", e, ok, want)
	}
	for _, bad := range []string{"", "a )/", "a)/\n"} {
		r2 := r
		r2.SURT = bad
		if _, ok := FromRecord(r2); ok {
			t.Errorf("FromRecord accepted SURT %q", bad)
		}
	}
	tm, err := e.Time()
	if err != nil || !tm.Equal(time.Date(2024, 1, 2, 2, 4, 5, 0, time.UTC)) {
		t.Fatalf("Time() = %v, %v", tm, err)
	}
}

func TestEntryTime(t *testing.T) {
	tests := []struct {
		ts   string
		want time.Time
	}{
		{"20240102030405", time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)},
		{"2024", time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"202403", time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)},
		{"20240102030405123", time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)},
	}
	for _, tt := range tests {
		got, err := Entry{Timestamp: tt.ts}.Time()
		if err != nil || !got.Equal(tt.want) {
			t.Errorf("Time(%s) = %v, %v; want %v", tt.ts, got, err, tt.want)
		}
	}
}

func TestSortByteOrder(t *testing.T) {
	es := []Entry{
		{SURT: "com,example,www)/", Timestamp: "20240101000000"},
		{SURT: "com,example)/a", Timestamp: "20240101000000"},
		{SURT: "com,example)/", Timestamp: "20240102000000"},
		{SURT: "com,example)/", Timestamp: "20240101000000"},
	}
	Sort(es)
	var got []string
	for _, e := range es {
		got = append(got, e.SURT+" "+e.Timestamp)
	}
	want := []string{"com,example)/ 20240101000000", "com,example)/ 20240102000000", "com,example)/a 20240101000000", "com,example,www)/ 20240101000000"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("sorted = %q\nwant %q", got, want)
	}
}

func TestParseLine(t *testing.T) {
	tests := []struct {
		name, line string
		want       Entry
		err        string // substring; "" means success
	}{
		{"pywb style with spaces and numbers", `com,example)/ 20170730223850 {"url": "http://example.com/", "mime": "text/html", "status": 200, "digest": "G7HR", "length": "1219", "offset": 771, "filename": "e.warc.gz", "extra": [1]}`,
			Entry{SURT: "com,example)/", Timestamp: "20170730223850", URL: "http://example.com/", MIME: "text/html", Status: 200, Digest: "G7HR", Length: 1219, Offset: 771, Filename: "e.warc.gz"}, ""},
		{"status dash", `a)/ 2017 {"url":"u","status":"-","length":"1","offset":"0","filename":"f"}`,
			Entry{SURT: "a)/", Timestamp: "2017", URL: "u", Length: 1, Filename: "f"}, ""},
		{"no json", `a)/ 20170730223850`, Entry{}, "want"},
		{"empty surt", ` 20170730223850 {}`, Entry{}, "empty SURT"},
		{"bad timestamp", `a)/ 2017x {}`, Entry{}, "timestamp"},
		{"short timestamp", `a)/ 201 {}`, Entry{}, "timestamp"},
		{"json array", `a)/ 20170730223850 []`, Entry{}, "JSON"},
		{"json null", `a)/ 20170730223850 null`, Entry{}, "not an object"},
		{"trailing", `a)/ 20170730223850 {} {}`, Entry{}, "trailing"},
		{"bool value", `a)/ 20170730223850 {"url":true}`, Entry{}, "not a string"},
		{"negative length", `a)/ 20170730223850 {"length":"-1"}`, Entry{}, "bad count"},
		{"float offset", `a)/ 20170730223850 {"offset":1.5}`, Entry{}, "bad count"},
		{"huge status", `a)/ 20170730223850 {"status":"1000"}`, Entry{}, "bad status"},
		{"not utf8", "a)/ 20170730223850 {\"url\":\"\xff\"}", Entry{}, "UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseLine([]byte(tt.line))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %+v, %v\nwant %+v", got, err, tt.want)
			}
		})
	}
}

func TestReaderSkipsAndCountsLines(t *testing.T) {
	in := "!OpenWayback-CDXJ 1.0\n\na)/ 20240101000000 {\"url\":\"u\",\"length\":\"1\",\"offset\":\"0\",\"filename\":\"f\"}\r\nb)/ x {}\n"
	r := NewReader(strings.NewReader(in))
	e, err := r.Next()
	if err != nil || e.SURT != "a)/" || e.Filename != "f" {
		t.Fatalf("first = %+v, %v", e, err)
	}
	if _, err := r.Next(); err == nil || !strings.Contains(err.Error(), "line 4") {
		t.Fatalf("second: %v, want an error on line 4", err)
	}
	if _, err := NewReader(strings.NewReader("")).Next(); err != io.EOF {
		t.Fatalf("empty input: %v, want io.EOF", err)
	}
	long := "a)/ 20240101000000 {\"url\":\"" + strings.Repeat("x", MaxLine) + "\"}\n"
	if _, err := Parse(strings.NewReader(long)); err == nil {
		t.Fatal("over-long line accepted")
	}
}

// FuzzParse checks that the parser never panics and that whatever it
// accepts survives a write and a second parse unchanged.
func FuzzParse(f *testing.F) {
	golden, err := os.ReadFile(filepath.Join("testdata", "golden.cdxj"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(golden)
	for _, s := range []string{
		`com,example)/ 20170730223850 {"url": "http://example.com/", "status": 200, "length": "1", "offset": 2, "filename": "f"}`,
		"!meta\n\na)/ 2017 {}\n",
		`a)/ 20170730223850 {"url":"\u00e9\n","mime":"","status":"-"}`,
		`a)/ 20170730223850 {"length":"99999999999999999999"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		es, err := Parse(bytes.NewReader(data))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := Write(&buf, es); err != nil {
			t.Fatal(err)
		}
		again, err := Parse(&buf)
		if err != nil {
			t.Fatalf("re-parse of written entries: %v\n%s", err, buf.Bytes())
		}
		if !reflect.DeepEqual(es, again) && !(len(es) == 0 && len(again) == 0) {
			t.Fatalf("round trip changed entries:\n%+v\n%+v", es, again)
		}
	})
}

func BenchmarkWriteRecords(b *testing.B) {
	recs := make([]store.Record, 10000)
	for i := range recs {
		recs[i] = goldenRecords()[i%5]
		recs[i].Time = t0.Add(time.Duration(i) * time.Second)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := WriteRecords(io.Discard, recs); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*len(recs))/b.Elapsed().Seconds(), "records/s")
}
