package daemon

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/store"
)

// TestSeriesPage: a scheduled visit-revisit job runs twice over a site
// with a changing page and one that vanishes during the first capture; the API lists each capture's
// report totals, and the console's series page, linked from the job page,
// stacks them: one band per kind and one table row per capture, whose
// counts are the API's.
func TestSeriesPage(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(changingTree(treeSite(20, 0, &hits)))
	defer srv.Close()
	td := startDaemon(t, storeDSN(t), 30)
	ctx := context.Background()
	extra := "schedule: {every: 1m}\nscheduler: {strategy: bfs-lifo}\ncapture: {mode: visit-revisit, estimated_size: 20}\n"
	if _, err := td.client.Submit(ctx, jobYAML("series", strings.TrimPrefix(srv.URL, "http://"), extra), "series.yaml"); err != nil {
		t.Fatal(err)
	}
	var caps []CaptureInfo
	testkit.WaitFor(t, 30*time.Second, "two captures with reports", func() bool {
		var err error
		caps, err = td.client.Captures(ctx, "series")
		return err == nil && len(caps) >= 2 && caps[0].Totals != nil && caps[1].Totals != nil
	})
	plain := consoleGet(t, td)
	// URLs carry <wbr> break points (console's breakable); the checks read the text.
	get := func(p string) (int, string) {
		code, body := plain(p)
		return code, strings.ReplaceAll(body, "<wbr>", "")
	}
	if _, body := get("/ui/jobs/series"); !strings.Contains(body, `href="/ui/jobs/series/series"`) {
		t.Errorf("job page does not link to the series:\n%.1500s", body)
	}
	code, body := get("/ui/jobs/series/series")
	// Four plots of four bands, but the site has no images: that plot
	// says so instead.
	if code != 200 || strings.Count(body, `<polygon class="band`) != 12 || !strings.Contains(body, "None of these captures archived such URLs.") {
		t.Fatalf("series page: %d, want 3 plots of 4 bands and an empty one:\n%.2000s", code, body)
	}
	// Across captures (the store's comparison): the API's counts per
	// capture are the rows of the links, HTML and images tables.
	points, err := td.client.JobChanges(ctx, "series")
	if err != nil || len(points) < 2 {
		t.Fatalf("job changes: %v %+v", err, points)
	}
	if p := points[0]; p.Previous != 0 || p.Links.New == 0 || p.Links.Changed+p.Links.Unchanged+p.Links.Deleted != 0 {
		t.Errorf("first capture %+v: all new", p)
	}
	if p := points[1]; p.Previous != points[0].Capture || p.HTML.Changed == 0 || p.HTML.Unchanged == 0 || p.Links.Deleted == 0 {
		t.Errorf("second capture %+v: /p/1 changed, others unchanged, /p/2's subtree (found in the first) deleted", p)
	}
	for _, p := range points[:2] {
		for class, k := range map[string]ChangeKinds{"links": p.Links, "html": p.HTML, "images": p.Images} {
			row := fmt.Sprintf(`<td><a href="/ui/captures/%d">%d</a></td><td class="num">%d</td><td class="num">%d</td><td class="num">%d</td><td class="num">%d</td>`,
				p.Capture, p.Capture, k.Unchanged, k.Changed, k.New, k.Deleted)
			table := body[strings.Index(body, `<table class="series-`+class+`">`):]
			if !strings.Contains(table[:strings.Index(table, "</table>")], row) {
				t.Errorf("%s table lacks the row %s", class, row)
			}
		}
	}
	for i, c := range caps[:2] {
		tt := c.Totals
		row := fmt.Sprintf(`<td><a href="/ui/captures/%d">%d</a></td><td class="num">%d</td><td class="num">%d</td><td class="num">%d</td><td class="num">%d</td>`,
			c.ID, c.ID, tt.Coherent+tt.Captured, tt.Changed+tt.ChangedInsignificantly, tt.New, tt.Deleted)
		if !strings.Contains(body, row) {
			t.Errorf("series page lacks the row %s", row)
		}
		// /p/1 changes at every answer; /p/2 vanishes during the first
		// capture only (the second never finds it, nor its subtree).
		if tt.Changed+tt.ChangedInsignificantly == 0 || (tt.Deleted == 0) == (i == 0) {
			t.Errorf("capture %d totals %+v: /p/1 changes in both, /p/2 is deleted in the first only", c.ID, *tt)
		}
	}
	// The §8.4 scatterplot of the second capture: one point per URL the
	// API compares, each named in its tooltip and coloured by its kind,
	// and the legend's counts are the API's.
	ch, err := td.client.CaptureChanges(ctx, points[1].Capture, 0, false)
	if err != nil || ch.Previous != points[0].Capture || ch.Total != len(ch.Pages) {
		t.Fatalf("capture changes: %v, previous %d, %d of %d", err, ch.Previous, len(ch.Pages), ch.Total)
	}
	if _, err := td.client.CaptureChanges(ctx, points[1].Capture, maxChangePages+1, false); apiStatus(err) != 400 {
		t.Errorf("limit past the bound: %v, want 400", err)
	}
	// Sampled: every k-th URL of the full list, spread over it.
	sampled, err := td.client.CaptureChanges(ctx, points[1].Capture, 5, true)
	if err != nil || sampled.Total != ch.Total || sampled.Every != (ch.Total+4)/5 || len(sampled.Pages) != (ch.Total+sampled.Every-1)/sampled.Every {
		t.Fatalf("sampled %d of %d every %d: %v", len(sampled.Pages), sampled.Total, sampled.Every, err)
	}
	for i, p := range sampled.Pages {
		if p != ch.Pages[i*sampled.Every] {
			t.Errorf("sample %d is %+v, want %+v", i, p, ch.Pages[i*sampled.Every])
		}
	}
	if _, err := td.client.CaptureChanges(ctx, 999, 0, false); apiStatus(err) != 404 {
		t.Errorf("unknown capture: %v, want 404", err)
	}
	if _, err := td.client.JobChanges(ctx, "nosuch"); apiStatus(err) != 404 {
		t.Errorf("unknown job: %v, want 404", err)
	}
	_, body = get(fmt.Sprintf("/ui/captures/%d", points[1].Capture))
	if !strings.Contains(body, fmt.Sprintf(`href="/ui/captures/%d/changes"`, points[1].Capture)) {
		t.Error("the capture page does not link to the scatterplot")
	}
	code, body = get(fmt.Sprintf("/ui/captures/%d/changes", points[1].Capture))
	if code != 200 || strings.Count(body, `<circle class="pt `) != ch.Total {
		t.Fatalf("scatterplot: %d, %d points, want %d", code, strings.Count(body, `<circle class="pt `), ch.Total)
	}
	kinds := map[store.ChangeKind]int{}
	for _, p := range ch.Pages {
		kinds[p.Change]++
		if !strings.Contains(body, fmt.Sprintf(`<circle class="pt kind-%s"`, p.Change)) || !strings.Contains(body, "<title>"+p.URL+" — "+string(p.Change)) {
			t.Errorf("no %s point titled %s", p.Change, p.URL)
		}
	}
	for k, n := range kinds {
		if want := fmt.Sprintf(`%s <span class="count">%d</span>`, k, n); !strings.Contains(body, want) {
			t.Errorf("legend lacks %q", want)
		}
	}
	// The quality page of the second capture: the report's totals, the
	// timeline, and the pages filtered by status and URL.
	c2 := caps[1]
	tt := c2.Totals
	code, body = get(fmt.Sprintf("/ui/captures/%d/quality", c2.ID))
	for _, want := range []string{
		"Coherence with the reference time", fmt.Sprintf(`data-q="coherent">%d of %d<`, tt.Coherent, tt.Pages),
		fmt.Sprintf(`data-q="incoherent">%d<`, tt.Changed+tt.Deleted), `id="timeline-chart"`,
		fmt.Sprintf(`<p class="matches">%d pages match`, tt.Pages),
		// issue 29: the quality in words, as the CLI says it
		fmt.Sprintf(`id="quality-words">Coherence: %d of %d pages (`, tt.Coherent, tt.Pages),
	} {
		if code != 200 || !strings.Contains(body, want) {
			t.Errorf("quality page (%d) lacks %q", code, want)
		}
	}
	_, body = get(fmt.Sprintf("/ui/captures/%d/quality?status=changed", c2.ID))
	if n := strings.Count(body, `<tr class="status-changed">`); n != tt.Changed || n == 0 || strings.Count(body, `<tr class="status-`) != n || !strings.Contains(body, `/p/1 <a class="diff" href="/ui/captures/`+strconvFormat(c2.ID)+`/diff?url=http%3a%2f%2fsite.test%2fp%2f1">what changed</a></td>`) {
		t.Errorf("status=changed shows %d changed rows of %d, want %d with /p/1", n, strings.Count(body, `<tr class="status-`), tt.Changed)
	}
	_, body = get(fmt.Sprintf("/ui/captures/%d/quality?q=/p/1", c2.ID))
	// Each page with a visit and a revisit links to what changed.
	if !strings.Contains(body, `<td class="url">http://site.test/p/1 <a class="diff"`) || strings.Contains(body, `<td class="url">http://site.test/p/0 `) || strings.Contains(body, `<td class="url">http://site.test/p/0<`) {
		t.Errorf("q=/p/1 filter:\n%s", body[strings.Index(body, `id="pages"`):])
	}
	for _, bad := range []string{"?status=nosuch", "?offset=-1"} {
		if code, _ := get(fmt.Sprintf("/ui/captures/%d/quality%s", c2.ID, bad)); code != 400 {
			t.Errorf("quality%s: %d, want 400", bad, code)
		}
	}
	if code, _ := get("/ui/captures/999/quality"); code != 404 {
		t.Errorf("quality of an unknown capture: %d, want 404", code)
	}
	// The schedules page: the job and its next run, as the API has it.
	info, err := td.client.Job(ctx, "series")
	if err != nil {
		t.Fatal(err)
	}
	_, body = get("/ui/schedules")
	after, _ := td.client.Job(ctx, "series") // a run may start between the reads
	shows := func(j JobInfo) bool {
		return j.NextRun.IsZero() || strings.Contains(body, `<td class="next">`+j.NextRun.UTC().Format("2006-01-02 15:04:05 UTC")+`</td>`)
	}
	if !strings.Contains(body, `<td><a href="/ui/jobs/series">series</a></td><td><code>`+info.Schedule+`</code></td>`) || !(shows(info) || shows(after)) {
		t.Errorf("schedules page lacks series (%s, next %v):\n%s", info.Schedule, info.NextRun, body)
	}
	// In a browser: the pyramid of the second capture and its change
	// patterns, as shown (screenshots for docs/console.md).
	bs := newBrowserSession(t, td.base)
	bs.text("/ui/login")
	bs.run(chromedp.SendKeys(`input[name=token]`, testToken), chromedp.Submit(`form.login`))
	bs.waitText("the jobs page", func(s string) bool { return strings.HasPrefix(s, "/ui/\n") })
	bs.text("/ui/jobs/series/series")
	bs.shot("series-vr")
	text := bs.text(fmt.Sprintf("/ui/captures/%d/changes", points[1].Capture))
	for k, n := range kinds {
		if !strings.Contains(text, fmt.Sprintf("%s %d", k, n)) {
			t.Errorf("the scatterplot's legend does not show %d %s:\n%s", n, k, text)
		}
	}
	bs.shot("changes-vr")
	text = bs.text(fmt.Sprintf("/ui/captures/%d/quality", c2.ID))
	if !strings.Contains(text, fmt.Sprintf("%d of %d", tt.Coherent, tt.Pages)) {
		t.Errorf("quality page in the browser:\n%s", text)
	}
	bs.shot("quality-vr")
	bs.onlyDaemon(td.d.ReplayAddr())
}
