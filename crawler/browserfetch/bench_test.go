package browserfetch_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler/browserfetch"
)

// BenchmarkCapture loads the JavaScript page (a document, a JSON fetch,
// screenshot and DOM) from a loopback server, with 1, 2 and 4 tabs busy
// at once, and reports pages/s and the memory of the Chromium process
// tree (proportional set size, so pages shared between processes count
// once): its peak while the pages load, and that peak less the idle
// browser's, per tab. docs/benchmarks.md has the figures and the command.
func BenchmarkCapture(b *testing.B) {
	if _, err := os.Stat(browserfetch.DefaultExec); err != nil {
		b.Skip("needs Debian's chromium at /usr/bin/chromium (make chromium installs it)")
	}
	site := &jsSite{}
	srv := httptest.NewServer(site)
	defer srv.Close()
	fetch := httpFetch(srv.Listener.Addr().String())
	for _, tabs := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("tabs=%d", tabs), func(b *testing.B) {
			p, err := browserfetch.New(browserfetch.Options{Tabs: tabs, PageTimeout: 30 * time.Second, Idle: 500 * time.Millisecond /* capture.browser.wait: network-idle */, Screenshot: true})
			if err != nil {
				b.Fatal(err)
			}
			defer p.Close()
			capture := func() {
				pg, err := p.Capture(context.Background(), srv.URL+"/", fetch)
				if err != nil {
					b.Fatalf("capture: %v", err)
				}
				if !bytes.Contains(pg.DOM, []byte("4711")) {
					b.Errorf("page settled before its JSON came: %d requests answered, %d failed, unsettled %v", pg.Requests, pg.Failed, pg.Unsettled)
				}
			}
			capture() // starts the browser
			idle := treePSS(p.Process().Pid)
			peak := newPeak(p.Process().Pid)
			b.ResetTimer()
			start := time.Now()
			var wg sync.WaitGroup
			work := make(chan struct{})
			for range tabs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for range work {
						capture()
					}
				}()
			}
			for range b.N {
				work <- struct{}{}
			}
			close(work)
			wg.Wait()
			b.StopTimer()
			top := peak.stop()
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "pages/s")
			b.ReportMetric(float64(top)/(1<<20), "peak-MB")
			b.ReportMetric(float64(idle)/(1<<20), "idle-MB")
			b.ReportMetric(float64(max(top-idle, 0))/(1<<20)/float64(tabs), "MB/tab")
		})
	}
}

// peak samples the process tree's PSS until stopped.
type peak struct {
	done chan struct{}
	max  chan int64
}

func newPeak(pid int) *peak {
	p := &peak{done: make(chan struct{}), max: make(chan int64, 1)}
	go func() {
		var top int64
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			top = max(top, treePSS(pid))
			select {
			case <-p.done:
				p.max <- top
				return
			case <-tick.C:
			}
		}
	}()
	return p
}

func (p *peak) stop() int64 {
	close(p.done)
	return <-p.max
}

// treePSS sums the proportional set size of pid and its descendants, in
// bytes, from /proc (Linux).
func treePSS(pid int) int64 {
	children := map[int][]int{}
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		// pid (comm) state ppid …; comm may hold spaces, so cut at ")".
		rest := string(b[bytes.LastIndexByte(b, ')')+1:])
		fields := strings.Fields(rest)
		if len(fields) < 2 {
			continue
		}
		ppid, _ := strconv.Atoi(fields[1])
		child, _ := strconv.Atoi(filepath.Base(filepath.Dir(f)))
		children[ppid] = append(children[ppid], child)
	}
	var total int64
	queue := []int{pid}
	for len(queue) > 0 {
		p := queue[0]
		queue = append(queue[1:], children[p]...)
		total += pss(p)
	}
	return total
}

// pss reads one process's Pss from smaps_rollup, in bytes.
func pss(pid int) int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/smaps_rollup", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "Pss:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}
