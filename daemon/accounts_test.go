package daemon

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/daemon/access"
	"github.com/sharc-archive/sharc/store"
)

// apiCall sends one request with token ("" none) through the contract
// client and returns the status and body.
func apiCall(t *testing.T, td *testDaemon, token, method, path, ctype string, body []byte) (int, []byte) {
	t.Helper()
	hc, _ := newContractClient(t)
	req, err := http.NewRequest(method, td.base+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// addAccount makes an account through the API as the bootstrap admin and
// returns its token.
func addAccount(t *testing.T, td *testDaemon, name string, role access.Role) string {
	t.Helper()
	code, b := apiCall(t, td, testToken, "POST", "/api/v1/users", "application/json", []byte(`{"name":"`+name+`","role":"`+string(role)+`"}`))
	var nu NewUser
	if code != http.StatusCreated || json.Unmarshal(b, &nu) != nil || !strings.HasPrefix(nu.Token, access.TokenPrefix) {
		t.Fatalf("add %s: %d %s", name, code, b)
	}
	return nu.Token
}

// idleJob is a job that waits for a cron time years away: it never runs
// during the test.
func idleJob(name string) []byte {
	return jobYAML(name, "127.0.0.1:9", `schedule: "0 0 1 1 *"`+"\n")
}

// TestRolesAndAudit is issue 26 row 6: each person has a token and a
// role; a call beyond the role answers 403 naming the role it needs; a
// revoked token is refused at once; and every state-changing call is in
// the audit trail with its author, address, job, YAML digest and outcome.
// At f1d4fba there were no accounts (one shared token, no /api/v1/users,
// nothing recorded).
func TestRolesAndAudit(t *testing.T) {
	td := startDaemon(t, storeDSN(t), 1)
	viewer := addAccount(t, td, "vera", access.Viewer)
	operator := addAccount(t, td, "otto", access.Operator)
	admin := addAccount(t, td, "ada", access.Admin)
	yaml := idleJob("roles")

	for _, tc := range []struct {
		who, token, method, path string
		body                     []byte
		want                     int
		needs                    string
	}{
		{"viewer", viewer, "GET", "/api/v1/jobs", nil, 200, ""},
		{"viewer", viewer, "POST", "/api/v1/jobs", yaml, 403, "needs role operator"},
		{"viewer", viewer, "GET", "/api/v1/users", nil, 403, "needs role admin"},
		{"operator", operator, "POST", "/api/v1/jobs", yaml, 201, ""},
		{"viewer", viewer, "POST", "/api/v1/jobs/roles/pause", nil, 403, "needs role operator"},
		{"viewer", viewer, "DELETE", "/api/v1/jobs/roles", nil, 403, "needs role operator"},
		{"operator", operator, "POST", "/api/v1/users", []byte(`{"name":"eve","role":"admin"}`), 403, "needs role admin"},
		{"operator", operator, "DELETE", "/api/v1/users/vera", nil, 403, "needs role admin"},
		{"operator", operator, "GET", "/api/v1/audit", nil, 403, "needs role admin"},
		{"admin", admin, "GET", "/api/v1/audit", nil, 200, ""},
		{"nobody", "", "GET", "/api/v1/jobs", nil, 401, ""},
		{"forged", access.TokenPrefix + "not-a-real-token", "GET", "/api/v1/jobs", nil, 401, ""},
	} {
		ctype := ""
		if tc.method == "POST" && strings.HasSuffix(tc.path, "/jobs") {
			ctype = "application/yaml"
		} else if tc.body != nil {
			ctype = "application/json"
		}
		code, b := apiCall(t, td, tc.token, tc.method, tc.path, ctype, tc.body)
		if code != tc.want || !strings.Contains(string(b), tc.needs) {
			t.Errorf("%s %s %s = %d %s, want %d naming %q", tc.who, tc.method, tc.path, code, b, tc.want, tc.needs)
		}
	}

	// Whoami names the account; listings never show a token or its hash.
	if code, b := apiCall(t, td, operator, "GET", "/api/v1/whoami", "", nil); code != 200 || !strings.Contains(string(b), `"otto"`) || !strings.Contains(string(b), `"operator"`) {
		t.Errorf("whoami = %d %s", code, b)
	}
	_, users := apiCall(t, td, admin, "GET", "/api/v1/users", "", nil)
	for _, tok := range []string{viewer, operator, admin} {
		if bytes.Contains(users, []byte(tok)) || bytes.Contains(users, []byte(access.HashToken(tok))) {
			t.Fatalf("GET /api/v1/users shows a token or its hash: %s", users)
		}
	}

	// Revocation is immediate.
	if code, b := apiCall(t, td, admin, "DELETE", "/api/v1/users/vera", "", nil); code != 204 {
		t.Fatalf("revoke: %d %s", code, b)
	}
	if code, _ := apiCall(t, td, viewer, "GET", "/api/v1/jobs", "", nil); code != 401 {
		t.Errorf("a revoked token answered %d, want 401", code)
	}

	es, err := td.d.st.Audit(context.Background(), store.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	assertAudited(t, es, store.AuditEntry{Actor: "otto", Role: "operator", Via: "api", Action: string(access.ActSubmit), Job: "roles", Digest: yamlDigest(yaml), Status: 201})
	assertAudited(t, es, store.AuditEntry{Actor: "vera", Role: "viewer", Via: "api", Action: string(access.ActPause), Job: "roles", Status: 403})
	assertAudited(t, es, store.AuditEntry{Actor: access.BootstrapName, Role: "admin", Via: "api", Action: string(access.ActUserAdd), Status: 201})
	assertAudited(t, es, store.AuditEntry{Actor: "ada", Role: "admin", Via: "api", Action: string(access.ActUserRevoke), Status: 204})
	for _, e := range es {
		if !strings.HasPrefix(e.Remote, "127.0.0.1:") || e.At.IsZero() {
			t.Errorf("entry without its address or time: %+v", e)
		}
		if e.Actor == "" || e.Actor == "nobody" {
			t.Errorf("an unauthenticated request was recorded: %+v", e)
		}
	}
	// A job's chain of custody is readable by a viewer's role.
	code, b := apiCall(t, td, operator, "GET", "/api/v1/jobs/roles/audit", "", nil)
	if code != 200 || !strings.Contains(string(b), yamlDigest(yaml)) || strings.Contains(string(b), "user.add") {
		t.Errorf("job audit = %d %s", code, b)
	}
}

// assertAudited finds an entry with want's non-zero fields.
func assertAudited(t *testing.T, es []store.AuditEntry, want store.AuditEntry) {
	t.Helper()
	for _, e := range es {
		if e.Actor == want.Actor && e.Role == want.Role && e.Via == want.Via && e.Action == want.Action &&
			e.Status == want.Status && (want.Job == "" || e.Job == want.Job) && (want.Digest == "" || e.Digest == want.Digest) {
			return
		}
	}
	t.Errorf("no audit entry like %+v in\n%+v", want, es)
}

// TestAccountsCloseAnOpenDaemon: a loopback daemon without a token is open
// to local users only until its first account exists; then every call
// needs a token.
func TestAccountsCloseAnOpenDaemon(t *testing.T) {
	td := startDaemonOpts(t, storeDSN(t), Options{}, func(c *Config) { c.Token = "" })
	if code, b := apiCall(t, td, "", "GET", "/api/v1/whoami", "", nil); code != 200 || !strings.Contains(string(b), access.OpenName) {
		t.Fatalf("open daemon whoami = %d %s", code, b)
	}
	nu, err := AddUser(context.Background(), td.d.st, "ops", access.Operator, "test", td.d.now())
	if err != nil {
		t.Fatal(err)
	}
	if code, _ := apiCall(t, td, "", "GET", "/api/v1/jobs", "", nil); code != 401 {
		t.Errorf("without a token after the first account: %d, want 401", code)
	}
	if code, _ := apiCall(t, td, nu.Token, "GET", "/api/v1/jobs", "", nil); code != 200 {
		t.Errorf("with the account's token: %d", code)
	}
}
