package main

import (
	"fmt"
	"io"
	"os"
	"sync"

	"golang.org/x/term"
)

// termLine is the stderr the logger and a terminal's progress line share.
// The progress line is redrawn in place and ends without a newline, so a
// log line written after it would be glued onto it ("…15s2026-11-28T…");
// termLine ends a pending progress line with a newline before anything
// else is written.
type termLine struct {
	mu      sync.Mutex
	w       io.Writer
	pending bool // a progress line is on screen without its newline
}

func (t *termLine) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.endLocked(); err != nil {
		return 0, err
	}
	return t.w.Write(p)
}

// progress redraws the progress line in place.
func (t *termLine) progress(line string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, err := fmt.Fprintf(t.w, "\r\033[K%s", line); err == nil {
		t.pending = true
	}
}

// end ends a pending progress line, so what follows starts a line.
func (t *termLine) end() {
	t.mu.Lock()
	defer t.mu.Unlock()
	_ = t.endLocked()
}

func (t *termLine) endLocked() error {
	if !t.pending {
		return nil
	}
	t.pending = false
	_, err := io.WriteString(t.w, "\n")
	return err
}

// isTerminal reports whether the stream underneath is a terminal.
func (t *termLine) isTerminal() bool {
	f, ok := t.w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
