package crawler

import (
	"regexp"
	"strings"
	"sync"

	"github.com/sharc-archive/sharc/crawllog"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/job"
	"github.com/sharc-archive/sharc/urlcanon"
)

// scope decides which discovered URLs are crawled.
type scope struct {
	prefixes         []string // SURT prefixes
	include, exclude []*regexp.Regexp
	maxHops          int

	mu    sync.Mutex
	https map[string]bool // hosts seen over https: their robots.txt is fetched over https
}

func newScope(j *job.Job) *scope {
	s := &scope{prefixes: j.Scope.SURTPrefixes, include: j.Scope.Include, exclude: j.Scope.Exclude, maxHops: j.Scope.MaxHops, https: map[string]bool{}}
	if len(s.prefixes) == 0 {
		for _, seed := range j.Seeds {
			if u, err := urlcanon.Canonical("", seed); err == nil {
				s.prefixes = append(s.prefixes, urlcanon.HostSURTPrefix(u))
			}
		}
	}
	return s
}

func (s *scope) noteHTTPS(host string) {
	s.mu.Lock()
	s.https[host] = true
	s.mu.Unlock()
}

// allows applies, in order: hop limits (max_hops counts every hop; a
// redirect chain longer than maxRedirects stops), the SURT prefixes, the
// include regexes (if any, one must match) and the exclude regexes.
func (s *scope) allows(u frontier.URL, maxRedirects int) bool {
	if crawllog.HopDepth(u.HopPath) > s.maxHops {
		return false
	}
	if trailing := len(u.HopPath) - len(strings.TrimRight(u.HopPath, "R")); trailing > maxRedirects {
		return false
	}
	in := false
	for _, p := range s.prefixes {
		if strings.HasPrefix(u.SURT, p) {
			in = true
			break
		}
	}
	if !in {
		return false
	}
	if len(s.include) > 0 {
		ok := false
		for _, re := range s.include {
			if re.MatchString(u.URL) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	for _, re := range s.exclude {
		if re.MatchString(u.URL) {
			return false
		}
	}
	return true
}

// filter keeps the candidates in scope.
func (s *scope) filter(cands []frontier.URL, maxRedirects int) []frontier.URL {
	out := cands[:0]
	for _, u := range cands {
		if s.allows(u, maxRedirects) {
			out = append(out, u)
		}
	}
	return out
}
