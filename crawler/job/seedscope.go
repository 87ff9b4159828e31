package job

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

// ScopeType is a per-seed scope type, as Browsertrix crawler names them
// (its docs, "Crawl Scope": scopeType).
type ScopeType string

// Per-seed scope types. ScopeJob is a seed given as a plain string: the
// job-wide scope fields decide for it, as they always have.
const (
	ScopeJob ScopeType = ""
	// ScopePage is the seed alone (and what it embeds).
	ScopePage ScopeType = "page"
	// ScopePageSPA is the seed and its #fragment variants.
	ScopePageSPA ScopeType = "page-spa"
	// ScopePrefix is every URL under the seed's directory (the path up to
	// its last '/').
	ScopePrefix ScopeType = "prefix"
	// ScopeHost is every URL of the seed's host.
	ScopeHost ScopeType = "host"
	// ScopeDomain is the seed's host (less a leading www.) and its
	// subdomains.
	ScopeDomain ScopeType = "domain"
	// ScopeAny is every URL.
	ScopeAny ScopeType = "any"
	// ScopeCustom is what the seed's include regexes match.
	ScopeCustom ScopeType = "custom"
)

// scopeTypes are the values seeds[].scope accepts, in the docs' order.
var scopeTypes = []string{string(ScopePage), string(ScopePageSPA), string(ScopePrefix), string(ScopeHost), string(ScopeDomain), string(ScopeAny), string(ScopeCustom)}

// SeedScope is the scope of one seed written as a mapping
// (seeds: [{url: …, scope: host, depth: 2}]).
type SeedScope struct {
	// Type decides which URLs are in the seed's scope; ScopeJob for a
	// seed written as a plain string.
	Type ScopeType
	// Depth is the longest discovery path from the seed (as
	// scope.max_hops counts it); -1 means the job's scope.max_hops.
	Depth int
	// ExtraHops is how many steps a path may take outside the seed's
	// scope (Browsertrix extraHops): 1 fetches the pages in-scope pages
	// link to but no further.
	ExtraHops int
	// Include (custom only) and Exclude are matched against the canonical
	// URL; Exclude applies to every type, on top of the job-wide
	// scope.exclude.
	Include, Exclude []*regexp.Regexp
}

// Scoped reports whether the seed has a scope of its own.
func (s SeedScope) Scoped() bool { return s.Type != ScopeJob }

// seedEntry is one seeds[] mapping while it is read.
type seedEntry struct {
	URL string
	SeedScope
}

// seedFields are the keys of a seeds[] mapping (documented as seeds[].*).
var seedFields = []field[seedEntry]{
	{key: "url", typ: "URL", def: "required", required: "required: the seed's http or https URL",
		parse: func(p *parser, n *yaml.Node, path string, e *seedEntry) {
			if s, ok := p.str(n, path); ok {
				u, err := canonicalSeed(s)
				if err != nil {
					p.errf(n, path, "%v", err)
					return
				}
				e.URL = u
			}
		},
		write: func(e *seedEntry) any { return e.URL }},
	oneOfField("scope", func(e *seedEntry) *string { return (*string)(&e.Type) }, scopeTypes...),
	{key: "depth", typ: "integer ≥ 0", def: "`scope.max_hops`",
		parse: func(p *parser, n *yaml.Node, path string, e *seedEntry) {
			if v, ok := p.integer(n, path, 0, math.MaxInt32); ok {
				e.Depth = int(v)
			}
		},
		write: func(e *seedEntry) any {
			if e.Depth < 0 {
				return nil
			}
			return e.Depth
		}},
	intField("extra_hops", "integer 0–100", 0, 100, func(e *seedEntry) *int { return &e.ExtraHops }),
	{key: "include", typ: "list of regexes", def: "none (custom: required)",
		parse: func(p *parser, n *yaml.Node, path string, e *seedEntry) { e.Include = p.regexes(n, path) },
		write: func(e *seedEntry) any { return omitNoRegex(e.Include) }},
	{key: "exclude", typ: "list of regexes", def: "none",
		parse: func(p *parser, n *yaml.Node, path string, e *seedEntry) { e.Exclude = p.regexes(n, path) },
		write: func(e *seedEntry) any { return omitNoRegex(e.Exclude) }},
}

func omitNoRegex(res []*regexp.Regexp) any {
	if len(res) == 0 {
		return nil
	}
	return regexText(res)
}

// seedMapping reads one seeds[] mapping at path. Without scope: it is
// custom when include is given, else prefix (Browsertrix's default).
func (p *parser) seedMapping(n *yaml.Node, path string) (string, SeedScope, bool) {
	e := seedEntry{SeedScope: SeedScope{Depth: -1}}
	before := len(p.errs)
	section(p, n, path, seedFields, &e)
	if len(p.errs) > before || e.URL == "" {
		return "", SeedScope{}, false
	}
	switch {
	case e.Type == ScopeJob && len(e.Include) > 0:
		e.Type = ScopeCustom
	case e.Type == ScopeJob:
		e.Type = ScopePrefix
	case e.Type == ScopeCustom && len(e.Include) == 0:
		p.errf(n, join(path, "scope"), "scope custom needs include: a list of regexes saying what is in scope")
		return "", SeedScope{}, false
	case e.Type != ScopeCustom && len(e.Include) > 0:
		p.errf(n, join(path, "include"), "include is for scope custom only; scope %s already says what is in scope (use exclude to narrow it)", e.Type)
		return "", SeedScope{}, false
	}
	return e.URL, e.SeedScope, true
}

// seedURLNode is the node holding a seeds[] item's URL: the item itself,
// or its url: value; nil when there is none.
func seedURLNode(it *yaml.Node) *yaml.Node {
	d := deref(it)
	if d.Kind == yaml.ScalarNode {
		return d
	}
	if d.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(d.Content); i += 2 {
		if d.Content[i].Value == "url" {
			return deref(d.Content[i+1])
		}
	}
	return nil
}

// writeSeeds writes seeds: plain strings while no seed has a scope of
// its own, else a list mixing strings and mappings.
func writeSeeds(j *Job) any {
	if j.SeedScopes == nil {
		return j.Seeds
	}
	l := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	for i, s := range j.Seeds {
		sc := j.SeedScopes[i]
		if !sc.Scoped() {
			l.Content = append(l.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s})
			continue
		}
		m, err := encodeSection(&seedEntry{URL: s, SeedScope: sc}, seedFields)
		if err != nil {
			return nil // seedFields write strings, ints and string lists only
		}
		m.Style = yaml.FlowStyle
		l.Content = append(l.Content, m)
	}
	return l
}

// String describes the scope for logs and errors ("host, depth 2").
func (s SeedScope) String() string {
	if !s.Scoped() {
		return "job scope"
	}
	var b strings.Builder
	b.WriteString(string(s.Type))
	if s.Depth >= 0 {
		fmt.Fprintf(&b, ", depth %d", s.Depth)
	}
	if s.ExtraHops > 0 {
		fmt.Fprintf(&b, ", extra_hops %d", s.ExtraHops)
	}
	return b.String()
}
