package daemon

import (
	"archive/zip"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/daemon/access"
)

// Uploaded WACZs (docs/security.md, "Uploaded WACZ"): an operator or admin
// POSTs a package made elsewhere; the daemon streams it to a file under
// data_dir/wacz-uploads (never into memory), refuses what is not a safe
// zip, verifies it (wacz.Verify) and keeps the outcome beside it. The
// console replays it on the replay origin only, as application/zip with
// nosniff: its bytes are never served on the console's origin.

// uploadsDirName is the folder under data_dir holding uploads: ID.wacz
// and ID.json (the WACZUpload) each.
const uploadsDirName = "wacz-uploads"

// Limits on an upload's zip, past which it is refused as hostile.
const (
	// maxUploadEntries bounds the zip's entries (a WACZ has a handful of
	// files and its WARCs).
	maxUploadEntries = 100_000
	// uploadInflation bounds the sum of the entries' declared sizes to
	// this many times the file's size, plus uploadInflationSlack: WARCs
	// are stored, indexes and pages compress maybe tenfold, and a zip
	// bomb declares (archive/zip holds each entry to its declared size)
	// far more. Verification reads every byte, so this bounds its work.
	uploadInflation      = 4
	uploadInflationSlack = 64 << 20
	// maxUploadNameLen bounds the name an upload is shown by.
	maxUploadNameLen = 100
	// maxUploads bounds how many uploads are kept: many tiny ones would
	// make every listing read thousands of records.
	maxUploads = 1000
)

// maxWACZUpload is Config.MaxWACZUpload or its default.
func (c Config) maxWACZUpload() int64 {
	if c.MaxWACZUpload > 0 {
		return c.MaxWACZUpload
	}
	return DefaultMaxWACZUpload
}

// waczUploadQuota is Config.WACZUploadQuota or its default.
func (c Config) waczUploadQuota() int64 {
	if c.WACZUploadQuota > 0 {
		return c.WACZUploadQuota
	}
	return DefaultWACZUploadQuota
}

// uploadIDPattern is an upload's ID: 16 hex digits the daemon draws.
var uploadIDPattern = regexp.MustCompile(`^[0-9a-f]{16}$`)

// uploadNameChars are the characters an upload's shown name keeps.
var uploadNameChars = regexp.MustCompile(`[^A-Za-z0-9._ -]+`)

// cleanUploadName is the name an upload is shown by: the given name with
// only letters, digits, dot, dash, underscore and space, clipped. It is
// never a path: files are named by the ID.
func cleanUploadName(name string) string {
	name = strings.TrimSpace(uploadNameChars.ReplaceAllString(filepath.Base(name), "_"))
	if len(name) > maxUploadNameLen {
		name = name[:maxUploadNameLen]
	}
	if name == "" || name == "." || name == ".." {
		return "upload.wacz"
	}
	return name
}

func (d *Daemon) uploadsDir() string { return filepath.Join(d.cfg.DataDir, uploadsDirName) }

// errUploadRefused marks an upload refused for what it holds (400).
var errUploadRefused = errors.New("WACZ refused")

// checkUploadZip refuses a file that is not a zip a WACZ reader can
// safely open: unreadable, too many entries, an unsafe entry name (zip
// slip: absolute, "..", backslashes), a duplicate name, or declared sizes
// that inflate past uploadInflation (a zip bomb).
func checkUploadZip(f *os.File, size int64) error {
	zr, err := zip.NewReader(f, size)
	if err != nil {
		return fmt.Errorf("%w: not a zip file (%v)", errUploadRefused, err)
	}
	if len(zr.File) > maxUploadEntries {
		return fmt.Errorf("%w: %d entries, at most %d", errUploadRefused, len(zr.File), maxUploadEntries)
	}
	seen := make(map[string]bool, len(zr.File))
	var total uint64
	for _, e := range zr.File {
		if !safeEntryName(e.Name) {
			return fmt.Errorf("%w: unsafe entry name %q", errUploadRefused, clip(e.Name, 200))
		}
		if seen[e.Name] {
			return fmt.Errorf("%w: entry %q twice", errUploadRefused, clip(e.Name, 200))
		}
		seen[e.Name] = true
		total += e.UncompressedSize64
		if total > uint64(size)*uploadInflation+uploadInflationSlack {
			return fmt.Errorf("%w: its entries inflate to more than %d times its size (a zip bomb?)", errUploadRefused, uploadInflation)
		}
	}
	if !seen[wacz.PathDataPack] {
		return fmt.Errorf("%w: no %s: not a WACZ", errUploadRefused, wacz.PathDataPack)
	}
	return nil
}

