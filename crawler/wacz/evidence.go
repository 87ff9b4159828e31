package wacz

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/sharc-archive/sharc/crawler/heritrix"
	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/internal/version"
	"github.com/sharc-archive/sharc/store"
)

// Paths of the evidence files a package carries beside the quality
// report (docs/report.md, "What the package holds").
const (
	PathReportHTML = "reports/" + jobdir.QualityHTML
	PathReportJSON = "reports/" + jobdir.QualityJSON
	PathJobYAML    = "reports/" + jobdir.JobFile
	PathVersion    = "reports/software.json"
)

// masked replaces a secret in the packaged job file.
const masked = "*****"

// secretKey matches YAML keys whose values are credentials.
var secretKey = regexp.MustCompile(`(?i)(pass(word|wd)?|secret|token|cookie|authorization|api[_-]?key|credential|private[_-]?key)`)

// EvidenceExtras are a capture folder's files for the package: the SHARC
// report (HTML and JSON), every crawl.log, Heritrix's reports, the job
// file with secrets masked (MaskSecrets), the folder's audit trail when
// withAudit, and the software's identity (SoftwareJSON). Files the folder
// lacks (a capture begun before capture folders, a report not yet
// written) are left out; the package lists what it holds. Logs and
// reports are streamed from their files when the package is written.
func EvidenceExtras(folder jobdir.Folder, withAudit bool) ([]Extra, error) {
	var out []Extra
	if folder != "" && folder.Exists() {
		names := append([]string{jobdir.QualityHTML, jobdir.QualityJSON}, heritrix.Reports...)
		if withAudit {
			names = append(names, jobdir.AuditFile)
		}
		for _, n := range names {
			if p := filepath.Join(folder.Reports(), n); isFile(p) {
				out = append(out, Extra{Path: "reports/" + n, File: p})
			}
		}
		logs, err := filepath.Glob(filepath.Join(folder.Logs(), "crawl*.log"))
		if err != nil {
			return nil, fmt.Errorf("wacz: %w", err)
		}
		sort.Strings(logs)
		for _, p := range logs {
			out = append(out, Extra{Path: "reports/" + filepath.Base(p), File: p})
		}
		jobYAML, err := os.ReadFile(filepath.Join(string(folder), jobdir.JobFile))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("wacz: %w", err)
		}
		if err == nil {
			m, err := MaskSecrets(jobYAML)
			if err != nil {
				return nil, err
			}
			out = append(out, Extra{Path: PathJobYAML, Data: m})
		}
	}
	sw, err := SoftwareJSON()
	if err != nil {
		return nil, err
	}
	return append(out, Extra{Path: PathVersion, Data: sw}), nil
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// SoftwareJSON names the build that made the package: version, VCS
// revision and whether the tree had uncommitted changes.
func SoftwareJSON() ([]byte, error) {
	b, err := json.MarshalIndent(version.Build(), "", "  ")
	if err != nil {
		return nil, fmt.Errorf("wacz: software: %w", err)
	}
	return append(b, '\n'), nil
}

// MaskSecrets returns a job file with credential-like values replaced by
// "*****": any value under a key that names a password, secret, token,
// cookie, authorization or key, and the password of any URL (a store
// DSN's). The rest, comments and order included, is kept, so a reader
// sees the effective job without its secrets.
func MaskSecrets(jobYAML []byte) ([]byte, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(jobYAML, &doc); err != nil {
		return nil, fmt.Errorf("wacz: job file: %w", err)
	}
	maskNode(&doc, false)
	var b strings.Builder
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return nil, fmt.Errorf("wacz: job file: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("wacz: job file: %w", err)
	}
	return []byte(b.String()), nil
}

func maskNode(n *yaml.Node, secret bool) {
	switch n.Kind {
	case yaml.ScalarNode:
		if secret && n.Value != "" {
			n.Value, n.Tag, n.Style = masked, "!!str", 0
			return
		}
		n.Value = maskURLPassword(n.Value)
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i].Value
			if v := n.Content[i+1]; k == "store" && v.Kind == yaml.ScalarNode {
				// A job recorded before DSNs were (store.Describe), or
				// in a form no URL parser reads.
				v.Value = store.Describe(v.Value)
				continue
			}
			// A key ending in _env names an environment variable that
			// holds the secret, not the secret itself.
			maskNode(n.Content[i+1], secret || (secretKey.MatchString(k) && !strings.HasSuffix(k, "_env")))
		}
	default:
		for _, c := range n.Content {
			maskNode(c, secret)
		}
	}
}

// maskURLPassword masks the password of a URL with user information
// (http://user:pass@proxy/) or a password parameter; a string that looks
// like a URL with either but does not parse is masked whole. Other
// strings are returned as they are.
func maskURLPassword(s string) string {
	if !strings.Contains(s, "://") && !strings.HasPrefix(s, "//") { // "//user:pass@host" is a URL too
		return s
	}
	if !strings.Contains(s, "@") && !strings.Contains(strings.ToLower(s), "password") {
		return s
	}
	u, err := url.Parse(s)
	if err != nil {
		return masked
	}
	store.MaskURLSecrets(u, masked)
	return strings.ReplaceAll(u.String(), url.QueryEscape(masked), masked)
}
