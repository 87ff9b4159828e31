package console

import (
	"strings"
	"testing"
	"time"
)

// TestCapabilitySubjects: each kind of subject round-trips; Check (a
// capture's) refuses the other kinds; a subject that cannot be named
// mints nothing; a MAC opens only its own subject.
func TestCapabilitySubjects(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	k := NewCapabilities([]byte("0123456789abcdef0123456789abcdef"), func() time.Time { return now })
	for _, s := range []Subject{
		{Kind: SubjectCapture, Capture: 7},
		{Kind: SubjectUpload, Name: "0123456789abcdef"},
		{Kind: SubjectJob, Name: "my.job-1"},
	} {
		c := k.MintSubject(s)
		got, err := k.CheckSubject(c)
		if err != nil || got != s {
			t.Errorf("%+v: minted %q, checked %+v %v", s, c, got, err)
		}
		if id, err := k.Check(c); (s.Kind == SubjectCapture) != (err == nil) || (err == nil && id != s.Capture) {
			t.Errorf("%+v: Check %d %v", s, id, err)
		}
		// The same MAC and expiry under another subject of the kind.
		f := strings.SplitN(c, ".", 2)
		other := map[SubjectKind]string{SubjectCapture: "8", SubjectUpload: "u0123456789abcdee", SubjectJob: "j6f74686572"}[s.Kind]
		if _, err := k.CheckSubject(other + "." + f[1]); err == nil {
			t.Errorf("%+v's MAC opened %s", s, other)
		}
	}
	for _, s := range []Subject{{Kind: SubjectCapture}, {Kind: SubjectUpload, Name: "../x"}, {Kind: SubjectUpload, Name: "ABCDEF0123456789"}, {Kind: SubjectJob}, {}} {
		if c := k.MintSubject(s); c != "" {
			t.Errorf("%+v minted %q", s, c)
		}
	}
	for _, c := range []string{"u.1.00", "j.1.00", "jzz.1.00", "u../x.1.00", "0.1.00", "-1.1.00"} {
		if _, err := k.CheckSubject(c); err == nil {
			t.Errorf("%q opened a subject", c)
		}
	}
}
