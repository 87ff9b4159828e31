package jobdir

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/sharc-archive/sharc/internal/fsutil"
)

// Names inside a capture folder.
const (
	JobFile    = "job.yaml"
	WARCsDir   = "warcs"
	LogsDir    = "logs"
	ReportsDir = "reports"
	CrawlLog   = "crawl.log"
)

// Name is the name of a capture's folder: the capture's start time in UTC
// to the second, as Heritrix names a launch folder, then "-" and the
// capture ID, so two captures started in the same second never share a
// folder and the store row alone finds it.
func Name(captureID int64, started time.Time) string {
	return started.UTC().Format("20060102150405") + "-" + strconv.FormatInt(captureID, 10)
}

// Folder is the path of one capture's folder.
type Folder string

// Path is the folder of a capture under the job folder root.
func Path(root string, captureID int64, started time.Time) Folder {
	return Folder(filepath.Join(root, Name(captureID, started)))
}

// WARCs is the directory of the capture's WARC files.
func (f Folder) WARCs() string { return filepath.Join(string(f), WARCsDir) }

// Logs is the directory of the capture's logs.
func (f Folder) Logs() string { return filepath.Join(string(f), LogsDir) }

// Reports is the directory of the capture's reports.
func (f Folder) Reports() string { return filepath.Join(string(f), ReportsDir) }

// CrawlLog is the crawl.log a node writes: crawl.log for a single-node
// crawl, crawl-NODE.log for a cluster node (nodes share the folder).
func (f Folder) CrawlLog(node string) string {
	if node == "" {
		return filepath.Join(f.Logs(), CrawlLog)
	}
	return filepath.Join(f.Logs(), "crawl-"+node+".log")
}

// Exists reports whether the folder has been created (its warcs/ exists).
func (f Folder) Exists() bool {
	fi, err := os.Stat(f.WARCs())
	return err == nil && fi.IsDir()
}

// Create makes the folder and its subdirectories and writes job.yaml (the
// job as the capture runs it). It is idempotent: a resumed capture, or a
// second cluster node, calls it again on the same folder.
func Create(f Folder, jobYAML []byte) error {
	for _, d := range []string{f.WARCs(), f.Logs(), f.Reports()} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return fmt.Errorf("capture folder: %w", err)
		}
	}
	p := filepath.Join(string(f), JobFile)
	if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, jobYAML) {
		return nil
	}
	return WriteAtomic(p, func(w *os.File) error {
		_, err := w.Write(jobYAML)
		return err
	})
}

// WriteAtomic writes path through a temporary file in its directory and
// renames it into place, so a reader (or a crash) never sees half a file;
// the file is 0644 before the umask (fsutil.WriteAtomic).
func WriteAtomic(path string, write func(*os.File) error) error {
	return fsutil.WriteAtomic(path, write)
}

// WARCDir is where a capture's WARC files are: its folder's warcs/, or the
// job folder itself for a capture written before capture folders and not
// opened since (Migrate has not moved it; the one reader's fallback).
func WARCDir(root string, captureID int64, started time.Time) string {
	if f := Path(root, captureID, started); f.Exists() {
		return f.WARCs()
	}
	return root
}
