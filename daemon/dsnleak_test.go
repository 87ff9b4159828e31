package daemon

import (
	"archive/zip"
	"bytes"
	"context"
	"io"
	"io/fs"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
)

// TestStoreCredentialsStayOut: the daemon's store DSN carries a password
// (PostgreSQL's trust authentication ignores it, so the store works); no
// file the capture leaves under data_dir, no entry of its WACZ, which
// viewers download, and no job the API shows holds it. Before, the DSN
// went into the job text, the capture folder's job.yaml and the WACZ's
// reports/job.yaml, masked only where net/url could parse it.
func TestStoreCredentialsStayOut(t *testing.T) {
	const secret = "s3cret-Pw"
	dsn := strings.Replace(pgtest.SchemaDSN(t, "sharc_dsnleak"), "://postgres@", "://postgres:"+secret+"@", 1)
	if !strings.Contains(dsn, secret) {
		t.Fatalf("no password put into %s", dsn)
	}
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(4, 0, &hits))
	defer srv.Close()
	dataDir := t.TempDir()
	td := startDaemonOpts(t, dsn, Options{}, func(c *Config) { c.DataDir = dataDir })
	ctx := context.Background()
	if _, err := td.client.Submit(ctx, jobYAML("dsnleak", strings.TrimPrefix(srv.URL, "http://"), ""), ""); err != nil {
		t.Fatal(err)
	}
	waitState(t, td.client, "dsnleak", stateIdle, 30*time.Second)
	caps, err := td.client.Captures(ctx, "dsnleak")
	if err != nil || len(caps) != 1 || !caps[0].HasReport {
		t.Fatalf("captures %+v %v", caps, err)
	}
	info, err := td.client.Job(ctx, "dsnleak")
	if err != nil || strings.Contains(info.YAML, secret) {
		t.Errorf("the API's job shows the password (%v):\n%s", err, info.YAML)
	}
	files := 0
	err = filepath.WalkDir(dataDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files++
		if b, err := os.ReadFile(p); err != nil || bytes.Contains(b, []byte(secret)) {
			t.Errorf("%s holds the store's password (%v)", p, err)
		}
		return nil
	})
	if err != nil || files == 0 {
		t.Fatalf("walking data_dir: %d files, %v", files, err)
	}
	var pkg bytes.Buffer
	if err := td.client.Get(ctx, "/api/v1/captures/"+itoa(caps[0].ID)+"/wacz", &pkg); err != nil {
		t.Fatal(err)
	}
	checkZipLacks(t, pkg.Bytes(), secret, wacz.PathJobYAML)
}

// checkZipLacks fails if an entry of the zip holds s, or if the entry
// must is missing.
func checkZipLacks(t *testing.T, zipped []byte, s, must string) {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(zipped), int64(len(zipped)))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil || bytes.Contains(b, []byte(s)) {
			t.Errorf("the package's %s holds %q (%v)", f.Name, s, err)
		}
		found = found || f.Name == must
	}
	if !found {
		t.Errorf("the package has no %s", must)
	}
}
