package changerate

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"sort"
	"strings"
)

// The committed site-structure samples (paths and counts only) travel in
// the binary so `sharc rates evaluate` runs without the Debian packages.
//
//go:embed testdata/*-sample.tsv
var sampleFS embed.FS

// SampleNames lists the embedded site-structure samples ("pgdoc", "pydoc").
func SampleNames() []string {
	ents, err := sampleFS.ReadDir("testdata")
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range ents {
		names = append(names, strings.TrimSuffix(e.Name(), "-sample.tsv"))
	}
	sort.Strings(names)
	return names
}

// EmbeddedSample returns an embedded site-structure sample by name.
func EmbeddedSample(name string) ([]SitePage, error) {
	b, err := sampleFS.ReadFile("testdata/" + name + "-sample.tsv")
	if err != nil {
		return nil, fmt.Errorf("sample %q: unknown (valid: %s)", name, strings.Join(SampleNames(), ", "))
	}
	return ReadSample(bytes.NewReader(b))
}

// sampleSites holds, per embedded sample, the label the documentation uses
// and the URL prefix its paths hang off. The prefix is part of every URL
// feature, so evaluating a sample under another site's prefix gives other
// figures.
var sampleSites = map[string]struct{ label, site string }{
	"pgdoc": {"pgdoc-15", "http://docs.postgresql.test/15/"},
	"pydoc": {"pydoc-3.11", "http://docs.python.test/3.11/"},
}

// EvaluateSample evaluates the embedded sample name under its own site
// prefix (cfg.Site is overridden) and returns the report with the sample's
// label ("pgdoc-15") for WriteMarkdown. `sharc rates evaluate --sample` and
// the generated tables of docs/change-rates.md both go through here.
func EvaluateSample(ctx context.Context, name string, cfg EvalConfig) (EvalReport, string, error) {
	pages, err := EmbeddedSample(name)
	if err != nil {
		return EvalReport{}, "", err
	}
	meta, ok := sampleSites[name]
	if !ok {
		return EvalReport{}, "", fmt.Errorf("sample %q: no site prefix known", name)
	}
	cfg.Site = meta.site
	rep, err := Evaluate(ctx, pages, cfg)
	return rep, meta.label, err
}
