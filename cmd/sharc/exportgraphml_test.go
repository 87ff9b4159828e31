package main

import (
	"bytes"
	"context"
	"encoding/xml"
	"os"
	"path/filepath"
	"testing"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/daemon/crawltree"
	"github.com/sharc-archive/sharc/store"
)

// TestExportGraphML: the command writes the store's tree; a capture
// without a report is all unchanged, so its one seed's tree collapses into
// one node of its three pages. crawltree's own test checks a real capture
// with changes.
func TestExportGraphML(t *testing.T) {
	dir := t.TempDir()
	dsn := "sqlite:" + filepath.Join(dir, "sharc.db")
	ctx := context.Background()
	s, err := store.Open(ctx, dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	j, err := s.UpsertJob(ctx, "job", "")
	if err != nil {
		t.Fatal(err)
	}
	capt, _, err := s.OpenCapture(ctx, j.ID, "bfs", "visit-revisit")
	if err != nil {
		t.Fatal(err)
	}
	urls := []store.FrontierURL{
		{URL: "http://a.test/", SURT: "test,a)/", Host: "a.test", Seq: 0, ParentSeq: -1},
		{URL: "http://a.test/x", SURT: "test,a)/x", Host: "a.test", Seq: 1, ParentSeq: 0, Via: "http://a.test/", HopPath: "L"},
		{URL: "http://a.test/x/y", SURT: "test,a)/x/y", Host: "a.test", Seq: 2, ParentSeq: 1, Via: "http://a.test/x", HopPath: "LL"},
	}
	for i := range urls {
		urls[i].CaptureID = capt.ID
	}
	if err := s.Commit(ctx, store.Batch{CaptureID: capt.ID, Discovered: urls}); err != nil {
		t.Fatal(err)
	}
	s.Close()

	out := filepath.Join(dir, "tree.graphml")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"export", "graphml", "1", "--store", dsn, "-o", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("export graphml exit %d: %s", code, stderr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var g crawltree.GraphML
	if err := xml.Unmarshal(b, &g); err != nil {
		t.Fatalf("GraphML does not parse: %v\n%s", err, b)
	}
	if len(g.Graph.Nodes) != 1 || len(g.Graph.Edges) != 0 {
		t.Fatalf("%d nodes, %d edges, want 1 and 0:\n%s", len(g.Graph.Nodes), len(g.Graph.Edges), b)
	}
	got := map[string]string{}
	for _, d := range g.Graph.Nodes[0].Data {
		got[d.Key] = d.Value
	}
	if got["url"] != "http://a.test/" || got["size"] != "3" || got["collapsed"] != "true" || got["kind"] != "unchanged" {
		t.Errorf("node %v, want the seed collapsed with 3 pages", got)
	}
	if code := run([]string{"export", "graphml", "--store", dsn}, &stdout, &stderr); code == 0 {
		t.Error("export graphml without a capture succeeded")
	}
}
