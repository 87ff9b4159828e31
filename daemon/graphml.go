package daemon

import (
	"errors"
	"fmt"
	"net/http"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/daemon/crawltree"
)

// getGraphML answers GET /api/v1/captures/{id}/graphml: the capture's
// collapsed crawl tree (package crawltree), as `sharc export graphml`
// writes it. The tree is built before the first byte so a store error is
// still a JSON error; a capture of more URLs than the tree's budget is
// refused before its frontier is loaded (crawltree.BuildAtMost).
func (d *Daemon) getGraphML(w http.ResponseWriter, r *http.Request) error {
	c, js, err := d.capture(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	limit := d.opts.GraphMaxURLs
	if limit <= 0 {
		limit = crawltree.MaxURLs
	}
	tree, err := crawltree.BuildAtMost(r.Context(), d.st, c.ID, limit)
	if errors.Is(err, crawltree.ErrTooLarge) {
		// The request is sound; this capture is too big to answer.
		return &APIError{Status: http.StatusUnprocessableEntity, Message: err.Error()}
	}
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/graphml+xml")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%d.graphml"`, js.name, c.ID))
	if err := crawltree.WriteGraphML(w, tree); err != nil {
		d.log.Error("streaming GraphML", zap.Int64("capture", c.ID), zap.Error(err))
	}
	return nil
}
