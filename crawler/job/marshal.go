package job

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Marshal writes the effective job (every default spelled out) as YAML
// that Parse reads back to an equal Job; the crawler stores it with each
// capture so a capture records exactly what it was asked to do. Field
// order and spelling come from the field table (fields.go), the one Parse
// reads with. Note that a postgres DSN is written as given, password
// included.
func (j *Job) Marshal() ([]byte, error) {
	root, err := encodeSection(j, jobFields)
	if err != nil {
		return nil, fmt.Errorf("marshal job %q: %w", j.Name, err)
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return nil, fmt.Errorf("marshal job %q: %w", j.Name, err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("marshal job %q: %w", j.Name, err)
	}
	return b.Bytes(), nil
}

// writeHosts writes politeness.hosts, each entry through hostFields; nil
// (left out) when the job has none. The map goes to the YAML encoder so
// hosts come in its key order, as they always have.
func writeHosts(j *Job) any {
	if len(j.Politeness.Hosts) == 0 {
		return nil
	}
	m := make(map[string]*yaml.Node, len(j.Politeness.Hosts))
	for h, hp := range j.Politeness.Hosts {
		v, err := encodeSection(&hp, hostFields)
		if err != nil {
			return nil // hostFields write only strings and ints
		}
		m[h] = v
	}
	return m
}

// regexText writes a regex list as its source strings ([] when empty).
func regexText(res []*regexp.Regexp) []string {
	out := []string{}
	for _, re := range res {
		out = append(out, re.String())
	}
	return out
}

// durationText writes 0 as "0s" and drops Go's trailing zero units
// ("1m0s" → "1m") for readability; both parse back identically.
func durationText(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = s[:len(s)-2]
	}
	if strings.HasSuffix(s, "h0m") {
		s = s[:len(s)-2]
	}
	return s
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// sizeValue writes a size with its unit when one divides it, else as a
// plain integer.
func sizeValue(n int64) any {
	s := FormatSize(n)
	if s[len(s)-1] == 'B' {
		return s
	}
	return n
}
