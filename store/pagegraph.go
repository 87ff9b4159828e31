package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
)

// PageGraph is what a refresh policy needs of one archived page of one
// capture (issue 16): its same-site out-links, its features and its topic
// categories (see package refresh: StaticFeatures, TopicCategories).
type PageGraph struct {
	CaptureID  int64
	URL        string
	Links      []string  // canonical URLs, same host, each once
	Features   []float64 // finite values
	Categories []int
	// Sketch is the bottom-k sketch of the page's text (refresh.Sketch),
	// from which a later fetch measures how much of it changed (paper
	// 004's content-change features); nil when it had no text or was
	// stored before migration 0024.
	Sketch []uint32
}

// The lists are kept as text in one row per page: the store never looks
// inside them, and one row per page keeps the cost one insert per page.
// URLs are canonical, so they hold no newline.
func encodeGraph(g PageGraph) (links, feats, cats, sketch string, err error) {
	if err := g.Check(); err != nil {
		return "", "", "", "", err
	}
	fs := make([]string, len(g.Features))
	for i, f := range g.Features {
		fs[i] = strconv.FormatFloat(f, 'g', -1, 64)
	}
	cs := make([]string, len(g.Categories))
	for i, c := range g.Categories {
		cs[i] = strconv.Itoa(c)
	}
	hs := make([]string, len(g.Sketch))
	for i, h := range g.Sketch {
		hs[i] = strconv.FormatUint(uint64(h), 16)
	}
	return strings.Join(g.Links, "\n"), strings.Join(fs, " "), strings.Join(cs, " "), strings.Join(hs, " "), nil
}

// Check reports why g cannot be stored (a link that is empty or has a
// line break, a feature that is not finite), or nil. A commit with such
// a graph in its Batch fails whole, so a caller that would rather lose
// the graph than the commit checks first.
func (g PageGraph) Check() error {
	for _, l := range g.Links {
		if l == "" || strings.ContainsAny(l, "\n\r") {
			return fmt.Errorf("store: page graph of %s: bad link %q", g.URL, l)
		}
	}
	for i, f := range g.Features {
		if f != f || f > 1e300 || f < -1e300 {
			return fmt.Errorf("store: page graph of %s: feature %d is not finite", g.URL, i)
		}
	}
	return nil
}

// encodedGraph is a PageGraph as its row holds it.
type encodedGraph struct {
	captureID                       int64
	url, links, feats, cats, sketch string
}

// encodeGraphs encodes a batch's graphs, each of capture captureID.
func encodeGraphs(gs []PageGraph, captureID int64) ([]encodedGraph, error) {
	out := make([]encodedGraph, 0, len(gs))
	for _, g := range gs {
		if g.CaptureID != 0 && g.CaptureID != captureID {
			return nil, fmt.Errorf("store: commit: page graph of %s belongs to capture %d, batch to %d", g.URL, g.CaptureID, captureID)
		}
		links, feats, cats, sketch, err := encodeGraph(g)
		if err != nil {
			return nil, err
		}
		out = append(out, encodedGraph{captureID: captureID, url: g.URL, links: links, feats: feats, cats: cats, sketch: sketch})
	}
	return out, nil
}

// decodeGraph parses a row's lists; a malformed list is an error, never a
// guess.
func decodeGraph(g *PageGraph, links, feats, cats, sketch string) error {
	for _, h := range strings.Fields(sketch) {
		v, err := strconv.ParseUint(h, 16, 32)
		if err != nil {
			return fmt.Errorf("store: page graph of %s: sketch: %w", g.URL, err)
		}
		g.Sketch = append(g.Sketch, uint32(v))
	}
	if links != "" {
		g.Links = strings.Split(links, "\n")
	}
	for _, f := range strings.Fields(feats) {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return fmt.Errorf("store: page graph of %s: %w", g.URL, err)
		}
		g.Features = append(g.Features, v)
	}
	for _, c := range strings.Fields(cats) {
		v, err := strconv.Atoi(c)
		if err != nil {
			return fmt.Errorf("store: page graph of %s: %w", g.URL, err)
		}
		g.Categories = append(g.Categories, v)
	}
	return nil
}

// setPageGraphSQL upserts a page's row: a page fetched again in the same
// capture (a resumed one) replaces it.
const setPageGraphSQL = `INSERT INTO page_graph (capture_id, url, links, features, categories, sketch) VALUES (%s)
	ON CONFLICT (capture_id, url) DO UPDATE SET
		links = excluded.links, features = excluded.features, categories = excluded.categories, sketch = excluded.sketch`

const pageGraphsSQL = `SELECT capture_id, url, links, features, categories, sketch FROM page_graph WHERE capture_id = %s ORDER BY url`

func (s *sqliteStore) SetPageGraphs(ctx context.Context, captureID int64, gs []PageGraph) error {
	if len(gs) == 0 {
		return nil
	}
	return s.Commit(ctx, Batch{CaptureID: captureID, Graphs: gs})
}

func (s *sqliteStore) PageGraphs(ctx context.Context, captureID int64) ([]PageGraph, error) {
	gs, err := sqliteAll(ctx, s.r, scanPageGraph, fmt.Sprintf(pageGraphsSQL, "?"), captureID)
	if err != nil {
		return nil, fmt.Errorf("store: page graphs of capture %d: %w", captureID, err)
	}
	return gs, nil
}

func scanPageGraph(row interface{ Scan(...any) error }) (PageGraph, error) {
	var g PageGraph
	var links, feats, cats, sketch string
	if err := row.Scan(&g.CaptureID, &g.URL, &links, &feats, &cats, &sketch); err != nil {
		return g, err
	}
	return g, decodeGraph(&g, links, feats, cats, sketch)
}

func (s *pgStore) SetPageGraphs(ctx context.Context, captureID int64, gs []PageGraph) error {
	if len(gs) == 0 {
		return nil
	}
	return s.Commit(ctx, Batch{CaptureID: captureID, Graphs: gs})
}

// queueGraphs queues the upserts of a batch's page graphs.
func queueGraphs(batch *pgx.Batch, gs []encodedGraph) {
	q := fmt.Sprintf(setPageGraphSQL, "$1, $2, $3, $4, $5, $6")
	for _, g := range gs {
		batch.Queue(q, g.captureID, g.url, g.links, g.feats, g.cats, g.sketch)
	}
}

func (s *pgStore) PageGraphs(ctx context.Context, captureID int64) ([]PageGraph, error) {
	var gs []PageGraph
	err := s.retrying(ctx, "page graphs", func() error {
		rows, err := s.pool.Query(ctx, fmt.Sprintf(pageGraphsSQL, "$1"), captureID)
		if err != nil {
			return err
		}
		gs, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (PageGraph, error) { return scanPageGraph(r) })
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: page graphs of capture %d: %w", captureID, err)
	}
	return gs, nil
}
