package main

import (
	"context"
	"flag"
	"fmt"
	"runtime"
	"slices"
	"strings"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/internal/version"
	"github.com/sharc-archive/sharc/scheduler"
)

// ratesSubcommands are the subcommands runRates dispatches to.
var ratesSubcommands = []string{"train", "evaluate", "compare"}

// helpTopic is a `sharc help TOPIC` page that is not a command.
type helpTopic struct {
	name, summary string
	print         func(c *cli) error
}

func helpTopics() []helpTopic {
	return []helpTopic{
		{"exit-codes", "what sharc's exit statuses mean", printExitCodes},
		{"job-yaml", "every job file field with its default", printJobYAML},
		{"environment", "the environment variables sharc reads", printEnvironment},
	}
}

// runHelp is `sharc help [TOPIC [SUB]]`: the command list, a command's
// help (what `sharc TOPIC [SUB] -h` prints) or a topic, on stdout.
func runHelp(ctx context.Context, c *cli, args []string) error {
	cmds := commands()
	if len(args) == 0 || (len(args) == 1 && isHelp(args[0])) {
		usage(c.stdout, cmds)
		return nil
	}
	if cmd, ok := cmds[args[0]]; ok && args[0] != "help" {
		sub := args[1:]
		switch {
		case len(sub) > 1:
			return usagef("too many arguments %q", args)
		case len(sub) == 1 && !slices.Contains(cmd.subs, sub[0]):
			return usagef("unknown topic %q: %s has no subcommand %q", strings.Join(args, " "), args[0], sub[0])
		}
		err := cmd.run(ctx, c, append(sub, "-h"))
		if err == flag.ErrHelp {
			return nil
		}
		return err
	}
	for _, t := range helpTopics() {
		if len(args) == 1 && args[0] == t.name {
			return t.print(c)
		}
	}
	return usagef("unknown help topic %q (topics: every command, %s)", strings.Join(args, " "), topicNames())
}

func topicNames() string {
	var names []string
	for _, t := range helpTopics() {
		names = append(names, t.name)
	}
	return strings.Join(names, ", ")
}

func printExitCodes(c *cli) error {
	fmt.Fprintln(c.stdout, "sharc exit statuses:")
	for _, e := range exitCodes() {
		fmt.Fprintf(c.stdout, "  %3d  %s\n", e.Code, e.Meaning)
	}
	return nil
}

// printJobYAML prints a minimal job with every default spelled out, as
// the job package fills them in (crawler/job/testdata/defaults.golden.yaml).
func printJobYAML(c *cli) error {
	const minimal = "name: example\nseeds: [https://example.org/]\nuser_agent: sharc/1.0 (+https://example.org/crawler)\n"
	reg := scheduler.NewRegistry()
	j, err := job.Parse([]byte(minimal), "example.yaml", reg.Names(), reg.VisitRevisit)
	if err != nil {
		return err
	}
	y, err := j.Marshal()
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, `A job file is YAML. Only name, seeds and user_agent are required (user_agent
must carry a contact URL or e-mail address). This job,

%s
is, with every default spelled out (docs/job-yaml.md explains each field):

%s`, minimal, y)
	return nil
}

func printEnvironment(c *cli) error {
	_, err := fmt.Fprint(c.stdout, `environment variables:
  SHARC_LOG      debug: more log lines; json: JSON log lines for log shippers (logs go to stderr)
  SHARC_TOKEN    API token of sharc serve and sharc job (when the config or --token gives none)
  SHARC_SERVER   daemon URL for sharc job (default http://127.0.0.1:8180)
  SHARC_CA       PEM file of a CA (or a self-signed certificate) sharc job trusts for an https:// daemon
  SHARC_PROXY    forward proxy of sharc crawl, http:// or socks5://[user:password@]host:port: replaces the job's fetch.proxy; credentials only here
  SHARC_CREDENTIALS_<NAME>_USERNAME, _PASSWORD  a credential the job's auth: names, when --credentials lacks it (NAME upper-cased, '-' as '_')
  SHARC_TEST_PG  PostgreSQL DSN the tests use (make test)
  GOGC, GOMEMLIMIT  set either to replace sharc's garbage-collector policy with Go's own
`)
	return err
}

// runVersion prints the version every output of this build names
// (package internal/version).
func runVersion(_ context.Context, c *cli, args []string) error {
	fs := c.flags("version", "")
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	b := version.Build()
	rev := "revision unknown (not built from a VCS checkout; make build REVISION=... names it)"
	if b.Revision != "" {
		rev = "revision " + b.Revision
		if b.Modified {
			rev += " with uncommitted changes"
		}
	}
	_, err := fmt.Fprintf(c.stdout, "sharc %s (%s, %s/%s)\n%s\n", version.String(), runtime.Version(), runtime.GOOS, runtime.GOARCH, rev)
	return err
}

