package daemon

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/daemon/access"
	"github.com/sharc-archive/sharc/store"
)

// zipOf is a zip of the named entries (method Deflate, or Store for
// names ending .warc.gz).
func zipOf(t testing.TB, entries map[string][]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, b := range entries {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(b)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// realWACZ crawls a small site and returns the capture's package, as the
// daemon serves it: a real WACZ to upload.
func realWACZ(t *testing.T, td *testDaemon, name string) []byte {
	t.Helper()
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(5, 0, &hits))
	t.Cleanup(srv.Close)
	ctx := context.Background()
	if _, err := td.client.Submit(ctx, jobYAML(name, strings.TrimPrefix(srv.URL, "http://"), ""), name+".yaml"); err != nil {
		t.Fatal(err)
	}
	info := waitState(t, td.client, name, stateIdle, 30*time.Second)
	var pkg bytes.Buffer
	if err := td.client.Get(ctx, "/api/v1/captures/"+itoa(info.LastRun.Capture)+"/wacz", &pkg); err != nil {
		t.Fatal(err)
	}
	return pkg.Bytes()
}

// TestWACZUpload: an operator uploads a real WACZ, which is stored under
// data_dir, verified, listed; a viewer may list but not upload (403), an
// operator may not delete (403), an admin deletes it; each is in the
// audit trail. Hostile packages are refused with a clear error: not a
// zip, zip slip names, a zip bomb, no datapackage.json, too large.
func TestWACZUpload(t *testing.T) {
	td := startDaemonOpts(t, sqliteDSN(t), Options{}, func(c *Config) { c.MaxWACZUpload = 4 << 20 })
	viewer := addAccount(t, td, "vera", access.Viewer)
	operator := addAccount(t, td, "otto", access.Operator)
	pkg := realWACZ(t, td, "up")

	bomb := zipOf(t, map[string][]byte{"datapackage.json": []byte("{}"), "archive/zeros.warc": make([]byte, 100<<20)})
	for _, tc := range []struct {
		name string
		body []byte
		code int
		want string
	}{
		{"not a zip", []byte("<html><script>alert(1)</script></html>"), 400, "not a zip file"},
		{"empty", nil, 400, "not a zip file"},
		{"dot-dot", zipOf(t, map[string][]byte{"datapackage.json": []byte("{}"), "../../etc/passwd": []byte("x")}), 400, "unsafe entry name"},
		{"absolute", zipOf(t, map[string][]byte{"datapackage.json": []byte("{}"), "/etc/cron.d/x": []byte("x")}), 400, "unsafe entry name"},
		{"backslash", zipOf(t, map[string][]byte{"datapackage.json": []byte("{}"), `..\..\x`: []byte("x")}), 400, "unsafe entry name"},
		{"inner dot-dot", zipOf(t, map[string][]byte{"datapackage.json": []byte("{}"), "archive/../../x": []byte("x")}), 400, "unsafe entry name"},
		{"zip bomb", bomb, 400, "zip bomb"},
		{"no datapackage", zipOf(t, map[string][]byte{"index.html": []byte("<p>hi</p>")}), 400, "not a WACZ"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, b := apiCall(t, td, operator, "POST", "/api/v1/waczs?name=x", "application/zip", tc.body)
			if code != tc.code || !strings.Contains(string(b), tc.want) {
				t.Errorf("%d %s; want %d with %q", code, b, tc.code, tc.want)
			}
		})
	}
	// Too large, declared or not (chunked): asked in-process, as a client
	// that sends on after the 413 may see its connection reset first.
	big := append(append([]byte{}, pkg...), make([]byte, 5<<20)...)
	for _, declared := range []bool{true, false} {
		req := httptest.NewRequest("POST", "/api/v1/waczs", bytes.NewReader(big))
		req.Header.Set("Authorization", "Bearer "+operator)
		if !declared {
			req.ContentLength = -1
		}
		rec := httptest.NewRecorder()
		td.d.Handler().ServeHTTP(rec, req)
		if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), "too large") {
			t.Errorf("too large (declared %v): %d %s", declared, rec.Code, rec.Body)
		}
	}
	if len(bomb) > 1<<20 {
		t.Fatalf("the bomb is %d bytes: not a bomb", len(bomb))
	}
	// Nothing of the refused uploads is left behind.
	if m, _ := filepath.Glob(filepath.Join(td.d.uploadsDir(), "*")); len(m) != 0 {
		t.Errorf("refused uploads left files: %v", m)
	}

	if code, b := apiCall(t, td, viewer, "POST", "/api/v1/waczs", "application/zip", pkg); code != 403 {
		t.Errorf("viewer upload: %d %s", code, b)
	}
	code, b := apiCall(t, td, operator, "POST", "/api/v1/waczs?name=../../etc/other%20site.wacz", "application/zip", pkg)
	var up WACZUpload
	if code != 201 || json.Unmarshal(b, &up) != nil {
		t.Fatalf("upload: %d %s", code, b)
	}
	if !up.Verify.OK || up.Verify.Records == 0 || up.Bytes != int64(len(pkg)) || up.Uploader != "otto" || up.Name != "other site.wacz" {
		t.Errorf("upload record %+v", up)
	}
	stored, err := os.ReadFile(filepath.Join(td.d.uploadsDir(), up.ID+".wacz"))
	if err != nil || !bytes.Equal(stored, pkg) {
		t.Errorf("stored package differs from the upload: %v", err)
	}
	code, b = apiCall(t, td, viewer, "GET", "/api/v1/waczs", "", nil)
	var list []WACZUpload
	if code != 200 || json.Unmarshal(b, &list) != nil || len(list) != 1 || list[0].ID != up.ID || list[0].SHA256 != up.SHA256 {
		t.Errorf("list: %d %s", code, b)
	}
	for _, id := range []string{"..", "0000000000000000", "ZZ", "0123456789abcdef.json"} {
		if code, _ := apiCall(t, td, viewer, "GET", "/api/v1/waczs/"+id, "", nil); code != 404 {
			t.Errorf("GET upload %q: %d, want 404", id, code)
		}
	}
	if code, b := apiCall(t, td, operator, "DELETE", "/api/v1/waczs/"+up.ID, "", nil); code != 403 {
		t.Errorf("operator delete: %d %s", code, b)
	}
	if code, b := apiCall(t, td, testToken, "DELETE", "/api/v1/waczs/"+up.ID, "", nil); code != 204 {
		t.Errorf("admin delete: %d %s", code, b)
	}
	if m, _ := filepath.Glob(filepath.Join(td.d.uploadsDir(), "*")); len(m) != 0 {
		t.Errorf("deleted upload left files: %v", m)
	}
	es, err := td.d.st.Audit(context.Background(), store.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	assertAudited(t, es, store.AuditEntry{Actor: "otto", Role: "operator", Via: "api", Action: string(access.ActWACZUpload), Digest: "sha256:" + up.SHA256, Status: 201})
	assertAudited(t, es, store.AuditEntry{Actor: "otto", Role: "operator", Via: "api", Action: string(access.ActWACZUpload), Status: 400})
	assertAudited(t, es, store.AuditEntry{Actor: "vera", Role: "viewer", Via: "api", Action: string(access.ActWACZUpload), Status: 403})
	assertAudited(t, es, store.AuditEntry{Actor: "otto", Role: "operator", Via: "api", Action: string(access.ActWACZDelete), Status: 403})
	assertAudited(t, es, store.AuditEntry{Actor: access.BootstrapName, Role: "admin", Via: "api", Action: string(access.ActWACZDelete), Status: 204})
}

