package store

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// TestStateUpdatePlan: a state update (one per distinct state, over an
// array of SURTs) prepared while the capture was tiny
// and never analyzed, executed past the point where PostgreSQL switches to
// a cached generic plan, still finds its URL through the primary key once
// the capture has grown, under the settings Commit sends (pgCustomPlans).
// Left to the generic plan it read every URL of the capture through
// urls_host_seq (see pgSetState).
func TestStateUpdatePlan(t *testing.T) {
	ctx := context.Background()
	s, dsn, c := pgCapture(ctx, t, "sharc_plan", "plan")
	commitURLs := func(from, to int) {
		t.Helper()
		b := Batch{CaptureID: c.ID}
		for i := from; i < to; i++ {
			b.Discovered = append(b.Discovered, FrontierURL{URL: fmt.Sprintf("http://example.com/%d", i),
				SURT: fmt.Sprintf("com,example)/%d", i), Host: "example.com", Seq: i})
		}
		if err := s.Commit(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	commitURLs(0, 100)

	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Prepare(ctx, "set_state", pgSetState); err != nil {
		t.Fatal(err)
	}
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, pgCustomPlans); err != nil {
		t.Fatal(err)
	}
	for i := range 10 { // past the fifth execution
		if _, err := tx.Exec(ctx, "set_state", c.ID, []string{fmt.Sprintf("com,example)/%d", i)}, string(StateDone), 1); err != nil {
			t.Fatal(err)
		}
	}
	commitURLs(100, 5000)
	plan := explain(t, func() (pgx.Rows, error) {
		return tx.Query(ctx, fmt.Sprintf(`EXPLAIN EXECUTE set_state(%d, '{"com,example)/4321","com,example)/4322"}', 'done', 1)`, c.ID), pgx.QueryExecModeSimpleProtocol)
	})
	if !strings.Contains(plan, "urls_pkey") || !strings.Contains(plan, "surt = ANY") ||
		strings.Contains(plan, "Filter") {
		t.Errorf("state update is not a primary-key lookup at 5,000 URLs:\n%s", plan)
	}
}

// explain returns the lines of a PostgreSQL EXPLAIN that query runs.
func explain(t *testing.T, query func() (pgx.Rows, error)) string {
	t.Helper()
	rows, err := query()
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan strings.Builder
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			t.Fatal(err)
		}
		plan.WriteString(line + "\n")
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return plan.String()
}
