package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/configs"
	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/crawler/siteauth"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// loadJob reads and validates a job file against the built-in strategies.
func loadJob(path string, reg *scheduler.Registry) (*job.Job, error) {
	return job.Load(path, reg.Names(), reg.VisitRevisit)
}

// loadDemoJob loads the demo job from path, or, when path is the default
// configs/demo.yaml and there is none in the working directory, the copy
// built into the binary: `sharc demo` works from any directory.
func loadDemoJob(path string, reg *scheduler.Registry) (*job.Job, error) {
	if path == configs.DemoJobPath {
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return job.Parse([]byte(configs.DemoJob), path+" (built in)", reg.Names(), reg.VisitRevisit)
		}
	}
	return loadJob(path, reg)
}

// crawlFlags are `sharc crawl`'s flags.
type crawlFlags struct {
	progressEvery, leaseTTL, poll, robotsRetry *time.Duration
	node, pprofAddr, siteScripts, credentials  *string
	browserProfile, profileDir                 *string
	maxHosts                                   *int
	resume, wait, abandon, explain             *bool
}

func newCrawlFlags(fs *flagSet) crawlFlags {
	return crawlFlags{
		progressEvery:  fs.Duration("progress-every", 10*time.Second, "progress log interval when stderr is not a terminal"),
		node:           fs.String("node", "", "run as this node of a cluster sharing the capture (PostgreSQL store; letters, digits, '_')"),
		leaseTTL:       fs.Duration("lease-ttl", 0, "with -node: how long a host lease lasts unrenewed (0: from the job's fetch timeouts and politeness)"),
		poll:           fs.Duration("poll", time.Second, "with -node: how often leases are renewed and new hosts and URLs looked for"),
		maxHosts:       fs.Int("max-hosts", 0, "with -node: hosts leased at once (0: twice the workers)"),
		resume:         fs.Bool("resume", false, "only continue the job's running capture (an error if there is none, or if it was started with other settings)"),
		wait:           fs.Bool("wait", false, "if another process owns the job's capture, wait until it stops instead of exiting with status 4"),
		abandon:        fs.Bool("abandon-running", false, "mark the job's running capture \"abandoned\" (never resumed) and exit; the next run starts a new capture"),
		explain:        fs.Bool("explain", false, "list the chain of stages a crawl of the job runs and exit (nothing is crawled, opened or written)"),
		robotsRetry:    fs.Duration("robots-retry", crawler.DefaultRobotsRetry, "how long a robots.txt that answered 5xx or was unreachable waits before it is asked again (it is asked "+strconv.Itoa(crawler.RobotsRounds)+" rounds before the host's pages fail with -61)"),
		pprofAddr:      fs.String("pprof", "", "serve Go's profiler at this loopback address (e.g. 127.0.0.1:6060) while the crawl runs"),
		siteScripts:    fs.String("site-scripts", "", "the directory of site-specific behaviour scripts a job's capture.browser.behaviors: [site] runs (*.js files, each naming its pages with // @match REGEX; docs/browser-capture.md)"),
		credentials:    fs.String("credentials", "", "a secrets file (YAML, mode 600) granting the credentials and cookies.txt files the job's auth: and cookies: name; credentials may also come from SHARC_CREDENTIALS_<NAME>_USERNAME and _PASSWORD (docs/security.md)"),
		browserProfile: fs.String("browser-profile", "", "a Chromium profile directory (a logged-in browser's) whose cookies the capture starts with, for the fetcher and capture.browser alike (docs/browser-capture.md)"),
		profileDir:     fs.String("profile-dir", "", "write CPU, block and mutex profiles of the run into this folder (cpu.pprof, block.pprof, mutex.pprof); slows the crawl"),
	}
}

