package warc

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/sharc-archive/sharc/internal/fsutil"
	"go.uber.org/zap"
)

// File naming and rotation: the .open file, its warcinfo, closing and
// settling (see Writer).

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]`)

// fileStampRE matches the time stamp in a file name (fileStamp).
var fileStampRE = regexp.MustCompile(`^[0-9]{17}$`)

// FileSerial returns the serial number in the name of a file a Writer
// with this prefix wrote (PREFIX-STAMP-SERIAL-HOST.warc.gz, with or
// without ".open"); ok is false for any other name, another prefix's
// included.
func FileSerial(name, prefix string) (serial int, ok bool) {
	rest := strings.TrimSuffix(name, openSuffix)
	rest, ok = strings.CutSuffix(rest, fileExt)
	if !ok {
		return 0, false
	}
	if prefix != "" {
		if rest, ok = strings.CutPrefix(rest, prefix+"-"); !ok {
			return 0, false
		}
	}
	stamp, rest, ok := strings.Cut(rest, "-")
	if !ok || !fileStampRE.MatchString(stamp) {
		return 0, false
	}
	num, _, ok := strings.Cut(rest, "-")
	if !ok || len(num) < 5 || len(num) > 9 || strings.Trim(num, "0123456789") != "" {
		return 0, false
	}
	n := 0
	for _, c := range num {
		n = n*10 + int(c-'0')
	}
	return n, true
}

func fileNameSafe(s string) string { return unsafeName.ReplaceAllString(s, "_") }

// openNext creates the next .open file and writes its warcinfo record.
// Caller holds w.mu.
func (w *Writer) openNext() error {
	for attempt := 0; ; attempt++ {
		name := fmt.Sprintf("%s-%s-%05d-%s%s", w.cfg.Prefix, fileStamp(w.now()), w.serial, w.host, fileExt)
		if w.cfg.Prefix == "" {
			name = strings.TrimPrefix(name, "-")
		}
		w.serial++
		path := filepath.Join(w.cfg.Dir, name+openSuffix)
		if _, err := os.Stat(filepath.Join(w.cfg.Dir, name)); err == nil {
			continue // a closed file of that name exists; take the next serial
		}
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_RDWR, 0o644)
		if errors.Is(err, os.ErrExist) && attempt < 100000 {
			continue
		}
		if err != nil {
			return fmt.Errorf("warc: create: %w", err)
		}
		of := &openFile{f: f, path: path, name: name}
		info, err := w.warcinfo(name)
		if err == nil {
			_, err = f.WriteAt(info, 0)
		}
		if err == nil {
			err = f.Sync()
		}
		if err == nil {
			err = fsutil.SyncDir(w.cfg.Dir)
		}
		if err != nil {
			_ = f.Close()
			_ = os.Remove(path)
			return fmt.Errorf("warc: start %s: %w", path, err)
		}
		of.size.Store(int64(len(info)))
		of.synced = int64(len(info))
		w.cur = of
		w.log.Info("warc: opened file", zap.String("file", path))
		return nil
	}
}

func fileStamp(t time.Time) string {
	return strings.Replace(t.UTC().Format(fileStampLayout), ".", "", 1)
}

// retire takes the current file out of service, still .open: its last
// records may not be indexed yet (see Settle). Caller holds w.mu.
func (w *Writer) retire() {
	if w.cur != nil {
		w.cur.rotation = w.rotations
		w.rotations++
		w.retired = append(w.retired, w.cur)
		w.cur = nil
	}
}

// finish syncs, closes and renames the retired files. Caller holds w.mu.
func (w *Writer) finish() error {
	var errs []error
	for _, f := range w.retired {
		if err := w.closeFile(f); err != nil {
			errs = append(errs, err)
		}
	}
	w.retired = nil
	return errors.Join(errs...)
}

// closeFile syncs, closes and renames one file. Caller holds w.mu.
func (w *Writer) closeFile(cur *openFile) error {
	cur.syncMu.Lock()
	err := cur.f.Sync()
	if cerr := cur.f.Close(); err == nil {
		err = cerr
	}
	cur.isShut = true
	cur.syncMu.Unlock()
	if err != nil {
		return fmt.Errorf("warc: close %s: %w", cur.path, err)
	}
	final := strings.TrimSuffix(cur.path, openSuffix)
	if err := os.Rename(cur.path, final); err != nil {
		return fmt.Errorf("warc: rename %s: %w", cur.path, err)
	}
	if err := fsutil.SyncDir(w.cfg.Dir); err != nil {
		return fmt.Errorf("warc: sync dir: %w", err)
	}
	w.files = append(w.files, final)
	w.log.Info("warc: closed file", zap.String("file", final), zap.Int64("bytes", cur.size.Load()), zap.Int("records", cur.records))
	if w.cfg.OnClose != nil {
		w.cfg.OnClose(final)
	}
	return nil
}

// Rotate ends the current file now; the next write opens a new one. Like
// a rotation by size, the file stays .open until Settle.
func (w *Writer) Rotate() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.retire()
	return nil
}

// Settle closes and renames the files rotated out so far: the caller has
// indexed every record written before it called Settle. Without it a
// rotated file would lose its .open mark (and so its repair) while its
// last records were still unindexed.
func (w *Writer) Settle() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.finish()
}

// SettleMark names the files rotated out up to some moment (Mark).
type SettleMark uint64

// Mark returns the mark of the files rotated out so far. A caller that
// writes a group of records, takes Mark, and goes on writing the next
// group while the first is being indexed calls SettleTo(mark) once the
// first is indexed: every file rotated out before the mark holds records
// of indexed groups only, while a file rotated out after it may hold
// records of the next group, still unindexed, and must stay .open.
func (w *Writer) Mark() SettleMark {
	w.mu.Lock()
	defer w.mu.Unlock()
	return SettleMark(w.rotations)
}

// SettleTo is Settle for the files rotated out before m (see Mark); the
// ones rotated out since stay .open.
func (w *Writer) SettleTo(m SettleMark) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	var errs []error
	keep := w.retired[:0]
	for _, f := range w.retired {
		if f.rotation >= uint64(m) {
			keep = append(keep, f)
			continue
		}
		if err := w.closeFile(f); err != nil {
			errs = append(errs, err)
		}
	}
	clear(w.retired[len(keep):])
	w.retired = keep
	return errors.Join(errs...)
}

// Close closes and renames every file, declaring every record written
// indexed (see Settle). Further writes fail.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.closed = true
	w.retire()
	return w.finish()
}

// Abandon closes every file without renaming it, for when the records
// written last could not be indexed: the files stay .open so the next run's
// Repair cuts each back to its last indexed record. Further writes fail.
func (w *Writer) Abandon() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.closed = true
	w.retire()
	var errs []error
	for _, f := range w.retired {
		f.syncMu.Lock()
		errs = append(errs, f.f.Close())
		f.isShut = true
		f.syncMu.Unlock()
		w.log.Warn("warc: left open for repair", zap.String("file", f.path), zap.Int64("bytes", f.size.Load()))
	}
	w.retired = nil
	return errors.Join(errs...)
}

// Files returns the paths of the files closed so far, oldest first.
func (w *Writer) Files() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.files...)
}

// CurrentFile returns the path of the .open file being written, or "".
func (w *Writer) CurrentFile() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.cur == nil {
		return ""
	}
	return w.cur.path
}
