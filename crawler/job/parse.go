package job

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/netip"
	neturl "net/url"
	"os"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"time"

	wurl "github.com/nlnwa/whatwg-url/url"
	"gopkg.in/yaml.v3"

	"github.com/sharc-archive/sharc/crawler/netguard"
)

// Load reads and parses the job file at path; see Parse.
func Load(path string, strategies []string, visitRevisit func(string) bool) (*Job, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read job: %w", err)
	}
	return Parse(data, path, strategies, visitRevisit)
}

// Parse decodes and validates a job. filename is used in error messages.
// strategies lists the valid scheduler names (the caller passes
// scheduler.NewRegistry().Names(), so job does not hard-code them); nil
// skips the check. visitRevisit tells which strategies make visit-revisit
// captures; nil skips the capture-mode consistency check.
//
// On failure the error is an Errors value naming every problem, one per
// line, sorted by line.
func Parse(data []byte, filename string, strategies []string, visitRevisit func(string) bool) (*Job, error) {
	p := &parser{file: filename, nodes: map[string]*yaml.Node{}}
	root := p.document(data)
	if root == nil {
		p.errs.sort()
		return nil, p.errs
	}
	j := Defaults()
	p.job(root, &j)
	p.check(root, &j, strategies, visitRevisit)
	if len(p.errs) > 0 {
		p.errs.sort()
		return nil, p.errs
	}
	return &j, nil
}

// parser collects errors while walking the node tree.
type parser struct {
	file string
	errs Errors
	// nodes records the value node of every field present, by dotted path,
	// so cross-field checks can point at the right line.
	nodes map[string]*yaml.Node
}

func (p *parser) errf(n *yaml.Node, field, format string, args ...any) {
	line := 0
	if n != nil {
		line = n.Line
	}
	p.errs = append(p.errs, &Error{File: p.file, Line: line, Field: field, Msg: fmt.Sprintf(format, args...)})
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// document parses the YAML text and returns the top-level mapping.
func (p *parser) document(data []byte) *yaml.Node {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			p.errs = append(p.errs, &Error{File: p.file, Line: 1, Msg: "empty job file"})
			return nil
		}
		p.syntaxError(err)
		return nil
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		p.errf(&extra, "", "a job file holds one YAML document; found another")
		return nil
	} else if !errors.Is(err, io.EOF) {
		p.syntaxError(err)
		return nil
	}
	root := &doc
	if root.Kind == yaml.DocumentNode {
		if len(root.Content) == 0 {
			p.errs = append(p.errs, &Error{File: p.file, Line: 1, Msg: "empty job file"})
			return nil
		}
		root = root.Content[0]
	}
	if root.Kind != yaml.MappingNode {
		p.errf(root, "", "a job is a mapping of fields (name:, seeds:, …), not %s", kindName(root))
		return nil
	}
	return root
}

func (p *parser) syntaxError(err error) {
	msg := err.Error()
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		p.errs = append(p.errs, &Error{File: p.file, Line: line, Msg: "YAML syntax: " + m[2]})
		return
	}
	p.errs = append(p.errs, &Error{File: p.file, Msg: "YAML syntax: " + strings.TrimPrefix(msg, "yaml: ")})
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "empty"
		}
		return fmt.Sprintf("%q", n.Value)
	case yaml.AliasNode:
		return "an alias"
	}
	return "a document"
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// deref follows aliases, so anchors and aliases work anywhere.
func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 16; i++ {
		n = n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool {
	n = deref(n)
	return n == nil || n.Kind == yaml.ScalarNode && n.Tag == "!!null"
}

// mapping checks that n is a mapping with only the given keys, reports
// unknown and repeated keys, and returns the non-null value of each key
// present. The values are also recorded under their dotted paths.
func (p *parser) mapping(n *yaml.Node, path string, keys ...string) map[string]*yaml.Node {
	out := map[string]*yaml.Node{}
	m := deref(n)
	if m.Kind != yaml.MappingNode {
		p.errf(n, path, "expected a mapping of fields, got %s", kindName(m))
		return out
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			p.errf(k, path, "field names must be plain words")
			continue
		}
		if k.Value == "<<" {
			p.errf(k, path, "merge keys (<<) are not supported; repeat the fields or use an alias for a single value")
			continue
		}
		if seen[k.Value] {
			p.errf(k, join(path, k.Value), "field given twice")
			continue
		}
		seen[k.Value] = true
		if !slices.Contains(keys, k.Value) {
			msg := fmt.Sprintf("unknown field %q", k.Value)
			if s := suggest(k.Value, keys); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			p.errf(k, join(path, k.Value), "%s", msg)
			continue
		}
		if isNull(v) {
			continue
		}
		out[k.Value] = v
		p.nodes[join(path, k.Value)] = v
	}
	return out
}

