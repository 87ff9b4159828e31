package netguard

import (
	"fmt"
	"net/netip"
	"strings"
)

// ParsePrefix reads one allow-list entry: a CIDR prefix ("10.0.0.0/8",
// "fd00::/8") or a single IP address, which means /32 or /128. A prefix
// with bits set past its length ("10.0.0.1/8") is refused rather than
// silently widened or narrowed: in a security setting a typo must not
// open more than was meant. Zones are refused: they name an interface,
// not a range.
func ParsePrefix(s string) (netip.Prefix, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return netip.Prefix{}, fmt.Errorf("empty address range")
	}
	if !strings.Contains(s, "/") {
		a, err := netip.ParseAddr(s)
		if err != nil {
			return netip.Prefix{}, fmt.Errorf("%q is neither an IP address nor a CIDR prefix (e.g. 127.0.0.0/8, ::1)", s)
		}
		if a.Zone() != "" {
			return netip.Prefix{}, fmt.Errorf("%q: IPv6 zones are not allowed", s)
		}
		return netip.PrefixFrom(a, a.BitLen()), nil
	}
	p, err := netip.ParsePrefix(s)
	if err != nil {
		return netip.Prefix{}, fmt.Errorf("%q is not a CIDR prefix (e.g. 10.0.0.0/8, fd00::/8): %v", s, err)
	}
	if m := p.Masked(); m != p {
		return netip.Prefix{}, fmt.Errorf("%q has address bits set beyond /%d: write %s (the whole range) or %s/%d (one address)",
			s, p.Bits(), m, p.Addr(), p.Addr().BitLen())
	}
	return p, nil
}

// ParseList reads a list of allow-list entries; the error names the
// first bad entry by its index.
func ParseList(items []string) ([]netip.Prefix, error) {
	out := make([]netip.Prefix, 0, len(items))
	for i, s := range items {
		p, err := ParsePrefix(s)
		if err != nil {
			return nil, fmt.Errorf("[%d]: %w", i, err)
		}
		out = append(out, p)
	}
	return out, nil
}

// Format writes prefixes as ParsePrefix reads them back.
func Format(ps []netip.Prefix) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

// Covers reports whether every address of p lies in the union of outer
// (a daemon's cap), and if not returns false. p need not lie within a
// single prefix of outer: 10.0.0.0/8 is covered by 10.0.0.0/9 and
// 10.128.0.0/9 together.
func Covers(outer []netip.Prefix, p netip.Prefix) bool {
	p = unmapPrefix(p.Masked())
	overlaps := false
	for _, q := range outer {
		q = unmapPrefix(q.Masked())
		if q.Addr().Is4() != p.Addr().Is4() {
			continue
		}
		if q.Bits() <= p.Bits() && q.Contains(p.Addr()) {
			return true
		}
		overlaps = overlaps || q.Overlaps(p)
	}
	if !overlaps || p.Bits() == p.Addr().BitLen() {
		return false
	}
	// Some smaller prefix of outer lies inside p: p is covered only if
	// both its halves are.
	lo := netip.PrefixFrom(p.Addr(), p.Bits()+1)
	hi := netip.PrefixFrom(setBit(p.Addr(), p.Bits()), p.Bits()+1)
	return Covers(outer, lo) && Covers(outer, hi)
}

// setBit returns a with bit i (0 = most significant) set.
func setBit(a netip.Addr, i int) netip.Addr {
	if a.Is4() {
		b := a.As4()
		b[i/8] |= 0x80 >> (i % 8)
		return netip.AddrFrom4(b)
	}
	b := a.As16()
	b[i/8] |= 0x80 >> (i % 8)
	return netip.AddrFrom16(b)
}
