package daemon

import (
	"context"
	"crypto"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/store"
)

// waczName is the file a finished capture's WACZ is written to, beside
// its WARC files.
func waczName(job string, captureID int64) string { return fmt.Sprintf("%s-%d.wacz", job, captureID) }

// buildWACZ writes a finished capture's WACZ beside its WARCs (through a
// temporary file renamed into place, so a download never sees half a
// package). A failure is logged: the capture and its WARCs are intact and
// GET …/wacz still builds the package on the fly.
func (d *Daemon) buildWACZ(ctx context.Context, jobName string, c store.Capture, dir string) {
	if err := d.writeWACZ(ctx, jobName, c, dir); err != nil {
		d.log.Error("building the capture's WACZ", zap.String("job", jobName), zap.Int64("capture", c.ID), zap.Error(err))
		return
	}
	d.log.Info("WACZ written", zap.String("job", jobName), zap.Int64("capture", c.ID), zap.String("file", filepath.Join(dir, waczName(jobName, c.ID))))
}

func (d *Daemon) writeWACZ(ctx context.Context, jobName string, c store.Capture, dir string) error {
	src, cleanup, err := d.stageWARCs(ctx, jobName, c, dir)
	if err != nil {
		return err
	}
	defer cleanup()
	in, err := d.waczInput(ctx, jobName, c, src, dir)
	if err != nil {
		return err
	}
	in.Title = fmt.Sprintf("%s capture %d", jobName, c.ID)
	f, err := os.CreateTemp(dir, waczName(jobName, c.ID)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // after the rename: nothing to remove
	in.Identity, in.Timestamper = d.sign.identity, d.sign.tsa
	signer := d.sign.signer
	if in.Identity != nil {
		signer = nil
	}
	err = wacz.Write(ctx, f, in, signer)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Rename(f.Name(), filepath.Join(dir, waczName(jobName, c.ID))); err != nil {
		return err
	}
	d.removeSnapshots(jobName, c.ID, dir)
	return nil
}

// waczSigner is how the daemon signs finished captures' packages
// (Config.WACZSigning): an anonymous key, or a named signer, and a TSA.
type waczSigner struct {
	signer   crypto.Signer
	identity *wacz.Identity
	tsa      wacz.Timestamper
}

// loadWACZSigning reads the signing key and certificate at start, so a
// bad file stops the daemon at once rather than each capture's package.
// The TSA is dialled through the network guard (transport).
func loadWACZSigning(cfg WACZSigning, transport http.RoundTripper) (waczSigner, error) {
	var out waczSigner
	if cfg.Key == "" {
		return out, nil
	}
	s, err := wacz.LoadSigner(cfg.Key)
	if err != nil {
		return out, fmt.Errorf("wacz_signing: %w", err)
	}
	if err := wacz.CheckReplayVerifiable(s.Public()); err != nil {
		return out, fmt.Errorf("wacz_signing: %w", err)
	}
	out.signer = s
	if cfg.Cert != "" {
		if out.identity, err = wacz.LoadIdentity(cfg.Key, cfg.Cert, cfg.Domain); err != nil {
			return out, fmt.Errorf("wacz_signing: %w", err)
		}
	}
	if cfg.TSAURL != "" {
		out.tsa = wacz.TSAClient{URL: cfg.TSAURL, Client: &http.Client{Transport: transport, Timeout: time.Minute}}
	}
	return out, nil
}

// serveBuiltWACZ serves the capture's WACZ written when it finished;
// ok is false when there is none.
func serveBuiltWACZ(w http.ResponseWriter, r *http.Request, jobName string, captureID int64, dir string) (ok bool, err error) {
	name := waczName(jobName, captureID)
	return serveFile(w, r, filepath.Join(dir, name), "application/wacz", name, "")
}

// serveFile serves the file at path as an attachment named name, with
// Content-Length and Range (http.ServeContent) and, if set, etag; ok is
// false when there is no such file (nothing is written then).
func serveFile(w http.ResponseWriter, r *http.Request, path, contentType, name, etag string) (ok bool, err error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return false, err
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	if etag != "" {
		w.Header().Set("ETag", `"`+etag+`"`)
	}
	http.ServeContent(w, r, name, fi.ModTime(), f)
	return true, nil
}

// finishedWACZ builds the WACZ of a capture that just finished, when the
// config asks for it (wacz_on_finish, default true). A capture stopped by
// a limit is finished too; one paused, cancelled or interrupted is not.
func (d *Daemon) finishedWACZ(ctx context.Context, jobName string, stats crawler.Stats, dir string) {
	if !d.cfg.waczOnFinish() {
		return
	}
	c, err := d.st.Capture(ctx, stats.CaptureID)
	if err != nil || c.Status != store.CaptureStatusFinished {
		return
	}
	d.buildWACZ(ctx, jobName, c, dir)
}

// snapshotEvery bounds how often a running capture's snapshot package is
// built again: while it commits records its state changes with every
// page, and a package per request of a busy replay would copy its WARCs
// over and over.
const snapshotEvery = 30 * time.Second

// snapshotBuilds serialises the building of snapshot packages per
// capture, so concurrent requests (ReplayWeb.page opens several range
// reads at once) build a capture's package once and the others wait for
// the file; it remembers each capture's latest build (snapshotEvery).
// built counts builds (tests).
type snapshotBuilds struct {
	mu    sync.Mutex
	locks map[int64]*sync.Mutex
	last  map[int64]lastSnapshot
	built atomic.Int64
}

// lastSnapshot is a capture's latest snapshot package: its file, when it
// was built (the daemon's clock) and the capture's status then.
type lastSnapshot struct {
	path   string
	at     time.Time
	status store.CaptureStatus
}

// lock takes capture id's build lock; the returned func releases it.
func (b *snapshotBuilds) lock(id int64) func() {
	b.mu.Lock()
	if b.locks == nil {
		b.locks = map[int64]*sync.Mutex{}
	}
	l := b.locks[id]
	if l == nil {
		l = &sync.Mutex{}
		b.locks[id] = l
	}
	b.mu.Unlock()
	l.Lock()
	return l.Unlock
}

func (b *snapshotBuilds) latest(id int64) (lastSnapshot, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	l, ok := b.last[id]
	return l, ok
}

func (b *snapshotBuilds) remember(id int64, l lastSnapshot) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.last == nil {
		b.last = map[int64]lastSnapshot{}
	}
	b.last[id] = l
}

