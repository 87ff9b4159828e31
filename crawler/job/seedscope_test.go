package job

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

const seedScopeHead = "name: x\nuser_agent: a@b.org\nseeds:\n"

// TestSeedScopes: seeds may be mappings with a scope of their own
// (issue 30); plain seeds keep SeedScopes nil, and a job mixing both
// marshals to YAML that parses back to the same scopes.
func TestSeedScopes(t *testing.T) {
	tests := []struct {
		name  string
		seeds string
		want  []string // SeedScope.String per seed; nil: SeedScopes nil
	}{
		{"plain strings", "  - https://a.example/\n  - https://b.example/\n", nil},
		{"every type", `  - {url: https://a.example/, scope: page}
  - {url: https://a.example/spa, scope: page-spa}
  - {url: https://a.example/docs/, scope: prefix, depth: 2}
  - {url: https://h.example/, scope: host, extra_hops: 1}
  - {url: https://d.example/, scope: domain}
  - {url: https://any.example/, scope: any, depth: 0}
  - {url: https://c.example/, scope: custom, include: ['^https://c\.example/x/']}
  - https://plain.example/
`, []string{"page", "page-spa", "prefix, depth 2", "host, extra_hops 1", "domain", "any, depth 0", "custom", "job scope"}},
		{"default type prefix", "  - {url: https://a.example/docs/}\n", []string{"prefix"}},
		{"include makes custom", "  - {url: https://a.example/, include: [a]}\n", []string{"custom"}},
		{"duplicate keeps first", "  - {url: https://a.example/, scope: host}\n  - https://a.example/\n", []string{"host"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j, err := parse(seedScopeHead + tt.seeds)
			if err != nil {
				t.Fatal(err)
			}
			check := func(j *Job) {
				t.Helper()
				if tt.want == nil {
					if j.SeedScopes != nil {
						t.Fatalf("SeedScopes = %v, want nil", j.SeedScopes)
					}
					return
				}
				var got []string
				for _, s := range j.SeedScopes {
					got = append(got, s.String())
				}
				if len(j.SeedScopes) != len(j.Seeds) || !slices.Equal(got, tt.want) {
					t.Fatalf("scopes %q (seeds %q), want %q", got, j.Seeds, tt.want)
				}
			}
			check(j)
			out, err := j.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			back, err := Parse(out, "back.yaml", testStrategies, testVisitRevisit)
			if err != nil {
				t.Fatalf("marshalled job does not parse: %v\n%s", err, out)
			}
			check(back)
			if !slices.Equal(back.Seeds, j.Seeds) {
				t.Errorf("seeds %q after a round trip, want %q", back.Seeds, j.Seeds)
			}
		})
	}
}

func TestSeedScopeErrors(t *testing.T) {
	tests := []struct {
		name, seeds, want string
	}{
		{"unknown type", "  - {url: https://a.example/, scope: site}\n",
			`job.yaml:4: seeds[0].scope: invalid value "site" (valid: page, page-spa, prefix, host, domain, any, custom)`},
		{"custom without include", "  - {url: https://a.example/, scope: custom}\n",
			`job.yaml:4: seeds[0].scope: scope custom needs include: a list of regexes saying what is in scope`},
		{"include with a type", "  - {url: https://a.example/, scope: host, include: [x]}\n",
			`job.yaml:4: seeds[0].include: include is for scope custom only; scope host already says what is in scope (use exclude to narrow it)`},
		{"no url", "  - {scope: host}\n", `job.yaml:4: seeds[0].url: required: the seed's http or https URL`},
		{"bad url", "  - {url: 'ftp://a.example/'}\n", `job.yaml:4: seeds[0].url: URL "ftp://a.example/": scheme must be http or https, not "ftp"`},
		{"unknown key", "  - {url: https://a.example/, extraHops: 1}\n", `job.yaml:4: seeds[0].extraHops: unknown field "extraHops" (did you mean "extra_hops"?)`},
		{"negative depth", "  - {url: https://a.example/, depth: -1}\n", `job.yaml:4: seeds[0].depth: -1 is out of range (must be ≥ 0)`},
		{"extra_hops too large", "  - {url: https://a.example/, extra_hops: 101}\n", `job.yaml:4: seeds[0].extra_hops: 101 is out of range (must be 0 to 100)`},
		{"bad regex", "  - {url: https://a.example/, exclude: ['(']}\n", `job.yaml:4: seeds[0].exclude[0]: invalid regex "(": missing closing )`},
		{"list item", "  - [https://a.example/]\n", `job.yaml:4: seeds[0]: expected a string, got a list`},
		{"seed mapping on a denied address", "  - {url: 'http://10.0.0.1/', scope: host}\n",
			`job.yaml:4: seeds[0]: http://10.0.0.1/ is a private address (10.0.0.0/8), which jobs may not fetch by default: to crawl it on purpose, add it to fetch.allow_addresses (e.g. fetch: {allow_addresses: [10.0.0.1/32]})`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parse(seedScopeHead + tt.seeds)
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
