package crawler

import (
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
)

// scopeStage drops, silently, URLs outside the job's scope rules (scope.go).
type scopeStage struct{}

func (scopeStage) name() string { return stages.Scope }

func (scopeStage) admit(c *Crawler, u frontier.URL) (bool, *drop) {
	return c.scope.allows(u, c.job.Fetch.MaxRedirects), nil
}
