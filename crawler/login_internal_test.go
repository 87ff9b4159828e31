package crawler

import (
	"context"
	"net/http"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler/siteauth"
	"github.com/sharc-archive/sharc/store"
)

// TestSessionSavedAtBoundedInterval: a jar whose cookies change is saved
// at most every sessionSaveEvery (a worker's save in between is skipped),
// at once when forced (after a login, at stop), and not at all when
// nothing changed; the clock is injected.
func TestSessionSavedAtBoundedInterval(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "s.db"), zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	j, err := st.UpsertJob(ctx, "j", "")
	if err != nil {
		t.Fatal(err)
	}
	cp, _, err := st.OpenCapture(ctx, j.ID, "bfs", "single-visit")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	c := &Crawler{config: config{store: st, log: zaptest.NewLogger(t)}}
	c.capture = cp
	c.coord = singleNode{c}
	c.auth = &authState{jar: siteauth.NewJar(clock), hosts: map[string]*hostAuth{}, now: clock}
	u, _ := url.Parse("http://a.test/")
	saved := func() []siteauth.Cookie {
		t.Helper()
		ss, err := st.Sessions(ctx, cp.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(ss) == 0 {
			return nil
		}
		sess, err := siteauth.UnmarshalSession(ss[0].State)
		if err != nil {
			t.Fatal(err)
		}
		return sess.Cookies
	}
	set := func(name string) { c.auth.jar.SetCookies(u, []*http.Cookie{{Name: name, Value: "v"}}) }

	set("a")
	c.saveSession(ctx, false) // first change: saved (no save yet)
	if got := saved(); len(got) != 1 {
		t.Fatalf("first save: %v", got)
	}
	now = now.Add(sessionSaveEvery / 2)
	set("b")
	c.saveSession(ctx, false) // too soon
	if got := saved(); len(got) != 1 {
		t.Fatalf("saved %d cookies %v after half the interval, want the earlier 1", len(got), got)
	}
	now = now.Add(sessionSaveEvery / 2)
	c.saveSession(ctx, false) // the interval has passed
	if got := saved(); len(got) != 2 {
		t.Fatalf("after the interval: %v", got)
	}
	set("c")
	c.saveSession(ctx, true) // forced: at once
	if got := saved(); len(got) != 3 {
		t.Fatalf("forced save: %v", got)
	}
	ss, _ := st.Sessions(ctx, cp.ID)
	before := ss[0].Updated
	now = now.Add(time.Hour)
	c.saveSession(ctx, false) // nothing changed: no write
	if ss, _ := st.Sessions(ctx, cp.ID); !ss[0].Updated.Equal(before) {
		t.Fatalf("an unchanged jar was saved again at %v", ss[0].Updated)
	}
}
