package crawltree_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/daemon/crawltree"
	"github.com/sharc-archive/sharc/internal/testkit/crawltest"
)

// treeSite's pages change between visit and revisit under /b and /gone
// only, so the /a subtree collapses:
//
//	/        → /a /b /gone      unchanged, kept (changed below)
//	/a       → /a1 /a2          unchanged subtree of 3 pages
//	/b       → /b1              a new text on every answer: changed
//	/b1                         unchanged, a subtree of 1
//	/gone                       200 once, then 404: missing
type treeSite struct {
	mu    sync.Mutex
	count map[string]int
}

func (s *treeSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.count[r.URL.Path]++
	n := s.count[r.URL.Path]
	s.mu.Unlock()
	page := func(body string) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<!doctype html><html><head><title>t</title></head><body>"+body+"</body></html>")
	}
	switch r.URL.Path {
	case "/":
		page(`<a href="/a">a</a> <a href="/b">b</a> <a href="/gone">g</a>`)
	case "/a":
		page(`<a href="/a1">1</a> <a href="/a2">2</a>`)
	case "/a1", "/a2", "/b1":
		page("<p>stable " + r.URL.Path + "</p>")
	case "/b":
		page(fmt.Sprintf(`<p>%s</p><a href="/b1">1</a>`, strings.Repeat(fmt.Sprintf("edition%d ", n), 40)))
	case "/gone":
		if n > 1 {
			http.NotFound(w, r)
			return
		}
		page("<p>here today</p>")
	default:
		http.NotFound(w, r)
	}
}

// wantNode is a collapsed node as the test expects it, by path.
type wantNode struct {
	kind      crawltree.Kind
	size      int
	collapsed bool
	parent    string
}

func TestGraphMLOfRealCapture(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls a loopback site")
	}
	srv := httptest.NewServer(&treeSite{count: map[string]int{}})
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	c := crawltest.Run(t, dir, "tree.yaml", fmt.Sprintf(`
name: tree
seeds: [http://site.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 2
politeness: {delay: 10ms, delay_factor: 0, max_delay: 1s}
warc: {dir: %s}
resolve: {site.test: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
scheduler: {strategy: bfs-lifo}
capture: {mode: visit-revisit, similarity: true, estimated_size: 7}
`, filepath.Join(dir, "warcs"), strings.TrimPrefix(srv.URL, "http://")))
	ctx := context.Background()
	id := c.Stats.CaptureID
	if _, err := report.BuildAndStore(ctx, c.Store, id, report.Options{WARCDir: c.WARCs, Job: c.Job, Log: zaptest.NewLogger(t)}); err != nil {
		t.Fatal(err)
	}
	tree, err := crawltree.Build(ctx, c.Store, id)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := crawltree.WriteGraphML(&b, tree); err != nil {
		t.Fatal(err)
	}
	var g crawltree.GraphML
	if err := xml.Unmarshal(b.Bytes(), &g); err != nil {
		t.Fatalf("GraphML does not parse: %v\n%s", err, b.String())
	}
	want := map[string]wantNode{
		"/":     {crawltree.KindUnchanged, 1, false, ""},
		"/a":    {crawltree.KindUnchanged, 3, true, "/"},
		"/b":    {crawltree.KindChanged, 1, false, "/"},
		"/b1":   {crawltree.KindUnchanged, 1, false, "/b"},
		"/gone": {crawltree.KindMissing, 1, false, "/"},
	}
	checkGraph(t, g, want, "http://site.test")
	checkWithNetworkX(t, b.Bytes(), len(want), 7)
	if tree.Pages != 7 || len(tree.Nodes) != len(want) {
		t.Errorf("tree: %d pages in %d nodes, want 7 in %d", tree.Pages, len(tree.Nodes), len(want))
	}
}

// checkGraph compares the parsed GraphML to want: node count, each node's
// kind, size, collapsed flag and colour, and each edge.
func checkGraph(t *testing.T, g crawltree.GraphML, want map[string]wantNode, base string) {
	t.Helper()
	if g.Graph.EdgeDefault != "directed" || len(g.Keys) != 5 {
		t.Errorf("graph: edgedefault %q, %d keys", g.Graph.EdgeDefault, len(g.Keys))
	}
	if len(g.Graph.Nodes) != len(want) {
		t.Errorf("%d nodes, want %d", len(g.Graph.Nodes), len(want))
	}
	pathOf := map[string]string{}
	for _, n := range g.Graph.Nodes {
		d := map[string]string{}
		for _, x := range n.Data {
			d[x.Key] = x.Value
		}
		p := strings.TrimPrefix(d["url"], base)
		pathOf[n.ID] = p
		w, ok := want[p]
		if !ok {
			t.Errorf("unexpected node %s", d["url"])
			continue
		}
		got := fmt.Sprintf("%s %s %s %s", d["kind"], d["size"], d["collapsed"], d["color"])
		exp := fmt.Sprintf("%s %d %t %s", w.kind, w.size, w.collapsed, w.kind.Colour())
		if got != exp {
			t.Errorf("%s: kind size collapsed colour = %s, want %s", p, got, exp)
		}
	}
	edges := 0
	for _, e := range g.Graph.Edges {
		child := pathOf[e.Target]
		if want[child].parent != pathOf[e.Source] {
			t.Errorf("edge %s → %s, want parent %q", pathOf[e.Source], child, want[child].parent)
		}
		edges++
	}
	if edges != len(want)-1 {
		t.Errorf("%d edges, want %d", edges, len(want)-1)
	}
}

// checkWithNetworkX reads the GraphML with a reader that is not ours,
// networkx's read_graphml (typed attributes from the keys), when python3
// has networkx; it must see the nodes, a tree's edges, and sizes adding
// up to every page.
func checkWithNetworkX(t *testing.T, graphml []byte, nodes, pages int) {
	t.Helper()
	if exec.Command("python3", "-c", "import networkx").Run() != nil {
		t.Log("python3 with networkx not found: the GraphML was read by encoding/xml only")
		return
	}
	f := filepath.Join(t.TempDir(), "tree.graphml")
	if err := os.WriteFile(f, graphml, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("python3", "-c", `import sys, networkx as nx
g = nx.read_graphml(sys.argv[1])
print(g.number_of_nodes(), g.number_of_edges(), sum(d["size"] for _, d in g.nodes(data=True)), nx.is_directed(g), nx.is_forest(g))`, f).CombinedOutput()
	if err != nil {
		t.Fatalf("networkx: %v\n%s", err, out)
	}
	want := fmt.Sprintf("%d %d %d True True", nodes, nodes-1, pages)
	if got := strings.TrimSpace(string(out)); got != want {
		t.Errorf("networkx reads %q (nodes edges pages directed forest), want %q", got, want)
	}
}
