package console

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzFirstDir: any URL a crawled site gives has a first-level directory
// label, never a panic, and the label starts with the URL's host when it
// parses.
func FuzzFirstDir(f *testing.F) {
	for _, s := range []string{"http://h.test/a/b", "http://h.test", "http://[::1]:80/x/", "http://h.test/%zz", "://", "http://h.test/a//b", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		d := firstDir(raw)
		if d == "" || strings.Count(d, "/") > 2+strings.Count(raw, "/") {
			t.Errorf("firstDir(%q) = %q", raw, d)
		}
	})
}

// FuzzAnnotate: whatever problems the API lists, every one is shown once,
// under a line of the text or among the general ones.
func FuzzAnnotate(f *testing.F) {
	f.Add("name: x\nseeds: []\n", "job.yaml:2: seeds: empty", "job.yaml: name: bad")
	f.Add("", "job.yaml:0: x", "job.yaml:99999999999999999999: y")
	f.Fuzz(func(t *testing.T, text, d1, d2 string) {
		ed := annotate(text, &APIError{Status: 400, Message: "invalid job", Details: []string{d1, d2}})
		n := len(ed.General)
		for _, l := range ed.Lines {
			n += len(l.Problems)
		}
		if n != 2 || ed.Problems != 2 || len(ed.Lines) != strings.Count(text, "\n")+1 {
			t.Errorf("%d shown, %d counted, %d lines", n, ed.Problems, len(ed.Lines))
		}
	})
}

// FuzzQualityRead: the quality page's stream decoder takes any bytes as a
// report without a panic, and keeps at most a window of pages.
func FuzzQualityRead(f *testing.F) {
	f.Add(`{"mode":"visit-revisit","pages":[{"url":"http://h/","status":"changed"}],"blocked":["x"],"totals":{"pages":1}}`)
	f.Add(`{"pages":null,"blocked":null}`)
	f.Add(`{"pages":[1,2`)
	f.Add(`[]`)
	f.Fuzz(func(t *testing.T, body string) {
		if !utf8.ValidString(body) {
			return
		}
		qv := &qualityView{Status: "changed"}
		_ = qv.read(strings.NewReader(body))
		if len(qv.Rows) > qualityRows || len(qv.Rows) > qv.Matches {
			t.Errorf("%d rows of %d matches", len(qv.Rows), qv.Matches)
		}
	})
}

// FuzzContentRange: any Content-Range header parses or is refused.
func FuzzContentRange(f *testing.F) {
	for _, s := range []string{"bytes 0-9/10", "bytes */10", "bytes 5-1/2", "", "bytes -1--2/-3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, h string) {
		if first, total, ok := contentRange(h); ok && strings.TrimSpace(h) == "" {
			t.Errorf("%q parsed as %d/%d", h, first, total)
		}
	})
}

// FuzzCapability: whatever path segment a browser sends the replay
// origin, Check never panics, and what it accepts has three fields and
// opens a positive capture ID, the first field's; a minted capability
// opens its own capture.
func FuzzCapability(f *testing.F) {
	k := NewCapabilities([]byte("0123456789abcdef0123456789abcdef"), nil)
	f.Add(k.Mint(1), int64(1))
	f.Add("1.99999999999.00", int64(2))
	f.Add("..", int64(3))
	f.Add("-1.-1.zz", int64(-4))
	f.Add(k.MintSubject(Subject{Kind: SubjectJob, Name: "j"}), int64(5))
	f.Add(k.MintSubject(Subject{Kind: SubjectUpload, Name: "0123456789abcdef"}), int64(6))
	f.Fuzz(func(t *testing.T, capability string, id int64) {
		if got, err := k.Check(capability); err == nil && (got <= 0 || strings.Count(capability, ".") != 2 ||
			strings.TrimLeft(strings.SplitN(capability, ".", 2)[0], "+0") != strconv.FormatInt(got, 10)) {
			t.Errorf("Check(%q) opened %d", capability, got)
		}
		if s, err := k.CheckSubject(capability); err == nil {
			if seg, ok := s.encode(); !ok || seg != strings.SplitN(capability, ".", 2)[0] {
				t.Errorf("CheckSubject(%q) opened %+v", capability, s)
			}
		}
		if id > 0 {
			if got, err := k.Check(k.Mint(id)); err != nil || got != id {
				t.Errorf("a minted capability of %d: %d, %v", id, got, err)
			}
		}
	})
}
