package crawllog

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// maxTail bounds the bytes RepairTail reads past the mark: a tail holds at
// most one uncommitted group and the lines written beside it, so one far
// longer means the mark is wrong, and repairing it would read a whole
// log into memory.
const maxTail = 64 << 20

// RepairTail makes the crawl.log at path agree with the index after a
// crash. mark is the file's length recorded by the last index commit; the
// lines after it were written before a commit that may not have landed.
// keep is given those lines and says which to keep; a line that does not
// parse (a write cut short) is dropped. The kept lines are first saved
// beside the log (path + ".repair", synced), so a crash during the repair
// is finished by the next one: no line is lost or written twice. It
// returns how many lines were dropped. A file shorter than mark (lines
// lost with an unsynced page cache; the crawler syncs before it records a
// mark, and warns if it finds one) is left alone.
func RepairTail(path string, mark int64, keep func([]Entry) ([]bool, error)) (dropped int, err error) {
	side := path + ".repair"
	if saved, err := os.ReadFile(side); err == nil {
		return 0, replaceTail(path, side, mark, saved)
	} else if !errors.Is(err, os.ErrNotExist) {
		return 0, fmt.Errorf("crawl.log: %w", err)
	}
	tail, err := readTail(path, mark)
	if err != nil || len(tail) == 0 {
		return 0, err
	}
	lines := strings.SplitAfter(string(tail), "\n")
	var es []Entry
	var raw []string
	for _, l := range lines {
		if l == "" {
			continue // after the last newline
		}
		e, perr := Parse(strings.TrimSuffix(l, "\n"))
		if perr != nil || !strings.HasSuffix(l, "\n") {
			dropped++
			continue
		}
		es, raw = append(es, e), append(raw, l)
	}
	wanted, err := keep(es)
	if err != nil {
		return 0, err
	}
	var kept bytes.Buffer
	for i, l := range raw {
		if wanted[i] {
			kept.WriteString(l)
		} else {
			dropped++
		}
	}
	if err := writeSynced(side, kept.Bytes()); err != nil {
		return 0, err
	}
	return dropped, replaceTail(path, side, mark, kept.Bytes())
}

// readTail returns the bytes of path after mark (nil if there are none).
func readTail(path string, mark int64) ([]byte, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("crawl.log: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("crawl.log: %w", err)
	}
	if st.Size() <= mark {
		return nil, nil
	}
	if st.Size()-mark > maxTail {
		return nil, fmt.Errorf("crawl.log: %s has %d bytes after its last committed length %d; not repairing", path, st.Size()-mark, mark)
	}
	tail := make([]byte, st.Size()-mark)
	if _, err := f.ReadAt(tail, mark); err != nil && err != io.EOF {
		return nil, fmt.Errorf("crawl.log: %w", err)
	}
	return tail, nil
}

// replaceTail cuts path at mark, appends kept, syncs, and removes the
// side file that held kept.
func replaceTail(path, side string, mark int64, kept []byte) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return fmt.Errorf("crawl.log: %w", err)
	}
	if err = f.Truncate(mark); err == nil { // err, not a new one: a failed cut, write or sync must keep the side file
		if _, err = f.WriteAt(kept, mark); err == nil {
			err = f.Sync()
		}
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("crawl.log: repair %s: %w", path, err)
	}
	if err := os.Remove(side); err != nil {
		return fmt.Errorf("crawl.log: %w", err)
	}
	return nil
}

// writeSynced writes b to path whole or not at all: through a synced
// temporary file renamed into place, so a crash never leaves half of it.
func writeSynced(path string, b []byte) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("crawl.log: %w", err)
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		return fmt.Errorf("crawl.log: %w", err)
	}
	return nil
}