// suggest returns the known key closest to an unknown one, if close.
func suggest(got string, keys []string) string {
	best, bestD := "", 3
	for _, k := range keys {
		if d := editDistance(strings.ToLower(got), k); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 64
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// scalar returns the scalar value of n or reports what was expected.
func (p *parser) scalar(n *yaml.Node, path, want string) (*yaml.Node, bool) {
	s := deref(n)
	if s.Kind != yaml.ScalarNode {
		p.errf(n, path, "expected %s, got %s", want, kindName(s))
		return nil, false
	}
	return s, true
}

func (p *parser) str(n *yaml.Node, path string) (string, bool) {
	s, ok := p.scalar(n, path, "a string")
	if !ok {
		return "", false
	}
	return s.Value, true
}

func (p *parser) integer(n *yaml.Node, path string, lo, hi int64) (int64, bool) {
	s, ok := p.scalar(n, path, "an integer")
	if !ok {
		return 0, false
	}
	var v int64
	if s.Tag != "!!int" || s.Decode(&v) != nil {
		p.errf(n, path, "expected an integer, got %q", s.Value)
		return 0, false
	}
	if v < lo || v > hi {
		p.errf(n, path, "%d is out of range (%s)", v, rangeText(lo, hi))
		return 0, false
	}
	return v, true
}

func rangeText(lo, hi int64) string {
	if hi == math.MaxInt32 || hi == math.MaxInt64 {
		return fmt.Sprintf("must be ≥ %d", lo)
	}
	return fmt.Sprintf("must be %d to %d", lo, hi)
}

func (p *parser) float(n *yaml.Node, path string) (float64, bool) {
	s, ok := p.scalar(n, path, "a number")
	if !ok {
		return 0, false
	}
	var v float64
	if (s.Tag != "!!int" && s.Tag != "!!float") || s.Decode(&v) != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		p.errf(n, path, "expected a number, got %q", s.Value)
		return 0, false
	}
	return v, true
}

func (p *parser) boolean(n *yaml.Node, path string) (bool, bool) {
	s, ok := p.scalar(n, path, "true or false")
	if !ok {
		return false, false
	}
	var v bool
	if s.Tag != "!!bool" || s.Decode(&v) != nil {
		p.errf(n, path, "expected true or false, got %q", s.Value)
		return false, false
	}
	return v, true
}

// duration accepts Go durations ("1.5s", "2h30m") and a bare 0; negative
// durations are refused.
func (p *parser) duration(n *yaml.Node, path string) (time.Duration, bool) {
	s, ok := p.scalar(n, path, "a duration")
	if !ok {
		return 0, false
	}
	if s.Tag == "!!int" && s.Value == "0" {
		return 0, true
	}
	if s.Tag == "!!int" || s.Tag == "!!float" {
		p.errf(n, path, "duration %q needs a unit, e.g. \"%ss\" or \"%sms\"", s.Value, s.Value, s.Value)
		return 0, false
	}
	d, err := time.ParseDuration(s.Value)
	if err != nil {
		p.errf(n, path, "invalid duration %q (use Go durations such as \"1.5s\", \"10m\", \"2h\")", s.Value)
		return 0, false
	}
	if d < 0 {
		p.errf(n, path, "duration %s is negative", d)
		return 0, false
	}
	return d, true
}

// size accepts an integer number of bytes or a ParseSize string.
func (p *parser) size(n *yaml.Node, path string) (int64, bool) {
	s, ok := p.scalar(n, path, "a size")
	if !ok {
		return 0, false
	}
	if s.Tag == "!!int" {
		return p.integer(n, path, 0, math.MaxInt64)
	}
	v, err := ParseSize(s.Value)
	if err != nil {
		p.errf(n, path, "invalid size %q: %v", s.Value, err)
		return 0, false
	}
	return v, true
}

func (p *parser) list(n *yaml.Node, path string) []*yaml.Node {
	s := deref(n)
	if s.Kind != yaml.SequenceNode {
		p.errf(n, path, "expected a list, got %s", kindName(s))
		return nil
	}
	return s.Content
}

// oneOf checks a string field against its valid values.
func (p *parser) oneOf(n *yaml.Node, path string, valid ...string) (string, bool) {
	s, ok := p.str(n, path)
	if !ok {
		return "", false
	}
	if !slices.Contains(valid, s) {
		p.errf(n, path, "invalid value %q (valid: %s)", s, strings.Join(valid, ", "))
		return "", false
	}
	return s, true
}

var (
	namePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$`)
	contactURL  = regexp.MustCompile(`https?://[^\s/?#()<>]+`)
	contactMail = regexp.MustCompile(`[^\s@<>()\[\];:,"]+@[^\s@<>()\[\];:,"]+\.[A-Za-z]{2,}`)
)

// job reads the top-level mapping through the field table (fields.go).
func (p *parser) job(root *yaml.Node, j *Job) {
	section(p, root, "", jobFields, j)
}

func (p *parser) seeds(n *yaml.Node, j *Job) {
	items := p.list(n, "seeds")
	if items == nil {
		if deref(n).Kind == yaml.SequenceNode {
			p.errf(n, "seeds", "at least one seed URL is needed")
		}
		return
	}
	seen := map[string]bool{}
	var scopes []SeedScope
	for i, it := range items {
		path := fmt.Sprintf("seeds[%d]", i)
		var u string
		sc := SeedScope{Depth: -1}
		if deref(it).Kind == yaml.MappingNode {
			var ok bool
			if u, sc, ok = p.seedMapping(it, path); !ok {
				continue
			}
		} else {
			s, ok := p.str(it, path)
			if !ok {
				continue
			}
			var err error
			if u, err = canonicalSeed(s); err != nil {
				p.errf(it, path, "%v", err)
				continue
			}
		}
		if !seen[u] {
			seen[u] = true
			j.Seeds = append(j.Seeds, u)
			scopes = append(scopes, sc)
		}
	}
	// SeedScopes stays nil while every seed is a plain string, so jobs
	// written before per-seed scopes parse and marshal as they did.
	if slices.ContainsFunc(scopes, SeedScope.Scoped) {
		j.SeedScopes = scopes
	}
}

// canonicalSeed parses a seed with WHATWG rules and drops its fragment.
func canonicalSeed(s string) (string, error) {
	u, err := wurl.Parse(strings.TrimSpace(s))
	if err != nil {
		return "", fmt.Errorf("invalid URL %q: %v", s, err)
	}
	if sc := u.Scheme(); sc != "http" && sc != "https" {
		return "", fmt.Errorf("URL %q: scheme must be http or https, not %q", s, sc)
	}
	if u.Hostname() == "" {
		return "", fmt.Errorf("URL %q has no host", s)
	}
	return u.Href(true), nil
}

func (p *parser) userAgent(n *yaml.Node, s string, j *Job) {
	if strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		p.errf(n, "user_agent", "must be one line without control characters")
		return
	}
	if !contactURL.MatchString(s) && !contactMail.MatchString(s) {
		p.errf(n, "user_agent", "%q has no contact: include a URL (http:// or https://) or an e-mail address where site operators can reach you, e.g. \"sharc/1.0 (+https://example.org/crawler)\"", s)
		return
	}
	j.UserAgent = s
}

