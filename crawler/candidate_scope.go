package crawler

import (
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
)

// scopeStage drops, silently, URLs outside the job's scope rules (scope.go).
type scopeStage struct {
	scope        *scope
	maxRedirects int // fetch.max_redirects
}

func (scopeStage) name() string { return stages.Scope }

func (s scopeStage) admit(u frontier.URL) (bool, *drop) {
	return s.scope.allows(u, s.maxRedirects), nil
}