func runCrawl(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("crawl", "usage: sharc crawl [flags] JOB.yaml\n\nRuns (or resumes) one capture of the job in the foreground. A running capture\nof the same job name is resumed only if the job file's settings that define a\ncapture match the ones it started with (docs/cli.md, \"One capture per job\").")
	fl := newCrawlFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	stopProfiles, err := startCrawlProfiles(c, fl)
	if err != nil {
		return err
	}
	defer stopProfiles()
	if fs.NArg() != 1 || (*fl.abandon && (*fl.resume || *fl.node != "")) {
		fs.Usage()
		return errUsage
	}
	reg := scheduler.NewRegistry()
	j, err := loadJob(fs.Arg(0), reg)
	if err != nil {
		return err
	}
	if *fl.explain {
		return crawler.WriteExplain(c.stdout, j)
	}
	jobFile, err := filepath.Abs(fs.Arg(0))
	if err != nil {
		return err
	}
	st, err := openCrawlStore(ctx, c, j, *fl.resume || *fl.abandon)
	if err != nil {
		return err
	}
	defer st.Close()
	if *fl.abandon {
		return abandonRunning(ctx, c, st, j)
	}
	opts, err := crawlOptions(c, fl, j, st, jobFile)
	if err != nil {
		return err
	}
	stats, err := crawler.New(j, st, reg, c.log, opts).Run(ctx)
	if c.term != nil && c.term.isTerminal() {
		c.term.end()
	}
	if refused := ownerHint(err, fs.Arg(0)); refused != nil {
		return refused // nothing ran: no summary
	}
	printSummary(c.stdout, j, stats)
	if err == nil && stats.StopReason == crawler.StopInterrupted {
		err = errInterrupted // exit 130: the capture is not finished
	}
	if err != nil {
		return err
	}
	return errors.Join(finishCrawl(ctx, c, st, j, stats, *fl.node != ""), uploadFailure(stats))
}

// uploadFailure is an error (exit 1) when WARC files warc.upload should
// have put in the bucket were not: the capture is whole on disk, but the
// run did not do all it was asked.
func uploadFailure(s crawler.Stats) error {
	if s.UploadError == "" {
		return nil
	}
	return fmt.Errorf("capture %d is archived and indexed, but WARC files were not uploaded (they stay on disk, pending; the next run of the job uploads them): %s",
		s.CaptureID, s.UploadError)
}

// startCrawlProfiles starts the profiles and the profiler server the
// flags ask for; the returned func stops them.
func startCrawlProfiles(c *cli, fl crawlFlags) (func(), error) {
	var stops []func()
	stopAll := func() {
		for i := len(stops) - 1; i >= 0; i-- {
			stops[i]()
		}
	}
	if *fl.profileDir != "" {
		stop, err := startProfiles(*fl.profileDir)
		if err != nil {
			return nil, err
		}
		stops = append(stops, func() {
			if serr := stop(); serr != nil {
				c.log.Warn("profiles", zap.Error(serr))
			}
		})
	}
	if *fl.pprofAddr != "" {
		stop, err := servePprof(*fl.pprofAddr)
		if err != nil {
			stopAll()
			return nil, err
		}
		stops = append(stops, stop)
	}
	return stopAll, nil
}

