package pagediff

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/nlnwa/gowarc"

	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// Record phases as the crawler indexes them (crawler.PhaseVisit, …):
// this package reads the index and must not import the crawler.
const (
	phaseVisit        = "visit"
	phaseRevisit      = "revisit"
	phaseVisitRevisit = "visit+revisit"
)

// Errors the caller maps to answers.
var (
	// ErrNotArchived: the URL has no response or revisit record where
	// asked (a 404: nothing is fetched to make up for it).
	ErrNotArchived = errors.New("not archived")
	// ErrUnreadable: the index names a record that cannot be read back
	// (its WARC file is gone from disk, or the record is not there).
	ErrUnreadable = errors.New("archived payload unreadable")
)

// Index is what pagediff reads of the store.
type Index interface {
	// History is every response and revisit record of url, all
	// captures, oldest first (store.Store.History).
	History(ctx context.Context, url string) ([]store.Record, error)
}

// Archive reads versions of URLs back from WARC files.
type Archive struct {
	Index Index
	// Dir returns the directory of a capture's WARC files.
	Dir    func(ctx context.Context, captureID int64) (string, error)
	Limits Limits
}

// Version is one side of a diff.
type Version struct {
	// Record is the URL's record as indexed: a response, or a revisit.
	Record store.Record
	// Payload is the response record whose payload Text is: Record
	// itself, or the response a revisit refers to.
	Payload store.Record
	Text    Text
}

// VisitRevisit picks a URL's visit and revisit in a capture from its
// history: the first record of the visit phase and the last of the
// revisit phase. A download that served as both (Def. 5.5's collapsed
// last visit and first revisit) is both sides.
func VisitRevisit(hist []store.Record, captureID int64, url string) (visit, revisit store.Record, err error) {
	var haveVisit, haveRevisit bool
	for _, r := range hist {
		if r.CaptureID != captureID {
			continue
		}
		if !haveVisit && (r.Phase == phaseVisit || r.Phase == phaseVisitRevisit) {
			visit, haveVisit = r, true
		}
		if r.Phase == phaseRevisit || r.Phase == phaseVisitRevisit {
			revisit, haveRevisit = r, true
		}
	}
	switch {
	case !haveVisit:
		return visit, revisit, fmt.Errorf("%w: capture %d has no visit of %s", ErrNotArchived, captureID, url)
	case !haveRevisit:
		return visit, revisit, fmt.Errorf("%w: capture %d has no revisit of %s (not a visit-revisit capture, or the page was not revisited); compare with another capture", ErrNotArchived, captureID, url)
	}
	return visit, revisit, nil
}

// Latest picks a URL's last record in a capture.
func Latest(hist []store.Record, captureID int64, url string) (store.Record, error) {
	for i := len(hist) - 1; i >= 0; i-- {
		if hist[i].CaptureID == captureID {
			return hist[i], nil
		}
	}
	return store.Record{}, fmt.Errorf("%w: capture %d has no record of %s", ErrNotArchived, captureID, url)
}

// Load reads the version rec archived: its payload's visible text, a
// revisit followed to the response it refers to.
func (a *Archive) Load(ctx context.Context, rec store.Record) (Version, error) {
	v := Version{Record: rec, Payload: rec}
	if rec.RecordType == warc.Revisit {
		p, err := a.original(ctx, rec)
		if err != nil {
			return v, err
		}
		v.Payload = p
	}
	p := v.Payload
	if k := KindOf(p.MIME); k == KindBinary {
		v.Text = Text{Kind: k}
		return v, nil
	}
	if p.RecordLength > a.Limits.MaxRecord || p.Length > a.Limits.MaxRecord {
		v.Text = Text{Kind: KindTooLarge}
		return v, nil
	}
	wr, err := a.read(ctx, p)
	if err != nil {
		return v, err
	}
	body, ctype, err := warc.HTTPBody(wr.Block, a.Limits.MaxBody+1)
	if err != nil {
		return v, fmt.Errorf("%w: %s at %s:%d: %w", ErrUnreadable, p.URL, p.WARCFile, p.Offset, err)
	}
	cut := int64(len(body)) > a.Limits.MaxBody
	if cut {
		body = body[:a.Limits.MaxBody]
	}
	if ctype == "" {
		ctype = p.MIME
	}
	v.Text = VisibleText(ctype, body, cut, a.Limits)
	return v, nil
}

// original finds the response a revisit record refers to: by its
// WARC-Refers-To record ID in the history of its WARC-Refers-To-Target-URI
// (the same URL, or the URL first archived with the same payload), else
// the URL's latest earlier response with the same payload digest.
func (a *Archive) original(ctx context.Context, rev store.Record) (store.Record, error) {
	wr, err := a.read(ctx, rev)
	if err != nil {
		return store.Record{}, err
	}
	id := strings.Trim(wr.Header.Get(gowarc.WarcRefersTo), "<>")
	target := wr.Header.Get(gowarc.WarcRefersToTargetURI)
	if target == "" {
		target = rev.URL
	}
	hist, err := a.Index.History(ctx, target)
	if err != nil {
		return store.Record{}, err
	}
	if id != "" {
		for _, r := range hist {
			if r.RecordType == warc.Response && strings.Trim(r.RecordID, "<>") == id {
				return r, nil
			}
		}
	}
	if target != rev.URL {
		if hist, err = a.Index.History(ctx, rev.URL); err != nil {
			return store.Record{}, err
		}
	}
	var found store.Record
	for _, r := range hist {
		if r.RecordType == warc.Response && r.PayloadDigest == rev.PayloadDigest && !r.Time.After(rev.Time) {
			found = r
		}
	}
	if found.RecordID == "" {
		return store.Record{}, fmt.Errorf("%w: revisit %s of %s refers to record %s, which the index does not have", ErrUnreadable, rev.RecordID, rev.URL, id)
	}
	return found, nil
}

// read reads the record r indexes from its WARC file (closed, or still
// .open while its capture runs).
func (a *Archive) read(ctx context.Context, r store.Record) (*warc.Record, error) {
	if r.WARCFile == "" || r.WARCFile != filepath.Base(r.WARCFile) || strings.ContainsAny(r.WARCFile, `/\`) || r.WARCFile == ".." {
		return nil, fmt.Errorf("%w: bad WARC file name %q in the index", ErrUnreadable, r.WARCFile)
	}
	if r.RecordLength <= 0 || r.RecordLength > a.Limits.MaxRecord || r.Offset < 0 {
		return nil, fmt.Errorf("%w: record of %s is %d bytes at %d", ErrUnreadable, r.URL, r.RecordLength, r.Offset)
	}
	dir, err := a.Dir(ctx, r.CaptureID)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(filepath.Join(dir, r.WARCFile))
	if errors.Is(err, os.ErrNotExist) {
		f, err = os.Open(filepath.Join(dir, r.WARCFile+".open"))
	}
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w: WARC file %s of capture %d is no longer on this daemon's disk", ErrUnreadable, r.WARCFile, r.CaptureID)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnreadable, err)
	}
	defer f.Close()
	rec, err := warc.ReadRecordAt(f, r.Offset, r.RecordLength, r.RecordID)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrUnreadable, r.WARCFile, err)
	}
	return rec, nil
}
