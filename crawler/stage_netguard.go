package crawler

import (
	"context"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/store"
)

// netguardStage fails at once the URLs whose fetch was refused in a way
// retrying cannot cure: the network guard denied the address, or the
// response header was oversized. The guard itself runs inside the
// fetcher's dialer, at each resolved address.
type netguardStage struct {
	log    *zap.Logger
	finish unfetchedFinisher
}

func (netguardStage) name() string { return stages.NetGuard }

func (s netguardStage) run(ctx context.Context, it *item) (bool, error) {
	fe, ok := refused(it.fetchErr)
	if !ok {
		return false, nil
	}
	s.log.Info("fetch refused", zap.String("url", it.t.URL.URL), zap.Error(it.fetchErr))
	return true, s.finish.finishUnfetched(ctx, it.worker, it.t, fe.Code, store.StateFailed, fe.Note)
}