// surtPrefixes reads scope.surt_prefixes.
func (p *parser) surtPrefixes(n *yaml.Node, path string, s *Scope) {
	for i, it := range p.list(n, path) {
		ip := fmt.Sprintf("%s[%d]", path, i)
		sp, ok := p.str(it, ip)
		if !ok {
			continue
		}
		if !validSURTPrefix(sp) {
			p.errf(it, ip, "%q is not a SURT prefix: write it lower case without scheme, e.g. \"org,example)/\" for example.org or \"org,example,\" for its subdomains", sp)
			continue
		}
		s.SURTPrefixes = append(s.SURTPrefixes, sp)
	}
}

// validSURTPrefix accepts prefixes of the crawler's SURT keys (package
// urlcanon, the pywb convention: "org,example)/path"): lower case, no
// scheme, no spaces, starting with a host label.
func validSURTPrefix(s string) bool {
	if s == "" || strings.Contains(s, "://") || strings.ContainsAny(s, " \t\n(") || strings.ToLower(s) != s {
		return false
	}
	c := s[0]
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '['
}

func (p *parser) regexes(n *yaml.Node, path string) []*regexp.Regexp {
	if n == nil {
		return nil
	}
	items := p.list(n, path)
	var out []*regexp.Regexp
	for i, it := range items {
		if re := p.regex(it, fmt.Sprintf("%s[%d]", path, i)); re != nil {
			out = append(out, re)
		}
	}
	return out
}

