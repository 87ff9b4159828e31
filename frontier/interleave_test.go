package frontier

import (
	"context"
	"fmt"
	"testing"
)

// TestSitemapsInterleaved: robots.txt first, then the seed (before the
// strategy starts), then sitemaps and pages take turns; once the pages run
// out the sitemaps continue. A
// host with hundreds of sitemaps (issue 10's sitemap bomb) no longer
// starves its pages.
func TestSitemapsInterleaved(t *testing.T) {
	f := newTestFrontier(t, Politeness{PerHost: 1}, "bfs")
	if err := f.AddPrereq("a", URL{URL: "http://a/robots.txt", Host: "a"}); err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		if err := f.AddInterleaved("a", URL{URL: fmt.Sprintf("http://a/sitemap%d.xml", i), Host: "a"}); err != nil {
			t.Fatal(err)
		}
	}
	pages := urls("a", 3)
	pages[1].HopPath, pages[2].HopPath = "L", "L" // only page 0 is a seed
	if err := f.Add(f.Assign(pages)...); err != nil {
		t.Fatal(err)
	}
	var got []string
	for {
		task, err := f.Next(context.Background())
		if err != nil {
			break
		}
		got = append(got, task.URL.URL)
		f.Done(task, Result{})
	}
	want := []string{"http://a/robots.txt", "http://a/0", "http://a/sitemap0.xml", "http://a/1",
		"http://a/sitemap1.xml", "http://a/2", "http://a/sitemap2.xml", "http://a/sitemap3.xml"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("order\n got %v\nwant %v", got, want)
	}
}

// TestHostQuota: AssignAll refuses a host's new URLs past MaxHostURLs,
// for active and parked hosts, without marking them seen.
func TestHostQuota(t *testing.T) {
	f := New(Config{Politeness: Politeness{PerHost: 1}, MaxHostURLs: 3, MaxActive: 1,
		NewStrategy: newTestFrontier(t, Politeness{}, "bfs").cfg.NewStrategy,
		Activate:    func(context.Context) error { return nil }})
	active, parked, refused := f.AssignAll(append(urls("a", 5), urls("b", 4)...))
	if len(active) != 3 || len(parked) != 3 || len(refused) != 3 {
		t.Fatalf("active %d, parked %d, refused %d; want 3, 3, 3", len(active), len(parked), len(refused))
	}
	if refused[0].URL != "http://a/3" || refused[2].URL != "http://b/3" {
		t.Errorf("refused %v", refused)
	}
	if f.Seen(refused[0].SURT) {
		t.Error("a refused URL was marked seen")
	}
}

// TestOneSitemapInFlight: with many per-host slots, at most one sitemap of
// a host is out at a time and the other slots fetch pages (a 10^6-URL site
// with 20 sitemaps had all 16 of its slots reading sitemaps, 15 pages in a
// minute); the next sitemap goes out once the first is done.
func TestOneSitemapInFlight(t *testing.T) {
	f := newTestFrontier(t, Politeness{PerHost: 8}, "bfs")
	for i := range 5 {
		if err := f.AddInterleaved("a", URL{URL: fmt.Sprintf("http://a/sitemap%d.xml", i), Host: "a"}); err != nil {
			t.Fatal(err)
		}
	}
	pages := urls("a", 20)
	for i := 1; i < len(pages); i++ {
		pages[i].HopPath = "L"
	}
	if err := f.Add(f.Assign(pages)...); err != nil {
		t.Fatal(err)
	}
	var out []Task
	sides := 0
	for range 8 {
		task, err := f.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, task)
		if task.Interleaved {
			sides++
		}
	}
	if sides != 1 {
		t.Fatalf("%d sitemaps in flight among 8 tasks, want 1", sides)
	}
	for _, task := range out {
		if task.Interleaved {
			f.Done(task, Result{})
		}
	}
	task, err := f.Next(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !task.Interleaved {
		t.Errorf("after the sitemap was done the next task is %s, want the next sitemap", task.URL.URL)
	}
}
