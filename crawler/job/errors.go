package job

import (
	"fmt"
	"sort"
	"strings"
)

// Error is one problem in a job file, located by line and dotted field path
// (e.g. "scope.include[1]").
type Error struct {
	File  string
	Line  int    // 1-based; 0 when unknown
	Field string // dotted path; empty for whole-file problems
	Msg   string
}

// Error formats the problem as "FILE:LINE: FIELD: MSG", the form editors
// and compilers use, so the line is clickable.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	b.WriteString(": ")
	if e.Field != "" {
		b.WriteString(e.Field)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Errors lists every problem found in a job file, sorted by line.
type Errors []*Error

// Error prints one problem per line.
func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

func (es Errors) sort() {
	sort.SliceStable(es, func(i, j int) bool { return es[i].Line < es[j].Line })
}
