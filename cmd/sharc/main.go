package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/sharc-archive/sharc/internal/gcpolicy"
)

// cli is what every subcommand gets: its output streams and the logger.
type cli struct {
	stdout io.Writer
	stderr io.Writer
	log    *zap.Logger
	// term is stderr as a progress line shares it with the log (nil in
	// tests that build a cli by hand).
	term *termLine
}

// command is one subcommand.
type command struct {
	summary string
	run     func(ctx context.Context, c *cli, args []string) error
	// subs are the subcommands with flags of their own, which
	// `sharc help COMMAND SUB` explains.
	subs []string
}

// commands lists the subcommands. Each lives in its own file.
func commands() map[string]command {
	return map[string]command{
		"help":        {summary: "show a command's or topic's help (sharc help TOPIC)", run: runHelp},
		"version":     {summary: "print the version", run: runVersion},
		"migrate":     {summary: "apply the store schema (sharc migrate --store DSN)", run: runMigrate},
		"export":      {summary: "export a capture (sharc export cdxj|graphml|wacz --capture N | --job JOB.yaml)", run: runExport, subs: exportFormats},
		"verify":      {summary: "verify WACZ packages (hashes, index, signature) or WARC files", run: runVerify},
		"keygen":      {summary: "generate a WACZ signing key (sharc keygen -o key.pem)", run: runKeygen},
		"crawl":       {summary: "run or resume one capture of a YAML job", run: runCrawl},
		"demo":        {summary: "capture the changing test site in-process into demo-output/ (make demo)", run: runDemo},
		"experiment":  {summary: "run a reproducible experiment (sharc experiment live|refresh)", run: runExperiment, subs: []string{"live", "refresh"}},
		"simulate":    {summary: "simulate a capture of a synthetic site or reproduce the thesis tables", run: runSimulate},
		"testsite":    {summary: "serve the live changing synthetic test site", run: runTestsite},
		"report":      {summary: "print a capture's quality report (sharc report --capture N --store DSN | --job JOB.yaml)", run: runReport},
		"captures":    {summary: "list captures (sharc captures list --store DSN | --job JOB.yaml)", run: runCaptures, subs: []string{"list"}},
		"rates":       {summary: "change-rate predictors: sharc rates train|evaluate|compare (thesis ch. 6)", run: runRates, subs: ratesSubcommands},
		"serve":       {summary: "run the crawl daemon with its REST API (sharc serve --config configs/sharc.yaml)", run: runServe},
		"job":         {summary: "talk to the daemon: sharc job submit|list|status|pause|resume|cancel", run: runJob},
		"user":        {summary: "manage the daemon's accounts: sharc user add|list|revoke", run: runUser},
		"healthcheck": {summary: "probe the daemon's /healthz (the container's HEALTHCHECK)", run: runHealthcheck},
	}
}

func main() {
	// The GC policy is the process's, not run's: tests call run in-process.
	stopGC, _ := gcpolicy.Start(context.Background(), gcpolicy.Config{})
	code := run(os.Args[1:], os.Stdout, os.Stderr)
	stopGC()
	os.Exit(code)
}

// run runs the command line args and returns its exit status (exitcode.go).
func run(args []string, stdout, stderr io.Writer) int {
	cmds := commands()
	if len(args) == 0 {
		usage(stderr, cmds)
		return int(exitUsage)
	}
	name := args[0]
	switch name {
	case "-h", "--help", "-help":
		usage(stdout, cmds)
		return int(exitOK)
	case "--version", "-version":
		name, args = "version", []string{"version"}
	}
	cmd, ok := cmds[name]
	if !ok {
		fmt.Fprintf(stderr, "sharc: unknown command %q\nRun 'sharc help' for the list of commands.\n", name)
		return int(exitUsage)
	}
	tl := &termLine{w: stderr} // the logger's and the progress line's stderr
	stderr = tl
	log := newLogger(tl)
	defer func() { _ = log.Sync() }()
	// A write past a file-size limit (RLIMIT_FSIZE, e.g. a quota'd volume)
	// raises SIGXFSZ, which would kill us mid-record; ignored, the write
	// fails with EFBIG and the crawler stops cleanly like on a full disk.
	signal.Ignore(syscall.SIGXFSZ)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := cmd.run(ctx, &cli{stdout: stdout, stderr: stderr, log: log, term: tl}, args[1:])
	code := codeOf(ctx, err)
	reportError(stderr, name, err)
	return int(code)
}

// reportError prints a command's error on stderr: one line, plus where to
// find the usage after a usage error the command did not explain itself.
func reportError(w io.Writer, name string, err error) {
	var ue *usageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
	case errors.As(err, &ue) && ue.explained:
	case errors.As(err, &ue):
		hint := "sharc help " + name
		if name == "help" {
			hint = "sharc help"
		}
		fmt.Fprintf(w, "sharc %s: %v\nRun '%s' for usage.\n", name, err, hint)
	default:
		fmt.Fprintf(w, "sharc %s: %v\n", name, err)
	}
}

// usage lists the commands and help topics.
func usage(w io.Writer, cmds map[string]command) {
	fmt.Fprintln(w, "usage: sharc COMMAND [flags]\n\ncommands:")
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-12s %s\n", n, cmds[n].summary)
	}
	fmt.Fprintln(w, "\nhelp topics (sharc help TOPIC):")
	for _, t := range helpTopics() {
		fmt.Fprintf(w, "  %-12s %s\n", t.name, t.summary)
	}
	fmt.Fprintln(w, "\n'sharc help COMMAND' or 'sharc COMMAND -h' shows a command's flags; docs/cli.md documents them all.")
}

// newLogger logs human-readable lines to stderr; SHARC_LOG=debug raises the
// level, SHARC_LOG=json switches to JSON for log shippers.
func newLogger(w io.Writer) *zap.Logger {
	level := zapcore.InfoLevel
	encCfg := zap.NewDevelopmentEncoderConfig()
	enc := zapcore.NewConsoleEncoder(encCfg)
	switch os.Getenv("SHARC_LOG") {
	case "debug":
		level = zapcore.DebugLevel
	case "json":
		// Times and durations as strings: the production default writes
		// epoch seconds, so a zero time became "-6795364578.87".
		jc := zap.NewProductionEncoderConfig()
		jc.EncodeTime, jc.EncodeDuration = zapcore.RFC3339NanoTimeEncoder, zapcore.StringDurationEncoder
		enc = zapcore.NewJSONEncoder(jc)
	}
	return zap.New(zapcore.NewCore(enc, zapcore.AddSync(w), level))
}
