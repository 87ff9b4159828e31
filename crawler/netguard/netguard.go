package netguard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"syscall"
	"time"
)

// Range is one default-denied address range and what it is.
type Range struct {
	Prefix netip.Prefix
	Kind   string // "loopback", "private", "link-local", …
}

// deniedRanges are the addresses no job reaches without allowing them.
// Read-only after initialisation.
var deniedRanges = []Range{
	{netip.MustParsePrefix("0.0.0.0/8"), "unspecified"},
	{netip.MustParsePrefix("10.0.0.0/8"), "private"},
	{netip.MustParsePrefix("100.64.0.0/10"), "CGNAT"},
	{netip.MustParsePrefix("127.0.0.0/8"), "loopback"},
	{netip.MustParsePrefix("169.254.0.0/16"), "link-local"}, // incl. cloud metadata 169.254.169.254
	{netip.MustParsePrefix("172.16.0.0/12"), "private"},
	{netip.MustParsePrefix("192.168.0.0/16"), "private"},
	{netip.MustParsePrefix("224.0.0.0/4"), "multicast"},
	{netip.MustParsePrefix("240.0.0.0/4"), "reserved"}, // incl. broadcast 255.255.255.255
	{netip.MustParsePrefix("::/128"), "unspecified"},
	{netip.MustParsePrefix("::1/128"), "loopback"},
	{netip.MustParsePrefix("fc00::/7"), "private"},
	{netip.MustParsePrefix("fe80::/10"), "link-local"},
	{netip.MustParsePrefix("fec0::/10"), "private"}, // deprecated site-local, still routed inside some networks
	{netip.MustParsePrefix("ff00::/8"), "multicast"},
}

// nat64 is the well-known NAT64 prefix (RFC 6052): 64:ff9b::10.0.0.1
// reaches 10.0.0.1 through a NAT64 gateway.
var nat64 = netip.MustParsePrefix("64:ff9b::/96")

// Unmap returns the address a connection to a actually reaches, for the
// purpose of the check: IPv4-mapped and NAT64 addresses become the IPv4
// address they carry, and any IPv6 zone is dropped.
func Unmap(a netip.Addr) netip.Addr {
	a = a.WithZone("").Unmap()
	if a.Is6() && nat64.Contains(a) {
		b := a.As16()
		return netip.AddrFrom4([4]byte(b[12:16]))
	}
	return a
}

// DeniedRange returns the default-denied range holding a, if any.
func DeniedRange(a netip.Addr) (Range, bool) {
	a = Unmap(a)
	for _, r := range deniedRanges {
		if r.Prefix.Contains(a) {
			return r, true
		}
	}
	return Range{}, false
}

// DeniedRanges returns a copy of the default-denied ranges, for
// documentation and tests.
func DeniedRanges() []Range { return append([]Range(nil), deniedRanges...) }

// DeniedError is the refusal of one address.
type DeniedError struct {
	Addr  netip.Addr
	Range Range // zero Prefix when the address was unparseable
}

func (e *DeniedError) Error() string {
	if !e.Range.Prefix.IsValid() {
		return fmt.Sprintf("address %s refused by the network guard: not an IP address", e.Addr)
	}
	return fmt.Sprintf("address %s refused by the network guard: %s range %s is not in fetch.allow_addresses",
		e.Addr, e.Range.Kind, e.Range.Prefix)
}

// ErrDenied matches every *DeniedError with errors.Is.
var ErrDenied = errors.New("address denied by the network guard")

// Is makes errors.Is(err, ErrDenied) true for a *DeniedError.
func (e *DeniedError) Is(target error) bool { return target == ErrDenied }

// Guard answers whether an address may be connected to: addresses in an
// allowed prefix may, other addresses in a denied range may not, every
// other address may.
type Guard struct {
	allow []netip.Prefix
}

// New builds a guard allowing the given prefixes on top of the public
// address space. IPv4-mapped prefixes are unmapped, so ::ffff:10.0.0.0/104
// allows what 10.0.0.0/8 does.
func New(allow []netip.Prefix) *Guard {
	g := &Guard{allow: make([]netip.Prefix, 0, len(allow))}
	for _, p := range allow {
		g.allow = append(g.allow, unmapPrefix(p))
	}
	return g
}

// Allowed returns the guard's allowed prefixes.
func (g *Guard) Allowed() []netip.Prefix { return append([]netip.Prefix(nil), g.allow...) }

// Check returns nil if a may be connected to, else a *DeniedError.
func (g *Guard) Check(a netip.Addr) error {
	if !a.IsValid() {
		return &DeniedError{Addr: a}
	}
	u := Unmap(a)
	for _, p := range g.allow {
		if p.Contains(u) {
			return nil
		}
	}
	if r, denied := DeniedRange(u); denied {
		return &DeniedError{Addr: u, Range: r}
	}
	return nil
}

// CheckAddress is Check on an "ip:port" or bare IP string, as a dialer
// passes it once the host name is resolved. Anything that is not an IP
// address is refused: the guard must never let a name through unresolved.
func (g *Guard) CheckAddress(address string) error {
	if ap, err := netip.ParseAddrPort(address); err == nil {
		return g.Check(ap.Addr())
	}
	a, err := netip.ParseAddr(strings.Trim(address, "[]"))
	if err != nil {
		return fmt.Errorf("%w: %q is not an IP address", ErrDenied, address)
	}
	return g.Check(a)
}

// Control is a net.Dialer ControlContext function: it runs after name
// resolution, before each connect, on the very address connected to.
func (g *Guard) Control(_ context.Context, _, address string, _ syscall.RawConn) error {
	return g.CheckAddress(address)
}

// dialTimeout bounds a guarded transport's connect.
const dialTimeout = 30 * time.Second

// Dialer is a dialer whose every connect Control vets: the one way any
// client other than the crawler's fetcher (which adds its own annotation
// around Control) reaches the network for a job.
func (g *Guard) Dialer(timeout time.Duration) *net.Dialer {
	return &net.Dialer{Timeout: timeout, ControlContext: g.Control}
}

// Transport is an HTTP transport dialling through Dialer and never
// through a proxy from the environment: a proxy would connect on the
// client's behalf, to an address the guard never sees.
func (g *Guard) Transport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.Proxy = nil
	t.DialContext = g.Dialer(dialTimeout).DialContext
	return t
}

func unmapPrefix(p netip.Prefix) netip.Prefix {
	if p.Addr().Is4In6() && p.Bits() >= 96 {
		return netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-96).Masked()
	}
	return p
}
