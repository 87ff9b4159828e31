package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// captureFlags are the flags every command that names a capture takes:
// --capture N (or N as the first argument, the older form), or --job
// JOB.yaml alone for that job's latest capture; --store names the index
// unless the job does.
type captureFlags struct {
	fs           *flagSet
	dsn, jobPath *string
	id           *int64
	positional   int64 // the capture ID given as the first argument, 0 if none
}

// addCaptureFlags registers --store, --job and --capture on fs.
func addCaptureFlags(fs *flagSet) *captureFlags {
	return &captureFlags{
		fs:      fs,
		dsn:     fs.String("store", "", "store DSN: sqlite:PATH or postgres://user@host/db (default: the job's)"),
		jobPath: fs.String("job", "", "job YAML file: its store, and its latest capture unless --capture names one"),
		id:      fs.Int64("capture", 0, "capture ID (or give it as the first argument)"),
	}
}

// takePositional removes a leading capture ID from args (the positional
// form the commands had first, kept working).
func (cf *captureFlags) takePositional(args []string) ([]string, error) {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return args, nil
	}
	id, err := strconv.ParseInt(args[0], 10, 64)
	if err != nil || id <= 0 {
		return nil, usagef("capture ID %q is not a positive integer", args[0])
	}
	cf.positional = id
	return args[1:], nil
}

// target is a capture named on the command line, its store open.
type target struct {
	st   store.DB
	capt store.Capture
	job  *job.Job // nil without --job
}

// open resolves the flags: loads the job, opens the store and finds the
// capture. A missing flag is named in a usage error.
func (cf *captureFlags) open(ctx context.Context, log *zap.Logger) (target, error) {
	var t target
	if *cf.jobPath != "" {
		reg := scheduler.NewRegistry()
		j, err := job.Load(*cf.jobPath, reg.Names(), reg.VisitRevisit)
		if err != nil {
			return t, err
		}
		t.job = j
		if *cf.dsn == "" {
			*cf.dsn = j.Store
		}
	}
	id := *cf.id
	switch {
	case cf.positional > 0 && id > 0 && cf.positional != id:
		return t, usagef("capture %d given twice, as %d and --capture %d", cf.positional, cf.positional, id)
	case cf.positional > 0:
		id = cf.positional
	}
	switch {
	case *cf.dsn == "":
		return t, cf.fs.missing("--store DSN (or --job JOB.yaml, whose store is used)")
	case id < 0:
		return t, usagef("--capture %d is not a positive integer", id)
	case id == 0 && t.job == nil:
		return t, cf.fs.missing("--capture N (or --job JOB.yaml for its latest capture)")
	}
	st, err := openExistingStore(ctx, *cf.dsn, log)
	if err != nil {
		return t, err
	}
	if id == 0 {
		id, err = latestCapture(ctx, st, t.job.Name)
	}
	if err == nil {
		t.capt, err = st.Capture(ctx, id)
	}
	if err != nil {
		st.Close()
		return t, err
	}
	t.st = st
	return t, nil
}

// latestCapture is the ID of the job's newest capture.
func latestCapture(ctx context.Context, st store.DB, name string) (int64, error) {
	j, err := st.JobByName(ctx, name)
	if errors.Is(err, store.ErrNotFound) {
		return 0, fmt.Errorf("job %q has no capture in this store", name)
	}
	if err != nil {
		return 0, err
	}
	cs, err := st.Captures(ctx, j.ID)
	if err != nil {
		return 0, err
	}
	if len(cs) == 0 {
		return 0, fmt.Errorf("job %q has no capture in this store", name)
	}
	return cs[len(cs)-1].ID, nil
}