// regex reads one regex at path; nil after reporting a problem.
func (p *parser) regex(n *yaml.Node, path string) *regexp.Regexp {
	s, ok := p.str(n, path)
	if !ok {
		return nil
	}
	re, err := regexp.Compile(s)
	if err != nil {
		msg := err.Error()
		var se *syntax.Error
		if errors.As(err, &se) {
			msg = string(se.Code)
		}
		p.errf(n, path, "invalid regex %q: %s", s, msg)
		return nil
	}
	return re
}

// politenessHosts reads politeness.hosts, each entry through hostFields.
func (p *parser) politenessHosts(n *yaml.Node, path string, po *Politeness) {
	hosts, ok := hostMap(p, n, path, "host: {parallel: N, delay: D}",
		func(hv *yaml.Node, hp string) (HostPoliteness, bool) {
			var h HostPoliteness
			// A bare "host:" is a valid entry: the host is named but
			// keeps the job-wide politeness.
			if isNull(hv) {
				return h, true
			}
			section(p, hv, hp, hostFields, &h)
			return h, true
		})
	if ok {
		po.Hosts = hosts
	}
}

// hostMap decodes n, a mapping keyed by host or host:port, into a map
// keyed by the lower-case host; politeness.hosts and resolve are both
// written this way, so both report bad and repeated hosts alike. want
// shows an entry's form in the error when n is not a mapping, and then ok
// is false so the caller keeps its default. value decodes one entry at its
// dotted path; when it returns false it has reported the problem and the
// entry is left out, so a later entry for the same host is not a repeat.
func hostMap[V any](p *parser, n *yaml.Node, path, want string, value func(v *yaml.Node, path string) (V, bool)) (out map[string]V, ok bool) {
	m := deref(n)
	if m.Kind != yaml.MappingNode {
		p.errf(n, path, "expected a mapping of %s, got %s", want, kindName(m))
		return nil, false
	}
	out = map[string]V{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		host := strings.ToLower(k.Value)
		kp := path + "." + k.Value
		if err := checkHostKey(host); err != nil {
			p.errf(k, kp, "%v", err)
			continue
		}
		if _, dup := out[host]; dup {
			p.errf(k, kp, "host given twice")
			continue
		}
		if x, ok := value(v, kp); ok {
			out[host] = x
		}
	}
	return out, true
}

// checkHostKey validates a host or host:port used as a map key.
func checkHostKey(s string) error {
	if strings.Contains(s, "://") {
		return fmt.Errorf("%q is a URL; write just host or host:port", s)
	}
	host := s
	if h, port, err := net.SplitHostPort(s); err == nil {
		if err := checkPort(port); err != nil {
			return fmt.Errorf("%q: %w", s, err)
		}
		host = h
	}
	if !hostPattern.MatchString(host) && net.ParseIP(host) == nil {
		return fmt.Errorf("%q is not a host or host:port", s)
	}
	return nil
}

