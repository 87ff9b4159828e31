package report

import (
	"testing"

	"github.com/sharc-archive/sharc/store"
)

// A browser page's resource records are listed under their kind, the
// Browsertrix names of issue 29 and the urn:screenshot: of older captures
// alike; other records are not evidence.
func TestNoteEvidenceKinds(t *testing.T) {
	for _, tc := range []struct {
		url, kind string
	}{
		{"urn:fullPage:http://a.test/", EvidenceScreenshot},
		{"urn:screenshot:http://a.test/", EvidenceScreenshot},
		{"urn:thumbnail:http://a.test/", EvidenceThumbnail},
		{"urn:text:http://a.test/", EvidenceText},
		{"urn:dom:http://a.test/", EvidenceDOM},
		{"urn:view:http://a.test/", ""},
		{"http://a.test/", ""},
	} {
		t.Run(tc.url, func(t *testing.T) {
			var s Summary
			s.noteEvidence(store.Record{URL: tc.url, RecordType: "resource", MIME: "image/png"})
			if tc.kind == "" {
				if s.BrowserEvidenceTotal != 0 || len(s.BrowserEvidence) != 0 {
					t.Fatalf("%s listed as evidence: %+v", tc.url, s.BrowserEvidence)
				}
				return
			}
			if s.BrowserEvidenceTotal != 1 || len(s.BrowserEvidence) != 1 {
				t.Fatalf("%s: %d listed, total %d; want 1", tc.url, len(s.BrowserEvidence), s.BrowserEvidenceTotal)
			}
			if e := s.BrowserEvidence[0]; e.Kind != tc.kind || e.Page != "http://a.test/" {
				t.Errorf("%s: kind %q page %q, want %q of http://a.test/", tc.url, e.Kind, e.Page, tc.kind)
			}
		})
	}
}