// commandUsage is the help text of the flag sets created without their
// own (c.flags(name, "")) and of the commands that dispatch on a
// subcommand before any flag set.
func commandUsage(name string) string {
	switch name {
	case "version":
		return "usage: sharc version    (or sharc --version)\n\nPrints the version of this build: the one named in warcinfo records, WACZ\npackages, quality reports and the daemon's /api/v1/version."
	case "demo":
		return "usage: sharc demo [--job configs/demo.yaml] [--out demo-output] [--pages N] [--outdegree D] [--skew S] [--seed K]\n\nServes the changing test site in-process on loopback, captures it with the\ndemo job and writes under --out (emptied first): warcs/, sharc.db,\nreport.{json,html,csv}, a signing key and demo.wacz (signed, then verified)."
	case "simulate":
		return "usage: sharc simulate [flags]\n       sharc simulate --table ID|all [--format markdown|json]\n\nRuns one strategy on a synthetic site and prints one JSON object (or text),\nor reproduces the thesis' tables beside the thesis' numbers."
	case "testsite":
		return "usage: sharc testsite [--listen 127.0.0.1:PORT] [flags]\n\nServes the live changing synthetic site until interrupted (docs/testsite.md).\nNon-loopback addresses need --public."
	case "experiment":
		return "usage: sharc experiment live|recurring|refresh [flags]\n\nexperiments:\n  live      the thesis' Table 5.8 on the live test site: one capture per strategy\n            and rate source, scored by the site's true change log\n  recurring N recurring captures of one evolving test site per rate source and\n            strategy, history carried over (docs/recurring-captures.md)\n  refresh   refresh policies under a budget on a simulated repository\n            (docs/refresh-policies.md)"
	case "experiment refresh":
		return "usage: sharc experiment refresh [flags]\n\nRuns every refresh policy on the same simulated change history with the same\nbudgets and prints a table per metric and budget (docs/refresh-policies.md)."
	case "experiment recurring":
		return "usage: sharc experiment recurring [flags]\n\nCaptures one evolving test site N times (--captures) per rate source (--rates)\nand strategy (--strategies) into one store per arm, for each site seed\n(--seeds), and prints the true incoherence (or blur) per capture with 95 %\nCIs over the seeds and the verdict of issue 31's goal (docs/recurring-captures.md)."
	case "experiment live":
		return "usage: sharc experiment live [flags]\n\nCaptures the same test site once per strategy (--strategies) and rate source\n(--rates) and prints the actual incoherence counted from the site's change log."
	case "export":
		return "usage: sharc export FORMAT [flags]\n\nformats:\n  cdxj    sharc export cdxj (--capture ID --store DSN | --job JOB.yaml) [-o FILE]\n  graphml sharc export graphml (--capture ID --store DSN | --job JOB.yaml) [-o FILE]\n  wacz    sharc export wacz (--capture ID --store DSN --warc-dir DIR | --job JOB.yaml) -o FILE.wacz [--sign-key KEY]\n\n--job alone names the job's latest capture; a capture ID as the first\nargument is the same as --capture.\n'sharc help export FORMAT' shows a format's flags."
	case "captures":
		return "usage: sharc captures list (--store DSN | --job JOB.yaml)\n\nLists the store's captures (only the job's with --job), oldest first: ID, job,\nstatus, completeness, stop reason, started, finished and pages fetched."
	case "rates":
		return "usage: sharc rates train --store DSN [--job NAME] [--alg c45|bayes|glm] -o model.json\n       sharc rates evaluate (--store DSN [--job NAME] | --sample pydoc|pgdoc) [--folds 10] [--seed 2012]\n       sharc rates compare [--modes oracle,sitemap,noisy,uniform] [--strategies sharc-online,sharc-selective] [--sigma 1] [--delta 5s]\n\n'sharc help rates SUBCOMMAND' shows a subcommand's flags (docs/change-rates.md)."
	case "rates train":
		return "usage: sharc rates train --store DSN [--job NAME] [--alg c45|bayes|glm] -o model.json\n\nTrains a change-rate predictor on the store's capture history."
	case "rates evaluate":
		return "usage: sharc rates evaluate (--store DSN [--job NAME] [--model M] | --sample pydoc|pgdoc) [--folds 10]\n\nPrints per-bin and overall precision (thesis Tables 6.3-6.4) and log-loss."
	case "rates compare":
		return "usage: sharc rates compare [flags]\n\nMeasures the blur/incoherence gap between true, sitemap-quantised, noisy and\nno rates on the synthetic site (thesis Tables 4.3, 5.6-5.7)."
	}
	return "usage: sharc " + name + " [flags]"
}
