package store

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"sync/atomic"

	"go.uber.org/zap"
)

// WAL checkpoints off the committer's path (issue 33). A checkpoint copies
// the pages committed to the WAL into the database file and syncs it.
// SQLite's automatic checkpoint runs it in the connection whose commit
// brings the WAL past wal_autocheckpoint pages, i.e. in the writer, inside
// the crawler's index commit: about a tenth of that commit's CPU at
// 128,000 pages (docs/benchmarks.md). Here a connection of its own, on its
// own goroutine, runs PRAGMA wal_checkpoint(PASSIVE) each time the commits
// since its last one wrote sqliteCheckpointRows rows. PASSIVE takes no
// lock a commit waits for: it copies the frames committed when it starts,
// while the writer goes on appending more. Checkpointing is safe from any
// connection; a crash in the middle leaves a WAL that the next open
// replays, as after a crash in the writer's own checkpoint.
//
// The WAL starts over from its beginning only when a commit begins with
// every frame already copied. A background checkpoint that runs beside
// back-to-back commits may never quite catch up, so the writer keeps an
// automatic checkpoint as the bound: at sqliteWALCap pages it checkpoints
// itself, as before, copying only what the background one has not, and
// the next commit restarts the WAL. The WAL is thus never larger than
// sqliteWALCap pages and one commit's, whether or not this goroutine gets
// a core (readers holding an old snapshot can hold it back, as they could
// before).
const (
	// sqliteCheckpointRows is how many rows (records, URLs, state
	// changes) the commits write between two background checkpoints:
	// about 2,500 crawled pages, some 10,000 WAL pages (40 MB at 4 KiB).
	sqliteCheckpointRows = 10000
	// sqliteWALCap is the writer's wal_autocheckpoint, in pages (200 MB
	// at 4 KiB): its own checkpoint once the background ones have not
	// kept the WAL below it.
	sqliteWALCap = 50000
)

// sqliteCheckpointer is the background checkpoint's goroutine and
// connection.
type sqliteCheckpointer struct {
	db    *sql.DB
	log   *zap.Logger
	every int64 // rows between checkpoints

	rows   atomic.Int64  // rows committed since the last poke
	poke   chan struct{} // capacity 1: a checkpoint is due
	cancel context.CancelFunc
	wg     sync.WaitGroup

	passes atomic.Int64 // checkpoints run, for tests
	copied atomic.Int64 // WAL frames the last one found copied (its third column)
}

// startCheckpointer opens the checkpoint's connection to path and starts
// its goroutine; close stops both.
func startCheckpointer(ctx context.Context, path string, every int64, log *zap.Logger) (*sqliteCheckpointer, error) {
	db, err := sql.Open("sqlite", path+"?"+sqlitePragmas)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	db.SetConnMaxIdleTime(0)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, err
	}
	runCtx, cancel := context.WithCancel(context.Background())
	c := &sqliteCheckpointer{db: db, log: log, every: every, poke: make(chan struct{}, 1), cancel: cancel}
	c.wg.Add(1)
	go c.run(runCtx)
	return c, nil
}

// committed counts n rows just committed, and wakes the goroutine when a
// checkpoint is due. It never waits: a checkpoint still running when the
// next falls due is followed by one more, not by one per missed poke.
func (c *sqliteCheckpointer) committed(n int) {
	if c.rows.Add(int64(n)) < c.every {
		return
	}
	c.rows.Store(0)
	select {
	case c.poke <- struct{}{}:
	default:
	}
}

func (c *sqliteCheckpointer) run(ctx context.Context) {
	defer c.wg.Done()
	for {
		select {
		case <-ctx.Done():
			return
		case <-c.poke:
		}
		// Not ctx: Close lets a checkpoint that has begun finish.
		if err := c.checkpoint(context.Background()); err != nil {
			// The writer's own checkpoint at sqliteWALCap still bounds
			// the WAL; the next poke tries again.
			c.log.Warn("store: background WAL checkpoint", zap.Error(err))
		}
	}
}

// checkpoint runs one PASSIVE checkpoint.
func (c *sqliteCheckpointer) checkpoint(ctx context.Context) error {
	var busy, frames, copied int64
	if err := c.db.QueryRowContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &frames, &copied); err != nil {
		return fmt.Errorf("wal_checkpoint: %w", err)
	}
	c.copied.Store(copied)
	c.passes.Add(1)
	return nil
}

// close stops the goroutine, after the checkpoint it may be running, and
// closes the connection.
func (c *sqliteCheckpointer) close() error {
	c.cancel()
	c.wg.Wait()
	return c.db.Close()
}
