package warc

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sharc-archive/sharc/internal/fsutil"
	"go.uber.org/zap"
)

// scanResult describes the valid prefix of a .warc.gz file.
type scanResult struct {
	ends    []int64 // end offset of every whole, valid record, ascending
	types   []string
	ids     []string
	size    int64
	stopErr error // why the scan stopped before size, nil if it reached it
}

func (s scanResult) validEnd() int64 {
	if len(s.ends) == 0 {
		return 0
	}
	return s.ends[len(s.ends)-1]
}

// scanValid reads gzip members from the start of r until the first one
// that is damaged, incomplete or not one whole WARC record.
func scanValid(r io.Reader, size int64) scanResult {
	res := scanResult{size: size}
	m := newMembers(r)
	for {
		off, length, data, err := m.next()
		if err == io.EOF {
			return res
		}
		if err != nil {
			res.stopErr = err
			return res
		}
		if _, err := checkRecordShape(data); err != nil {
			res.stopErr = fmt.Errorf("record at %d: %w", off, err)
			return res
		}
		typ, id := quickFields(data)
		res.ends = append(res.ends, off+length)
		res.types = append(res.types, typ)
		res.ids = append(res.ids, id)
	}
}

// quickFields pulls WARC-Type and WARC-Record-ID out of a record header for
// logging.
func quickFields(data []byte) (typ, id string) {
	hdr, _, _ := strings.Cut(string(data[:min(len(data), 64<<10)]), "\r\n\r\n")
	for _, line := range strings.Split(hdr, "\r\n") {
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "warc-type":
			typ = strings.TrimSpace(value)
		case "warc-record-id":
			id = strings.Trim(strings.TrimSpace(value), "<>")
		}
	}
	return typ, id
}

// Repair truncates an interrupted *.warc.gz.open file to keep bytes (the
// end of the last indexed record; keep < 0 means "to the end of the last
// whole, valid gzip record") and renames it without .open; logs what it
// cut.
//
// With keep >= 0 the file is first scanned: keep must be the end of a
// whole valid record (or 0), otherwise the index and the file disagree and
// Repair refuses without touching the file. Valid records after keep are
// cut too: they were never indexed, so the crawler fetches them again.
// When nothing remains (keep == 0, or no valid record), the file is
// removed and finalPath is "".
func Repair(path string, keep int64, log *zap.Logger) (finalPath string, cut int64, err error) {
	if log == nil {
		log = zap.NewNop()
	}
	if !strings.HasSuffix(path, openSuffix) {
		return "", 0, fmt.Errorf("warc: repair %s: not an %s file", path, openSuffix)
	}
	final := strings.TrimSuffix(path, openSuffix)
	if _, err := os.Stat(final); err == nil {
		return "", 0, fmt.Errorf("warc: repair %s: %s already exists", path, final)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return "", 0, fmt.Errorf("warc: repair: %w", err)
	}
	defer func() {
		if f != nil {
			_ = f.Close()
		}
	}()
	st, err := f.Stat()
	if err != nil {
		return "", 0, fmt.Errorf("warc: repair: %w", err)
	}
	scan := scanValid(f, st.Size())
	keep, err = keepOffset(path, keep, scan)
	if err != nil {
		return "", 0, err
	}
	cut = st.Size() - keep
	fields := repairFields(path, keep, cut, scan)
	if keep == 0 {
		_ = f.Close()
		f = nil
		if err := os.Remove(path); err != nil {
			return "", cut, fmt.Errorf("warc: repair: %w", err)
		}
		log.Warn("warc: repair removed file with no records to keep", fields...)
		return "", cut, syncDirOf(path)
	}
	if err := f.Truncate(keep); err != nil {
		return "", 0, fmt.Errorf("warc: repair truncate: %w", err)
	}
	if err := f.Sync(); err != nil {
		return "", 0, fmt.Errorf("warc: repair sync: %w", err)
	}
	if err := f.Close(); err != nil {
		f = nil
		return "", 0, fmt.Errorf("warc: repair close: %w", err)
	}
	f = nil
	if err := os.Rename(path, final); err != nil {
		return "", 0, fmt.Errorf("warc: repair rename: %w", err)
	}
	if cut > 0 {
		log.Warn("warc: repaired file", fields...)
	} else {
		log.Info("warc: closed interrupted file, nothing to cut", fields...)
	}
	return final, cut, syncDirOf(final)
}

// keepOffset is where Repair cuts: keep itself when it ends a valid
// record (or is 0), the end of the valid records when keep < 0.
func keepOffset(path string, keep int64, scan scanResult) (int64, error) {
	if keep < 0 {
		return scan.validEnd(), nil
	}
	if keep > scan.validEnd() {
		return 0, fmt.Errorf("warc: repair %s: index ends at %d but the valid records end at %d (%v)",
			path, keep, scan.validEnd(), scan.stopErr)
	}
	if keep != 0 && !containsInt(scan.ends, keep) {
		return 0, fmt.Errorf("warc: repair %s: offset %d is not a record boundary", path, keep)
	}
	return keep, nil
}

// repairFields are the log fields of a repair: what it keeps and cuts,
// the valid records among the cut, and the damage that ended the scan.
func repairFields(path string, keep, cut int64, scan scanResult) []zap.Field {
	var dropped []string
	for i, e := range scan.ends {
		if e > keep {
			dropped = append(dropped, scan.types[i]+" "+scan.ids[i])
		}
	}
	fields := []zap.Field{
		zap.String("file", path), zap.Int64("size", scan.size), zap.Int64("keep", keep),
		zap.Int64("cut_bytes", cut), zap.Int64("invalid_tail_bytes", scan.size-scan.validEnd()),
		zap.Strings("valid_records_cut", dropped),
	}
	if scan.stopErr != nil {
		fields = append(fields, zap.NamedError("damage", scan.stopErr))
	}
	return fields
}

func syncDirOf(path string) error {
	if err := fsutil.SyncDir(filepath.Dir(path)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("warc: sync dir: %w", err)
	}
	return nil
}

func containsInt(xs []int64, x int64) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
