package netguard

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestCheckDefaults(t *testing.T) {
	g := New(nil)
	tests := []struct {
		addr string
		kind string // "" means allowed
	}{
		{"127.0.0.1", "loopback"},
		{"127.255.255.254", "loopback"},
		{"::1", "loopback"},
		{"::ffff:127.0.0.1", "loopback"}, // IPv4-mapped: judged as IPv4
		{"10.0.0.1", "private"},
		{"172.16.0.1", "private"},
		{"172.31.255.255", "private"},
		{"192.168.1.1", "private"},
		{"fd12:3456::1", "private"},
		{"fc00::1", "private"},
		{"169.254.169.254", "link-local"},
		{"::ffff:169.254.169.254", "link-local"},
		{"fe80::1", "link-local"},
		{"fe80::1%eth0", "link-local"},
		{"100.64.0.1", "CGNAT"},
		{"100.127.255.255", "CGNAT"},
		{"224.0.0.1", "multicast"},
		{"239.255.255.250", "multicast"},
		{"ff02::1", "multicast"},
		{"0.0.0.0", "unspecified"},
		{"0.1.2.3", "unspecified"},
		{"::", "unspecified"},
		{"255.255.255.255", "reserved"},
		{"240.0.0.1", "reserved"},
		{"64:ff9b::a00:1", "private"}, // NAT64 to 10.0.0.1
		// Public addresses, including the neighbours of denied ranges.
		{"93.184.216.34", ""},
		{"8.8.8.8", ""},
		{"172.15.255.255", ""},
		{"172.32.0.0", ""},
		{"100.63.255.255", ""},
		{"100.128.0.0", ""},
		{"169.253.255.255", ""},
		{"11.0.0.0", ""},
		{"223.255.255.255", ""},
		{"2606:4700::1111", ""},
		{"::ffff:8.8.8.8", ""},
		{"64:ff9b::808:808", ""},
	}
	for _, tt := range tests {
		t.Run(tt.addr, func(t *testing.T) {
			err := g.Check(netip.MustParseAddr(tt.addr))
			if tt.kind == "" {
				if err != nil {
					t.Fatalf("Check(%s) = %v, want allowed", tt.addr, err)
				}
				return
			}
			var de *DeniedError
			if !errors.As(err, &de) {
				t.Fatalf("Check(%s) = %v, want a *DeniedError (%s)", tt.addr, err, tt.kind)
			}
			if de.Range.Kind != tt.kind || !errors.Is(err, ErrDenied) {
				t.Errorf("Check(%s): kind %q, want %q (err %v)", tt.addr, de.Range.Kind, tt.kind, err)
			}
		})
	}
	if err := g.Check(netip.Addr{}); !errors.Is(err, ErrDenied) {
		t.Errorf("Check(invalid) = %v, want denied", err)
	}
}

func TestCheckAllowed(t *testing.T) {
	tests := []struct {
		allow []string
		addr  string
		ok    bool
	}{
		{[]string{"127.0.0.0/8"}, "127.0.0.1", true},
		{[]string{"127.0.0.0/8"}, "127.0.0.2", true},
		{[]string{"127.0.0.0/8"}, "::ffff:127.0.0.1", true},
		{[]string{"127.0.0.0/8"}, "::1", false},
		{[]string{"127.0.0.0/8"}, "10.0.0.1", false},
		{[]string{"127.0.0.1"}, "127.0.0.1", true},
		{[]string{"127.0.0.1"}, "127.0.0.2", false},
		{[]string{"127.0.0.1/32"}, "127.0.0.2", false},
		{[]string{"::1"}, "::1", true},
		{[]string{"::1"}, "127.0.0.1", false},
		{[]string{"::ffff:10.0.0.0/104"}, "10.1.2.3", true}, // mapped prefix unmapped
		{[]string{"10.0.0.0/8"}, "10.255.0.1", true},
		{[]string{"10.0.0.0/8"}, "169.254.169.254", false},
		{[]string{"169.254.169.254"}, "169.254.169.254", true},
		{[]string{"0.0.0.0/0", "::/0"}, "192.168.0.1", true},
		{[]string{"fd00::/8"}, "fd00::5", true},
		{[]string{"fd00::/8"}, "fc00::5", false},
	}
	for _, tt := range tests {
		ps, err := ParseList(tt.allow)
		if err != nil {
			t.Fatal(err)
		}
		err = New(ps).Check(netip.MustParseAddr(tt.addr))
		if (err == nil) != tt.ok {
			t.Errorf("allow %v, Check(%s) = %v, want ok=%v", tt.allow, tt.addr, err, tt.ok)
		}
	}
}

