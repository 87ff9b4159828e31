package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// runCaptures is `sharc captures list`: the captures of a store, or of
// one job, without the daemon.
func runCaptures(ctx context.Context, c *cli, args []string) error {
	if len(args) > 0 && isHelp(args[0]) {
		fmt.Fprintln(c.stdout, commandUsage("captures"))
		return flag.ErrHelp
	}
	if len(args) == 0 || args[0] != "list" {
		return usagef("missing subcommand: sharc captures list (--store DSN | --job JOB.yaml)")
	}
	fs := c.flags("captures list", commandUsage("captures"))
	dsn := fs.String("store", "", "store DSN: sqlite:PATH or postgres://user@host/db (default: the job's)")
	jobPath := fs.String("job", "", "job YAML file: its store, and only its captures")
	if err := parseFlagsOnly(fs, args[1:]); err != nil {
		return err
	}
	name := ""
	if *jobPath != "" {
		reg := scheduler.NewRegistry()
		j, err := job.Load(*jobPath, reg.Names(), reg.VisitRevisit)
		if err != nil {
			return err
		}
		name = j.Name
		if *dsn == "" {
			*dsn = j.Store
		}
	}
	if *dsn == "" {
		return fs.missing("--store DSN (or --job JOB.yaml, whose store is used)")
	}
	st, err := openExistingStore(ctx, *dsn, c.log)
	if err != nil {
		return err
	}
	defer st.Close()
	rows, err := captureRows(ctx, st, name)
	if err != nil {
		return err
	}
	return writeCaptures(c.stdout, rows)
}

// captureRow is one line of `sharc captures list`.
type captureRow struct {
	job   string
	capt  store.Capture
	pages int64
}

// captureRows lists the captures of every job (or of the job named
// name), by job name then oldest first, with the pages each fetched over
// all its runs.
func captureRows(ctx context.Context, st store.DB, name string) ([]captureRow, error) {
	jobs, err := st.Jobs(ctx)
	if err != nil {
		return nil, err
	}
	var rows []captureRow
	for _, j := range jobs {
		if name != "" && j.Name != name {
			continue
		}
		cs, err := st.Captures(ctx, j.ID)
		if err != nil {
			return nil, err
		}
		for _, capt := range cs {
			tot, err := st.CaptureTotals(ctx, capt.ID)
			if err != nil {
				return nil, err
			}
			rows = append(rows, captureRow{job: j.Name, capt: capt, pages: tot.Fetched})
		}
	}
	return rows, nil
}

// writeCaptures prints the rows as an aligned table; an empty field is "-".
func writeCaptures(w io.Writer, rows []captureRow) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tJOB\tSTATUS\tCOMPLETENESS\tSTOP\tSTARTED\tFINISHED\tPAGES")
	for _, r := range rows {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%d\n", r.capt.ID, r.job, r.capt.Status, r.capt.Completeness(),
			dashIfEmpty(r.capt.StopReason), timeOrDash(r.capt.Started), timeOrDash(r.capt.Finished), r.pages)
	}
	return tw.Flush()
}

func dashIfEmpty(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func timeOrDash(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format(time.RFC3339)
}