// TestWACZUploadQuota: uploads past wacz_upload_quota are refused (507
// once it is used up), so they cannot fill the data disk.
func TestWACZUploadQuota(t *testing.T) {
	td := startDaemonOpts(t, sqliteDSN(t), Options{}, nil)
	pkg := realWACZ(t, td, "q")
	td.d.cfg.WACZUploadQuota = int64(len(pkg)) + 10
	// An interrupted upload's temporary file does not count: it is removed.
	if err := os.MkdirAll(td.d.uploadsDir(), 0o750); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(td.d.uploadsDir(), "upload-1.tmp")
	if err := os.WriteFile(stale, make([]byte, len(pkg)), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, b := apiCall(t, td, testToken, "POST", "/api/v1/waczs", "application/zip", pkg); code != 201 {
		t.Fatalf("first upload: %d %s", code, b)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the stale temporary file is still there: %v", err)
	}
	code, b := apiCall(t, td, testToken, "POST", "/api/v1/waczs", "application/zip", pkg)
	if code != http.StatusInsufficientStorage || !strings.Contains(string(b), "quota") {
		t.Errorf("upload past the quota: %d %s", code, b)
	}
	// At most maxUploads are kept, however small.
	td.d.cfg.WACZUploadQuota = 0
	for i := range maxUploads {
		if err := os.WriteFile(filepath.Join(td.d.uploadsDir(), fmt.Sprintf("x%d.json", i)), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if code, b := apiCall(t, td, testToken, "POST", "/api/v1/waczs", "application/zip", pkg); code != http.StatusInsufficientStorage || !strings.Contains(string(b), "the most kept") {
		t.Errorf("upload past the count: %d %s", code, b)
	}
}

// FuzzCheckUploadZip: any bytes as an upload: no panic, and a file let
// through is a zip whose every entry name is safe and which holds
// datapackage.json.
func FuzzCheckUploadZip(f *testing.F) {
	f.Add([]byte("not a zip"))
	f.Add(zipOf(f, map[string][]byte{"datapackage.json": []byte("{}")}))
	f.Add(zipOf(f, map[string][]byte{"datapackage.json": []byte("{}"), "../x": nil}))
	f.Add(zipOf(f, map[string][]byte{"datapackage.json": []byte("{}"), "a": make([]byte, 1<<16)}))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, b []byte) {
		p := filepath.Join(dir, "u.zip")
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		fh, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		if checkUploadZip(fh, int64(len(b))) != nil {
			return
		}
		zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatalf("let through a file zip cannot read: %v", err)
		}
		has := false
		for _, e := range zr.File {
			if !safeEntryName(e.Name) || strings.HasPrefix(e.Name, "/") || strings.Contains("/"+e.Name+"/", "/../") {
				t.Fatalf("let through entry %q", e.Name)
			}
			has = has || e.Name == "datapackage.json"
		}
		if !has {
			t.Fatal("let through a zip without datapackage.json")
		}
	})
}

