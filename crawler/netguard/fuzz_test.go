package netguard

import (
	"strings"
	"testing"
)

// FuzzParseList checks that the allow-list parser never panics, that what
// it accepts is a canonical prefix that reads back to itself, and that a
// guard built from it allows the prefix's own address.
func FuzzParseList(f *testing.F) {
	for _, s := range []string{
		"127.0.0.0/8", "127.0.0.1", "::1", "10.0.0.0/8,fd00::/8", "10.0.0.1/8",
		"::ffff:10.0.0.0/104", "0.0.0.0/0", "fe80::1%eth0", "1.2.3.4/33", "",
		"169.254.169.254/32, 100.64.0.0/10", "::ffff:0:0/96", "64:ff9b::/96",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		items := strings.Split(s, ",")
		ps, err := ParseList(items)
		if err != nil {
			return
		}
		for _, p := range ps {
			if !p.IsValid() || p.Masked() != p {
				t.Fatalf("ParseList(%q) returned a non-canonical prefix %v", s, p)
			}
			back, err := ParsePrefix(p.String())
			if err != nil || back != p {
				t.Fatalf("%v does not read back: %v, %v", p, back, err)
			}
			if !Covers(ps, p) {
				t.Fatalf("Covers(%v, %v) = false", ps, p)
			}
			// A prefix of addresses carrying IPv4 ones (::ffff:0:0/80,
			// 64:ff9b::/96) is judged by the IPv4 address unless it was
			// unmapped itself: skip those.
			carried := Unmap(p.Addr()) != p.Addr()
			if !carried || p.Addr().Is4In6() && p.Bits() >= 96 {
				if err := New(ps).Check(p.Addr()); err != nil {
					t.Fatalf("guard allowing %v refuses %v: %v", ps, p.Addr(), err)
				}
			}
		}
	})
}