// hostPattern is a DNS name (underscores tolerated, as real hosts use them).
var hostPattern = regexp.MustCompile(`^[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?\.?$`)

func checkPort(port string) error {
	n, err := strconv.Atoi(port)
	if err != nil || n < 1 || n > 65535 {
		return fmt.Errorf("port %q must be a number from 1 to 65535", port)
	}
	return nil
}

// allowAddresses reads fetch.allow_addresses: CIDR prefixes (or single
// addresses) the network guard lets the crawl connect to.
func (p *parser) allowAddresses(n *yaml.Node, fe *Fetch) {
	items := p.list(n, "fetch.allow_addresses")
	out := make([]netip.Prefix, 0, len(items))
	for i, it := range items {
		path := fmt.Sprintf("fetch.allow_addresses[%d]", i)
		s, ok := p.str(it, path)
		if !ok {
			continue
		}
		pr, err := netguard.ParsePrefix(s)
		if err != nil {
			p.errf(it, path, "%v", err)
			continue
		}
		if !slices.Contains(out, pr) {
			out = append(out, pr)
		}
	}
	if len(out) > 0 {
		fe.AllowAddresses = out
	}
}

// checkSeedAddresses refuses seeds whose host is an IP address the
// network guard denies and the job does not allow: the crawl could only
// fail them, so the job is a mistake (or an attempt to reach a private
// network) and is better told so before it runs. Host names are checked
// at connect time only, once resolved.
func (p *parser) checkSeedAddresses(j *Job) {
	n, ok := p.nodes["seeds"]
	if !ok || deref(n).Kind != yaml.SequenceNode {
		return
	}
	g := netguard.New(j.Fetch.AllowAddresses)
	for i, it := range deref(n).Content {
		un := seedURLNode(it)
		if un == nil {
			continue // reported by seeds
		}
		s, err := canonicalSeed(un.Value)
		if err != nil {
			continue // reported by seeds
		}
		u, err := neturl.Parse(s)
		if err != nil {
			continue
		}
		a, err := netip.ParseAddr(strings.Trim(u.Hostname(), "[]"))
		if err != nil {
			continue // a host name
		}
		var de *netguard.DeniedError
		if errors.As(g.Check(a), &de) {
			p.errf(it, fmt.Sprintf("seeds[%d]", i), "%s is a %s address (%s), which jobs may not fetch by default: to crawl it on purpose, add it to fetch.allow_addresses (e.g. fetch: {allow_addresses: [%s]})",
				s, de.Range.Kind, de.Range.Prefix, netip.PrefixFrom(de.Addr, de.Addr.BitLen()))
		}
	}
}

// checkDSN accepts "sqlite:PATH" and postgres URLs. The message never
// echoes the DSN, which may hold a password.
func checkDSN(s string) error {
	if path, ok := strings.CutPrefix(s, "sqlite:"); ok {
		if strings.TrimSpace(path) == "" {
			return errors.New("sqlite DSN needs a path: sqlite:PATH")
		}
		return nil
	}
	if strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://") {
		u, err := neturl.Parse(s)
		if err != nil {
			return errors.New("invalid postgres URL (want postgres://USER@HOST:PORT/DB?…)")
		}
		if u.Host == "" && u.Query().Get("host") == "" {
			return errors.New("postgres URL has no host (want postgres://USER@HOST:PORT/DB?…)")
		}
		return nil
	}
	scheme, _, _ := strings.Cut(s, ":")
	if len(scheme) > 20 {
		scheme = scheme[:20] + "…"
	}
	return fmt.Errorf("unsupported store %q (want sqlite:PATH or postgres://…)", scheme+":…")
}

var rateSources = []string{"history", "predictor", "sitemap", "default"}

