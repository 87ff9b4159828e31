package changerate

import (
	"bytes"
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
