package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Session is one node's saved session of a capture (issue 30): the
// crawler's own JSON (siteauth.Session: the cookie jar, the hosts logged
// in and as whom), kept so a resumed capture carries on logged in. The
// store does not read it. Node "" is a single-node capture.
type Session struct {
	CaptureID int64
	Node      string
	State     []byte
	Updated   time.Time
}

// MaxSessionBytes bounds a saved session: a jar holds at most 3000
// cookies of 4 KiB.
const MaxSessionBytes = 16 << 20

const setSessionSQL = `INSERT INTO capture_sessions (capture_id, node, state, updated) VALUES (%s)
	ON CONFLICT (capture_id, node) DO UPDATE SET state = excluded.state, updated = excluded.updated`

const sessionsSQL = `SELECT node, state, updated FROM capture_sessions WHERE capture_id = %s ORDER BY node`

func checkSession(s Session) error {
	if len(s.State) > MaxSessionBytes {
		return fmt.Errorf("store: session of capture %d node %q: %d bytes, more than %d", s.CaptureID, s.Node, len(s.State), MaxSessionBytes)
	}
	return nil
}

func (s *sqliteStore) SetSession(ctx context.Context, sess Session) error {
	if err := checkSession(sess); err != nil {
		return err
	}
	_, err := s.w.ExecContext(ctx, fmt.Sprintf(setSessionSQL, "?, ?, ?, ?"), sess.CaptureID, sess.Node, string(sess.State), micros(sess.Updated))
	if err != nil {
		return fmt.Errorf("store: save session of capture %d node %q: %w", sess.CaptureID, sess.Node, err)
	}
	return nil
}

func (s *pgStore) SetSession(ctx context.Context, sess Session) error {
	if err := checkSession(sess); err != nil {
		return err
	}
	_, err := s.pool.Exec(ctx, fmt.Sprintf(setSessionSQL, "$1, $2, $3, $4"), sess.CaptureID, sess.Node, string(sess.State), dbTime(sess.Updated))
	if err != nil {
		return fmt.Errorf("store: save session of capture %d node %q: %w", sess.CaptureID, sess.Node, err)
	}
	return nil
}

func (s *sqliteStore) Sessions(ctx context.Context, captureID int64) ([]Session, error) {
	out, err := sqliteAll(ctx, s.r, func(row interface{ Scan(...any) error }) (Session, error) {
		var v Session
		var state string
		var updated int64
		err := row.Scan(&v.Node, &state, &updated)
		v.CaptureID, v.State, v.Updated = captureID, []byte(state), fromMicros(updated)
		return v, err
	}, fmt.Sprintf(sessionsSQL, "?"), captureID)
	if err != nil {
		return nil, fmt.Errorf("store: sessions of capture %d: %w", captureID, err)
	}
	return out, nil
}

func (s *pgStore) Sessions(ctx context.Context, captureID int64) ([]Session, error) {
	rows, err := s.pool.Query(ctx, fmt.Sprintf(sessionsSQL, "$1"), captureID)
	if err != nil {
		return nil, fmt.Errorf("store: sessions of capture %d: %w", captureID, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Session, error) {
		var v Session
		var state string
		err := row.Scan(&v.Node, &state, &v.Updated)
		v.CaptureID, v.State, v.Updated = captureID, []byte(state), v.Updated.UTC()
		return v, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: sessions of capture %d: %w", captureID, err)
	}
	return out, nil
}
