package job

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestBlockRuleMappings: fetch.block items may be regexes or mappings
// with in_frames_only (issue 30); frame-only rules are kept apart and
// survive a marshal round trip.
func TestBlockRuleMappings(t *testing.T) {
	j, err := parse(minimal + "fetch:\n  block: ['^a', {url: '^b'}, {url: '^c', in_frames_only: true}, {url: '^d', in_frames_only: false}]\n")
	if err != nil {
		t.Fatal(err)
	}
	check := func(j *Job) {
		t.Helper()
		if got := regexText(j.Fetch.Block); !slices.Equal(got, []string{"^a", "^b", "^d"}) {
			t.Errorf("block %q", got)
		}
		if got := regexText(j.Fetch.BlockInFrames); !slices.Equal(got, []string{"^c"}) {
			t.Errorf("block in frames %q", got)
		}
	}
	check(j)
	out, err := j.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(out, "back.yaml", testStrategies, testVisitRevisit)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	check(back)
}

func TestBlockRuleErrors(t *testing.T) {
	for _, tt := range []struct{ name, block, want string }{
		{"bad regex second", "['^a', '(']", `job.yaml:4: fetch.block[1]: invalid regex "(": missing closing )`},
		{"mapping bad regex", "[{url: '(', in_frames_only: true}]", `job.yaml:4: fetch.block[0].url: invalid regex "(": missing closing )`},
		{"mapping without url", "[{in_frames_only: true}]", `job.yaml:4: fetch.block[0].url: required: the URL pattern to block (a regex)`},
		{"mapping unknown key", "[{url: x, frames: true}]", `job.yaml:4: fetch.block[0].frames: unknown field "frames"`},
		{"in_frames_only not a boolean", "[{url: x, in_frames_only: maybe}]", `job.yaml:4: fetch.block[0].in_frames_only: expected true or false, got "maybe"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parse(minimal + "fetch: {block: " + tt.block + "}\n")
			var es Errors
			if !errors.As(err, &es) {
				t.Fatalf("error %v, want Errors", err)
			}
			if got := strings.Split(err.Error(), "\n"); !slices.Equal(got, []string{tt.want}) {
				t.Errorf("errors:\n got  %q\n want %q", got, tt.want)
			}
		})
	}
}