// snapshotPrefix starts the names of capture id's snapshot packages:
// JOB-ID.snapshot-KEY.wacz beside its WARCs.
func snapshotPrefix(job string, captureID int64) string {
	return fmt.Sprintf("%s-%d.snapshot-", job, captureID)
}

// snapshotKey names a capture's state: its status, stop reason, end and
// report, and the end offset of each WARC file's last indexed record
// (ends, store.FileEnds). A capture that changed (committed records, was
// resumed, cancelled, reported, finished) has another key, so its
// package is built again.
func snapshotKey(c store.Capture, ends map[string]int64) string {
	names := make([]string, 0, len(ends))
	for n := range ends {
		names = append(names, n)
	}
	sort.Strings(names)
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%d\x00%x\x00", c.Status, c.StopReason, c.Finished.UnixNano(), sha256.Sum256(c.Report))
	for _, n := range names {
		fmt.Fprintf(h, "%s\x00%d\x00", n, ends[n])
	}
	return hex.EncodeToString(h.Sum(nil))[:snapshotKeyLen]
}

// serveSnapshotWACZ serves the WACZ of a capture without a finished one
// (running, paused, cancelled, stopped, incomplete) from a file built
// once for the capture's state (snapshotKey) through a temporary file
// renamed into place, with http.ServeContent: Content-Length and Range,
// which ReplayWeb.page needs ("the size of the file is not accessible"
// else), and the state as ETag, so a client's If-Range learns that a
// running capture's package was built again. The package is unsigned, as
// `sharc export wacz` without a key.
func (d *Daemon) serveSnapshotWACZ(w http.ResponseWriter, r *http.Request, jobName string, c store.Capture, dir string) error {
	path, err := d.snapshotWACZ(r.Context(), jobName, c, dir)
	if err != nil {
		return err
	}
	key := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(path), snapshotPrefix(jobName, c.ID)), ".wacz")
	ok, err := serveFile(w, r, path, "application/wacz", waczName(jobName, c.ID), key)
	if err == nil && !ok {
		err = fmt.Errorf("snapshot package %s gone before it was served", filepath.Base(path))
	}
	return err
}

// snapshotKeyLen is the length of a snapshot key (hex).
const snapshotKeyLen = 16

