package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/configs"
	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/research/testsite"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// runDemo is `make demo`: it serves the changing test site in-process on
// loopback, captures it with the demo job (visit-revisit,
// sharc-selective-online, embedded SQLite), and writes the WARCs, the
// quality report and a signed WACZ under --out, checking the report against
// the site's true change log.
func runDemo(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("demo", "")
	jobPath := fs.String("job", configs.DemoJobPath, "demo job file (default: configs/demo.yaml, or its copy built in when there is none here)")
	out := fs.String("out", "demo-output", "output directory (emptied first)")
	pages := fs.Int("pages", 150, "pages of the test site")
	outdegree := fs.Int("outdegree", 10, "links per page of the test site")
	skew := fs.Float64("skew", 1.2, "change-rate skew of the test site (thesis §4.5.3)")
	seed := fs.Uint64("seed", 1, "seed of the test site's changes")
	if err := fs.Parse(args); err != nil {
		return err
	}
	reg := scheduler.NewRegistry()
	j, err := loadDemoJob(*jobPath, reg)
	if err != nil {
		return err
	}
	site, st, stats, err := captureTestSite(ctx, c, j, reg, testsite.Config{Pages: *pages, Outdegree: *outdegree, Skew: *skew,
		Seed: *seed}, crawler.Options{}, *out)
	if err != nil {
		return err
	}
	defer st.Close()
	var pkg demoPackage
	// The demo's package is the signed WACZ under --out: the one Finish
	// of every capture builds it (crawler.Finish).
	rep, err := crawler.Finish(ctx, st, j, stats, crawler.FinishOptions{Log: c.log,
		Package: func(ctx context.Context, warcDir string) error {
			return pkg.write(ctx, st, stats.CaptureID, warcDir, *out, c.log)
		}})
	if err != nil {
		return err
	}
	printReportSummary(c.stdout, rep)
	if err := writeDemoReports(ctx, c, st, stats.CaptureID, site, *out); err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "wrote %s/: warcs/, report.{json,html,csv}, demo.wacz (signed %s, verified), %s\n", *out, pkg.keyType, filepath.Base(pkg.keyPath))
	c.log.Debug("demo done", zap.Int64("capture", stats.CaptureID))
	return nil
}

// writeDemoReports checks the stored report against the site's change
// log and writes it under out as JSON, HTML and CSV.
func writeDemoReports(ctx context.Context, c *cli, st store.Store, captureID int64, site *testsite.Site, out string) error {
	capt, err := st.Capture(ctx, captureID)
	if err != nil {
		return err
	}
	stored, err := report.Load(st, capt)
	if err != nil {
		return err
	}
	// The truth: pages with at least one change between their two fetches.
	truth, err := trueIncoherence(ctx, stored, site)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "  site's change log: %d of those pages really changed between visit and revisit\n", truth)
	for _, format := range []string{"json", "html", "csv"} {
		if err := writeFile(filepath.Join(out, "report."+format), func(w *os.File) error { return stored.Render(ctx, w, format) }); err != nil {
			return err
		}
	}
	return nil
}

// demoPackage is the demo's signed WACZ: write makes it, and says with
// which key.
type demoPackage struct {
	keyType string
	keyPath string
}

// write signs the capture's package with a new P-384 key (the only key
// type ReplayWeb.page verifies) into out/demo.wacz and checks that it
// verifies.
func (p *demoPackage) write(ctx context.Context, st store.Store, captureID int64, warcDir, out string, log *zap.Logger) error {
	keyPEM, err := wacz.GenerateKey(wacz.KeyECDSAP384)
	if err != nil {
		return err
	}
	p.keyPath = filepath.Join(out, "demo-signing-key.pem")
	if err := os.WriteFile(p.keyPath, keyPEM, 0o600); err != nil {
		return err
	}
	signer, err := wacz.ParseSigner(keyPEM)
	if err != nil {
		return err
	}
	in, cleanup, err := waczInput(ctx, st, captureID, warcDir, log)
	if err != nil {
		return err
	}
	defer cleanup()
	in.Created = time.Now()
	in.Title = "SHARC demo capture of site.sharc.test"
	waczPath := filepath.Join(out, "demo.wacz")
	if err := writeFile(waczPath, func(w *os.File) error { return wacz.Write(ctx, w, in, signer) }); err != nil {
		return err
	}
	vrep, err := verifyFile(waczPath)
	if err != nil {
		return err
	}
	if !vrep.OK() {
		return fmt.Errorf("the demo WACZ does not verify: %v", vrep.Problems)
	}
	if !vrep.Signed || !vrep.ReplayVerifiable {
		return fmt.Errorf("the demo WACZ is not signed with a key ReplayWeb.page verifies (%s)", vrep.KeyType)
	}
	p.keyType = vrep.KeyType
	return nil
}

