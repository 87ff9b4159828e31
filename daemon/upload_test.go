package daemon

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"

	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/internal/testkit/s3test"
)

// TestWARCListShowsObjects: a job with warc.upload run by the daemon lists
// each WARC file with the s3:// URL of its verified upload, the object
// holds the file's bytes, and with delete_local a download of a removed
// file is served from its object (TestWARCReadBack has the details).
func TestWARCListShowsObjects(t *testing.T) {
	s := s3test.Start(t, "archive")
	s.SetEnv(t)
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(10, 0, &hits))
	defer srv.Close()
	td := startDaemonOpts(t, sqliteDSN(t), Options{}, withRemote(s))
	ctx := context.Background()
	for _, tc := range []struct {
		name        string
		deleteLocal bool
	}{{"keep", false}, {"gone", true}} {
		t.Run(tc.name, func(t *testing.T) {
			up := fmt.Sprintf("warc:\n  upload: {remote: archive, delete_local: %v}\n", tc.deleteLocal)
			if _, err := td.client.Submit(ctx, jobYAML(tc.name, strings.TrimPrefix(srv.URL, "http://"), up), tc.name+".yaml"); err != nil {
				t.Fatal(err)
			}
			waitState(t, td.client, tc.name, stateIdle, 30*time.Second)
			caps, err := td.client.Captures(ctx, tc.name)
			if err != nil || len(caps) != 1 {
				t.Fatalf("captures %+v %v", caps, err)
			}
			var list []WARCInfo
			if err := td.client.do(ctx, "GET", "/api/v1/captures/"+itoa(caps[0].ID)+"/warcs", nil, "", &list); err != nil || len(list) == 0 {
				t.Fatalf("warcs %v %v", list, err)
			}
			for _, wf := range list {
				key := tc.name + "/" + wf.Name
				if wf.Object != "s3://archive/"+key || wf.Local == tc.deleteLocal || wf.Open {
					t.Fatalf("%+v: want object s3://archive/%s, local %v", wf, key, !tc.deleteLocal)
				}
				obj := objectBytes(t, s, key)
				if int64(len(obj)) != wf.Bytes {
					t.Errorf("%s: object %d bytes, listed %d", key, len(obj), wf.Bytes)
				}
				var buf bytes.Buffer
				err := td.client.Get(ctx, "/api/v1/captures/"+itoa(caps[0].ID)+"/warcs/"+wf.Name, &buf)
				if err != nil || sum(buf.Bytes()) != sum(obj) {
					t.Errorf("%s: download %v; local and object bytes differ: %v", wf.Name, err, sum(buf.Bytes()) != sum(obj))
				}
			}
		})
	}
}

// withRemote defines the remote "archive": the test S3 server's bucket
// "archive", credentials from the variables s.SetEnv sets. The server is
// on loopback, which startDaemonOpts' allow_addresses covers.
func withRemote(s *s3test.Server) func(*Config) {
	return func(c *Config) {
		c.Remotes = map[string]Remote{"archive": {Endpoint: s.Endpoint, Bucket: "archive", UseTLS: new(false)}}
	}
}

func objectBytes(t *testing.T, s *s3test.Server, key string) []byte {
	t.Helper()
	o, err := s.Client.GetObject(context.Background(), "archive", key, minio.GetObjectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	b, err := io.ReadAll(o)
	if err != nil {
		t.Fatalf("object %s: %v", key, err)
	}
	return b
}

func sum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func sqliteDSN(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "d.db") }

// TestWARCReadBack: with delete_local the daemon still serves a capture's
// WARC files from their objects (whole, and by Range) and builds a WACZ
// that verifies from copies fetched back; a missing or altered object is
// a clear 502 before any byte, and an object altered behind forged
// metadata never yields a complete download.
func TestWARCReadBack(t *testing.T) {
	s := s3test.Start(t, "archive")
	s.SetEnv(t)
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(10, 0, &hits))
	defer srv.Close()
	td := startDaemonOpts(t, sqliteDSN(t), Options{}, withRemote(s))
	ctx := context.Background()
	up := "warc:\n  upload: {remote: archive, delete_local: true}\n"
	if _, err := td.client.Submit(ctx, jobYAML("rb", strings.TrimPrefix(srv.URL, "http://"), up), "rb.yaml"); err != nil {
		t.Fatal(err)
	}
	waitState(t, td.client, "rb", stateIdle, 30*time.Second)
	caps, err := td.client.Captures(ctx, "rb")
	if err != nil || len(caps) != 1 {
		t.Fatalf("captures %+v %v", caps, err)
	}
	capPath := "/api/v1/captures/" + itoa(caps[0].ID)
	var list []WARCInfo
	if err := td.client.do(ctx, "GET", capPath+"/warcs", nil, "", &list); err != nil || len(list) == 0 {
		t.Fatalf("warcs %v %v", list, err)
	}
	wf := list[0]
	key := "rb/" + wf.Name
	obj := objectBytes(t, s, key)
	if wf.Local || len(obj) < 200 {
		t.Fatalf("%+v: want a removed local file and an object of some size, got %d bytes", wf, len(obj))
	}
	var buf bytes.Buffer
	if err := td.client.Get(ctx, capPath+"/warcs/"+wf.Name, &buf); err != nil || sum(buf.Bytes()) != sum(obj) {
		t.Fatalf("download from the object: %v, equal %v", err, sum(buf.Bytes()) == sum(obj))
	}
	status, body := rangeGet(t, td, capPath+"/warcs/"+wf.Name, "bytes=100-199")
	if status != 206 || !bytes.Equal(body, obj[100:200]) {
		t.Fatalf("range: status %d, %d bytes, equal %v", status, len(body), bytes.Equal(body, obj[100:200]))
	}
	checkWACZFromObjects(t, td, capPath)
	checkBadObjects(t, td, s, capPath, wf.Name, key, obj)
}

