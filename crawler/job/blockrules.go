package job

import (
	"fmt"
	"regexp"

	"gopkg.in/yaml.v3"
)

// blockRule is one fetch.block mapping while it is read.
type blockRule struct {
	URL          *regexp.Regexp
	InFramesOnly bool
}

// blockRuleFields are the keys of a fetch.block mapping (documented as
// fetch.block[].*).
var blockRuleFields = []field[blockRule]{
	{key: "url", typ: "regex", def: "required", required: "required: the URL pattern to block (a regex)",
		parse: func(p *parser, n *yaml.Node, path string, b *blockRule) {
			b.URL = p.regex(n, path)
		},
		write: func(b *blockRule) any { return b.URL.String() }},
	boolField("in_frames_only", func(b *blockRule) *bool { return &b.InFramesOnly }),
}

// blockRules reads fetch.block: each item a regex (blocked everywhere)
// or a mapping {url: regex, in_frames_only: bool}.
func (p *parser) blockRules(n *yaml.Node, path string, fe *Fetch) {
	for i, it := range p.list(n, path) {
		ip := fmt.Sprintf("%s[%d]", path, i)
		if deref(it).Kind != yaml.MappingNode {
			if re := p.regex(it, ip); re != nil {
				fe.Block = append(fe.Block, re)
			}
			continue
		}
		var b blockRule
		before := len(p.errs)
		section(p, it, ip, blockRuleFields, &b)
		switch {
		case len(p.errs) > before || b.URL == nil:
		case b.InFramesOnly:
			fe.BlockInFrames = append(fe.BlockInFrames, b.URL)
		default:
			fe.Block = append(fe.Block, b.URL)
		}
	}
}

// writeBlockRules writes fetch.block: the rules for every request as
// strings, then the frame-only ones as mappings.
func writeBlockRules(j *Job) any {
	if len(j.Fetch.BlockInFrames) == 0 {
		return regexText(j.Fetch.Block)
	}
	l := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	for _, re := range j.Fetch.Block {
		l.Content = append(l.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: re.String()})
	}
	for _, re := range j.Fetch.BlockInFrames {
		m, err := encodeSection(&blockRule{URL: re, InFramesOnly: true}, blockRuleFields)
		if err != nil {
			return nil // blockRuleFields write a string and a bool
		}
		m.Style = yaml.FlowStyle
		l.Content = append(l.Content, m)
	}
	return l
}
