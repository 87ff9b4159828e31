package browserfetch

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// Bounds on a site-scripts directory: whoever grants the directory
// chooses its files, but a mistake (a build folder, a huge bundle) must
// fail clearly rather than load without end.
const (
	MaxSiteScripts    = 256
	MaxSiteScriptSize = 1 << 20
)

// siteScriptName is what a site script file may be called: the name
// becomes a crawl.log annotation (site/NAME), which allows no spaces or
// commas.
var siteScriptName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.js$`)

// SiteScript is a behaviour for the pages its Match patterns select
// (Browsertrix's site-specific behaviours): JavaScript run in the page
// as the body of an async function, so it may await and return a count.
type SiteScript struct {
	Name   string           // file name, e.g. "example-gallery.js"
	Match  []*regexp.Regexp // on the page's URL; one must match
	Source string
}

// Matches reports whether the script is for pageURL.
func (s SiteScript) Matches(pageURL string) bool {
	return slices.ContainsFunc(s.Match, func(re *regexp.Regexp) bool { return re.MatchString(pageURL) })
}

// ParseSiteScript reads one site script: its leading comment lines name
// the pages it is for, one "// @match REGEX" each (RE2, on the page's
// canonical URL); at least one is needed.
func ParseSiteScript(name string, src []byte) (SiteScript, error) {
	s := SiteScript{Name: name}
	if !siteScriptName.MatchString(name) {
		return s, fmt.Errorf("site script %q: name it with letters, digits, '.', '_' or '-', ending .js", name)
	}
	if len(src) > MaxSiteScriptSize {
		return s, fmt.Errorf("site script %s: larger than %d bytes", name, MaxSiteScriptSize)
	}
	if !utf8.Valid(src) {
		return s, fmt.Errorf("site script %s: not UTF-8", name)
	}
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 0, 4096), MaxSiteScriptSize)
	line := 0
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		if t == "" {
			continue
		}
		c, ok := strings.CutPrefix(t, "//")
		if !ok {
			break // the header ends with the first line of code
		}
		pat, ok := strings.CutPrefix(strings.TrimSpace(c), "@match")
		if !ok {
			continue
		}
		pat = strings.TrimSpace(pat)
		re, err := regexp.Compile(pat)
		if pat == "" || err != nil {
			return s, fmt.Errorf("site script %s:%d: @match needs a valid regex, got %q", name, line, pat)
		}
		s.Match = append(s.Match, re)
	}
	if err := sc.Err(); err != nil {
		return s, fmt.Errorf("site script %s: %w", name, err)
	}
	if len(s.Match) == 0 {
		return s, fmt.Errorf("site script %s: no // @match REGEX line in its header says which pages it is for", name)
	}
	s.Source = string(src)
	return s, nil
}

// LoadSiteScripts reads every *.js file of dir (not its subfolders), in
// name order.
func LoadSiteScripts(dir string) ([]SiteScript, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("site scripts: %w", err)
	}
	var out []SiteScript
	var errs []error
	for _, e := range ents {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".js") {
			continue
		}
		if len(out) == MaxSiteScripts {
			return nil, fmt.Errorf("site scripts: more than %d in %s", MaxSiteScripts, dir)
		}
		src, err := readBounded(filepath.Join(dir, e.Name()))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		s, err := ParseSiteScript(e.Name(), src)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, s)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return out, nil
}

// readBounded reads a file of at most MaxSiteScriptSize bytes.
func readBounded(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("site scripts: %w", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxSiteScriptSize+1))
	if err != nil {
		return nil, fmt.Errorf("site scripts: %w", err)
	}
	if len(b) > MaxSiteScriptSize {
		return nil, fmt.Errorf("site script %s: larger than %d bytes", filepath.Base(path), MaxSiteScriptSize)
	}
	return b, nil
}
