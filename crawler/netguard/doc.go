// Package netguard decides which network addresses a crawl may connect to,
// so that a crawl job (or anyone who may submit one to `sharc serve`)
// cannot use the crawler to reach loopback services, private networks,
// link-local cloud metadata endpoints (169.254.169.254) and other
// addresses that are not the public web.
//
// Loopback, private (RFC 1918, RFC 4193), link-local, CGNAT, multicast,
// unspecified and reserved addresses are denied unless a job allows them
// explicitly with a list of CIDR prefixes (fetch.allow_addresses). The
// check is made on the resolved address at connect time (Guard.Control is
// a net.Dialer ControlContext function), so neither DNS rebinding, nor a
// redirect, nor a resolve: mapping can reach an address the job did not
// allow. IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) and NAT64 addresses
// (64:ff9b::/96) are judged by the IPv4 address they carry.
//
// Concurrency: a Guard is immutable once built; its methods may be called
// from any number of goroutines. The package holds no mutable state.
package netguard