func rangeGet(t *testing.T, td *testDaemon, path, rng string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest("GET", td.base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+testToken)
	req.Header.Set("Range", rng)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

// checkWACZFromObjects removes the WACZ built at finish so GET …/wacz
// builds one from the WARCs, which are only in object storage.
func checkWACZFromObjects(t *testing.T, td *testDaemon, capPath string) {
	t.Helper()
	built, _ := filepath.Glob(filepath.Join(td.d.cfg.DataDir, "*", "warcs", "*", "warcs", "*.wacz"))
	for _, f := range built {
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := td.client.Get(context.Background(), capPath+"/wacz", &buf); err != nil {
		t.Fatalf("WACZ of a capture whose WARCs are only in object storage: %v", err)
	}
	rep, err := wacz.Verify(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil || !rep.OK() || rep.Records == 0 {
		t.Fatalf("WACZ verify: %v %+v", err, rep)
	}
	left, _ := filepath.Glob(filepath.Join(td.d.cfg.DataDir, "*", "warcs", "*", "warcs", ".fetched-*"))
	if len(left) != 0 || len(built) != 1 {
		t.Fatalf("fetched copies left behind %v; WACZ built at finish %v", left, built)
	}
}

// checkBadObjects replaces and removes the object behind a WARC file.
func checkBadObjects(t *testing.T, td *testDaemon, s *s3test.Server, capPath, name, key string, obj []byte) {
	t.Helper()
	ctx := context.Background()
	put := func(b []byte, meta map[string]string) {
		_, err := s.Client.PutObject(ctx, "archive", key, bytes.NewReader(b), int64(len(b)), minio.PutObjectOptions{UserMetadata: meta})
		if err != nil {
			t.Fatal(err)
		}
	}
	get := func() (int, error) {
		var buf bytes.Buffer
		err := td.client.Get(ctx, capPath+"/warcs/"+name, &buf)
		return buf.Len(), err
	}
	put([]byte("not the archived file"), nil)
	if _, err := get(); apiStatus(err) != 502 || !strings.Contains(err.Error(), "altered") {
		t.Errorf("replaced object: %v, want 502 saying missing or altered", err)
	}
	// The snapshot package checkWACZFromObjects had built came from
	// verified copies and stays served as it is; remove it so the next
	// request builds from the replaced object again.
	snaps, _ := filepath.Glob(filepath.Join(td.d.cfg.DataDir, "*", "warcs", "*", "warcs", "*.snapshot-*.wacz"))
	if len(snaps) != 1 {
		t.Fatalf("snapshot packages %v, want the one built", snaps)
	}
	if err := os.Remove(snaps[0]); err != nil {
		t.Fatal(err)
	}
	if err := td.client.Get(ctx, capPath+"/wacz", io.Discard); apiStatus(err) != 502 || !strings.Contains(err.Error(), "altered") {
		t.Errorf("WACZ from a replaced object: %v, want 502", err)
	}
	// Same size and the recorded SHA-256 as metadata: only the bytes
	// tell, and the download must not end complete.
	forged := bytes.Clone(obj)
	forged[len(forged)/2] ^= 0xff
	put(forged, map[string]string{"Sha256": sum(obj)})
	if n, err := get(); err == nil || n >= len(obj) {
		t.Errorf("object altered behind forged metadata: error %v after %d of %d bytes, want a cut-short download", err, n, len(obj))
	}
	if err := s.Client.RemoveObject(ctx, "archive", key, minio.RemoveObjectOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := get(); apiStatus(err) != 502 || !strings.Contains(err.Error(), "no such object") {
		t.Errorf("removed object: %v, want 502 saying there is no such object", err)
	}
}
