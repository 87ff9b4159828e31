package job

import (
	"fmt"
	"slices"

	"gopkg.in/yaml.v3"
)

// behaviors reads capture.browser.behaviors: names from Behaviors, each
// once.
func (p *parser) behaviors(n *yaml.Node, path string) []string {
	var out []string
	for i, it := range p.list(n, path) {
		ip := fmt.Sprintf("%s[%d]", path, i)
		b, ok := p.oneOf(it, ip, Behaviors...)
		if !ok {
			continue
		}
		if slices.Contains(out, b) {
			p.errf(it, ip, "%s is listed twice", b)
			continue
		}
		out = append(out, b)
	}
	return out
}