func (p *parser) changeRates(n *yaml.Node, j *Job) {
	items := p.list(n, "change_rates")
	if items == nil {
		if deref(n).Kind == yaml.SequenceNode {
			p.errf(n, "change_rates", "at least one source is needed (valid: %s)", strings.Join(rateSources, ", "))
		}
		return
	}
	var out []string
	for i, it := range items {
		path := fmt.Sprintf("change_rates[%d]", i)
		s, ok := p.oneOf(it, path, rateSources...)
		if !ok {
			continue
		}
		if slices.Contains(out, s) {
			p.errf(it, path, "source %q listed twice", s)
			continue
		}
		if s == "default" && i != len(items)-1 {
			p.errf(it, path, "\"default\" answers every page, so the sources after it are never asked; put it last")
		}
		out = append(out, s)
	}
	j.ChangeRates = out
}

func (p *parser) resolve(n *yaml.Node, j *Job) {
	targets, ok := hostMap(p, n, "resolve", "host: 127.0.0.1:PORT",
		func(v *yaml.Node, path string) (string, bool) {
			target, ok := p.str(v, path)
			if !ok {
				return "", false
			}
			h, port, err := net.SplitHostPort(target)
			if err != nil || h == "" {
				p.errf(v, path, "target %q must be host:port, e.g. 127.0.0.1:8080", target)
				return "", false
			}
			if err := checkPort(port); err != nil {
				p.errf(v, path, "target %q: %v", target, err)
				return "", false
			}
			return target, true
		})
	if ok {
		j.Resolve = targets
	}
}

// schedule accepts a string ("every 168h", "0 3 * * 1", "@weekly") or a
// mapping with exactly one of every: or cron:.
func (p *parser) schedule(n *yaml.Node, j *Job) {
	var spec string
	at := n
	if deref(n).Kind == yaml.MappingNode {
		f := p.mapping(n, "schedule", "every", "cron")
		e, hasE := f["every"]
		c, hasC := f["cron"]
		switch {
		case hasE && hasC:
			p.errf(c, "schedule", "give either every: or cron:, not both")
			return
		case hasE:
			d, ok := p.str(e, "schedule.every")
			if !ok {
				return
			}
			spec, at = "every "+d, e
		case hasC:
			s, ok := p.str(c, "schedule.cron")
			if !ok {
				return
			}
			spec, at = s, c
		default:
			p.errf(n, "schedule", "give every: DURATION or cron: EXPRESSION")
			return
		}
	} else {
		s, ok := p.str(n, "schedule")
		if !ok {
			return
		}
		spec = s
	}
	sc, err := ParseSchedule(spec)
	if err != nil {
		p.errf(at, "schedule", "%v", err)
		return
	}
	j.Schedule = sc
}