// safeEntryName says whether a zip entry's name stays inside any folder
// it were extracted to: relative, forward slashes, no "..", clean.
func safeEntryName(name string) bool {
	return name != "" && !strings.HasPrefix(name, "/") && !strings.Contains(name, "\\") && !strings.ContainsRune(name, 0) &&
		path.Clean(name) == strings.TrimSuffix(name, "/") && !strings.HasPrefix(name, "../") && name != ".."
}

// uploadsUsed is the bytes and the number of the kept uploads. Called
// with d.uploading held, it removes the temporary files an interrupted
// upload left (none can be in progress), so they never count.
func (d *Daemon) uploadsUsed() (bytes int64, count int, err error) {
	des, err := os.ReadDir(d.uploadsDir())
	if errors.Is(err, os.ErrNotExist) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, err
	}
	for _, de := range des {
		fi, err := de.Info()
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if strings.HasSuffix(de.Name(), ".tmp") {
			if err := os.Remove(filepath.Join(d.uploadsDir(), de.Name())); err == nil {
				continue
			}
		}
		if strings.HasSuffix(de.Name(), ".json") {
			count++
		}
		bytes += fi.Size()
	}
	return bytes, count, nil
}

// progressReader moves the request's read deadline on with every read:
// a large upload goes on while the client sends, and one that stalls for
// idle is cut off (the server's ReadTimeout would end it after a fixed
// time however fast it came).
type progressReader struct {
	r    io.Reader
	rc   *http.ResponseController
	idle time.Duration
}

func (p *progressReader) Read(b []byte) (int, error) {
	_ = p.rc.SetReadDeadline(time.Now().Add(p.idle))
	return p.r.Read(b)
}

// postWACZ stores an uploaded WACZ (the request body, at most
// Config.MaxWACZUpload and the quota's remainder) and answers its
// WACZUpload (201). One upload at a time: a second gets 409, so two
// cannot together pass the quota.
func (d *Daemon) postWACZ(w http.ResponseWriter, r *http.Request) error {
	if !d.uploading.TryLock() {
		return fmt.Errorf("%w: another WACZ is being uploaded; try again when it is done", errConflict)
	}
	defer d.uploading.Unlock()
	p, _ := access.FromContext(r.Context())
	note := noteOf(r.Context())
	used, count, err := d.uploadsUsed()
	if err != nil {
		return err
	}
	if count >= maxUploads {
		return &APIError{Status: http.StatusInsufficientStorage, Message: fmt.Sprintf("%d WACZs are uploaded, the most kept: delete uploads first", count)}
	}
	limit := min(d.cfg.maxWACZUpload(), d.cfg.waczUploadQuota()-used)
	if limit <= 0 {
		return &APIError{Status: http.StatusInsufficientStorage, Message: fmt.Sprintf("the uploads' quota (wacz_upload_quota, %d bytes) is used up: delete uploads first", d.cfg.waczUploadQuota())}
	}
	tooLarge := &APIError{Status: http.StatusRequestEntityTooLarge, Message: fmt.Sprintf("WACZ too large: at most %d bytes (max_wacz_upload %d, quota left %d)", limit, d.cfg.maxWACZUpload(), d.cfg.waczUploadQuota()-used)}
	if r.ContentLength > limit {
		return tooLarge
	}
	if err := os.MkdirAll(d.uploadsDir(), 0o750); err != nil {
		return err
	}
	f, err := os.CreateTemp(d.uploadsDir(), "upload-*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // after the rename: nothing to remove
	defer f.Close()
	h := sha256.New()
	body := &progressReader{r: http.MaxBytesReader(w, r.Body, limit), rc: http.NewResponseController(w), idle: d.cfg.ReadTimeout}
	if body.idle <= 0 {
		body.idle = DefaultReadTimeout
	}
	n, err := io.Copy(io.MultiWriter(f, h), body)
	if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
		return tooLarge
	}
	if err != nil {
		return badRequest("reading the upload: %v", err)
	}
	if err := checkUploadZip(f, n); err != nil {
		note.detail = err.Error()
		return badRequest("%v", err)
	}
	rep, err := wacz.Verify(f, n)
	if err != nil {
		return badRequest("%v: %v", errUploadRefused, err)
	}
	up := WACZUpload{ID: newUploadID(), Name: cleanUploadName(r.URL.Query().Get("name")), Bytes: n, SHA256: hex.EncodeToString(h.Sum(nil)),
		Uploaded: d.now().UTC(), Uploader: p.Name, Verify: briefVerify(rep)}
	if err := f.Sync(); err != nil {
		return err
	}
	meta, err := json.MarshalIndent(up, "", "  ")
	if err != nil {
		return err
	}
	if err := writeFileAtomic(filepath.Join(d.uploadsDir(), up.ID+".json"), meta); err != nil {
		return err
	}
	if err := os.Rename(f.Name(), filepath.Join(d.uploadsDir(), up.ID+".wacz")); err != nil {
		os.Remove(filepath.Join(d.uploadsDir(), up.ID+".json"))
		return err
	}
	note.detail = fmt.Sprintf("WACZ %s %q, %d bytes, sha256 %s, verified %v", up.ID, up.Name, up.Bytes, up.SHA256, up.Verify.OK)
	note.digest = "sha256:" + up.SHA256
	d.log.Info("WACZ uploaded", zap.String("id", up.ID), zap.String("name", up.Name), zap.Int64("bytes", n), zap.Bool("verified", up.Verify.OK), zap.String("by", p.Name))
	writeJSON(w, http.StatusCreated, up)
	return nil
}