// openCrawlStore opens and migrates the job's store (an existing one
// only when there must be a capture to continue) and makes warc.dir.
func openCrawlStore(ctx context.Context, c *cli, j *job.Job, existing bool) (store.Store, error) {
	open := store.Open
	if existing {
		open = openExistingStore // no capture to continue in a store that is not there
	}
	st, err := open(ctx, j.Store, c.log)
	if err != nil {
		return nil, errors.New(oneLine(err))
	}
	if err := st.Migrate(ctx); err != nil {
		st.Close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	// After the store: an unreachable one leaves no empty directory.
	if err := os.MkdirAll(j.WARC.Dir, 0o755); err != nil {
		st.Close()
		return nil, fmt.Errorf("warc dir: %w", err)
	}
	return st, nil
}

// crawlOptions are the crawler's options from the flags: progress on a
// terminal or in the log, secrets, proxy and cluster node.
func crawlOptions(c *cli, fl crawlFlags, j *job.Job, st store.Store, jobFile string) (crawler.Options, error) {
	secrets, err := grantedSecrets(*fl.credentials, j, os.Environ())
	if err != nil {
		return crawler.Options{}, err
	}
	// The operator's proxy, credentials and all, comes from the
	// environment: job files are kept with the capture.
	opts := crawler.Options{ProgressEvery: *fl.progressEvery, JobFile: jobFile, Resume: *fl.resume, Wait: *fl.wait, RobotsRetry: *fl.robotsRetry,
		Proxy: os.Getenv("SHARC_PROXY"), SiteScripts: *fl.siteScripts, Secrets: secrets, BrowserProfile: *fl.browserProfile}
	if c.term != nil && c.term.isTerminal() {
		opts.ProgressEvery = 500 * time.Millisecond
		opts.Progress = func(s crawler.Stats) { c.term.progress(progressLine(s)) }
	} else {
		opts.Progress = func(s crawler.Stats) {
			c.log.Info("progress", zap.Int64("fetched", s.Fetched), zap.Int64("discovered", s.Discovered),
				zap.Int64("queued", s.Queued), zap.Float64("pages_per_sec", rate(s)), zap.Int64("bytes", s.Bytes),
				zap.Duration("elapsed", s.Elapsed.Round(time.Second)))
		}
	}
	if *fl.node != "" {
		leaser, ok := st.(crawler.Leaser)
		if !ok {
			return crawler.Options{}, fmt.Errorf("-node: cluster mode needs a PostgreSQL store; the job's store is %s", store.Redact(j.Store))
		}
		opts.Cluster = &crawler.ClusterOptions{Node: *fl.node, Leaser: leaser, LeaseTTL: *fl.leaseTTL, Poll: *fl.poll, MaxHosts: *fl.maxHosts}
	}
	return opts, nil
}

// finishCrawl finishes a capture that stopped without error
// (crawler.Finish) and prints its report; a cluster node whose capture
// goes on leaves that to the node that finishes it.
func finishCrawl(ctx context.Context, c *cli, st store.Store, j *job.Job, stats crawler.Stats, node bool) error {
	if node {
		if cp, err := st.Capture(ctx, stats.CaptureID); err != nil || cp.Status != store.CaptureStatusFinished {
			return err // this node stopped; the cluster goes on
		}
	}
	if j.Capture.Mode == job.ModeRefresh {
		printRefreshCycle(ctx, c.stdout, st, stats.CaptureID)
	}
	rep, repErr := crawler.Finish(context.WithoutCancel(ctx), st, j, stats, crawler.FinishOptions{Log: c.log})
	if repErr != nil {
		// The capture is complete and indexed, but the command did not
		// do all it says: it exits 1, and `sharc report --rebuild` can
		// make the report later.
		repErr = fmt.Errorf("capture %d is archived and indexed, but its quality report failed (`sharc report --rebuild` makes it again): %w",
			stats.CaptureID, repErr)
	} else {
		printReportSummary(c.stdout, rep)
	}
	if j.Capture.Mode == job.ModeRefresh {
		return repErr // a refresh cycle revisits what its policy chose, not the seeds
	}
	// A capture of nothing exits 5 whether or not its report was made.
	return errors.Join(noSeedArchived(ctx, c, st, j, stats.CaptureID), repErr)
}

// noSeedArchived is errNoSeedArchived (exit 5) when the capture archived
// none of the job's seeds: a capture of nothing must not exit 0.
func noSeedArchived(ctx context.Context, c *cli, st store.Store, j *job.Job, captureID int64) error {
	n, err := crawler.SeedsArchived(context.WithoutCancel(ctx), st, j, captureID)
	if err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	fmt.Fprintf(c.stdout, "  no seed was archived: see each seed's crawl.log line (docs/robustness.md lists the codes)\n")
	return fmt.Errorf("capture %d: %w (all %d failed; crawl.log says why)", captureID, errNoSeedArchived, len(j.Seeds))
}

// ownerHint words a refused run (another job file's running capture, or
// --resume with none) with the operator's ways out; nil for other errors.
func ownerHint(err error, file string) error {
	var owner *crawler.OwnerError
	switch {
	case errors.As(err, &owner):
		resume := "Run the job file that started it"
		switch owner.OwnerFile {
		case "":
		case owner.File:
			resume = "Restore the file's settings above" // edited since
		default:
			resume = "Run `sharc crawl " + owner.OwnerFile + "`"
		}
		return fmt.Errorf("%w. %s to resume it, or `sharc crawl --abandon-running %s` to drop it", err, resume, file)
	case errors.Is(err, crawler.ErrNoRunningCapture):
		return fmt.Errorf("%w; run without --resume to start a new capture", err)
	case errors.Is(err, store.ErrCaptureBusy):
		return fmt.Errorf("%w. Nothing was done; run with --wait to wait for it", err)
	}
	return nil
}

// abandonRunning marks the job's running capture abandoned (see
// crawler.Abandon).
func abandonRunning(ctx context.Context, c *cli, st store.Store, j *job.Job) error {
	cp, err := crawler.Abandon(ctx, st, j, c.log)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("job %s has no running capture in %s to abandon", j.Name, store.Redact(j.Store))
	}
	if err != nil {
		return err
	}
	by := cp.Owner.JobFile
	if by == "" {
		by = "an unrecorded job file"
	}
	fmt.Fprintf(c.stdout, "job %s, capture %d (started %s by %s): abandoned; the next run starts a new capture\n",
		j.Name, cp.ID, cp.Started.Format(time.RFC3339), by)
	return nil
}