// check runs the cross-field checks and fills the name-dependent defaults.
func (p *parser) check(root *yaml.Node, j *Job, strategies []string, visitRevisit func(string) bool) {
	at := func(paths ...string) *yaml.Node {
		for _, path := range paths {
			if n, ok := p.nodes[path]; ok {
				return n
			}
		}
		return root
	}
	po := j.Politeness
	if po.MaxDelay < po.Delay {
		p.errf(at("politeness.max_delay", "politeness.delay"), "politeness.max_delay", "%s is less than politeness.delay %s", po.MaxDelay, po.Delay)
	}
	if j.Fetch.ConnectTimeout > j.Fetch.Timeout {
		p.errf(at("fetch.connect_timeout", "fetch.timeout"), "fetch.connect_timeout", "%s exceeds fetch.timeout %s", j.Fetch.ConnectTimeout, j.Fetch.Timeout)
	}
	p.checkSeedAddresses(j)
	strategyOK := true
	if strategies != nil && !slices.Contains(strategies, j.Scheduler.Strategy) {
		strategyOK = false
		p.errf(at("scheduler.strategy", "scheduler"), "scheduler.strategy", "unknown strategy %q (valid: %s)", j.Scheduler.Strategy, strings.Join(strategies, ", "))
	}
	if strategyOK && visitRevisit != nil {
		vr := visitRevisit(j.Scheduler.Strategy)
		modeNode, explicit := p.nodes["capture.mode"]
		switch {
		case !explicit && vr:
			j.Capture.Mode = ModeVisitRevisit
		case !explicit:
			j.Capture.Mode = ModeSingleVisit
		case vr && j.Capture.Mode == ModeRefresh:
			p.errf(modeNode, "capture.mode", "strategy %q makes visit-revisit captures: a refresh capture needs a single-visit strategy (%s)", j.Scheduler.Strategy, strings.Join(filter(strategies, visitRevisit, false), ", "))
		case vr && j.Capture.Mode == ModeSingleVisit:
			p.errf(modeNode, "capture.mode", "strategy %q makes visit-revisit captures: set capture.mode: visit-revisit, or choose a single-visit strategy (%s)", j.Scheduler.Strategy, strings.Join(filter(strategies, visitRevisit, false), ", "))
		case !vr && j.Capture.Mode == ModeVisitRevisit:
			p.errf(modeNode, "capture.mode", "strategy %q makes single-visit captures: set capture.mode: single-visit, or choose a visit-revisit strategy (%s)", j.Scheduler.Strategy, strings.Join(filter(strategies, visitRevisit, true), ", "))
		}
	}
	if j.Capture.Mode == "" {
		j.Capture.Mode = ModeSingleVisit
	}
	if j.Capture.Mode == ModeRefresh && j.Refresh.Budget < 1 {
		p.errf(at("refresh.budget", "capture.mode"), "refresh.budget", "capture.mode refresh needs refresh.budget ≥ 1 (pages per cycle)")
	}
	for h, hp := range j.Politeness.Hosts {
		if hp.Parallel == 0 {
			hp.Parallel = j.Politeness.PerHost
			j.Politeness.Hosts[h] = hp
		}
	}
	if j.Name != "" {
		if j.WARC.Dir == "" {
			j.WARC.Dir = "output/" + j.Name + "/warcs"
		}
		if j.WARC.Prefix == "" {
			j.WARC.Prefix = j.Name
		}
	}
	if u := j.WARC.Upload; u != nil && u.Prefix == prefixUnset {
		u.Prefix = ""
		if j.Name != "" {
			u.Prefix = j.Name + "/"
		}
	}
	if j.Store == "" && j.WARC.Dir != "" {
		j.Store = "sqlite:" + strings.TrimRight(j.WARC.Dir, "/") + "/sharc.db"
	}
}

