package main

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/sharc-archive/sharc/store"
)

// exitCode is sharc's exit status. These constants are the one source of
// the statuses: `sharc help exit-codes` prints exitCodes(), docs/cli.md's
// table must list the same (TestExitCodesDocumented), and run returns
// nothing else.
type exitCode int

const (
	exitOK exitCode = 0
	// exitFailure: the command was understood but failed (a bad job file,
	// an unreachable store, a missing input, an I/O error).
	exitFailure exitCode = 1
	// exitUsage: the command line is wrong (unknown command, topic,
	// subcommand or flag; a missing or extra argument; a flag value that
	// is not one of its choices). Nothing was done.
	exitUsage exitCode = 2
	// exitVerifyFailed: `sharc verify` read every file and found at least
	// one that does not verify; 1 means it could not check.
	exitVerifyFailed exitCode = 3
	// exitCaptureBusy: `sharc crawl` (or --abandon-running) found its
	// capture owned by another live process, named on stderr; nothing
	// was done. --wait waits for it instead.
	exitCaptureBusy exitCode = 4
	// exitNoSeedArchived: `sharc crawl` ended its capture but archived
	// none of the job's seeds (every seed failed: unreachable host,
	// robots.txt unavailable, refused address); crawl.log says why.
	exitNoSeedArchived exitCode = 5
	// exitInterrupted: Ctrl-C or SIGTERM stopped the command before it
	// finished (128 + SIGINT, the shell's convention). An interrupted
	// crawl's capture stays running: the same command resumes it.
	exitInterrupted exitCode = 130
)

// exitCodes lists every status with its meaning, for help and docs.
func exitCodes() []struct {
	Code    exitCode
	Meaning string
} {
	return []struct {
		Code    exitCode
		Meaning string
	}{
		{exitOK, "success"},
		{exitFailure, "the command failed (bad job file, unreachable store, missing input, I/O error); one line per error on stderr"},
		{exitUsage, "usage error: unknown command, topic, subcommand or flag, a missing or extra argument, a flag value not among its choices; nothing was done"},
		{exitVerifyFailed, "sharc verify: at least one file does not verify (each problem is listed on stdout)"},
		{exitCaptureBusy, "sharc crawl: another live process owns the job's capture (its host, pid and start are on stderr); nothing was done (--wait waits for it)"},
		{exitNoSeedArchived, "sharc crawl: the capture ended but archived none of the job's seeds (each seed's crawl.log line and the seeds report say why)"},
		{exitInterrupted, "interrupted by Ctrl-C or SIGTERM before finishing; an interrupted crawl stays resumable (run the same command again)"},
	}
}

// usageError is a command line the command cannot run. With explained
// set, usage text has already been printed to stderr.
type usageError struct {
	err       error
	explained bool
}

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// usagef returns a usage error with a message; run prints it with a pointer
// to the command's help.
func usagef(format string, args ...any) error {
	return &usageError{err: fmt.Errorf(format, args...)}
}

// errUsage is a usage error whose usage text the command printed itself.
var errUsage error = &usageError{err: errors.New("usage"), explained: true}

// errInterrupted ends a command stopped by a signal before its work was
// done, when it has no other error to report.
var errInterrupted = errors.New("interrupted")

// errNoSeedArchived marks a capture that ended without archiving a seed.
var errNoSeedArchived = errors.New("no seed was archived")

// errVerifyFailed marks a verification that ran and found problems.
var errVerifyFailed = errors.New("verification failed")

// codeOf maps a command's result to its exit status. ctx is the
// command's context, done once a signal has arrived.
func codeOf(ctx context.Context, err error) exitCode {
	var ue *usageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.As(err, &ue):
		return exitUsage
	case errors.Is(err, errInterrupted), ctx.Err() != nil:
		return exitInterrupted
	case errors.Is(err, errVerifyFailed):
		return exitVerifyFailed
	case errors.Is(err, store.ErrCaptureBusy):
		return exitCaptureBusy
	case errors.Is(err, errNoSeedArchived):
		return exitNoSeedArchived
	}
	return exitFailure
}
