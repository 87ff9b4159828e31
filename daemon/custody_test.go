package daemon

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/daemon/access"
	"github.com/sharc-archive/sharc/store"
)

// TestChainOfCustody: a finished capture's folder and its WACZ carry the
// audit entries of its job (here: who submitted it, from where, and the
// digest of the YAML), the package lists and hashes the file (so
// wacz.Verify checks it and a signature covers it), and a viewer can read
// it. At f1d4fba there was no audit trail to carry.
func TestChainOfCustody(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(10, 0, &hits))
	defer srv.Close()
	td := startDaemon(t, storeDSN(t), 1)
	operator := addAccount(t, td, "otto", access.Operator)
	viewer := addAccount(t, td, "vera", access.Viewer)
	yaml := jobYAML("custody", strings.TrimPrefix(srv.URL, "http://"), "")
	if code, b := apiCall(t, td, operator, "POST", "/api/v1/jobs", "application/yaml", yaml); code != 201 {
		t.Fatalf("submit: %d %s", code, b)
	}
	waitState(t, td.client, "custody", stateIdle, 30*time.Second)
	caps, err := td.client.Captures(context.Background(), "custody")
	if err != nil || len(caps) != 1 {
		t.Fatalf("captures %+v %v", caps, err)
	}
	id := itoa(caps[0].ID)

	code, folder := apiCall(t, td, viewer, "GET", "/api/v1/captures/"+id+"/reports/audit.jsonl", "", nil)
	if code != 200 {
		t.Fatalf("folder audit.jsonl: %d %s", code, folder)
	}
	checkCustody(t, "the folder's audit.jsonl", folder, yamlDigest(yaml))

	var pkg bytes.Buffer
	if err := td.client.Get(context.Background(), "/api/v1/captures/"+id+"/wacz", &pkg); err != nil {
		t.Fatal(err)
	}
	rep, err := wacz.Verify(bytes.NewReader(pkg.Bytes()), int64(pkg.Len()))
	if err != nil || !rep.OK() {
		t.Fatalf("the package does not verify: %+v %v", rep.Problems, err)
	}
	zr, err := zip.NewReader(bytes.NewReader(pkg.Bytes()), int64(pkg.Len()))
	if err != nil {
		t.Fatal(err)
	}
	var inPkg []byte
	var listed bool
	for _, f := range zr.File {
		switch f.Name {
		case wacz.PathAudit:
			rc, _ := f.Open()
			inPkg, _ = io.ReadAll(rc)
			rc.Close()
		case "datapackage.json":
			rc, _ := f.Open()
			var dp wacz.DataPackage
			err := json.NewDecoder(rc).Decode(&dp)
			rc.Close()
			for _, r := range dp.Resources {
				listed = listed || (err == nil && r.Path == wacz.PathAudit && strings.HasPrefix(r.Hash, "sha256:"))
			}
		}
	}
	if !listed {
		t.Errorf("datapackage.json does not list %s with its hash", wacz.PathAudit)
	}
	checkCustody(t, "the package's "+wacz.PathAudit, inPkg, yamlDigest(yaml))
}

// checkCustody finds otto's submission of the job with its digest among
// JSON lines, and nothing of other jobs.
func checkCustody(t *testing.T, what string, jsonl []byte, digest string) {
	t.Helper()
	var found bool
	for _, line := range strings.Split(strings.TrimSpace(string(jsonl)), "\n") {
		var e store.AuditEntry
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("%s: %q: %v", what, line, err)
		}
		if e.Job != "custody" {
			t.Errorf("%s carries another job's entry: %+v", what, e)
		}
		found = found || (e.Actor == "otto" && e.Action == string(access.ActSubmit) && e.Digest == digest && strings.HasPrefix(e.Remote, "127.0.0.1:"))
	}
	if !found {
		t.Errorf("%s lacks otto's submission with digest %s:\n%s", what, digest, jsonl)
	}
}
