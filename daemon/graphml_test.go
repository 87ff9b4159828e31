package daemon

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/daemon/crawltree"
	"github.com/sharc-archive/sharc/internal/testkit"
)

// changingTree serves treeSite, except that /p/1 has a new text on every
// answer (changed at the revisit) and /p/2 is gone after its first answer
// (missing), so the tree has changed and unchanged subtrees.
func changingTree(site http.Handler) http.Handler {
	var n1, n2 atomic.Int64
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/p/1":
			k := n1.Add(1)
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, `<html><body><p>%s</p><a href="/p/4">4</a> <a href="/p/5">5</a> <a href="/p/6">6</a></body></html>`, strings.Repeat(fmt.Sprintf("edition%d ", k), 40))
			return
		case "/p/2":
			if n2.Add(1) > 1 {
				http.NotFound(w, r)
				return
			}
		}
		site.ServeHTTP(w, r)
	})
}

// TestGraphMLDownload: GET /api/v1/captures/{id}/graphml of a real
// visit-revisit capture whose pages change parses as GraphML and holds the
// tree crawltree builds from the daemon's store (nodes, kinds, sizes
// adding up to every page); an unknown capture is a 404. The console's
// tree page, linked from the capture page, draws as many SVG nodes.
func TestGraphMLDownload(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(changingTree(treeSite(20, 0, &hits)))
	defer srv.Close()
	td := startDaemon(t, storeDSN(t), 1)
	ctx := context.Background()
	mode := "scheduler: {strategy: bfs-lifo}\ncapture: {mode: visit-revisit, estimated_size: 20}\n"
	if _, err := td.client.Submit(ctx, jobYAML("graph", strings.TrimPrefix(srv.URL, "http://"), mode), "graph.yaml"); err != nil {
		t.Fatal(err)
	}
	var id int64
	testkit.WaitFor(t, 30*time.Second, "the capture to finish with its report", func() bool {
		caps, err := td.client.Captures(ctx, "graph")
		if err == nil && len(caps) == 1 && caps[0].HasReport {
			id = caps[0].ID
			return true
		}
		return false
	})
	var b bytes.Buffer
	if err := td.client.Get(ctx, "/api/v1/captures/"+strconv.FormatInt(id, 10)+"/graphml", &b); err != nil {
		t.Fatal(err)
	}
	var g crawltree.GraphML
	if err := xml.Unmarshal(b.Bytes(), &g); err != nil {
		t.Fatalf("GraphML does not parse: %v\n%.500s", err, b.String())
	}
	tree, err := crawltree.Build(ctx, td.d.st, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Graph.Nodes) != len(tree.Nodes) || len(g.Graph.Nodes) == 0 {
		t.Fatalf("%d nodes in the download, %d in the tree", len(g.Graph.Nodes), len(tree.Nodes))
	}
	pages := 0
	for _, n := range g.Graph.Nodes {
		for _, d := range n.Data {
			if d.Key == "size" {
				k, err := strconv.Atoi(d.Value)
				if err != nil {
					t.Fatalf("node %s: size %q", n.ID, d.Value)
				}
				pages += k
			}
		}
	}
	if pages != tree.Pages || pages < 20 {
		t.Errorf("node sizes add up to %d pages, the capture has %d (site: 20)", pages, tree.Pages)
	}
	kinds := map[string]int{}
	for _, n := range g.Graph.Nodes {
		for _, d := range n.Data {
			if d.Key == "kind" {
				kinds[d.Value]++
			}
		}
	}
	if kinds["changed"] == 0 || kinds["missing"] == 0 || len(g.Graph.Nodes) >= tree.Pages {
		t.Errorf("kinds %v in %d nodes for %d pages: want changed and missing nodes and collapsed subtrees", kinds, len(g.Graph.Nodes), tree.Pages)
	}
	checkTreePage(t, td, id, len(g.Graph.Nodes))
	err = td.client.Get(ctx, "/api/v1/captures/999/graphml", &b)
	if apiStatus(err) != http.StatusNotFound {
		t.Errorf("unknown capture: %v, want 404", err)
	}
}

// checkTreePage logs in to the console and reads the capture page (a link
// to the tree) and the tree page: an SVG with one circle per GraphML node.
func checkTreePage(t *testing.T, td *testDaemon, id int64, nodes int) {
	t.Helper()
	get := consoleGet(t, td)
	ids := strconv.FormatInt(id, 10)
	if _, body := get("/ui/captures/" + ids); !strings.Contains(body, `href="/ui/captures/`+ids+`/tree"`) {
		t.Errorf("capture page does not link to the tree:\n%.1500s", body)
	}
	code, body := get("/ui/captures/" + ids + "/tree")
	if code != 200 || !strings.Contains(body, "<svg") {
		t.Fatalf("tree page: %d\n%.1500s", code, body)
	}
	if got := strings.Count(body, `<circle class="node`); got != nodes {
		t.Errorf("tree page draws %d nodes, the GraphML has %d", got, nodes)
	}
	for _, kind := range []string{"kind-changed", "kind-missing"} {
		if !strings.Contains(body, kind) {
			t.Errorf("tree page has no %s node", kind)
		}
	}
	if code, body := get("/ui/captures/" + ids + "/graphml"); code != 200 || !strings.Contains(body, "<graphml") {
		t.Errorf("console GraphML download: %d", code)
	}
}

// consoleGet logs in to the console with a cookie-keeping client and
// returns a GET of a console path: its status and body.
func consoleGet(t *testing.T, td *testDaemon) func(path string) (int, string) {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar}
	resp, err := browser.PostForm(td.base+"/ui/login", url.Values{"token": {testToken}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return func(path string) (int, string) {
		t.Helper()
		resp, err := browser.Get(td.base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
}
