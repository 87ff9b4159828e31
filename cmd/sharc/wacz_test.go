package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// TestExportWACZAndVerify archives pages of a loopback server, indexes them
// in a SQLite store, exports a signed WACZ with the CLI and verifies it;
// a one-byte change makes `sharc verify` fail.
func TestExportWACZAndVerify(t *testing.T) {
	dir, dsn, warcDir, captID := exportFixture(t)
	var stdout, stderr bytes.Buffer

	key := filepath.Join(dir, "key.pem")
	if code := run([]string{"keygen", "-o", key}, &stdout, &stderr); code != 0 {
		t.Fatalf("keygen: %s", stderr.String())
	}
	pub := strings.TrimSpace(stdout.String()[strings.Index(stdout.String(), "public key: ")+len("public key: "):])
	if code := run([]string{"keygen", "-o", key}, io.Discard, io.Discard); code == 0 {
		t.Error("keygen overwrote an existing key")
	}
	out := filepath.Join(dir, "c.wacz")
	if code := run([]string{"export", "wacz", fmt.Sprint(captID), "-o", out, "--store", dsn, "--warc-dir", warcDir, "--sign-key", key}, &stdout, &stderr); code != 0 {
		t.Fatalf("export wacz: %s", stderr.String())
	}
	stdout.Reset()
	if code := run([]string{"verify", "--pubkey", pub, out}, &stdout, &stderr); code != 0 || !strings.HasPrefix(stdout.String(), "OK ") ||
		!strings.Contains(stdout.String(), "3 index lines") || !strings.Contains(stdout.String(), "signed (ecdsa-p384)") ||
		strings.Contains(stdout.String(), "WARNING") {
		t.Fatalf("verify: exit %d, %s %s", code, stdout.String(), stderr.String())
	}
	// Wrong expected key fails.
	if code := run([]string{"verify", "--pubkey", "AAAA", out}, io.Discard, io.Discard); code == 0 {
		t.Error("verify accepted a package signed by another key")
	}
	// One flipped byte inside the first WARC's stored data.
	b, _ := os.ReadFile(out)
	i := bytes.Index(b, []byte("archive/job-"))
	b[i+200] ^= 0x04
	bad := filepath.Join(dir, "bad.wacz")
	_ = os.WriteFile(bad, b, 0o644)
	stdout.Reset()
	if code := run([]string{"verify", bad}, &stdout, &stderr); code == 0 || !strings.Contains(stdout.String(), "FAIL") {
		t.Fatalf("tampered package passed: %s", stdout.String())
	}
	t.Log(stdout.String())
}

