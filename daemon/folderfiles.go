package daemon

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/sharc-archive/sharc/crawler/heritrix"
	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/daemon/console"
	"github.com/sharc-archive/sharc/store"
)

// logName is a crawl.log a capture folder may hold: crawl.log, or
// crawl-NODE.log for a cluster node (node names are letters, digits, _).
var logName = regexp.MustCompile(`^crawl(-[A-Za-z0-9_]{1,64})?\.log$`)

// reportType is the media type of a file of a capture folder's reports/
// that the API serves (Heritrix's reports and the quality report), and
// whether it serves it.
func reportType(name string) (string, bool) {
	switch {
	case slices.Contains(heritrix.Reports, name):
		return "text/plain; charset=utf-8", true
	case name == jobdir.QualityHTML:
		return "text/html; charset=utf-8", true
	case name == jobdir.QualityJSON:
		return "application/json", true
	case name == jobdir.AuditFile:
		return "application/jsonl", true
	}
	return "", false
}

// getLog serves a crawl.log of a capture's folder (Range requests work,
// so a client can follow a running capture's log from an offset).
func (d *Daemon) getLog(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("file")
	if !logName.MatchString(name) {
		return fmt.Errorf("%w: %q is not a crawl.log name (crawl.log, crawl-NODE.log)", errNotFound, name)
	}
	return d.serveFolderFile(w, r, name, "text/plain; charset=utf-8", jobdir.Folder.Logs)
}

// getFolderReport serves one of the reports written into a capture's
// folder when it finished (Heritrix's and the quality report).
func (d *Daemon) getFolderReport(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("file")
	ctype, ok := reportType(name)
	if !ok {
		return fmt.Errorf("%w: no report %q (valid: %s, %s, %s, %s)", errNotFound, name, strings.Join(heritrix.Reports, ", "), jobdir.QualityHTML, jobdir.QualityJSON, jobdir.AuditFile)
	}
	return d.serveFolderFile(w, r, name, ctype, jobdir.Folder.Reports)
}

// serveFolderFile serves file name from the directory sub picks in the
// capture's folder. Only fixed, checked names reach it, so no path
// leaves the folder.
func (d *Daemon) serveFolderFile(w http.ResponseWriter, r *http.Request, name, ctype string, sub func(jobdir.Folder) string) error {
	file, err := d.openFolderFile(r.Context(), r.PathValue("id"), name, sub)
	if err != nil {
		return err
	}
	defer file.Close()
	fi, err := file.Stat()
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", ctype)
	http.ServeContent(w, r, name, fi.ModTime(), file)
	return nil
}

// openFolderFile opens file name of the directory sub picks in capture
// idText's folder.
func (d *Daemon) openFolderFile(ctx context.Context, idText, name string, sub func(jobdir.Folder) string) (*os.File, error) {
	c, js, err := d.capture(ctx, idText)
	if err != nil {
		return nil, err
	}
	f, err := d.captureFolder(js, c)
	if err != nil {
		return nil, err
	}
	file, err := os.Open(filepath.Join(sub(f), name))
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w: capture %d has no %s yet (reports are written when it finishes)", errNotFound, c.ID, name)
	}
	return file, err
}

// readCrawlLog reads capture idText's crawl.log as GET …/logs/crawl.log
// with a Range does: at most limit bytes from byte from on, or with from
// < 0 its last -from bytes (limit ignored).
func (d *Daemon) readCrawlLog(ctx context.Context, idText string, from int64, limit int) (console.LogPart, error) {
	file, err := d.openFolderFile(ctx, idText, crawllogName, jobdir.Folder.Logs)
	if err != nil {
		return console.LogPart{}, err
	}
	defer file.Close()
	fi, err := file.Stat()
	if err != nil {
		return console.LogPart{}, err
	}
	part := console.LogPart{From: from, Size: fi.Size()}
	if from < 0 {
		part.From, limit = max(0, fi.Size()+from), int(min(-from, fi.Size()))
	}
	if part.From >= fi.Size() {
		return part, nil
	}
	part.Text = make([]byte, min(int64(limit), fi.Size()-part.From))
	n, err := file.ReadAt(part.Text, part.From)
	part.Text = part.Text[:n]
	if errors.Is(err, io.EOF) {
		err = nil
	}
	return part, err
}

// crawllogName is a single daemon's crawl.log in a capture folder.
const crawllogName = "crawl.log"

// captureFolder is the folder of capture c of job js; a capture begun
// before capture folders and not opened since has none (jobdir.Migrate).
func (d *Daemon) captureFolder(js *jobState, c store.Capture) (jobdir.Folder, error) {
	d.mu.Lock()
	root := js.job.WARC.Dir
	d.mu.Unlock()
	f := jobdir.Path(root, c.ID, c.Started)
	if !f.Exists() {
		return "", fmt.Errorf("%w: capture %d has no capture folder (begun before capture folders)", errNotFound, c.ID)
	}
	return f, nil
}
