package crawler

import (
	"time"

	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/warc"
)

// Observer receives a capture's events as they happen, for metrics (the
// daemon's Prometheus counters). Calls come from the fetch workers and the
// committer concurrently and must return quickly.
type Observer interface {
	// Started is called once the capture is open and its frontier built
	// (so Status and the admin methods are usable).
	Started(captureID int64, resumed bool)
	// Decision is called for every task a worker takes: the scheduler's
	// action, or prereq for a robots.txt prerequisite.
	Decision(action scheduler.Action, prereq bool)
	// Fetched is called for every HTTP response archived (pages and
	// prerequisites): status, bytes received, fetch duration.
	Fetched(host string, status int, bytes int64, d time.Duration)
	// Unfetched is called for a URL settled without a response, with its
	// Heritrix fetch status code (crawllog.Code: -9998 robots, -8 gave up, ...).
	Unfetched(host string, code int)
	// WARCWritten is called after records are written to a WARC file.
	WARCWritten(file string, bytes int64)
}

// nopObserver is used when Options.Observer is nil.
type nopObserver struct{}

func (nopObserver) Started(int64, bool)                       {}
func (nopObserver) Decision(scheduler.Action, bool)           {}
func (nopObserver) Fetched(string, int, int64, time.Duration) {}
func (nopObserver) Unfetched(string, int)                     {}
func (nopObserver) WARCWritten(string, int64)                 {}

func (c *Crawler) obs() Observer {
	if c.opts.Observer == nil {
		return nopObserver{}
	}
	return c.opts.Observer
}

// noteWritten reports the bytes an exchange added to each WARC file.
func (c *Crawler) noteWritten(written []warc.Written) {
	if c.opts.Observer == nil {
		return
	}
	var file string
	var n int64
	for _, w := range written {
		if w.File != file && n > 0 {
			c.opts.Observer.WARCWritten(file, n)
			n = 0
		}
		file = w.File
		n += w.Length
	}
	if n > 0 {
		c.opts.Observer.WARCWritten(file, n)
	}
}
