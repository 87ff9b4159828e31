package crawltree

import (
	"context"
	"errors"
	"fmt"

	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/store"
)

// MaxURLs bounds the frontier Build accepts: beyond it the tree would not
// fit the console's or a graph tool's budget either.
const MaxURLs = 1_000_000

// Kind is how a node's page fared in the capture's report.
type Kind string

// The kinds, each with its colour in Colour.
const (
	// KindUnchanged: coherent, downloaded once, or not in the report.
	KindUnchanged Kind = "unchanged"
	// KindChanged: the revisit found different content.
	KindChanged Kind = "changed"
	// KindMissing: deleted at the revisit, or never fetched usably.
	KindMissing Kind = "missing"
	// KindNew: first downloaded after the revisit phase began.
	KindNew Kind = "new"
)

// Colour is the fill of a node of kind k: the quality report's colour for
// the matching status (report.StatusColor), in GraphML and the console
// alike, so a reader sees the same colours everywhere.
func (k Kind) Colour() string {
	switch k {
	case KindChanged:
		return report.StatusColor(report.StatusChanged)
	case KindMissing:
		return report.StatusColor(report.StatusDeleted)
	case KindNew:
		return report.StatusColor(report.StatusNew)
	}
	return report.StatusColor(report.StatusCoherent)
}

// kindOf maps a report status to a node kind.
func kindOf(s report.Status) Kind {
	switch s {
	case report.StatusChanged, report.StatusChangedInsignificantly:
		return KindChanged
	case report.StatusDeleted, report.StatusFailed:
		return KindMissing
	case report.StatusNew:
		return KindNew
	}
	return KindUnchanged
}

// Node is one node of the collapsed tree.
type Node struct {
	ID     int    // index in Tree.Nodes
	Parent int    // index of the parent node, -1 for a root
	URL    string // the page, or the root page of a collapsed subtree
	Kind   Kind
	// Size is the number of pages the node stands for: 1, or the page
	// count of a collapsed unchanged subtree.
	Size      int
	Collapsed bool // Size pages of an unchanged subtree in one node
}

// Tree is a capture's collapsed crawl tree, nodes in breadth-first order
// from the roots (the seeds, and URLs whose parent is unknown).
type Tree struct {
	CaptureID int64
	Pages     int // pages in the uncollapsed tree
	Nodes     []Node
}

// Source is what Build reads: the capture's URL count, frontier and
// stored report.
type Source interface {
	Capture(ctx context.Context, captureID int64) (store.Capture, error)
	URLCount(ctx context.Context, captureID int64) (int, error)
	Frontier(ctx context.Context, captureID int64) ([]store.FrontierURL, error)
	store.Reports
}

var _ Source = store.Store(nil)

// Build reads capture captureID's frontier and stored report and returns
// its collapsed crawl tree. A capture without a stored report gets a tree
// of unchanged nodes. A capture of more than MaxURLs URLs is refused.
func Build(ctx context.Context, src Source, captureID int64) (*Tree, error) {
	return BuildAtMost(ctx, src, captureID, MaxURLs)
}

// BuildAtMost is Build refusing captures of more than maxURLs URLs (a
// tighter budget than MaxURLs).
func BuildAtMost(ctx context.Context, src Source, captureID int64, maxURLs int) (*Tree, error) {
	c, err := src.Capture(ctx, captureID)
	if err != nil {
		return nil, fmt.Errorf("crawltree: %w", err)
	}
	// Counted before loaded: a capture too large is refused without its
	// frontier ever being in memory.
	n, err := src.URLCount(ctx, captureID)
	if err != nil {
		return nil, fmt.Errorf("crawltree: %w", err)
	}
	if n > maxURLs {
		return nil, tooLarge(captureID, n, maxURLs)
	}
	urls, err := src.Frontier(ctx, captureID)
	if err != nil {
		return nil, fmt.Errorf("crawltree: frontier: %w", err)
	}
	if len(urls) > maxURLs { // an open capture grew since the count
		return nil, tooLarge(captureID, len(urls), maxURLs)
	}
	kinds, err := pageKinds(ctx, src, c)
	if err != nil {
		return nil, err
	}
	full := spanning(urls, kinds)
	return &Tree{CaptureID: captureID, Pages: len(urls), Nodes: full.collapse()}, nil
}

// ErrTooLarge is BuildAtMost's refusal of a capture with more URLs than
// its budget.
var ErrTooLarge = errors.New("too many URLs for one crawl tree")

func tooLarge(captureID int64, n, maxURLs int) error {
	return fmt.Errorf("crawltree: capture %d has %d URLs, more than %d: %w", captureID, n, maxURLs, ErrTooLarge)
}

// pageKinds maps each reported page's URL to its kind; unchanged pages are
// left out to keep the map small.
func pageKinds(ctx context.Context, src Source, c store.Capture) (map[string]Kind, error) {
	kinds := map[string]Kind{}
	stored, err := report.Load(src, c)
	if errors.Is(err, report.ErrNoReport) {
		return kinds, nil
	}
	if err != nil {
		return nil, fmt.Errorf("crawltree: %w", err)
	}
	err = stored.EachPage(ctx, func(p *report.Page) error {
		if k := kindOf(p.Status); k != KindUnchanged {
			kinds[p.URL] = k
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("crawltree: report: %w", err)
	}
	return kinds, nil
}