// printRefreshCycle prints a refresh capture's stored cycle metrics.
func printRefreshCycle(ctx context.Context, w io.Writer, st store.Store, captureID int64) {
	cyc, err := st.RefreshCycle(ctx, captureID)
	if err != nil {
		fmt.Fprintf(w, "refresh cycle: %v\n", err)
		return
	}
	fmt.Fprintf(w, "refresh cycle (policy %s): budget %d of %d URLs, planned %d (%d samples) in %d rounds, downloaded %d, changed %d, ChangeRatio %.3f\n",
		cyc.Policy, cyc.Budget, cyc.Repository, cyc.Planned, cyc.Samples, cyc.Rounds, cyc.Downloads, cyc.Changed, cyc.ChangeRatio)
}

func printReportSummary(w io.Writer, r *report.Report) {
	t := r.Totals
	fmt.Fprintf(w, "quality report (%s, strategy %s):\n", r.Mode, r.Strategy)
	fmt.Fprintf(w, "  %s\n", report.CompletenessWords(r))
	fmt.Fprintf(w, "  pages %d: downloaded twice %d, once %d, never %d\n", t.Pages, t.Downloads.Twice, t.Downloads.Once, t.Downloads.Never)
	if r.ReferenceTime.IsZero() {
		fmt.Fprintf(w, "  reference time: unknown (no page was downloaded)\n")
	} else {
		fmt.Fprintf(w, "  reference time: %s (capture interval %.1fs)\n", r.ReferenceTime.Format(time.RFC3339Nano), r.Interval.Seconds)
	}
	if r.Mode == job.ModeVisitRevisit {
		fmt.Fprintf(w, "  pages %d: coherent %d, changed %d, deleted %d, changed-insignificantly %d, new %d, failed %d\n",
			t.Pages, t.Coherent, t.Changed, t.Deleted, t.ChangedInsignificantly, t.New, t.Failed)
	} else {
		fmt.Fprintf(w, "  pages %d, downloaded once %d, failed %d\n", t.Pages, t.Captured, t.Failed)
	}
	if r.Mode != job.ModeRefresh { // a refresh cycle has its own line (printRefreshCycle)
		fmt.Fprintf(w, "  %s\n", report.QualityWords(r))
	}
}

func rate(s crawler.Stats) float64 {
	if s.Elapsed <= 0 {
		return 0
	}
	return float64(s.Fetched) / s.Elapsed.Seconds()
}

// progressLine is a terminal's progress line: the capture's counts, this
// run's rate, and an ETA for what is queued now at that rate (discovery
// may queue more).
func progressLine(s crawler.Stats) string {
	return fmt.Sprintf("fetched %d  failed %d  discovered %d  queued %d  %.1f pages/s  %s  %s  ETA %s",
		s.Fetched, s.Failed, s.Discovered, s.Queued, rate(s), humanBytes(s.Bytes), s.Elapsed.Round(time.Second), eta(s))
}

// eta is how long the queued URLs take at this run's rate; "-" before
// anything was fetched.
func eta(s crawler.Stats) string {
	done := s.Fetched + s.Failed - s.Earlier.Fetched - s.Earlier.Failed
	if done <= 0 || s.Elapsed <= 0 {
		return "-"
	}
	left := time.Duration(float64(s.Queued) / float64(done) * float64(s.Elapsed))
	return left.Round(time.Second).String()
}

func humanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}

