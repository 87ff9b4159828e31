package daemon

import (
	"context"
	"crypto"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/wacz"
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
	return os.Rename(f.Name(), filepath.Join(dir, waczName(jobName, c.ID)))
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
	f, err := os.Open(filepath.Join(dir, name))
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
	w.Header().Set("Content-Type", "application/wacz")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
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
