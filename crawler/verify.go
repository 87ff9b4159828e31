package crawler

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// VerifyIndex checks that every index row of a capture points at the record
// it describes: it seeks to the row's offset in the WARC file under dir,
// reads exactly one record of the row's length and compares record ID,
// target URI, record type and payload digest. dir is the capture's WARC
// directory or the job folder (warc.dir) holding the capture's folder. It
// returns one line per mismatch; err is for failures to read the index
// itself.
func VerifyIndex(ctx context.Context, st store.Store, captureID int64, dir string) ([]string, error) {
	c, err := st.Capture(ctx, captureID)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	dir = jobdir.WARCDir(dir, c.ID, c.Started)
	recs, err := st.Records(ctx, captureID)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	var problems []string
	files := map[string]*os.File{}
	defer func() {
		for _, f := range files {
			f.Close()
		}
	}()
	for _, r := range recs {
		f, ok := files[r.WARCFile]
		if !ok {
			f, err = os.Open(filepath.Join(dir, r.WARCFile))
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s %s: %v", r.RecordType, r.URL, err))
				continue
			}
			files[r.WARCFile] = f
		}
		rec, err := warc.NewReader(io.NewSectionReader(f, r.Offset, r.RecordLength)).Next()
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s %s at %s:%d: %v", r.RecordType, r.URL, r.WARCFile, r.Offset, err))
			continue
		}
		if rec.ID() != r.RecordID || rec.TargetURI() != r.URL || rec.Type() != r.RecordType {
			problems = append(problems, fmt.Sprintf("row %s %s %s points at %s %s %s", r.RecordID, r.URL, r.RecordType, rec.ID(), rec.TargetURI(), rec.Type()))
			continue
		}
		if r.RecordType == warc.Response {
			if d := rec.Header.Get("WARC-Payload-Digest"); d != r.PayloadDigest {
				problems = append(problems, fmt.Sprintf("%s: index digest %s, record has %s", r.URL, r.PayloadDigest, d))
			}
		}
	}
	return problems, nil
}
