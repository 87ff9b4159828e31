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

	tx := customPlanTx(ctx, t, dsn, map[string]string{"set_state": pgSetState})
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

// customPlanTx opens a connection to dsn with statements prepared by
// name, and in it a transaction under the settings Commit sends
// (pgCustomPlans), rolled back and closed when the test ends.
func customPlanTx(ctx context.Context, t *testing.T, dsn string, prepared map[string]string) pgx.Tx {
	t.Helper()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(ctx) })
	for name, sql := range prepared {
		if _, err := conn.Prepare(ctx, name, sql); err != nil {
			t.Fatal(err)
		}
	}
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = tx.Rollback(ctx) })
	if _, err := tx.Exec(ctx, pgCustomPlans); err != nil {
		t.Fatal(err)
	}
	return tx
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

// TestStateUpdatePlanAsCapturesGrow: Commit's state update over a
// hundred SURTs finds them through the primary key however the capture
// came to be, because the store analyzes urls as a capture doubles
// (analyzeGrown). Without that, a capture in a never-analyzed table is
// estimated at 0.5 % of it, and a new capture in a table analyzed before
// it existed at one row; either way a bitmap scan of urls_host_seq on
// capture_id alone looked cheaper, and every update read the whole
// capture (commits at 20,000–40,000 URLs took 2.7 times as long).
func TestStateUpdatePlanAsCapturesGrow(t *testing.T) {
	ctx := context.Background()
	s, dsn, first := pgCapture(ctx, t, "sharc_plan_grow", "grow")
	fill := func(s *pgStore, c int64, n int) {
		t.Helper()
		for from := 0; from < n; from += 1000 {
			b := Batch{CaptureID: c}
			for i := from; i < from+1000; i++ {
				host := fmt.Sprintf("h%03d.example.com", i%500)
				b.Discovered = append(b.Discovered, FrontierURL{URL: fmt.Sprintf("http://%s/%d", host, i),
					SURT: fmt.Sprintf("com,example,h%03d)/%d", i%500, i), Host: host, Seq: i / 500})
			}
			if err := s.Commit(ctx, b); err != nil {
				t.Fatal(err)
			}
		}
	}
	checkPlan := func(c int64, n int) {
		t.Helper()
		surts := make([]string, 100)
		for i := range surts {
			k := n - 200 + i
			surts[i] = fmt.Sprintf("com,example,h%03d)/%d", k%500, k)
		}
		tx := customPlanTx(ctx, t, dsn, nil)
		plan := explain(t, func() (pgx.Rows, error) {
			return tx.Query(ctx, "EXPLAIN "+pgSetState, c, surts, string(StateDone), 1)
		})
		if !strings.Contains(plan, "using urls_pkey") || strings.Contains(plan, "urls_host_seq") {
			t.Errorf("capture %d at %d URLs: state update of 100 URLs is not a primary-key lookup:\n%s", c, n, plan)
		}
	}
	fill(s, first.ID, 40000)
	s.waitBackground()
	checkPlan(first.ID, 40000)

	// A second capture, committed by a second store (as after a restart),
	// into the table analyzed while it held only the first.
	j, err := s.UpsertJob(ctx, "grow-2", "")
	if err != nil {
		t.Fatal(err)
	}
	second, _, err := s.OpenCapture(ctx, j.ID, "bfs", "single-visit")
	if err != nil {
		t.Fatal(err)
	}
	s2, err := openPostgres(ctx, dsn, s.log)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	fill(s2, second.ID, 20000)
	s2.waitBackground()
	checkPlan(second.ID, 20000)
}

func TestGrowthAnalyzesAtDoublings(t *testing.T) {
	var g growth
	steps := []struct {
		capture  int64
		n        int
		analyzes bool
	}{
		{1, 0, false},
		{1, 999, false},
		{1, 1, true}, // 1,000
		{1, 999, false},
		{1, 1, true},     // 2,000
		{2, 5000, true},  // capture 2 counts apart: past 1,000 to 4,000 at once, next 8,000
		{2, 2999, false}, // 7,999
		{2, 1, true},     // 8,000
		{1, 10000, true}, // 12,000: past 4,000 and 8,000 at once, next 16,000
		{1, 3999, false},
		{1, 1, true}, // 16,000
	}
	for i, st := range steps {
		if got := g.add(st.capture, st.n); got != st.analyzes {
			t.Errorf("step %d: add(%d, %d) = %v, want %v", i, st.capture, st.n, got, st.analyzes)
		}
	}
}
