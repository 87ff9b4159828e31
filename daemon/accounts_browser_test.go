package daemon

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/sharc-archive/sharc/daemon/access"
	"github.com/sharc-archive/sharc/store"
)

// login types token into the console's login form and waits for the jobs
// page.
func (bs *browserSession) login(token string) {
	bs.t.Helper()
	bs.text("/ui/login")
	bs.run(chromedp.SendKeys(`input[name=token]`, token), chromedp.Submit(`form.login`))
	bs.waitText("the jobs page after logging in", func(s string) bool { return strings.HasPrefix(s, "/ui/\n") })
}

func (bs *browserSession) logout() {
	bs.t.Helper()
	bs.run(chromedp.Submit(`header form.who`))
	bs.waitText("the login page", func(s string) bool { return strings.HasPrefix(s, "/ui/login\n") })
}

// TestConsoleRolesBrowser is issue 26's console check in headless
// chromium: each person logs in with their own token and the header names
// them; a viewer is offered no action and is refused the admin pages; an
// operator submits a job through the console; an admin adds an account
// (its token shown once) and revokes it; and the audit page shows each of
// those changes with its author and "console".
func TestConsoleRolesBrowser(t *testing.T) {
	td := startDaemon(t, storeDSN(t), 1)
	viewer := addAccount(t, td, "vera", access.Viewer)
	operator := addAccount(t, td, "otto", access.Operator)
	admin := addAccount(t, td, "ada", access.Admin)
	if code, b := apiCall(t, td, operator, "POST", "/api/v1/jobs", "application/yaml", idleJob("watched")); code != 201 {
		t.Fatalf("submit: %d %s", code, b)
	}
	bs := newBrowserSession(t, td.base)

	bs.login(viewer)
	if who := bs.eval(`document.getElementById('who').innerText`); who != "vera (viewer)" {
		t.Errorf("header says %q, want vera (viewer)", who)
	}
	page := bs.text("/ui/jobs/watched")
	if strings.Contains(page, "Edit the job") || strings.Contains(page, "Submit a job") || !strings.Contains(page, "an operator can pause") {
		t.Errorf("a viewer is offered actions:\n%s", page)
	}
	if page := bs.text("/ui/accounts"); !strings.Contains(page, "needs role admin") {
		t.Errorf("a viewer reached the accounts page:\n%.300s", page)
	}
	bs.logout()

	bs.login(operator)
	bs.text("/ui/submit")
	bs.run(chromedp.SetValue(`textarea[name=yaml]`, string(idleJob("by-console"))), chromedp.Submit(`form.job`))
	bs.waitText("the new job's page", func(s string) bool { return strings.HasPrefix(s, "/ui/jobs/by-console\n") })
	if page := bs.text("/ui/audit"); !strings.Contains(page, "needs role admin") {
		t.Errorf("an operator reached the audit page:\n%.300s", page)
	}
	bs.logout()

	bs.login(admin)
	bs.text("/ui/accounts")
	bs.run(chromedp.SendKeys(`form.account input[name=name]`, "newbie"), chromedp.Submit(`form.account`))
	bs.waitText("the new token", func(s string) bool { return strings.Contains(s, "shown this once") })
	if tok := bs.eval(`document.getElementById('new-token').innerText`); !strings.HasPrefix(tok, access.TokenPrefix) {
		t.Errorf("new token shown as %q", tok)
	}
	bs.shot("accounts")
	bs.run(chromedp.Submit(`form[action="/ui/accounts/newbie/revoke"]`))
	bs.waitText("the revoked account", func(s string) bool { return strings.Contains(s, "revoked") })
	page = bs.text("/ui/audit")
	for _, want := range []string{"console.login", "job.submit", "user.add", "user.revoke"} {
		if !strings.Contains(page, want) {
			t.Errorf("the audit page lacks %s:\n%s", want, page)
		}
	}
	bs.shot("audit")

	es, err := td.d.st.Audit(context.Background(), store.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	assertAudited(t, es, store.AuditEntry{Actor: "vera", Role: "viewer", Via: "console", Action: string(access.ActLogin), Status: 303})
	assertAudited(t, es, store.AuditEntry{Actor: "otto", Role: "operator", Via: "console", Action: string(access.ActSubmit), Job: "by-console", Digest: yamlDigest(idleJob("by-console")), Status: 201})
	assertAudited(t, es, store.AuditEntry{Actor: "ada", Role: "admin", Via: "console", Action: string(access.ActUserAdd), Status: 201})
	assertAudited(t, es, store.AuditEntry{Actor: "ada", Role: "admin", Via: "console", Action: string(access.ActUserRevoke), Status: 204})
	assertAudited(t, es, store.AuditEntry{Actor: "vera", Role: "viewer", Via: "console", Action: string(access.ActLogout), Status: 303})
}
