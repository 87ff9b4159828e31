package daemon

import (
	"net"
	"testing"
)

// TestOriginAt: the replay origin's address as a browser reaches it
// follows the host name the browser used for the console when both
// listeners share an address (or the replay listener takes every
// address), and is the replay listener's own address otherwise.
func TestOriginAt(t *testing.T) {
	tcp := func(s string) net.Addr { a, _ := net.ResolveTCPAddr("tcp", s); return a }
	for _, tc := range []struct {
		name, addr, other, reqHost, want string
	}{
		{"same address, by IP", "127.0.0.1:9001", "127.0.0.1:8180", "127.0.0.1:8180", "http://127.0.0.1:9001"},
		{"same address, by name", "127.0.0.1:9001", "127.0.0.1:8180", "localhost:8180", "http://localhost:9001"},
		{"every address", "0.0.0.0:8181", "0.0.0.0:8180", "crawler.example.org:8180", "http://crawler.example.org:8181"},
		{"another loopback address", "127.0.0.2:8181", "127.0.0.1:8180", "localhost:8180", "http://127.0.0.2:8181"},
		{"IPv6 loopback", "[::1]:8181", "[::1]:8180", "[::1]:8180", "http://[::1]:8181"},
		{"a Host without a port", "127.0.0.1:9001", "127.0.0.1:80", "localhost", "http://localhost:9001"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := originAt("http", tcp(tc.addr), tcp(tc.other), tc.reqHost); got != tc.want {
				t.Errorf("originAt(%s, %s, %s) = %s, want %s", tc.addr, tc.other, tc.reqHost, got, tc.want)
			}
		})
	}
}
