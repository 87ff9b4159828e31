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

// migrateLock is the job folder's file whose flock serialises
// migrations (lockMigrations).
const migrateLock = ".migrate.lock"

// Migrate moves a capture written before capture folders existed (its
// WARC files and crawl-ID.log directly in the job folder root) into its
// folder, once: the WARC files named (the store's index knows them; an
// interrupted run's NAME.open goes too) into warcs/, crawl-ID.log and a
// cluster node's crawl-ID-NODE.log into logs/ as crawl.log and
// crawl-NODE.log. The index names files without their directory, so it
// needs no change. A capture whose folder exists is left alone, and so is
// one with nothing of its own in the root: a capture begun with folders,
// whose folder its caller creates (Create). Only the capture's owners may
// call it: nothing else may be writing the files. Cluster nodes that
// resume a capture at once call it together: the job folder's lock lets
// one migrate at a time, and a folder Create made meanwhile is joined
// (settle), not an error.
func Migrate(root string, captureID int64, started time.Time, warcFiles []string) (Folder, error) {
	f := Path(root, captureID, started)
	tmp := Folder(string(f) + migrating)
	if f.Exists() || !hasLegacy(root, captureID, warcFiles, tmp) {
		// Migrated, or nothing written before capture folders and no
		// migration cut short: a new capture (a cluster node joining one
		// its creator is still setting up, say). Such a capture never
		// gets legacy files, so no lock is needed to tell.
		return f, nil
	}
	unlock, err := lockMigrations(root)
	if err != nil {
		return "", err
	}
	defer unlock()
	if f.Exists() { // another node migrated it while this one waited
		return f, nil
	}
	moves, err := legacyMoves(root, captureID, warcFiles, tmp)
	if err != nil {
		return "", err
	}
	for _, d := range []string{tmp.WARCs(), tmp.Logs(), tmp.Reports()} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return "", fmt.Errorf("capture folder: migrate: %w", err)
		}
	}
	for from, to := range moves {
		if err := moveIfThere(from, to); err != nil {
			return "", err
		}
	}
	return f, settle(tmp, f)
}

// hasLegacy reports whether the capture has files in root or a
// migration cut short (an error reading root counts as yes: Migrate then
// reports it).
func hasLegacy(root string, captureID int64, warcFiles []string, tmp Folder) bool {
	moves, err := legacyMoves(root, captureID, warcFiles, tmp)
	if err != nil || len(moves) > 0 {
		return true
	}
	_, err = os.Stat(string(tmp))
	return !errors.Is(err, os.ErrNotExist)
}

// legacyMoves maps each file of the capture still in root to its place
// in tmp: the named WARC files (and their .open forms) and its
// crawl.logs.
func legacyMoves(root string, captureID int64, warcFiles []string, tmp Folder) (map[string]string, error) {
	moves := map[string]string{}
	for _, name := range warcFiles {
		for _, n := range []string{name, name + ".open"} {
			if _, err := os.Lstat(filepath.Join(root, n)); err == nil {
				moves[filepath.Join(root, n)] = filepath.Join(tmp.WARCs(), n)
			}
		}
	}
	logs, err := legacyLogs(root, captureID)
	if err != nil {
		return nil, err
	}
	for name, node := range logs {
		moves[filepath.Join(root, name)] = tmp.CrawlLog(node)
	}
	return moves, nil
}

// settle gives the filled working folder tmp its final name f. Should f
// exist by then (Create made it meanwhile, for a node that joined the
// capture: a rename does not replace a folder that has subfolders), the
// files in tmp move into f and tmp is removed.
func settle(tmp, f Folder) error {
	if err := os.Rename(string(tmp), string(f)); err == nil {
		return nil
	}
	for _, d := range []string{f.WARCs(), f.Logs(), f.Reports()} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return fmt.Errorf("capture folder: migrate: %w", err)
		}
	}
	for _, d := range [][2]string{{tmp.WARCs(), f.WARCs()}, {tmp.Logs(), f.Logs()}} {
		des, err := os.ReadDir(d[0])
		if err != nil {
			return fmt.Errorf("capture folder: migrate: %w", err)
		}
		for _, de := range des {
			if err := moveIfThere(filepath.Join(d[0], de.Name()), filepath.Join(d[1], de.Name())); err != nil {
				return err
			}
		}
	}
	for _, d := range []string{tmp.WARCs(), tmp.Logs(), tmp.Reports(), string(tmp)} {
		if err := os.Remove(d); err != nil {
			return fmt.Errorf("capture folder: migrate: %w", err)
		}
	}
	return nil
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
