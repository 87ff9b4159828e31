package extract

import (
	"bufio"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"

	wurl "github.com/nlnwa/whatwg-url/url"
)

// extractSitemap reads an XML sitemap (<urlset>) or sitemap index
// (<sitemapindex>) as defined by sitemaps.org 0.9. Other XML documents
// yield nothing. Namespaces are ignored (only local names count) so that
// sloppy sitemaps without xmlns still work; extension elements such as
// image:loc are not mistaken for <loc> because only direct children of
// <url>/<sitemap> are read.
func extractSitemap(c *collector, body io.Reader) error {
	d := xml.NewDecoder(body)
	d.Strict = false
	d.Entity = xml.HTMLEntity
	// Sitemaps must be UTF-8; decode other declared charsets as if they
	// were, rather than give up on the whole file.
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }

	var (
		depth  int    // element depth; the root is 1
		root   string // local name of the root element
		field  string // local name of the <url>/<sitemap> child being read
		text   strings.Builder
		entry  SitemapURL
		inItem bool
	)
	for {
		tok, err := d.Token()
		if err != nil {
			if errors.Is(err, io.EOF) || root == "" {
				return nil // done, or not XML at all: not a sitemap
			}
			return fmt.Errorf("extract: sitemap xml: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			name := strings.ToLower(t.Name.Local)
			switch {
			case depth == 1:
				root = name
				if root != "urlset" && root != "sitemapindex" {
					return nil // not a sitemap
				}
			case depth == 2:
				inItem = (root == "urlset" && name == "url") || (root == "sitemapindex" && name == "sitemap")
				entry = SitemapURL{}
			case depth == 3 && inItem:
				field = name
				text.Reset()
			}
		case xml.CharData:
			if field != "" && text.Len()+len(t) <= maxFieldLen {
				text.Write(t)
			}
		case xml.EndElement:
			switch {
			case depth == 3 && inItem && field != "":
				setField(&entry, field, strings.TrimSpace(text.String()))
				field = ""
			case depth == 2 && inItem:
				inItem = false
				if done := c.sitemapEntry(root, "", entry); done {
					return nil
				}
			}
			depth--
		}
	}
}

func setField(e *SitemapURL, field, v string) {
	switch field {
	case "loc":
		e.Loc = v
	case "changefreq":
		e.ChangeFreq = strings.ToLower(v)
	case "lastmod":
		e.LastMod = v
	case "priority":
		if p, err := strconv.ParseFloat(v, 64); err == nil && p >= 0 && p <= 1 {
			e.Priority, e.HasPriority = p, true
		}
	}
}

// sitemapEntry records one <url> or <sitemap> entry and reports whether the
// MaxLinks cap has been reached.
// ctx overrides the link context ("" for the XML element path).
func (c *collector) sitemapEntry(root, ctx string, e SitemapURL) (done bool) {
	if len(c.res.Sitemap)+len(c.res.SitemapIndex) >= c.maxLinks {
		c.res.Truncated = true
		c.res.LinksDropped++
		return true
	}
	u := c.resolve(e.Loc)
	if u == "" {
		return false
	}
	e.Loc = u
	if root == "urlset" {
		c.res.Sitemap = append(c.res.Sitemap, e)
		if ctx == "" {
			ctx = "urlset/url/loc"
		}
		c.add(u, HopSitemap, ctx)
	} else {
		c.res.SitemapIndex = append(c.res.SitemapIndex, u)
		if ctx == "" {
			ctx = "sitemapindex/sitemap/loc"
		}
		c.add(u, HopSitemap, ctx)
	}
	return false
}

// isSitemapTxt reports whether a text/plain document is a text sitemap by
// its URL: the last path segment starts with "sitemap" and ends in ".txt".
// Other text files are not link lists.
func isSitemapTxt(baseURL string) bool {
	name := lastSegment(baseURL)
	return strings.HasPrefix(name, "sitemap") && strings.HasSuffix(name, ".txt")
}

// pathHasSuffix reports whether the URL's path ends in suffix (any case).
func pathHasSuffix(baseURL, suffix string) bool {
	return strings.HasSuffix(lastSegment(baseURL), suffix)
}

// lastSegment returns the lower-cased last path segment of a URL.
func lastSegment(baseURL string) string {
	u, err := wurl.Parse(baseURL)
	if err != nil {
		return ""
	}
	return strings.ToLower(path.Base(u.Pathname()))
}

// extractSitemapTxt reads a text sitemap: one absolute URL per line.
func extractSitemapTxt(c *collector, body io.Reader) {
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 0, 4096), maxFieldLen)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if done := c.sitemapEntry("urlset", "sitemap.txt", SitemapURL{Loc: line}); done {
			return
		}
	}
	// A line longer than maxFieldLen stops the scan: what was read is kept.
}
