package console

import (
	"net/http"
	"reflect"
	"testing"
)

// TestAnnotate: the API's problems land under the lines they name; ones
// without a line, or naming a line the text lacks, are general.
func TestAnnotate(t *testing.T) {
	text := "name: x\nseeds: []\nworkers: -1"
	tests := []struct {
		name     string
		ae       APIError
		perLine  map[int][]string
		general  []string
		problems int
	}{
		{"per line", APIError{Status: 400, Message: "invalid job", Details: []string{"job.yaml:2: seeds: need at least one", "job.yaml:3: workers: must be ≥ 1"}},
			map[int][]string{2: {"seeds: need at least one"}, 3: {"workers: must be ≥ 1"}}, nil, 2},
		{"no line", APIError{Status: 400, Message: "invalid job", Details: []string{"job.yaml: name: missing"}}, nil, []string{"name: missing"}, 1},
		{"line past the end", APIError{Status: 400, Message: "invalid job", Details: []string{"job.yaml:9: x: y"}}, nil, []string{"x: y"}, 1},
		{"other file name", APIError{Status: 400, Message: "invalid job", Details: []string{"evil.yaml:1: x"}}, nil, []string{"evil.yaml:1: x"}, 1},
		{"no details", APIError{Status: http.StatusConflict, Message: "job x has a running capture"}, nil, []string{"job x has a running capture"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ed := annotate(text, &tt.ae)
			if len(ed.Lines) != 3 || ed.Lines[2].Text != "workers: -1" || ed.Lines[2].N != 3 {
				t.Fatalf("lines %+v", ed.Lines)
			}
			got := map[int][]string{}
			for _, l := range ed.Lines {
				if l.Problems != nil {
					got[l.N] = l.Problems
				}
			}
			if len(tt.perLine) == 0 && len(got) == 0 {
				got = tt.perLine
			}
			if !reflect.DeepEqual(got, tt.perLine) || !reflect.DeepEqual(ed.General, tt.general) || ed.Problems != tt.problems {
				t.Errorf("per line %v, general %q, %d problems", got, ed.General, ed.Problems)
			}
		})
	}
}

// TestClock: H:MM:SS, the form console.js writes too.
func TestClock(t *testing.T) {
	for in, want := range map[float64]string{0: "0:00:00", 59.6: "0:01:00", 3725: "1:02:05", -3: "0:00:00"} {
		if got := clock(in); got != want {
			t.Errorf("clock(%v) = %q, want %q", in, got, want)
		}
	}
}
