package crawler

import (
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
)

// hopsStage drops URLs past fetch.max_redirects redirects in a row or
// scope.max_hops hops from a seed (a scoped seed's depth for what
// descends from it).
type hopsStage struct {
	scope        *scope
	maxRedirects int // fetch.max_redirects
}

func (hopsStage) name() string { return stages.Hops }

func (s hopsStage) admit(u frontier.URL) (bool, *drop) {
	switch {
	case trailingRedirects(u.HopPath) > s.maxRedirects:
		return false, &drop{u.URL, u.HopPath, u.Via, crawllog.CodeTooManyHops, annRedirectLimit}
	case crawllog.HopDepth(u.HopPath) > s.scope.maxHopsFor(u):
		return false, &drop{u.URL, u.HopPath, u.Via, crawllog.CodeTooManyHops, annMaxHops}
	}
	return true, nil
}
