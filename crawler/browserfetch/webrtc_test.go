package browserfetch_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler/browserfetch"
)

// webrtcPage opens an RTCPeerConnection whose STUN and TURN (UDP) servers
// are ADDR. /hold keeps the page from settling until ICE gathering has
// finished (the page reports it with /ice-done) or a packet came: the
// browser gets its full chance to send before the tab is closed.
const webrtcPage = `<!doctype html><body><script>
fetch("/hold").catch(() => {});
const pc = new RTCPeerConnection({iceServers: [{urls: "stun:ADDR"},
  {urls: "turn:ADDR?transport=udp", username: "u", credential: "p"}]});
pc.createDataChannel("probe"); // without a channel an offer gathers nothing
pc.onicegatheringstatechange = () => {
  if (pc.iceGatheringState !== "complete") return;
  document.body.dataset.ice = "complete";
  fetch("/ice-done").catch(() => {});
};
pc.createOffer().then(o => pc.setLocalDescription(o));
</script></body>`

// udpSink counts the datagrams sent to a loopback UDP port.
type udpSink struct {
	conn    net.PacketConn
	packets atomic.Int64
	got     chan struct{} // closed at the first datagram
}

func newUDPSink(t *testing.T) *udpSink {
	t.Helper()
	conn, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &udpSink{conn: conn, got: make(chan struct{})}
	done := make(chan struct{})
	t.Cleanup(func() { conn.Close(); <-done })
	go func() {
		defer close(done)
		buf := make([]byte, 1500)
		for {
			if _, _, err := conn.ReadFrom(buf); err != nil {
				return
			}
			if s.packets.Add(1) == 1 {
				close(s.got)
			}
		}
	}()
	return s
}

// webrtcSite serves webrtcPage; released is closed when the page said
// ICE gathering is complete.
type webrtcSite struct {
	page     string
	sink     *udpSink
	once     sync.Once
	released chan struct{}
}

func (s *webrtcSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/":
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, s.page)
	case "/hold":
		select {
		case <-s.released:
		case <-s.sink.got:
		case <-r.Context().Done():
		}
		io.WriteString(w, "{}")
	case "/ice-done":
		s.once.Do(func() { close(s.released) })
		io.WriteString(w, "{}")
	default:
		http.NotFound(w, r)
	}
}

// captureWebRTC captures webrtcPage in p, its ICE servers on a fresh UDP
// sink, and returns the sink, the site and the page's DOM.
func captureWebRTC(t *testing.T, p *browserfetch.Pool) (*udpSink, *webrtcSite, string) {
	t.Helper()
	sink := newUDPSink(t)
	site := &webrtcSite{page: strings.ReplaceAll(webrtcPage, "ADDR", sink.conn.LocalAddr().String()),
		sink: sink, released: make(chan struct{})}
	srv := httptest.NewServer(site)
	defer srv.Close()
	pg, err := p.Capture(context.Background(), srv.URL+"/", httpFetch(srv.Listener.Addr().String()))
	if err != nil {
		t.Fatal(err)
	}
	return sink, site, string(pg.DOM)
}

// A page's WebRTC sends no UDP itself: STUN and TURN-over-UDP would
// bypass both Fetch interception and the dead proxy. The control, a
// browser started without the WebRTC flags, shows the same page does send
// when let.
func TestCaptureWebRTCSendsNoUDP(t *testing.T) {
	ctl := newPool(t, browserfetch.Options{PageTimeout: 30 * time.Second, Idle: 300 * time.Millisecond})
	browserfetch.UnguardWebRTC(ctl)
	sink, _, _ := captureWebRTC(t, ctl)
	if err := waitFor(sink.got, 10*time.Second); err != nil {
		t.Skip("control: unguarded Chromium sent no STUN either (no usable network interface?), so the check would prove nothing")
	}
	t.Logf("control: unguarded Chromium sent %d datagrams", sink.packets.Load())

	p := newPool(t, browserfetch.Options{PageTimeout: 30 * time.Second, Idle: 300 * time.Millisecond})
	sink, site, dom := captureWebRTC(t, p)
	if err := waitFor(site.released, 0); err != nil || !strings.Contains(dom, `data-ice="complete"`) {
		t.Errorf("the page never finished ICE gathering, so had no full chance to send:\n%s", dom)
	}
	if n := sink.packets.Load(); n != 0 {
		t.Errorf("the STUN/TURN server got %d UDP datagrams from the page, want none", n)
	}
}

// waitFor waits at most d for ch to close.
func waitFor(ch <-chan struct{}, d time.Duration) error {
	if d <= 0 {
		select {
		case <-ch:
			return nil
		default:
			return errors.New("not closed")
		}
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ch:
		return nil
	case <-t.C:
		return errors.New("timed out")
	}
}
