package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/sharc-archive/sharc/daemon"
)

// runJob is the API client: sharc job submit|list|status|pause|resume|cancel.
func runJob(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("job", `usage: sharc job [--server URL] [--token T] [--ca FILE] COMMAND
commands:
  submit [--replace] JOB.yaml
                    validate and submit a job (starts its first capture);
                    --replace: replace a job of that name with other settings
                    (refused without it)
  list              list jobs
  status NAME       live status: counters and per-host queues
  pause NAME        stop the running capture, keep it resumable
  resume NAME       resume a paused capture (or start a new one)
  cancel NAME       stop the capture for good`)
	server := fs.String("server", envOr("SHARC_SERVER", "http://127.0.0.1:8180"), "daemon URL (env SHARC_SERVER)")
	token := fs.String("token", "", "API token (default: env SHARC_TOKEN)")
	ca := fs.String("ca", os.Getenv("SHARC_CA"), "PEM file of a CA (or the self-signed certificate) to trust for an https:// server (env SHARC_CA)")
	replace := fs.Bool("replace", false, "submit: replace a job of the same name that has other settings (the daemon refuses otherwise)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *token == "" {
		*token = os.Getenv("SHARC_TOKEN")
	}
	rest := replaceAfterSubmit(fs.Args(), replace)
	if slices.ContainsFunc(rest, isHelp) {
		fs.printHelp(c.stdout)
		return flag.ErrHelp
	}
	if len(rest) == 0 {
		fs.Usage()
		return errUsage
	}
	hc, err := daemon.HTTPClientWithCA(*ca)
	if err != nil {
		return err
	}
	cl := &daemon.Client{Base: *server, Token: *token, HTTP: hc}
	need := func(n int) error { return needArgs(rest, n) }
	switch rest[0] {
	case "submit":
		if err := need(1); err != nil {
			return err
		}
		return jobSubmit(ctx, c, cl, rest[1], *replace)
	case "list":
		if err := need(0); err != nil {
			return err
		}
		return jobList(ctx, c, cl)
	case "status":
		if err := need(1); err != nil {
			return err
		}
		st, err := cl.Status(ctx, rest[1])
		if err != nil {
			return apiErr(err)
		}
		printStatus(c, st)
		return nil
	case "pause", "resume", "cancel":
		if err := need(1); err != nil {
			return err
		}
		info, err := cl.Action(ctx, rest[1], rest[0])
		if err != nil {
			return apiErr(err)
		}
		fmt.Fprintf(c.stdout, "job %s: %s\n", info.Name, info.State)
		return nil
	}
	return usagef("unknown command %q (valid: submit, list, status, pause, resume, cancel)", rest[0])
}

// replaceAfterSubmit takes --replace out of `sharc job submit --replace
// JOB.yaml` (the flag after the command) into replace.
func replaceAfterSubmit(rest []string, replace *bool) []string {
	if len(rest) == 0 || rest[0] != "submit" {
		return rest
	}
	return slices.DeleteFunc(rest, func(a string) bool {
		if a == "--replace" || a == "-replace" {
			*replace = true
			return true
		}
		return false
	})
}

// needArgs checks that command rest[0] has n arguments, naming what is
// missing or extra (issue 29: a missing argument is named, not answered
// with the usage alone).
func needArgs(rest []string, n int) error {
	switch {
	case len(rest) < n+1:
		what := "NAME"
		if rest[0] == "submit" {
			what = "JOB.yaml"
		}
		return usagef("job %s: missing %s", rest[0], what)
	case len(rest) > n+1:
		return usagef("job %s: unexpected arguments %q", rest[0], rest[n+1:])
	}
	return nil
}

// jobSubmit is `sharc job submit [--replace] JOB.yaml`.
func jobSubmit(ctx context.Context, c *cli, cl *daemon.Client, path string, replace bool) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("read job: %w", err)
	}
	info, err := cl.SubmitReplacing(ctx, data, path, replace)
	if err != nil {
		return apiErr(err)
	}
	fmt.Fprintf(c.stdout, "job %s submitted: %s\n", info.Name, info.State)
	if !info.NextRun.IsZero() {
		fmt.Fprintf(c.stdout, "next scheduled capture: %s\n", info.NextRun.Format(time.RFC3339))
	}
	return nil
}

// jobList is `sharc job list`: one row a job.
func jobList(ctx context.Context, c *cli, cl *daemon.Client) error {
	jobs, err := cl.Jobs(ctx)
	if err != nil {
		return apiErr(err)
	}
	tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tSTATE\tCAPTURE\tSCHEDULE\tNEXT RUN\tALERT")
	for _, j := range jobs {
		next := "-"
		if !j.NextRun.IsZero() {
			next = j.NextRun.Format(time.RFC3339)
		}
		capID := "-"
		if j.Capture != 0 {
			capID = fmt.Sprint(j.Capture)
		} else if j.LastRun != nil && j.LastRun.Capture != 0 {
			capID = fmt.Sprintf("%d (%s)", j.LastRun.Capture, j.LastRun.StopReason)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", j.Name, j.State, capID, orDash(j.Schedule), next, j.Alert)
	}
	return tw.Flush()
}

func printStatus(c *cli, st daemon.Status) {
	fmt.Fprintf(c.stdout, "job %s: %s", st.Job, st.State)
	if st.Capture != 0 {
		fmt.Fprintf(c.stdout, ", capture %d", st.Capture)
	}
	fmt.Fprintln(c.stdout)
	if st.Alert != "" {
		fmt.Fprintf(c.stdout, "ALERT: %s\n", st.Alert)
	}
	// One figure per count, the API's (issue 29): errors is the hosts'
	// ERRORS added up; failed is the URLs given up without an answer.
	e := st.ErrorsByClass
	fmt.Fprintf(c.stdout, "fetched %d, errors %d (4xx %d, 5xx %d, network %d, other %d), failed without an answer %d, robots-blocked %d\n",
		st.Fetched, st.Errors, e[daemon.HostErrHTTP4xx], e[daemon.HostErrHTTP5xx], e[daemon.HostErrNetwork], e[daemon.HostErrOther], st.Failed, st.Blocked)
	fmt.Fprintf(c.stdout, "discovered %d, queued %d, in flight %d, %.1f pages/s, %s (the capture's counts, all its runs)\n",
		st.Known, st.Queued, st.InFlight, st.Rate, humanBytes(st.Bytes))
	if len(st.Hosts) == 0 {
		return
	}
	if !st.HostsAsOf.IsZero() {
		fmt.Fprintf(c.stdout, "hosts as of %s, when the run stopped:\n", st.HostsAsOf.UTC().Format(time.RFC3339))
	}
	tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "HOST\tQUEUED\tIN FLIGHT\tWAIT\tDELAY\tFETCHED\tERRORS\tRATE/s")
	for _, h := range st.Hosts {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1fs\t%.1fs\t%d\t%d\t%.2f\n", h.Host, h.Queued, h.InFlight, h.PolitenessWait, h.Delay, h.Fetched, h.Errors, h.FetchRate)
	}
	tw.Flush()
	if st.HostsTotal > len(st.Hosts) {
		fmt.Fprintf(c.stdout, "(%d more hosts)\n", st.HostsTotal-len(st.Hosts))
	}
}

// apiErr turns an API error into the lines a user reads.
func apiErr(err error) error {
	var ae *daemon.APIError
	if errors.As(err, &ae) && len(ae.Details) > 0 {
		return errors.New(ae.Message + ":\n" + strings.Join(ae.Details, "\n"))
	}
	return err
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