// serveKeptSnapshot serves the snapshot package named by key (the ETag
// of an earlier answer, ?snapshot=) while it is kept: ReplayWeb.page
// reads a package by ranges long after it loaded its index, and a
// running capture's package is built again meanwhile. ok is false when
// key is empty or that package is gone; a key not of the snapshot form
// is a 400.
func serveKeptSnapshot(w http.ResponseWriter, r *http.Request, jobName string, captureID int64, dir, key string) (ok bool, err error) {
	if key == "" {
		return false, nil
	}
	if _, herr := hex.DecodeString(key); herr != nil || len(key) != snapshotKeyLen {
		return false, &APIError{Status: http.StatusBadRequest, Message: fmt.Sprintf("snapshot: want the %d hex digits of a package's ETag, got %q", snapshotKeyLen, key)}
	}
	path := filepath.Join(dir, snapshotPrefix(jobName, captureID)+key+".wacz")
	return serveFile(w, r, path, "application/wacz", waczName(jobName, captureID), key)
}

// liveStatus says whether a capture in status s may still commit records.
func liveStatus(s store.CaptureStatus) bool {
	return s == store.CaptureStatusRunning || s == store.CaptureStatusPaused
}

// snapshotWACZ returns the path of capture c's snapshot package for its
// current state, building it when there is none, and removes the
// packages of its earlier states. Of a running capture it packages the
// records committed so far (stageCommitted), and serves its latest
// package, though records were committed since, until that is
// snapshotEvery old.
func (d *Daemon) snapshotWACZ(ctx context.Context, jobName string, c store.Capture, dir string) (string, error) {
	unlock := d.snapshots.lock(c.ID)
	defer unlock()
	ends, err := d.st.FileEnds(ctx, c.ID)
	if err != nil {
		return "", err
	}
	if len(ends) == 0 && liveStatus(c.Status) {
		return "", fmt.Errorf("%w: capture %d is %s and has committed no record yet: nothing to package or replay; ask again once it has fetched a page", errConflict, c.ID, c.Status)
	}
	name := snapshotPrefix(jobName, c.ID) + snapshotKey(c, ends) + ".wacz"
	path := filepath.Join(dir, name)
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	if c.Status == store.CaptureStatusRunning {
		if l, ok := d.snapshots.latest(c.ID); ok && l.status == c.Status && d.now().Sub(l.at) < snapshotEvery {
			if _, err := os.Stat(l.path); err == nil {
				return l.path, nil
			}
		}
	}
	// Built to the end even when the asking request goes away: the
	// others waiting on the lock want the same file.
	ctx = context.WithoutCancel(ctx)
	staged, cleanup, err := d.stageWARCs(ctx, jobName, c, dir)
	if err != nil {
		return "", err
	}
	defer cleanup()
	src, cleanOpen, err := stageCommitted(staged, dir, ends)
	if err != nil {
		return "", fmt.Errorf("capture %d: %w", c.ID, err)
	}
	defer cleanOpen()
	in, err := d.waczInputFrom(ctx, committedRecords{Store: d.st, ends: ends}, jobName, c, src, dir)
	if err != nil {
		return "", err
	}
	in.Title = fmt.Sprintf("%s capture %d", jobName, c.ID)
	// A capture cancelled before its first record has no folder yet.
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	f, err := os.CreateTemp(dir, name+".*.tmp")
	if err != nil {
		return "", err
	}
	defer os.Remove(f.Name()) // after the rename: nothing to remove
	err = wacz.Write(ctx, f, in, nil)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		return "", fmt.Errorf("capture %d: building its WACZ: %w", c.ID, err)
	}
	d.snapshots.built.Add(1)
	prev, hadPrev := d.snapshots.latest(c.ID)
	d.snapshots.remember(c.ID, lastSnapshot{path: path, at: d.now(), status: c.Status})
	keep := []string{name}
	if hadPrev && c.Status == store.CaptureStatusRunning {
		// A replay that loaded the previous package reads it on by
		// ranges (?snapshot=); it goes with the next build.
		keep = append(keep, filepath.Base(prev.path))
	}
	d.removeSnapshots(jobName, c.ID, dir, keep...)
	return path, nil
}

// committedRecords is the store as a snapshot package reads it: a
// capture's records only up to the ends the package was keyed by, so a
// record committed while the package is built (its bytes past the
// copied prefix, or in a WARC file opened since) is not indexed.
type committedRecords struct {
	store.Store
	ends map[string]int64
}

