package crawler

import (
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/crawler/traps"
	"github.com/sharc-archive/sharc/frontier"
)

// trapsStage drops URLs a trap defence of package traps refuses. It must
// be the last filter: Admit counts the URL's query variant as admitted.
type trapsStage struct{ traps *traps.Checker }

func (trapsStage) name() string { return stages.Traps }

func (s trapsStage) admit(u frontier.URL) (bool, *drop) {
	if why, ok := s.traps.Check(u.URL); !ok {
		return false, &drop{u.URL, u.HopPath, u.Via, crawllog.CodeChaff, string(why)}
	}
	if why, ok := s.traps.Admit(u.URL); !ok {
		return false, &drop{u.URL, u.HopPath, u.Via, crawllog.CodeChaff, string(why)}
	}
	return true, nil
}