// TestWACZKeyTypes: per key type, what keygen, export wacz and verify do.
// Only ecdsa-p384 (what ReplayWeb.page verifies) works without
// --allow-unverifiable-key; the others are refused before anything is
// written, and with the flag they work with a WARNING on stderr, and
// verify flags the package.
func TestWACZKeyTypes(t *testing.T) {
	dir, dsn, warcDir, captID := exportFixture(t)
	for _, tc := range []struct {
		kind   string
		replay bool
	}{
		{"ecdsa-p384", true},
		{"ecdsa-p256", false},
		{"ed25519", false},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			key := filepath.Join(dir, tc.kind+".pem")
			var stdout, stderr bytes.Buffer
			code := run([]string{"keygen", "-o", key, "-type", tc.kind}, &stdout, &stderr)
			if (code == 0) != tc.replay {
				t.Fatalf("keygen -type %s without the opt-in: exit %d, %s", tc.kind, code, stderr.String())
			}
			if !tc.replay {
				if !strings.Contains(stderr.String(), "ReplayWeb.page") || !strings.Contains(stderr.String(), "--allow-unverifiable-key") {
					t.Errorf("refusal does not say why or how: %s", stderr.String())
				}
				if _, err := os.Stat(key); err == nil {
					t.Error("refused keygen still wrote the key")
				}
				stderr.Reset()
				if code := run([]string{"keygen", "-o", key, "-type", tc.kind, "--allow-unverifiable-key"}, &stdout, &stderr); code != 0 || !strings.Contains(stderr.String(), "WARNING") {
					t.Fatalf("keygen with the opt-in: exit %d, stderr %q", code, stderr.String())
				}
			}
			out := filepath.Join(dir, tc.kind+".wacz")
			export := []string{"export", "wacz", fmt.Sprint(captID), "-o", out, "--store", dsn, "--warc-dir", warcDir, "--sign-key", key}
			stderr.Reset()
			code = run(export, io.Discard, &stderr)
			if (code == 0) != tc.replay {
				t.Fatalf("export without the opt-in: exit %d, %s", code, stderr.String())
			}
			if !tc.replay {
				if _, err := os.Stat(out); err == nil {
					t.Error("refused export still wrote the package")
				}
				stderr.Reset()
				if code := run(append(export, "--allow-unverifiable-key"), io.Discard, &stderr); code != 0 || !strings.Contains(stderr.String(), "WARNING") {
					t.Fatalf("export with the opt-in: exit %d, stderr %q", code, stderr.String())
				}
			}
			stdout.Reset()
			if code := run([]string{"verify", out}, &stdout, io.Discard); code != 0 || !strings.Contains(stdout.String(), "signed ("+tc.kind+")") {
				t.Fatalf("verify: exit %d, %s", code, stdout.String())
			}
			if strings.Contains(stdout.String(), "WARNING: ReplayWeb.page cannot verify") == tc.replay {
				t.Errorf("verify's ReplayWeb.page warning wrong for %s: %s", tc.kind, stdout.String())
			}
		})
	}
}

// exportFixture archives three pages of a loopback server into WARCs and
// indexes them in a SQLite store with a stand-in report.
func exportFixture(t *testing.T) (dir, dsn, warcDir string, captureID int64) {
	t.Helper()
	dir = t.TempDir()
	dsn = "sqlite:" + filepath.Join(dir, "sharc.db")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"migrate", "--store", dsn}, &stdout, &stderr); code != 0 {
		t.Fatalf("migrate: %s", stderr.String())
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, "<html><title>%s</title></html>", r.URL.Path)
	}))
	defer srv.Close()

	ctx := context.Background()
	s, err := store.Open(ctx, dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	j, _ := s.UpsertJob(ctx, "job", "")
	capt, _, err := s.OpenCapture(ctx, j.ID, "bfs", "single-visit")
	if err != nil {
		t.Fatal(err)
	}
	warcDir = filepath.Join(dir, "warcs")
	w, err := warc.NewWriter(warc.Config{Dir: warcDir, Prefix: "job"}, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	var recs []store.Record
	for i := 0; i < 3; i++ {
		u := fmt.Sprintf("%s/p%d", srv.URL, i)
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		req := []byte(fmt.Sprintf("GET /p%d HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", i, srv.Listener.Addr()))
		_, _ = conn.Write(req)
		resp, _ := io.ReadAll(conn)
		conn.Close()
		ws, err := w.WriteExchange(ctx, warc.Exchange{TargetURI: u, Date: time.Now(), Request: req, Response: resp})
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range ws {
			recs = append(recs, store.Record{CaptureID: capt.ID, URL: u, SURT: urlcanon.SURT(u), Time: time.Now().UTC().Truncate(time.Second),
				RecordType: x.Type, RecordID: x.RecordID, Status: x.Status, MIME: x.MIME, PayloadDigest: x.PayloadDigest,
				WARCFile: x.File, Offset: x.Offset, RecordLength: x.Length, Phase: "visit"})
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Commit(ctx, store.Batch{CaptureID: capt.ID, Records: recs}); err != nil {
		t.Fatal(err)
	}
	// The export renders the stored report (summary and page rows), so the
	// stand-in must be a report summary, not any JSON.
	if err := s.SetReport(ctx, capt.ID, []byte(`{"version":1}`)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	return dir, dsn, warcDir, capt.ID
}