// briefVerify keeps what the console shows of a verification.
func briefVerify(rep wacz.Report) UploadVerify {
	v := UploadVerify{OK: rep.OK(), Files: rep.Files, Records: rep.Records, Pages: rep.Pages, Signed: rep.Signed, KeyType: rep.KeyType,
		ReplayVerifiable: rep.ReplayVerifiable, Problems: []string{}}
	if s := rep.Signer; s != nil {
		v.Signer = strings.TrimSpace(s.Kind + " " + s.Domain + " " + s.Subject)
	}
	for i, p := range rep.Problems {
		if i == 50 {
			v.Problems = append(v.Problems, fmt.Sprintf("… and %d more", len(rep.Problems)-50))
			break
		}
		v.Problems = append(v.Problems, clip(p.String(), 300))
	}
	return v
}

func newUploadID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// writeFileAtomic writes b to path through a temporary file renamed into
// place.
func writeFileAtomic(path string, b []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// upload reads upload id's record (404 for an ID of another form or none).
func (d *Daemon) upload(id string) (WACZUpload, error) {
	var up WACZUpload
	if !uploadIDPattern.MatchString(id) {
		return up, fmt.Errorf("%w: no uploaded WACZ %q", errNotFound, clip(id, 40))
	}
	b, err := os.ReadFile(filepath.Join(d.uploadsDir(), id+".json"))
	if errors.Is(err, os.ErrNotExist) {
		return up, fmt.Errorf("%w: no uploaded WACZ %s", errNotFound, id)
	}
	if err != nil {
		return up, err
	}
	if err := json.Unmarshal(b, &up); err != nil {
		return up, fmt.Errorf("uploaded WACZ %s: %w", id, err)
	}
	return up, nil
}

// Uploads lists the uploaded WACZs, newest first.
func (d *Daemon) Uploads() ([]WACZUpload, error) {
	des, err := os.ReadDir(d.uploadsDir())
	if errors.Is(err, os.ErrNotExist) {
		return []WACZUpload{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := []WACZUpload{}
	for _, de := range des {
		id, ok := strings.CutSuffix(de.Name(), ".json")
		if !ok || !uploadIDPattern.MatchString(id) {
			continue
		}
		up, err := d.upload(id)
		if err != nil {
			d.log.Warn("unreadable upload record", zap.String("id", id), zap.Error(err))
			continue
		}
		out = append(out, up)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Uploaded.After(out[j].Uploaded) })
	return out, nil
}

// OpenUpload opens upload id's package (the replay origin serves it).
func (d *Daemon) OpenUpload(_ context.Context, id string) (*os.File, error) {
	if _, err := d.upload(id); err != nil {
		return nil, err
	}
	return os.Open(filepath.Join(d.uploadsDir(), id+".wacz"))
}

func (d *Daemon) getWACZs(w http.ResponseWriter, r *http.Request) error {
	ups, err := d.Uploads()
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, ups)
	return nil
}

func (d *Daemon) getWACZUpload(w http.ResponseWriter, r *http.Request) error {
	up, err := d.upload(r.PathValue("upload"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, up)
	return nil
}

// deleteWACZ removes an upload (admin): its package, then its record.
func (d *Daemon) deleteWACZ(w http.ResponseWriter, r *http.Request) error {
	if err := d.deleteUpload(r.Context(), r.PathValue("upload")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// deleteUpload is deleteWACZ's core: upload id's package, then its record.
func (d *Daemon) deleteUpload(ctx context.Context, id string) error {
	up, err := d.upload(id)
	if err != nil {
		return err
	}
	if err := os.Remove(filepath.Join(d.uploadsDir(), up.ID+".wacz")); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if err := os.Remove(filepath.Join(d.uploadsDir(), up.ID+".json")); err != nil {
		return err
	}
	noteOf(ctx).detail = fmt.Sprintf("WACZ %s %q, sha256 %s", up.ID, up.Name, up.SHA256)
	d.log.Info("uploaded WACZ deleted", zap.String("id", up.ID), zap.String("name", up.Name))
	return nil
}
