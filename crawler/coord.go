package crawler

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/store"
)

// coordinator is what differs between a crawl run by one process
// (singleNode) and one node of several sharing a capture (clusterNode,
// see cluster.go): who seeds the capture, who numbers new URLs, which
// hosts this process may fetch and how the capture is settled at the end.
// Run picks one in newCoordinator; nothing else asks which it is.
type coordinator interface {
	// node names this process in the cluster; "" for a single node.
	node() string
	// warcPrefix is this process's WARC file prefix.
	warcPrefix(jobPrefix string) string
	// repairPattern matches the .open WARC files this process may repair
	// on resume (a node's own only: the others' may be open).
	repairPattern(prefix string) string
	// shared reports whether other processes write to the capture too
	// (deduplication cannot trust its memory alone).
	shared() bool
	// configure adjusts the frontier configuration.
	configure(fcfg *frontier.Config)
	// start fills the frontier: seeds a new capture, restores a resumed
	// one, or joins the cluster.
	start(ctx context.Context) error
	// commit stores a batch and the new URLs among cands (see
	// Crawler.commit for the contract).
	commit(ctx context.Context, b store.Batch, cands []frontier.URL, lines crawllog.Lines) (fresh []frontier.URL, logErr, err error)
	// holds reports whether this process may fetch host's URLs.
	holds(host string) bool
	// mayFetch is holds checked immediately before a request: in a
	// cluster it also checks the lease's deadline (Crawler.mayFetch).
	mayFetch(host string) bool
	// epochs returns the lease epochs a commit of hosts' fetches carries
	// (nil on a single node).
	epochs(hosts []string) map[string]int64
	// background runs beside the workers until ctx ends or the capture
	// is complete.
	background(ctx context.Context) error
	// abandon, interrupted and finish settle the capture after the
	// workers stopped: on a failure, on cancellation, on the frontier's
	// end or a limit.
	abandon(ctx context.Context, logPath string)
	interrupted(ctx context.Context) error
	finish(ctx context.Context, st Stats) error
}

var (
	_ coordinator = singleNode{}
	_ coordinator = clusterNode{}
)

// newCoordinator sets c.coord from Options.Cluster.
func (c *Crawler) newCoordinator() error {
	if c.opts.Cluster == nil {
		c.coord = singleNode{c}
		return nil
	}
	if c.refreshing() {
		// The plan is made by the one process that seeds the capture;
		// spreading it over nodes is not built (issue 16).
		return errors.New("capture.mode refresh runs on a single node, not in a cluster")
	}
	cl, err := c.newCluster()
	if err != nil {
		return err
	}
	c.cl, c.coord = cl, clusterNode{c}
	c.log = c.log.With(zap.String("node", cl.Node))
	return nil
}

// singleNode is the crawl of one process: it owns the capture alone.
type singleNode struct{ c *Crawler }

func (singleNode) node() string                     { return "" }
func (singleNode) warcPrefix(prefix string) string  { return prefix }
func (singleNode) repairPattern(string) string      { return "*.warc.gz.open" }
func (singleNode) shared() bool                     { return false }
func (singleNode) holds(string) bool                { return true }
func (singleNode) mayFetch(string) bool             { return true }
func (singleNode) epochs([]string) map[string]int64 { return nil }

func (s singleNode) configure(fcfg *frontier.Config) {
	if n := s.c.job.MaxActiveHosts; n > 0 {
		fcfg.MaxActive, fcfg.Activate = n, s.c.activate
	}
}

func (s singleNode) start(ctx context.Context) error {
	if s.c.resumed {
		return s.c.restore(ctx)
	}
	return s.c.seed(ctx)
}

func (s singleNode) commit(ctx context.Context, b store.Batch, cands []frontier.URL, lines crawllog.Lines) ([]frontier.URL, error, error) {
	return s.c.commitLocal(ctx, b, cands, lines)
}

func (singleNode) background(context.Context) error  { return nil }
func (singleNode) abandon(context.Context, string)   {}
func (singleNode) interrupted(context.Context) error { return nil }