func printSummary(w io.Writer, j *job.Job, s crawler.Stats) {
	fmt.Fprintf(w, "job %s, capture %d (%s)\n", j.Name, s.CaptureID, map[bool]string{true: "resumed", false: "new"}[s.Resumed])
	fmt.Fprintf(w, "  stopped:    %s after %s\n", s.StopReason, s.Elapsed.Round(time.Millisecond))
	// Fetched, the records and the files are this run's (Stats counts the
	// capture's, earlier runs included); discovered and queued are the
	// capture's (a resumed run continues its frontier).
	e := s.Earlier
	fmt.Fprintf(w, "  fetched:    %d this run: %d responses, %d revisits; failed %d, robots-blocked %d\n",
		s.Fetched-e.Fetched, s.Responses, s.Revisits, s.Failed-e.Failed, s.Blocked-e.Blocked)
	fmt.Fprintf(w, "  discovered: %d in the capture, still queued %d\n", s.Discovered, s.Queued)
	fmt.Fprintf(w, "  received:   %s\n", humanBytes(s.Bytes-e.Bytes))
	files := int64(len(s.WARCFiles)) // each opens with a warcinfo record, not indexed
	records := s.Records - e.Records
	fmt.Fprintf(w, "  records:    %d indexed + %d warcinfo = %d in %d WARC %s\n", records, files, records+files, files, map[bool]string{true: "file", false: "files"}[files == 1])
	if s.CommitGroups > 0 {
		fmt.Fprintf(w, "  commits:    %d groups (one index transaction each, usually over one WARC fsync)\n", s.CommitGroups)
	}
	if sp := s.Serial; sp.Pages > 0 {
		// The committer's time per page by stage and step
		// (crawler/serial.go): the slower stage bounds the rate.
		per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 / float64(sp.Pages) }
		fmt.Fprintf(w, "  serial:     %.1f µs/page (%s);", per(sp.StageTotal(sp.Bottleneck())), sp.Bottleneck())
		for _, stage := range []crawler.SerialStage{crawler.SerialWriter, crawler.SerialIndexer} {
			fmt.Fprintf(w, " %s %.1f:", stage, per(sp.StageTotal(stage)))
			for i, d := range sp.Steps {
				if crawler.SerialStep(i).Stage() == stage {
					fmt.Fprintf(w, " %s %.1f", crawler.SerialStep(i), per(d))
				}
			}
			fmt.Fprint(w, ";")
		}
		if sp.CPUKnown {
			fmt.Fprintf(w, " CPU %.1f µs/page: writer %.1f, indexer %.1f", per(sp.CPUPerPage()*time.Duration(sp.Pages)),
				per(sp.StageCPU(crawler.SerialWriter)), per(sp.StageCPU(crawler.SerialIndexer)))
		}
		fmt.Fprintln(w)
	}
	if e != (store.CaptureTotals{}) {
		// A resumed capture: its totals over every run, beside this run's.
		fmt.Fprintf(w, "  capture:    %d fetched in all runs: failed %d, robots-blocked %d; %d records indexed, %s received\n",
			s.Fetched, s.Failed, s.Blocked, s.Records, humanBytes(s.Bytes))
	}
	for _, l := range s.LoggedIn {
		fmt.Fprintf(w, "  logged in:  %s\n", l)
	}
	if j.WARC.Upload != nil {
		fmt.Fprintf(w, "  uploaded:   %d WARC files\n", s.Uploaded)
		if s.UploadError != "" {
			fmt.Fprintf(w, "  upload:     FAILED, files kept on disk for the next run: %s\n", s.UploadError)
		}
	}
	if s.Folder != "" {
		fmt.Fprintf(w, "  folder:     %s\n", s.Folder)
	}
	for _, f := range s.WARCFiles {
		fmt.Fprintf(w, "  warc:       %s\n", f)
	}
	if s.CrawlLog != "" {
		fmt.Fprintf(w, "  crawl.log:  %s\n", s.CrawlLog)
	}
	if rss := peakRSS(); rss > 0 {
		fmt.Fprintf(w, "  peak RSS:   %d MiB\n", rss>>20)
	}
	if s.StopReason == crawler.StopInterrupted {
		fmt.Fprintf(w, "  run the same command again to resume\n")
	}
}

// oneLine folds a multi-line error (pgx lists every address it tried) into
// one line, dropping repeated lines, so the operator sees one clear error.
func oneLine(err error) string {
	var parts []string
	seen := map[string]bool{}
	for _, l := range strings.Split(err.Error(), "\n") {
		l = strings.TrimSpace(l)
		if l != "" && !seen[l] {
			seen[l] = true
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, " ")
}

// grantedSecrets reads what the operator grants the job: the
// --credentials file, then SHARC_CREDENTIALS_<NAME>_* for the credentials
// the job names and the file lacks. Job files never hold secrets.
func grantedSecrets(path string, j *job.Job, environ []string) (siteauth.Secrets, error) {
	var sec siteauth.Secrets
	if path != "" {
		var err error
		if sec, err = siteauth.LoadFile(path); err != nil {
			return siteauth.Secrets{}, fmt.Errorf("--credentials: %w", err)
		}
	}
	return sec.FromEnv(environ, j.Credentials()), nil
}
