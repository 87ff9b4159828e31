package report

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/extract"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// maxDecoded bounds a decoded body, so a compression bomb archived from a
// hostile site cannot exhaust memory while the report is built.
const maxDecoded = extract.MaxBodyBytes

// similarity runs the shingle test of thesis §8.2 on the two archived
// versions of a changed page.
type similarity struct {
	dir       string
	st        store.Store // finds the response a revisit record duplicates
	captureID int64
	log       *zap.Logger
	compared  int
	skipped   int
}

// compare returns the Jaccard similarity of word 10-gram shingles of the
// visible text of the visit and the revisit, or ok == false if either
// could not be read.
func (s *similarity) compare(ctx context.Context, visit, revisit store.Record) (float64, bool) {
	a, err := s.text(ctx, visit)
	if err == nil {
		var b string
		if b, err = s.text(ctx, revisit); err == nil {
			s.compared++
			return extract.Jaccard(extract.Shingles(a, ShingleWords), extract.Shingles(b, ShingleWords)), true
		}
	}
	s.skipped++
	s.log.Info("similarity test skipped", zap.String("url", visit.URL), zap.Error(err))
	return 0, false
}

// text returns the normalised visible text of the page archived by rc.
func (s *similarity) text(ctx context.Context, rc store.Record) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if rc.RecordType != warc.Response {
		// A revisit record holds no payload: read the response it
		// duplicates, found by payload digest.
		full, ok, err := s.st.FirstByDigest(ctx, s.captureID, rc.PayloadDigest)
		if err != nil {
			return "", err
		}
		if !ok {
			return "", fmt.Errorf("no response record with payload %s", rc.PayloadDigest)
		}
		rc = full
	}
	block, err := readBlock(s.dir, rc)
	if err != nil {
		return "", err
	}
	body, ctype, err := HTTPBody(block)
	if err != nil {
		return "", fmt.Errorf("%s at %s:%d: %w", rc.URL, rc.WARCFile, rc.Offset, err)
	}
	res, err := extract.Extract(ctype, rc.URL, body)
	if err != nil && res.Text == "" {
		return "", fmt.Errorf("extract %s: %w", rc.URL, err)
	}
	return extract.NormalizedText(res.Title + " " + res.Text), nil
}

// readBlock reads the content block of the record rc points at.
func readBlock(dir string, rc store.Record) ([]byte, error) {
	if rc.WARCFile == "" || strings.ContainsAny(rc.WARCFile, `/\`) {
		return nil, fmt.Errorf("bad WARC file name %q", rc.WARCFile)
	}
	f, err := os.Open(filepath.Join(dir, rc.WARCFile))
	if err != nil {
		return nil, fmt.Errorf("open WARC: %w", err)
	}
	defer f.Close()
	rec, err := warc.ReadRecordAt(f, rc.Offset, rc.RecordLength, rc.RecordID)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", rc.WARCFile, err)
	}
	return rec.Block, nil
}

// HTTPBody returns the decoded entity body of a WARC response record's
// block and its Content-Type (warc.HTTPBody, at most maxDecoded bytes).
func HTTPBody(block []byte) (body []byte, contentType string, err error) {
	return warc.HTTPBody(block, maxDecoded)
}
