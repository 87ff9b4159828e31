package pagediff

import (
	"fmt"
	"strings"

	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"
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
	return group(a, b, script(a, b), Context)
}

// edit is one line of the edit script: a line of a kept (opKeep), a
// line of a removed, or a line of b added.
type edit struct {
	op   Op
	i, j int // the line's index in a (keep, removed) and b (keep, added)
}

// script is the line edit script from a to b by Myers' O(ND) algorithm
// (Myers 1986, "An O(ND) difference algorithm and its variations", the
// linear-space bisection of §4b) as diff-match-patch implements it, on
// lines encoded as runes. DiffTimeout 0: no deadline, so the script
// depends on the input alone; Limits bound its size instead.
func script(a, b []string) []edit {
	ids := map[string]rune{}
	enc := func(lines []string) []rune {
		rs := make([]rune, len(lines))
		for i, l := range lines {
			r, ok := ids[l]
			if !ok {
				r = lineRune(len(ids))
				ids[l] = r
			}
			rs[i] = r
		}
		return rs
	}
	ra, rb := enc(a), enc(b)
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	var out []edit
	i, j := 0, 0
	for _, d := range dmp.DiffMainRunes(ra, rb, false) {
		n := utf8.RuneCountInString(d.Text)
		for range n {
			switch d.Type {
			case diffmatchpatch.DiffEqual:
				out = append(out, edit{OpContext, i, j})
				i++
				j++
			case diffmatchpatch.DiffDelete:
				out = append(out, edit{OpRemoved, i, j})
				i++
			case diffmatchpatch.DiffInsert:
				out = append(out, edit{OpAdded, i, j})
				j++
			}
		}
	}
	return out
}

// lineRune is the rune standing for the k-th distinct line: any valid
// rune but the surrogates, which a string would not keep.
func lineRune(k int) rune {
	r := rune(k + 1)
	if r >= 0xD800 {
		r += 0x800
	}
	return r
}

// group cuts the edit script into hunks: each run of changes with up to
// ctx kept lines before and after, runs closer than 2·ctx kept lines
// joined, as diff -u does.
func group(a, b []string, es []edit, ctx int) []Hunk {
	var out []Hunk
	for k := 0; k < len(es); {
		if es[k].op == OpContext {
			k++
			continue
		}
		// es[k] starts a change: the hunk begins ctx kept lines before.
		from := k
		for from > 0 && k-from < ctx && es[from-1].op == OpContext {
			from--
		}
		to := k // one past the hunk's last change
		for e := k; e < len(es); {
			if es[e].op != OpContext {
				e++
				to = e
				continue
			}
			run := e
			for run < len(es) && es[run].op == OpContext {
				run++
			}
			if run == len(es) || run-e > 2*ctx {
				break
			}
			e = run
		}
		end := min(len(es), to+ctx)
		for end > to && es[end-1].op != OpContext {
			end--
		}
		h := Hunk{AStart: es[from].i + 1, BStart: es[from].j + 1}
		for _, e := range es[from:end] {
			switch e.op {
			case OpContext:
				h.Lines = append(h.Lines, Line{OpContext, a[e.i]})
				h.ALines++
				h.BLines++
			case OpRemoved:
				h.Lines = append(h.Lines, Line{OpRemoved, a[e.i]})
				h.ALines++
			case OpAdded:
				h.Lines = append(h.Lines, Line{OpAdded, b[e.j]})
				h.BLines++
			}
		}
		if h.ALines == 0 {
			h.AStart--
		}
		if h.BLines == 0 {
			h.BStart--
		}
		out = append(out, h)
		k = end
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
