package daemon

import (
	"crypto/rand"
	"fmt"
	"net"
	"net/http"

	"github.com/sharc-archive/sharc/daemon/console"
)

// listenReplay opens the replay origin's listener: Config.ReplayListen,
// or the main listener's host on a free port.
func (d *Daemon) listenReplay(main net.Addr) (net.Listener, error) {
	addr := d.cfg.ReplayListen
	if addr == "" {
		host, _, err := net.SplitHostPort(main.String())
		if err != nil {
			return nil, fmt.Errorf("replay origin: %w", err)
		}
		addr = net.JoinHostPort(host, "0")
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("replay_listen: %w", err)
	}
	return ln, nil
}

// replayOrigin describes the replay listener to the console, with a new
// capability key (capabilities end with the daemon that minted them).
func (d *Daemon) replayOrigin(main, replay net.Addr) (*console.ReplayOrigin, error) {
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, fmt.Errorf("replay capability key: %w", err)
	}
	return &console.ReplayOrigin{
		Caps:    console.NewCapabilities(key, d.now),
		Base:    func(r *http.Request) string { return originAt(d.scheme(), replay, main, r.Host) },
		Console: func(r *http.Request) string { return originAt(d.scheme(), main, replay, r.Host) },
		// Uploaded packages are served on the replay origin only.
		OpenUpload: d.OpenUpload,
	}, nil
}

// originAt is the origin (with the daemon's scheme) a browser reaches the
// listener at addr by, given reqHost, the host (and port) it used for the
// daemon's other listener other: the same host name when both listen on
// one address (or addr on every address), else addr's own IP.
func originAt(scheme string, addr, other net.Addr, reqHost string) string {
	host, port, _ := net.SplitHostPort(addr.String())
	otherHost, _, _ := net.SplitHostPort(other.String())
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() || host == otherHost {
		if h, _, err := net.SplitHostPort(reqHost); err == nil {
			host = h
		} else {
			host = reqHost
		}
	}
	return scheme + "://" + net.JoinHostPort(host, port)
}
