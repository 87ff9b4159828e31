package refresh

import (
	"fmt"
	"net/url"
	"strings"
)

// PageID indexes Repo.Pages.
type PageID int32

// Page is what the archive knows about one stored page before a cycle.
type Page struct {
	// URL is the page's absolute http(s) URL; its host is the page's site
	// and its path the page's place in the directory tree.
	URL string
	// Features are change-correlated features of the stored copy (content,
	// URL and link features in the sense of Tan & Mitra 2010 §3.2); every
	// page has the same number of them. Used by feature clustering.
	Features []float64
	// Categories are the topic categories the page belongs to
	// (overlapping; Taleghani & Ugur-Ozekinci use six per page).
	Categories []int
}

// Repo is the repository between two full captures: pages and their
// intra-site links, with the derived site and directory structure.
type Repo struct {
	Pages []Page
	// Out[p] are the pages p links to (intra-site links only).
	Out [][]PageID

	in    [][]PageID
	site  []int      // site index of each page
	sites [][]PageID // pages of each site, in ID order
	dir   []int      // directory index of each page
	dirs  [][]PageID // pages of each directory, in ID order
	comps [][]int32  // interned URL components: host, dirs…, file
}

// NewRepo validates pages and links and derives sites, directories and
// in-links. It keeps the slices it is given; callers must not change them.
func NewRepo(pages []Page, out [][]PageID) (*Repo, error) {
	if len(out) != len(pages) {
		return nil, fmt.Errorf("refresh: %d link lists for %d pages", len(out), len(pages))
	}
	r := &Repo{Pages: pages, Out: out, in: make([][]PageID, len(pages)),
		site: make([]int, len(pages)), dir: make([]int, len(pages)), comps: make([][]int32, len(pages))}
	intern := map[string]int32{}
	siteOf := map[string]int{}
	dirOf := map[string]int{}
	nf := -1
	for i, p := range pages {
		if nf < 0 {
			nf = len(p.Features)
		} else if len(p.Features) != nf {
			return nil, fmt.Errorf("refresh: page %d has %d features, page 0 has %d", i, len(p.Features), nf)
		}
		host, parts, err := splitURL(p.URL)
		if err != nil {
			return nil, fmt.Errorf("refresh: page %d: %w", i, err)
		}
		c := make([]int32, 0, len(parts)+1)
		for _, s := range append([]string{host}, parts...) {
			id, ok := intern[s]
			if !ok {
				id = int32(len(intern))
				intern[s] = id
			}
			c = append(c, id)
		}
		r.comps[i] = c
		r.site[i] = indexOf(siteOf, host, &r.sites, PageID(i))
		dirKey := host + "/" + strings.Join(parts[:len(parts)-1], "/")
		r.dir[i] = indexOf(dirOf, dirKey, &r.dirs, PageID(i))
	}
	for p, links := range out {
		for _, q := range links {
			if q < 0 || int(q) >= len(pages) {
				return nil, fmt.Errorf("refresh: page %d links to unknown page %d", p, q)
			}
			r.in[q] = append(r.in[q], PageID(p))
		}
	}
	return r, nil
}

// indexOf returns key's group index, creating the group on first sight,
// and appends id to it.
func indexOf(m map[string]int, key string, groups *[][]PageID, id PageID) int {
	g, ok := m[key]
	if !ok {
		g = len(*groups)
		m[key] = g
		*groups = append(*groups, nil)
	}
	(*groups)[g] = append((*groups)[g], id)
	return g
}

// splitURL returns the host and the path components of an absolute URL;
// the last component is the file name ("" for a directory URL).
func splitURL(raw string) (string, []string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", nil, fmt.Errorf("parse %q: %w", raw, err)
	}
	if u.Host == "" {
		return "", nil, fmt.Errorf("url %q has no host", raw)
	}
	path := strings.TrimPrefix(u.EscapedPath(), "/")
	return strings.ToLower(u.Host), strings.Split(path, "/"), nil
}

// Len is the number of pages.
func (r *Repo) Len() int { return len(r.Pages) }

// In returns the pages linking to p.
func (r *Repo) In(p PageID) []PageID { return r.in[p] }

// Site returns p's site index; Sites lists each site's pages.
func (r *Repo) Site(p PageID) int { return r.site[p] }

// Sites returns the pages of every site (host).
func (r *Repo) Sites() [][]PageID { return r.sites }

// Dir returns p's directory index.
func (r *Repo) Dir(p PageID) int { return r.dir[p] }

// Dirs returns the pages of every directory.
func (r *Repo) Dirs() [][]PageID { return r.dirs }
