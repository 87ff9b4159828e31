package refresh

import "sort"

// Grouping is a set of (possibly overlapping) page groups that a
// group-sampling policy samples and downloads whole.
type Grouping interface {
	Groups() [][]PageID
}

// Compile-time checks.
var (
	_ Grouping = GroupList(nil)
	_ Grouping = (*Clusters)(nil)
)

// GroupList is a fixed list of groups.
type GroupList [][]PageID

// Groups implements Grouping.
func (g GroupList) Groups() [][]PageID { return g }

// SiteGroups groups by host (the Cho & Ntoulas sampling unit).
func SiteGroups(r *Repo) GroupList { return GroupList(r.Sites()) }

// DirGroups groups by directory.
func DirGroups(r *Repo) GroupList { return GroupList(r.Dirs()) }

// CategoryGroups groups by Page.Categories; a page is in every group of
// its categories (Taleghani & Ugur-Ozekinci's overlapping categories).
// Groups are ordered by category number; empty categories are dropped.
func CategoryGroups(r *Repo) GroupList {
	m := map[int][]PageID{}
	for i, p := range r.Pages {
		for _, c := range p.Categories {
			m[c] = append(m[c], PageID(i))
		}
	}
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	g := make(GroupList, len(keys))
	for i, k := range keys {
		g[i] = m[k]
	}
	return g
}
