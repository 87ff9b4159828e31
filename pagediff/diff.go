package pagediff

import (
	"fmt"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
)

// Op is what a diff line does.
type Op string

const (
	OpContext Op = "context" // in both versions
	OpRemoved Op = "removed" // in the first (a) only
	OpAdded   Op = "added"   // in the second (b) only
)

// Line is one line of a hunk.
type Line struct {
	Op   Op     `json:"op"`
	Text string `json:"text"`
}

// Hunk is a run of changes with up to Context unchanged lines around
// them, as in a unified diff. Starts count from 1; a side with no lines
// starts at the line before the hunk (0 at the top), as diff -u writes.
type Hunk struct {
	AStart int    `json:"a_start"`
	ALines int    `json:"a_lines"`
	BStart int    `json:"b_start"`
	BLines int    `json:"b_lines"`
	Lines  []Line `json:"lines"`
}

// Context is the unchanged lines shown around each change.
const Context = 3

// Diff returns the hunks that turn a into b; none when they are equal.
func Diff(a, b []string) []Hunk {
	if equal(a, b) {
		return nil
	}
	m := difflib.NewMatcher(a, b)
	var out []Hunk
	for _, group := range m.GetGroupedOpCodes(Context) {
		first, last := group[0], group[len(group)-1]
		h := Hunk{AStart: first.I1 + 1, ALines: last.I2 - first.I1, BStart: first.J1 + 1, BLines: last.J2 - first.J1}
		if h.ALines == 0 {
			h.AStart--
		}
		if h.BLines == 0 {
			h.BStart--
		}
		for _, c := range group {
			switch c.Tag {
			case 'e':
				for _, s := range a[c.I1:c.I2] {
					h.Lines = append(h.Lines, Line{OpContext, s})
				}
			case 'r', 'd', 'i':
				for _, s := range a[c.I1:c.I2] {
					h.Lines = append(h.Lines, Line{OpRemoved, s})
				}
				for _, s := range b[c.J1:c.J2] {
					h.Lines = append(h.Lines, Line{OpAdded, s})
				}
			}
		}
		out = append(out, h)
	}
	return out
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Unified writes hunks as a unified diff's body (the golden files' form).
func Unified(hunks []Hunk) string {
	var sb strings.Builder
	for _, h := range hunks {
		fmt.Fprintf(&sb, "@@ -%d,%d +%d,%d @@\n", h.AStart, h.ALines, h.BStart, h.BLines)
		for _, l := range h.Lines {
			sb.WriteString(map[Op]string{OpContext: " ", OpRemoved: "-", OpAdded: "+"}[l.Op])
			sb.WriteString(l.Text)
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

// Apply rebuilds b from a and the hunks of Diff(a, b): the property the
// fuzz test checks.
func Apply(a []string, hunks []Hunk) ([]string, error) {
	var out []string
	next := 0 // a's next line not yet copied, 0-based
	for _, h := range hunks {
		start := h.AStart - 1
		if h.ALines == 0 {
			start = h.AStart
		}
		if start < next || start > len(a) {
			return nil, fmt.Errorf("hunk at a line %d out of order", h.AStart)
		}
		out = append(out, a[next:start]...)
		next = start
		for _, l := range h.Lines {
			switch l.Op {
			case OpContext, OpRemoved:
				if next >= len(a) || a[next] != l.Text {
					return nil, fmt.Errorf("hunk at a line %d does not match a", h.AStart)
				}
				next++
				if l.Op == OpContext {
					out = append(out, l.Text)
				}
			case OpAdded:
				out = append(out, l.Text)
			}
		}
	}
	return append(out, a[next:]...), nil
}
