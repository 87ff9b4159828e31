package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/upload"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// uploadExport uploads an exported file (a WACZ) of a capture with the
// warc.upload settings of the job that started the capture, verifies the
// object and records it among the capture's uploads. It returns the
// object's s3:// URL.
func uploadExport(ctx context.Context, st store.Store, captureID int64, path string) (string, error) {
	c, err := st.Capture(ctx, captureID)
	if err != nil {
		return "", err
	}
	cl, err := captureUploadClient(c)
	if err != nil {
		return "", fmt.Errorf("--upload: %w", err)
	}
	obj, err := cl.Put(ctx, path)
	if err != nil {
		return "", err
	}
	abs, _ := filepath.Abs(path)
	row := store.WARCUpload{CaptureID: captureID, File: filepath.Base(path), LocalPath: abs, State: store.UploadDone,
		ObjectURL: obj.URL, Size: obj.Size, SHA256: obj.SHA256}
	if err := st.SetWARCUpload(ctx, row); err != nil {
		return "", fmt.Errorf("uploaded to %s but not recorded: %w", obj.URL, err)
	}
	return obj.URL, nil
}

// captureUploadClient builds a client with the warc.upload settings of
// the job that started capture c, credentials from the environment
// variables they name.
func captureUploadClient(c store.Capture) (*upload.Client, error) {
	if c.Owner.JobYAML == "" {
		return nil, fmt.Errorf("capture %d has no recorded job, so no warc.upload settings", c.ID)
	}
	reg := scheduler.NewRegistry()
	j, err := job.Parse([]byte(c.Owner.JobYAML), fmt.Sprintf("capture %d's job", c.ID), reg.Names(), reg.VisitRevisit)
	if err != nil {
		return nil, err
	}
	if j.WARC.Upload == nil {
		return nil, errors.New("the capture's job sets no warc.upload")
	}
	return upload.FromJob(j.WARC.Upload, os.Getenv)
}

// stageWARCs returns a directory holding every closed WARC file of the
// capture: warcDir, or, when some were uploaded and removed
// (delete_local), a temporary one under it with verified copies fetched
// back (upload.Stage); cleanup removes it.
func stageWARCs(ctx context.Context, st store.Store, c store.Capture, warcDir string) (string, func(), error) {
	ends, err := st.FileEnds(ctx, c.ID)
	if err != nil {
		return "", nil, err
	}
	rows, err := st.WARCUploads(ctx, c.ID)
	if err != nil {
		return "", nil, err
	}
	names := make([]string, 0, len(ends))
	for n := range ends {
		names = append(names, n)
	}
	cl, cerr := captureUploadClient(c)
	if cerr != nil {
		cl = nil
	}
	dir, cleanup, err := upload.Stage(ctx, cl, warcDir, names, rows)
	if err != nil && cerr != nil {
		err = fmt.Errorf("%w (%w)", err, cerr)
	}
	return dir, cleanup, err
}
