package jobdir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"time"
)

// migrating is the suffix of a folder being filled by Migrate: the
// folder gets its final name only once every file is in it, so Exists
// never sees half a migration and a migration cut short is taken up
// again by the next call.
const migrating = ".migrating"

// Migrate moves a capture written before capture folders existed (its
// WARC files and crawl-ID.log directly in the job folder root) into its
// folder, once: the WARC files named (the store's index knows them; an
// interrupted run's NAME.open goes too) into warcs/, crawl-ID.log and a
// cluster node's crawl-ID-NODE.log into logs/ as crawl.log and
// crawl-NODE.log. The index names files without their directory, so it
// needs no change. A capture whose folder exists is left alone. Only the
// capture's owner may call it: nothing may be writing the files.
func Migrate(root string, captureID int64, started time.Time, warcFiles []string) (Folder, error) {
	f := Path(root, captureID, started)
	if f.Exists() {
		return f, nil
	}
	tmp := Folder(string(f) + migrating)
	for _, d := range []string{tmp.WARCs(), tmp.Logs(), tmp.Reports()} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return "", fmt.Errorf("capture folder: migrate: %w", err)
		}
	}
	for _, name := range warcFiles {
		for _, n := range []string{name, name + ".open"} {
			if err := moveIfThere(filepath.Join(root, n), filepath.Join(tmp.WARCs(), n)); err != nil {
				return "", err
			}
		}
	}
	logs, err := legacyLogs(root, captureID)
	if err != nil {
		return "", err
	}
	for name, node := range logs {
		if err := moveIfThere(filepath.Join(root, name), tmp.CrawlLog(node)); err != nil {
			return "", err
		}
	}
	if err := os.Rename(string(tmp), string(f)); err != nil {
		return "", fmt.Errorf("capture folder: migrate: %w", err)
	}
	return f, nil
}

// legacyLogs are the crawl.logs of capture id in root, by the node that
// wrote each ("" for a single-node crawl).
func legacyLogs(root string, id int64) (map[string]string, error) {
	re := regexp.MustCompile(`^crawl-` + strconv.FormatInt(id, 10) + `(?:-([A-Za-z0-9_]+))?\.log$`)
	des, err := os.ReadDir(root)
	if err != nil {
		return nil, fmt.Errorf("capture folder: migrate: %w", err)
	}
	out := map[string]string{}
	for _, de := range des {
		if m := re.FindStringSubmatch(de.Name()); m != nil && de.Type().IsRegular() {
			out[de.Name()] = m[1]
		}
	}
	return out, nil
}

// moveIfThere renames from to to; a file already moved (or uploaded and
// removed) is no error.
func moveIfThere(from, to string) error {
	err := os.Rename(from, to)
	if err == nil || errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return fmt.Errorf("capture folder: migrate: %w", err)
}
