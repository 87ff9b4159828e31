package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// CaptureHolder names a process that holds a job's capture (issue 27): the
// one process crawling it, or one node of a cluster sharing it.
type CaptureHolder struct {
	Job  string
	Node string // the cluster node's name; "" for a single process
	Host string // os.Hostname of the holder
	PID  int
	// Since is when the holder took the capture; Heartbeat when it last
	// said it is alive (CaptureLock.Heartbeat).
	Since, Heartbeat time.Time
}

func (h CaptureHolder) String() string {
	s := fmt.Sprintf("pid %d on host %s since %s (last heartbeat %s)",
		h.PID, h.Host, h.Since.UTC().Format(time.RFC3339), h.Heartbeat.UTC().Format(time.RFC3339))
	if h.Node != "" {
		s = "node " + h.Node + ", " + s
	}
	return s
}

// ErrCaptureBusy is what a *CaptureBusyError is: another live process
// holds the job's capture.
var ErrCaptureBusy = errors.New("capture is owned by another process")

// CaptureBusyError refuses a LockCapture: another process holds the
// lock of the job's capture. Holders are the processes recorded as holding
// it; empty when the holder took the lock but has not recorded itself
// yet.
type CaptureBusyError struct {
	Job     string
	Holders []CaptureHolder
}

func (e *CaptureBusyError) Error() string {
	if len(e.Holders) == 0 {
		return fmt.Sprintf("job %s: %v (it has not recorded its host and pid yet)", e.Job, ErrCaptureBusy)
	}
	hs := make([]string, len(e.Holders))
	for i, h := range e.Holders {
		hs[i] = h.String()
	}
	return fmt.Sprintf("job %s: %v: %s", e.Job, ErrCaptureBusy, strings.Join(hs, "; "))
}

// Is makes errors.Is(err, ErrCaptureBusy) true.
func (e *CaptureBusyError) Is(target error) bool { return target == ErrCaptureBusy }

// CaptureLock is a held capture lock (Store.LockCapture).
type CaptureLock interface {
	// Heartbeat records that the holder is alive at now. In PostgreSQL
	// it also proves the lock's connection is alive: a lost connection
	// has lost the lock, which is taken again, or a *CaptureBusyError
	// says another process took it meanwhile (the holder must stop).
	Heartbeat(ctx context.Context, now time.Time) error
	// Release removes the holder's record and lets the lock go.
	Release(ctx context.Context) error
}
