package daemon

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/daemon/access"
	"github.com/sharc-archive/sharc/daemon/console"
	"github.com/sharc-archive/sharc/store"
)

// TestConsoleTypedAsREST: the console's typed interface is the REST API
// for the session's person. A viewer's pause through it is refused with
// the API's own 403 and message, changes nothing, and is audited (via
// console) as the REST refusal is; and what it reads is what the API
// answers, byte for byte once encoded as the API encodes it.
func TestConsoleTypedAsREST(t *testing.T) {
	td := startDaemon(t, storeDSN(t), 1)
	viewer := addAccount(t, td, "vera", access.Viewer)
	operator := addAccount(t, td, "otto", access.Operator)
	if code, b := apiCall(t, td, operator, "POST", "/api/v1/jobs", "application/yaml", idleJob("typed")); code != http.StatusCreated {
		t.Fatalf("submit: %d %s", code, b)
	}
	dc := &daemonConsole{Daemon: td.d}
	ctx := access.WithPrincipal(context.Background(), access.Principal{Name: "vera", Role: access.Viewer, Via: access.ViaConsole})

	code, body := apiCall(t, td, viewer, "POST", "/api/v1/jobs/typed/pause", "", nil)
	var rest APIError
	if err := json.Unmarshal(body, &rest); err != nil || code != http.StatusForbidden {
		t.Fatalf("REST pause as viewer = %d %s", code, body)
	}
	_, err := dc.Act(ctx, "typed", console.ActionPause)
	var ae *APIError
	if !errors.As(err, &ae) || ae.Status != code || ae.Message != rest.Message {
		t.Fatalf("console pause as viewer = %v, want %d %q", err, code, rest.Message)
	}
	if info, err := dc.Job(ctx, "typed"); err != nil || info.State != "idle" {
		t.Errorf("after the refused pause the job is %q (%v), want idle", info.State, err)
	}
	es, err := td.d.st.Audit(context.Background(), store.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	assertAudited(t, es, store.AuditEntry{Actor: "vera", Role: "viewer", Via: "api", Action: string(access.ActPause), Job: "typed", Status: 403})
	assertAudited(t, es, store.AuditEntry{Actor: "vera", Role: "viewer", Via: "console", Action: string(access.ActPause), Job: "typed", Status: 403})

	for _, rd := range []struct {
		path string
		read func() (any, error)
	}{
		{"/api/v1/jobs", func() (any, error) { return dc.Jobs(ctx) }},
		{"/api/v1/jobs/typed", func() (any, error) { return dc.Job(ctx, "typed") }},
		{"/api/v1/jobs/typed/captures", func() (any, error) { return dc.Captures(ctx, "typed") }},
		{"/api/v1/waczs", func() (any, error) { return dc.Uploads(ctx) }},
	} {
		code, body := apiCall(t, td, viewer, "GET", rd.path, "", nil)
		v, err := rd.read()
		if err != nil || code != http.StatusOK {
			t.Fatalf("%s: REST %d, typed %v", rd.path, code, err)
		}
		var enc bytes.Buffer
		e := json.NewEncoder(&enc)
		e.SetIndent("", "  ")
		if err := e.Encode(v); err != nil || !bytes.Equal(enc.Bytes(), body) {
			t.Errorf("%s: typed answer\n%s\nREST answer\n%s", rd.path, enc.Bytes(), body)
		}
	}
	if err := dc.DeleteUpload(ctx, "0123456789abcdef"); !errors.As(err, &ae) || ae.Status != http.StatusForbidden || !strings.Contains(ae.Message, "needs role admin") {
		t.Errorf("a viewer's deletion of an upload: %v, want 403 naming admin", err)
	}
	if _, err := dc.Job(ctx, "nosuch"); !errors.As(err, &ae) || ae.Status != http.StatusNotFound {
		t.Errorf("a job that does not exist: %v, want 404", err)
	}
}
