package main

import (
	"crypto/sha1"
	"encoding/binary"
	"flag"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// attrRef matches a double-quoted href or src attribute, as Sphinx and
// DocBook write them.
var attrRef = regexp.MustCompile(`\b(href|src)="([^"]*)"`)

// runSpread copies a static site and rewrites every relative link of its
// HTML pages into an absolute URL on one of -hosts loopback addresses
// (127.0.0.1 … 127.0.0.N), chosen by a hash of the target's path. Served
// by one nginx listening on all of 127/8, the same documents become a site
// of N hosts for every crawler alike: politeness, connection reuse and the
// frontier are exercised per host, with no name resolution needed.
func runSpread(args []string) error {
	fl := flag.NewFlagSet("spread", flag.ContinueOnError)
	src := fl.String("src", "", "static site to copy")
	dst := fl.String("dst", "", "where the rewritten copy goes (must not exist)")
	port := fl.Int("port", 0, "port the copy will be served on")
	hosts := fl.Int("hosts", 50, "number of loopback hosts")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *src == "" || *dst == "" || *port <= 0 || *hosts < 1 || *hosts > 250 {
		return fmt.Errorf("spread needs -src, -dst, -port and 1 <= -hosts <= 250")
	}
	sp := spreader{port: *port, hosts: *hosts}
	return filepath.WalkDir(*src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(*src, p)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p) // follows Debian's symlinks into /usr/share/javascript
		if err != nil {
			return err
		}
		if strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".htm") {
			b = sp.rewrite("/"+filepath.ToSlash(rel), b)
		}
		out := filepath.Join(*dst, rel)
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		return os.WriteFile(out, b, 0o644)
	})
}

type spreader struct{ port, hosts int }

// host is the loopback address a path lives on.
func (s spreader) host(p string) string {
	sum := sha1.Sum([]byte(p)) // FNV's low bits cluster on similar paths
	return fmt.Sprintf("127.0.0.%d:%d", 1+binary.BigEndian.Uint32(sum[:4])%uint32(s.hosts), s.port)
}

func (s spreader) rewrite(page string, b []byte) []byte {
	base := &url.URL{Path: page}
	return attrRef.ReplaceAllFunc(b, func(m []byte) []byte {
		sub := attrRef.FindSubmatch(m)
		ref := string(sub[2])
		if ref == "" || strings.HasPrefix(ref, "#") || strings.HasPrefix(ref, "//") || strings.Contains(strings.SplitN(ref, "/", 2)[0], ":") {
			return m
		}
		u, err := url.Parse(ref)
		if err != nil {
			return m
		}
		abs := base.ResolveReference(u)
		abs.Path = path.Clean(abs.Path)
		abs.Scheme, abs.Host = "http", s.host(abs.Path)
		return []byte(fmt.Sprintf(`%s="%s"`, sub[1], abs.String()))
	})
}