func TestParsePrefix(t *testing.T) {
	tests := []struct {
		in, want, err string
	}{
		{"127.0.0.0/8", "127.0.0.0/8", ""},
		{" 10.0.0.0/8 ", "10.0.0.0/8", ""},
		{"127.0.0.1", "127.0.0.1/32", ""},
		{"::1", "::1/128", ""},
		{"fd00::/8", "fd00::/8", ""},
		{"0.0.0.0/0", "0.0.0.0/0", ""},
		{"10.0.0.1/8", "", "write 10.0.0.0/8 (the whole range) or 10.0.0.1/32"},
		{"10.0.0.0/33", "", "not a CIDR prefix"},
		{"example.org", "", "neither an IP address nor a CIDR prefix"},
		{"fe80::1%eth0", "", "zones"},
		{"", "", "empty"},
		{"10.0.0.0/-1", "", "not a CIDR prefix"},
	}
	for _, tt := range tests {
		p, err := ParsePrefix(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParsePrefix(%q) = %v, %v; want error containing %q", tt.in, p, err, tt.err)
			}
			continue
		}
		if err != nil || p.String() != tt.want {
			t.Errorf("ParsePrefix(%q) = %v, %v; want %s", tt.in, p, err, tt.want)
		}
	}
	if _, err := ParseList([]string{"127.0.0.0/8", "nope"}); err == nil || !strings.HasPrefix(err.Error(), "[1]: ") {
		t.Errorf("ParseList error %v does not name entry [1]", err)
	}
}

func TestCovers(t *testing.T) {
	tests := []struct {
		outer []string
		p     string
		want  bool
	}{
		{[]string{"127.0.0.0/8"}, "127.0.0.0/8", true},
		{[]string{"127.0.0.0/8"}, "127.0.0.1/32", true},
		{[]string{"127.0.0.1/32"}, "127.0.0.0/8", false},
		{[]string{"127.0.0.0/8"}, "10.0.0.0/8", false},
		{nil, "127.0.0.1/32", false},
		{[]string{"10.0.0.0/9", "10.128.0.0/9"}, "10.0.0.0/8", true},
		{[]string{"10.0.0.0/9", "10.128.0.0/10"}, "10.0.0.0/8", false},
		{[]string{"0.0.0.0/0"}, "169.254.169.254/32", true},
		{[]string{"0.0.0.0/0"}, "::1/128", false},
		{[]string{"::/0"}, "::1/128", true},
		{[]string{"127.0.0.0/8"}, "::ffff:127.0.0.1/128", true},
	}
	for _, tt := range tests {
		outer, err := ParseList(tt.outer)
		if err != nil {
			t.Fatal(err)
		}
		if got := Covers(outer, netip.MustParsePrefix(tt.p)); got != tt.want {
			t.Errorf("Covers(%v, %s) = %v, want %v", tt.outer, tt.p, got, tt.want)
		}
	}
}

// TestControlRefusesBeforeConnect dials a denied loopback listener through
// a dialer using the guard and checks that no connection arrives.
func TestControlRefusesBeforeConnect(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	denied := net.Dialer{ControlContext: New(nil).Control}
	if c, err := denied.DialContext(ctx, "tcp", ln.Addr().String()); err == nil {
		c.Close()
		t.Fatal("dial to a loopback listener succeeded without allow_addresses")
	} else if !errors.Is(err, ErrDenied) {
		t.Fatalf("dial error %v does not match ErrDenied", err)
	}
	// The listener got nothing: a second, allowed dial is the first
	// connection it accepts.
	allowed := net.Dialer{ControlContext: New([]netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}).Control}
	c, err := allowed.DialContext(ctx, "tcp", ln.Addr().String())
	if err != nil {
		t.Fatalf("allowed dial: %v", err)
	}
	defer c.Close()
	go func() { _, _ = c.Write([]byte("x")) }()
	ac, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer ac.Close()
	buf := make([]byte, 1)
	if _, err := ac.Read(buf); err != nil || buf[0] != 'x' {
		t.Fatalf("the first accepted connection is not the allowed dial: %q, %v", buf, err)
	}
	if err := New(nil).CheckAddress("localhost:80"); !errors.Is(err, ErrDenied) {
		t.Errorf("CheckAddress(a name) = %v, want refused", err)
	}
}

// TestTransport: the guarded transport refuses a loopback server the
// guard denies before connecting (the listener sees no connection), and
// reaches it once allowed, even with a proxy set in the environment.
func TestTransport(t *testing.T) {
	t.Setenv("HTTP_PROXY", "http://127.0.0.1:1")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var accepted atomic.Int64
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }),
		ConnState: func(_ net.Conn, s http.ConnState) {
			if s == http.StateNew {
				accepted.Add(1)
			}
		}}
	go srv.Serve(ln)
	defer srv.Close()
	for _, tc := range []struct {
		name    string
		allow   []netip.Prefix
		denied  bool
		accepts int64
	}{
		{"denied", nil, true, 0},
		{"allowed", []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}, false, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := accepted.Load()
			tr := New(tc.allow).Transport()
			defer tr.CloseIdleConnections()
			resp, err := (&http.Client{Transport: tr}).Get("http://" + ln.Addr().String() + "/")
			if err == nil {
				resp.Body.Close()
			}
			if errors.Is(err, ErrDenied) != tc.denied || (!tc.denied && err != nil) {
				t.Fatalf("error %v, want denied %v", err, tc.denied)
			}
			if got := accepted.Load() - before; got != tc.accepts {
				t.Fatalf("listener accepted %d connections, want %d", got, tc.accepts)
			}
		})
	}
}
