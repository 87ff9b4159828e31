package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func sharc(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

func TestSimulateJSON(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"online cold", []string{"--strategy", "sharc-online", "--size", "2000"}},
		{"offline hot", []string{"--strategy", "sharc-offline", "--size", "2000", "--leaves", "hot"}},
		{"bfs slowed", []string{"--strategy", "bfs", "--size", "500", "--slowdown", "3", "--outdegree", "5"}},
		{"op", []string{"--strategy", "op", "--size", "500"}},
		{"size error", []string{"--strategy", "sharc-online", "--size", "500", "--size-error", "0.2", "--seed", "9"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := sharc(t, append([]string{"simulate"}, tc.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var r map[string]any
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, out)
			}
			for _, k := range []string{"strategy", "size", "expected_avg_blur", "actual_avg_blur", "elapsed_ms"} {
				if _, ok := r[k]; !ok {
					t.Errorf("missing %q in %s", k, out)
				}
			}
			if b, _ := r["expected_avg_blur"].(float64); !(b > 0) {
				t.Errorf("expected_avg_blur = %v", r["expected_avg_blur"])
			}
			if r["strategy"] != tc.args[1] {
				t.Errorf("strategy %v", r["strategy"])
			}
		})
	}
}

// TestSimulateOfflineBeatsBFS checks the numbers mean something: on the
// default site SHARC-Offline's blur is well below BFS's.
func TestSimulateOfflineBeatsBFS(t *testing.T) {
	blur := func(s string) float64 {
		_, out, _ := sharc(t, "simulate", "--strategy", s)
		var r struct {
			B float64 `json:"expected_avg_blur"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		return r.B
	}
	if off, bfs := blur("sharc-offline"), blur("bfs"); !(off < 0.7*bfs) {
		t.Fatalf("offline %v, bfs %v", off, bfs)
	}
}

func TestSimulateBadParameters(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--size", "-3"}, "size must be at least 1"},
		{[]string{"--skew", "0"}, "skew must be a positive number"},
		{[]string{"--skew", "-1"}, "skew must be a positive number"},
		{[]string{"--tau", "1"}, "tau must lie in (0,1)"},
		{[]string{"--tau", "0"}, "tau must lie in (0,1)"},
		{[]string{"--strategy", "nope"}, `unknown strategy "nope" (valid: bfs, bfs-fifo, `},
		{[]string{"--strategy", "nope"}, `sharc-selective-online, sharc-threshold, op)`},
		{[]string{"--leaves", "warm"}, "--leaves must be cold or hot"},
		{[]string{"--format", "xml"}, "--format must be json, text or markdown"},
		{[]string{"--table", "9.9"}, `unknown table "9.9" (valid: 4.4a, 4.4b`},
		{[]string{"extra"}, "unexpected arguments"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, _, errOut := sharc(t, append([]string{"simulate"}, tc.args...)...)
			if code == 0 || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, stderr %q; want it to contain %q", code, errOut, tc.want)
			}
		})
	}
}

func TestSimulateText(t *testing.T) {
	code, out, errOut := sharc(t, "simulate", "--strategy", "hottest-last", "--size", "300", "--format", "text")
	if code != 0 || !strings.Contains(out, "expected average blur per page") || !strings.Contains(out, "hottest-last") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
}

func TestSimulateTable(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Table 4.6a (several seconds)")
	}
	code, out, errOut := sharc(t, "simulate", "--table", "4.6a", "--format", "markdown")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"### Table 4.6a", "| SHARC-Offline | 60.49 |", "| OP | 69.23 |"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
}