// postMultipart posts fields in order (the file last, named file) as
// the console's upload form does, and returns the status and body.
func (cc *consoleClient) postMultipart(path string, fields [][2]string, file []byte) (int, string) {
	cc.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, f := range fields {
		mw.WriteField(f[0], f[1])
	}
	if file != nil {
		w, _ := mw.CreateFormFile("file", "site.wacz")
		w.Write(file)
	}
	mw.Close()
	resp, err := cc.hc.Post(cc.base+path, mw.FormDataContentType(), &buf)
	if err != nil {
		cc.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestConsoleUploadForm: the console's upload form checks the form token
// before the file (missing, or wrong: 403, nothing stored; a viewer has
// no form and so no token), a hostile file's reason is shown, and an
// operator's WACZ is stored and listed; a viewer sees no form and no
// Delete.
func TestConsoleUploadForm(t *testing.T) {
	td := startDaemonOpts(t, sqliteDSN(t), Options{}, nil)
	pkg := realWACZ(t, td, "form")
	op := loginConsoleAs(t, td, addAccount(t, td, "otto", access.Operator))
	vw := loginConsoleAs(t, td, addAccount(t, td, "vera", access.Viewer))
	tok := op.csrf("/ui/uploads")
	for _, tc := range []struct {
		name   string
		cc     *consoleClient
		fields [][2]string
		file   []byte
		code   int
		has    string
	}{
		{"no token", op, nil, pkg, 403, "token is missing"},
		{"wrong token", op, [][2]string{{"csrf", strings.Repeat("0", 64)}}, pkg, 403, "wrong or expired"},
		{"no file", op, [][2]string{{"csrf", tok}}, nil, 400, "choose a WACZ file"},
		{"not a zip", op, [][2]string{{"csrf", tok}}, []byte("<script>alert(1)</script>"), 400, "not a zip file"},
		// A viewer's page has no form, hence no form token to send; the
		// API refuses a viewer's upload too (TestWACZUpload).
		{"viewer", vw, [][2]string{{"csrf", tok}}, pkg, 403, "wrong or expired"},
	} {
		code, body := tc.cc.postMultipart("/ui/uploads", tc.fields, tc.file)
		if code != tc.code || !strings.Contains(body, tc.has) {
			t.Errorf("%s: %d %.300q, want %d with %q", tc.name, code, body, tc.code, tc.has)
		}
	}
	if ups, _ := td.d.Uploads(); len(ups) != 0 {
		t.Fatalf("refused uploads stored: %+v", ups)
	}
	code, body := op.postMultipart("/ui/uploads", [][2]string{{"csrf", tok}}, pkg)
	ups, _ := td.d.Uploads()
	if code != 200 || len(ups) != 1 || !strings.Contains(body, `id="u-`+ups[0].ID+`"`) || !strings.Contains(body, "verified:") {
		t.Fatalf("upload: %d %d uploads\n%.1500s", code, len(ups), body)
	}
	if _, vbody, _ := vw.get("/ui/uploads"); strings.Contains(vbody, `form class="upload"`) || strings.Contains(vbody, "/delete") || !strings.Contains(vbody, ups[0].ID) {
		t.Errorf("a viewer's uploads page:\n%.1500s", vbody)
	}
}
