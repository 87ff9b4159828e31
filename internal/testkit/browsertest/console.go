package browsertest

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// maxConsole bounds the console lines a Console keeps: a page that logs
// in a loop must not grow a test's memory.
const maxConsole = 200

// Console collects what the pages of a browser print to their console and
// the exceptions they throw, so a failing browser test can say what the
// page said instead of only "condition not met".
type Console struct {
	mu    sync.Mutex
	lines []string
}

// Listen starts collecting from the tab of ctx (a context from New).
func Listen(t testing.TB, ctx context.Context) *Console {
	t.Helper()
	c := &Console{}
	err := chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			var parts []string
			for _, a := range e.Args {
				if a.Value != nil {
					parts = append(parts, string(a.Value))
				} else {
					parts = append(parts, a.Description)
				}
			}
			c.add(fmt.Sprintf("console.%s: %s", e.Type, strings.Join(parts, " ")))
		case *runtime.EventExceptionThrown:
			d := e.ExceptionDetails
			msg := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				msg += " " + d.Exception.Description
			}
			c.add(fmt.Sprintf("exception at %s:%d: %s", d.URL, d.LineNumber, msg))
		}
	})
	if err != nil {
		t.Fatalf("listening to the browser's console: %v", err)
	}
	return c
}

func (c *Console) add(line string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.lines) == maxConsole {
		c.lines = c.lines[1:]
	}
	c.lines = append(c.lines, line)
}

// Tail returns the last n lines collected, oldest first.
func (c *Console) Tail(n int) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if n > len(c.lines) {
		n = len(c.lines)
	}
	return append([]string(nil), c.lines[len(c.lines)-n:]...)
}
