package console

import "testing"

// TestBreakable: a URL or host name may wrap after its separators, runs
// of them kept together, and its text is escaped (issue 29: "URLs wrap
// mid-word").
func TestBreakable(t *testing.T) {
	for in, want := range map[string]string{
		"http://site.test/a/b?x=1&y=2": "http://<wbr>site.<wbr>test/<wbr>a/<wbr>b?<wbr>x=<wbr>1&amp;<wbr>y=<wbr>2",
		"www.example.org":              "www.<wbr>example.<wbr>org",
		"plain":                        "plain",
		"/":                            "/",
		"<script>.x":                   "&lt;script&gt;.<wbr>x",
		"":                             "",
	} {
		if got := string(breakable(in)); got != want {
			t.Errorf("breakable(%q) = %q, want %q", in, got, want)
		}
	}
}