func (s singleNode) finish(ctx context.Context, st Stats) error {
	if err := s.c.store.SetStopReason(context.WithoutCancel(ctx), s.c.capture.ID, string(st.StopReason)); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if err := s.c.store.FinishCapture(context.WithoutCancel(ctx), s.c.capture.ID, store.CaptureStatusFinished); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	s.c.log.Info("capture finished", zap.String("reason", string(st.StopReason)), zap.Int64("fetched", st.Fetched))
	return nil
}

// clusterNode is one node of a cluster (see cluster.go); its state is
// c.cl.
type clusterNode struct{ c *Crawler }

func (n clusterNode) node() string                           { return n.c.cl.Node }
func (n clusterNode) warcPrefix(prefix string) string        { return warcPrefix(prefix, n.c.cl.Node) }
func (clusterNode) repairPattern(prefix string) string       { return prefix + "-*.warc.gz.open" }
func (clusterNode) shared() bool                             { return true }
func (n clusterNode) holds(host string) bool                 { return n.c.holds(host) }
func (n clusterNode) mayFetch(host string) bool              { return n.c.mayFetch(host) }
func (n clusterNode) epochs(hosts []string) map[string]int64 { return n.c.epochs(hosts) }

// configure leaves max_active_hosts off: nodes bound their hosts by
// leases instead.
func (clusterNode) configure(*frontier.Config) {}

func (n clusterNode) start(ctx context.Context) error { return n.c.clusterStart(ctx) }

func (n clusterNode) commit(ctx context.Context, b store.Batch, cands []frontier.URL, lines crawllog.Lines) ([]frontier.URL, error, error) {
	return n.c.clusterCommit(ctx, b, cands, lines)
}

func (n clusterNode) background(ctx context.Context) error {
	err := n.c.clusterLoop(ctx)
	// Ended by ctx, a limit or a failure: let the workers go.
	n.c.cl.release()
	return err
}

func (n clusterNode) abandon(ctx context.Context, logPath string) {
	c := n.c
	if c.failure() != nil {
		// A failed or refused (stale lease) commit left this node's WARC
		// files .open with records the index lacks, and its crawl.log
		// with their lines: cut them now, as a restart would, since a
		// closed node's files are nobody's to repair later. Both repairs
		// ask the index, so a commit that landed after all keeps its
		// records and lines.
		ctx := context.WithoutCancel(ctx)
		pattern := filepath.Join(c.warcDir, c.coord.repairPattern(c.coord.warcPrefix(c.job.WARC.Prefix)))
		err := c.repairWARCFiles(ctx, pattern)
		if err == nil && logPath != "" {
			err = c.repairCrawlLog(ctx, logPath)
		}
		if err != nil {
			c.log.Error("cluster: repairing this node's WARC files and crawl.log after a failed commit; a restart of the node repairs them", zap.Error(err))
		}
	}
	if err := c.cl.Leaser.LeaveCluster(context.WithoutCancel(ctx), c.capture.ID, c.cl.Node, c.maxGap()); err != nil {
		c.log.Error("cluster: leaving", zap.Error(err))
	}
}

func (n clusterNode) interrupted(ctx context.Context) error {
	_, err := n.c.clusterFinish(ctx)
	return err
}

// finish: a limit stops this node only; the capture finishes when the
// cluster's work is done.
func (n clusterNode) finish(ctx context.Context, st Stats) error {
	finished, err := n.c.clusterFinish(ctx)
	if err != nil {
		return err
	}
	if !finished {
		n.c.log.Info("node stopped; the cluster continues the capture", zap.String("reason", string(st.StopReason)))
		return nil
	}
	n.c.log.Info("capture finished", zap.String("reason", string(st.StopReason)), zap.Int64("fetched", st.Fetched))
	return nil
}

// leaseGone reports whether the node may no longer fetch t's host (a
// cluster lease lost or past its deadline, coordinator.mayFetch); the
// task is then handed back unfetched, its URL still queued in the store
// for the host's next holder.
func (c *Crawler) leaseGone(t frontier.Task) bool {
	if c.coord.mayFetch(t.Host) {
		return false
	}
	c.frontier.Done(t, frontier.Result{Requeue: time.Millisecond})
	return true
}