var _ wacz.Source = committedRecords{}

func (s committedRecords) Records(ctx context.Context, captureID int64) ([]store.Record, error) {
	recs, err := s.Store.Records(ctx, captureID)
	if err != nil {
		return nil, err
	}
	out := recs[:0]
	for _, r := range recs {
		if r.WARCFile != "" {
			if end, ok := s.ends[r.WARCFile]; !ok || r.Offset+r.RecordLength > end {
				continue
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// stageCommitted returns a directory where each WARC file of ends can
// be read whole: staged (stageWARCs' directory) when all are closed
// there; else a temporary directory in dir with links to the closed
// ones and, of each the crawl still writes (NAME.open in dir), a copy of
// its first ends[NAME] bytes, the end of the last record the store has
// committed. The crawler writes a record's bytes before the store
// indexes it and only appends after, so that prefix is whole records
// and stays as it is; bytes past it may be a record half written.
// cleanup removes the temporary directory.
func stageCommitted(staged, dir string, ends map[string]int64) (string, func(), error) {
	var open []string
	for n := range ends {
		if n != filepath.Base(n) || strings.HasPrefix(n, ".") {
			return "", nil, fmt.Errorf("bad WARC file name %q in the index", n)
		}
		if _, err := os.Stat(filepath.Join(staged, n)); !errors.Is(err, os.ErrNotExist) {
			continue
		}
		// Neither closed nor open: FromCapture says it is missing.
		if _, err := os.Stat(filepath.Join(dir, n+".open")); err == nil {
			open = append(open, n)
		}
	}
	if len(open) == 0 {
		return staged, func() {}, nil
	}
	// A daemon killed mid-build leaves its staging folder behind; builds
	// of this capture run one at a time (snapshotBuilds), so any found now
	// is such a leftover.
	if left, _ := filepath.Glob(filepath.Join(dir, ".snapshot-*")); len(left) > 0 {
		for _, l := range left {
			_ = os.RemoveAll(l)
		}
	}
	tmp, err := os.MkdirTemp(dir, ".snapshot-*")
	if err != nil {
		return "", nil, err
	}
	cleanup := func() { _ = os.RemoveAll(tmp) }
	isOpen := map[string]bool{}
	for _, n := range open {
		isOpen[n] = true
	}
	for n := range ends {
		var err error
		if isOpen[n] {
			err = copyCommitted(filepath.Join(tmp, n), filepath.Join(dir, n), filepath.Join(dir, n+".open"), ends[n])
		} else if _, serr := os.Stat(filepath.Join(staged, n)); serr == nil {
			var abs string
			if abs, err = filepath.Abs(filepath.Join(staged, n)); err == nil {
				err = os.Symlink(abs, filepath.Join(tmp, n))
			}
		}
		if err != nil {
			cleanup()
			return "", nil, err
		}
	}
	return tmp, cleanup, nil
}

// copyCommitted copies the first end bytes of the WARC file still open at
// openPath (or closed at closedPath, when the crawl closed it meanwhile:
// its first end bytes are the same) to dst.
func copyCommitted(dst, closedPath, openPath string, end int64) error {
	f, err := os.Open(openPath)
	if errors.Is(err, os.ErrNotExist) {
		f, err = os.Open(closedPath)
	}
	if err != nil {
		return fmt.Errorf("%w: %w", wacz.ErrWARCMissing, err)
	}
	defer f.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	n, err := io.Copy(out, io.LimitReader(f, end))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil && n < end {
		err = fmt.Errorf("%s has %d bytes, the store indexed records up to %d", filepath.Base(openPath), n, end)
	}
	return err
}

// removeSnapshots removes capture id's snapshot packages in dir but
// those named in keep: those of earlier states, or all once the finished
// package is written.
func (d *Daemon) removeSnapshots(jobName string, id int64, dir string, keep ...string) {
	des, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	prefix := snapshotPrefix(jobName, id)
	for _, de := range des {
		n := de.Name()
		if !slices.Contains(keep, n) && strings.HasPrefix(n, prefix) && strings.HasSuffix(n, ".wacz") && de.Type().IsRegular() {
			if err := os.Remove(filepath.Join(dir, n)); err != nil {
				d.log.Warn("removing an old snapshot WACZ", zap.String("file", n), zap.Error(err))
			}
		}
	}
}