// verifyFile verifies the WACZ at path (wacz.Verify).
func verifyFile(path string) (wacz.Report, error) {
	vf, err := os.Open(path)
	if err != nil {
		return wacz.Report{}, err
	}
	defer vf.Close()
	fi, err := vf.Stat()
	if err != nil {
		return wacz.Report{}, err
	}
	return wacz.Verify(vf, fi.Size())
}

// captureTestSite serves the test site described by cfg in-process on a
// free loopback port as site.sharc.test (its time unit is the job's
// politeness delay, Δ of the model), and runs job j against it with WARCs
// and an SQLite store under out (emptied first). The caller closes the
// store.
func captureTestSite(ctx context.Context, c *cli, j *job.Job, reg *scheduler.Registry, cfg testsite.Config, opts crawler.Options, out string) (*testsite.Site, store.Store, crawler.Stats, error) {
	var stats crawler.Stats
	// The site's settings are all flags: check them before out is emptied.
	cfg.TimeUnit, cfg.Host = j.Politeness.Delay, "site.sharc.test"
	site, err := testsite.New(cfg, c.log.Named("testsite"))
	if err != nil {
		return nil, nil, stats, &usageError{err: err}
	}
	if err := os.RemoveAll(out); err != nil {
		return nil, nil, stats, err
	}
	warcDir := filepath.Join(out, "warcs")
	if err := os.MkdirAll(warcDir, 0o755); err != nil {
		return nil, nil, stats, err
	}
	j.WARC.Dir = warcDir
	j.Store = "sqlite:" + filepath.Join(out, "sharc.db")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, stats, err
	}
	srv := &http.Server{Handler: site, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	j.Resolve = map[string]string{"site.sharc.test": ln.Addr().String()}
	// The site is on loopback on purpose: allow exactly its address past
	// the network guard, whatever the job file allows.
	siteAddr := ln.Addr().(*net.TCPAddr).AddrPort().Addr().Unmap()
	j.Fetch.AllowAddresses = append(j.Fetch.AllowAddresses, netip.PrefixFrom(siteAddr, siteAddr.BitLen()))
	fmt.Fprintf(c.stdout, "test site: %d pages, skew %.2g, seed %d, time unit %s, on %s as site.sharc.test; strategy %s\n",
		cfg.Pages, cfg.Skew, cfg.Seed, cfg.TimeUnit, ln.Addr(), j.Scheduler.Strategy)
	st, err := store.Open(ctx, j.Store, c.log)
	if err != nil {
		return nil, nil, stats, err
	}
	if err := st.Migrate(ctx); err != nil {
		st.Close()
		return nil, nil, stats, err
	}
	stats, err = crawler.New(j, st, reg, c.log, opts).Run(ctx)
	printSummary(c.stdout, j, stats)
	if err == nil && stats.StopReason != crawler.StopFinished {
		err = fmt.Errorf("capture stopped early: %s", stats.StopReason)
	}
	if err != nil {
		st.Close()
		return nil, nil, stats, err
	}
	return site, st, stats, nil
}

// trueIncoherence counts the report's revisited pages that the site's
// change log says changed between the fetch starts of their visit and
// revisit. (The site answers a few milliseconds after a fetch starts, so a
// change in that gap can make this count differ by one from the archive's;
// the crawler's tests compare at the server-side instants instead.)
func trueIncoherence(ctx context.Context, rep *report.Stored, site *testsite.Site) (int, error) {
	n := 0
	err := rep.EachPage(ctx, func(p *report.Page) error {
		if p.Visit == nil || p.Revisit == nil || p.Revisit.Phase != crawler.PhaseRevisit {
			return nil
		}
		k, ok := testsite.PageIndex(urlPath(p.URL))
		if ok && len(site.PageChanges(k, p.Visit.Time, p.Revisit.Time)) > 0 {
			n++
		}
		return nil
	})
	return n, err
}

func urlPath(u string) string {
	const host = "http://site.sharc.test"
	if len(u) >= len(host) && u[:len(host)] == host {
		return u[len(host):]
	}
	return u
}

// writeFile writes path through fn, removing it on failure.
func writeFile(path string, fn func(*os.File) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, outputPerm)
	if err != nil {
		return err
	}
	if err := fn(f); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	return f.Close()
}