func filter(names []string, visitRevisit func(string) bool, want bool) []string {
	var out []string
	for _, n := range names {
		if visitRevisit(n) == want {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return []string{"none registered"}
	}
	return out
}

// upload reads warc.upload; endpoint and bucket are required unless
// remote names a daemon's remote, which then defines them (and the
// region, TLS and credentials), so the job may not set those.
func (p *parser) upload(n *yaml.Node) *Upload {
	const path = "warc.upload"
	f := p.mapping(n, path, "remote", "endpoint", "bucket", "prefix", "region", "access_key_env", "secret_key_env",
		"use_tls", "delete_local", "parallel", "retries")
	u := &Upload{UseTLS: true, Parallel: DefaultUploadParallel, Retries: DefaultUploadRetries, Prefix: prefixUnset}
	strs := map[string]*string{"remote": &u.Remote, "endpoint": &u.Endpoint, "bucket": &u.Bucket, "prefix": &u.Prefix,
		"region": &u.Region, "access_key_env": &u.AccessKeyEnv, "secret_key_env": &u.SecretKeyEnv}
	for _, k := range []string{"remote", "endpoint", "bucket", "prefix", "region", "access_key_env", "secret_key_env"} {
		dst := strs[k]
		if v, ok := f[k]; ok {
			if s, ok := p.str(v, path+"."+k); ok {
				*dst = s
			}
		}
	}
	if _, ok := f["remote"]; ok {
		p.uploadRemote(f, u)
	} else {
		p.uploadEndpoint(n, f, u)
	}
	bools := map[string]*bool{"use_tls": &u.UseTLS, "delete_local": &u.DeleteLocal}
	for _, k := range []string{"use_tls", "delete_local"} {
		dst := bools[k]
		if v, ok := f[k]; ok {
			if b, ok := p.boolean(v, path+"."+k); ok {
				*dst = b
			}
		}
	}
	if v, ok := f["parallel"]; ok {
		if x, ok := p.integer(v, path+".parallel", 1, 64); ok {
			u.Parallel = int(x)
		}
	}
	if v, ok := f["retries"]; ok {
		if x, ok := p.integer(v, path+".retries", 0, 100); ok {
			u.Retries = int(x)
		}
	}
	return u
}

// uploadRemote checks warc.upload.remote and that nothing the remote
// defines is set beside it.
func (p *parser) uploadRemote(f map[string]*yaml.Node, u *Upload) {
	const path = "warc.upload"
	if !RemoteName.MatchString(u.Remote) {
		p.errf(f["remote"], path+".remote", "%q is not a remote name: use 1-64 letters, digits, '_' or '-'", u.Remote)
	}
	// The remote's values would silently win over these.
	for _, k := range []string{"endpoint", "bucket", "region", "access_key_env", "secret_key_env", "use_tls"} {
		if v, ok := f[k]; ok {
			p.errf(v, path+"."+k, "the remote %q defines it: remove it from the job (or drop warc.upload.remote)", u.Remote)
		}
	}
}

// uploadEndpoint checks an upload that names its server and the
// environment variables holding its credentials (`sharc crawl`).
func (p *parser) uploadEndpoint(n *yaml.Node, f map[string]*yaml.Node, u *Upload) {
	const path = "warc.upload"
	if u.AccessKeyEnv == "" && f["access_key_env"] == nil {
		u.AccessKeyEnv = DefaultUploadAccessKeyEnv
	}
	if u.SecretKeyEnv == "" && f["secret_key_env"] == nil {
		u.SecretKeyEnv = DefaultUploadSecretKeyEnv
	}
	for _, kv := range [][2]string{{"endpoint", u.Endpoint}, {"bucket", u.Bucket}} {
		if strings.TrimSpace(kv[1]) == "" {
			p.errf(n, path+"."+kv[0], "required when warc.upload is set")
		}
	}
	if e := u.Endpoint; strings.Contains(e, "://") || strings.ContainsAny(e, "/?# ") {
		p.errf(f["endpoint"], path+".endpoint", "want host[:port] without scheme or path, got %q (use_tls picks https)", e)
	}
	for _, kv := range [][2]string{{"access_key_env", u.AccessKeyEnv}, {"secret_key_env", u.SecretKeyEnv}} {
		if !envName.MatchString(kv[1]) {
			p.errf(f[kv[0]], path+"."+kv[0], "%q is not an environment variable name (credentials come from the environment, never the job file)", kv[1])
		}
	}
}

// prefixUnset marks an upload prefix the job did not give: the default
// ("<name>/") needs the name, known only after the whole job is read.
const prefixUnset = "\x00unset"

var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// RemoteName is what a remote's name (warc.upload.remote, a daemon's
// remotes:) may be.
var RemoteName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// ProxyProblem says what is wrong with a fetch.proxy value, or "" if
// nothing is: an http or socks5 URL naming a host and port, with no credentials
// (job files are shared and archived with the capture) and no path.
func ProxyProblem(s string) string {
	if s == "" {
		return ""
	}
	u, err := neturl.Parse(s)
	switch {
	case err != nil:
		return fmt.Sprintf("not a URL: %v", err)
	case u.Scheme != "http" && u.Scheme != "socks5":
		return fmt.Sprintf("scheme %q: http:// (HTTPS goes through it with CONNECT) or socks5:// proxies only", u.Scheme)
	case u.User != nil:
		return "must not carry credentials: job files are kept with the capture"
	case u.Hostname() == "" || u.Port() == "":
		return "must name a host and a port, e.g. http://proxy.example.org:3128"
	case u.Path != "" && u.Path != "/" || u.RawQuery != "" || u.Fragment != "":
		return "must be http://host:port or socks5://host:port, without a path, query or fragment"
	}
	return ""
}
