// Command sharc is the SHARC archival crawler: it runs crawl jobs, simulates
// the SHARC strategies, serves a test site and exports captures.
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
}

// command is one subcommand.
type command struct {
	summary string
	run     func(ctx context.Context, c *cli, args []string) error
}

// commands lists the subcommands. Each lives in its own file.
func commands() map[string]command {
	return map[string]command{
		"version":    {"print the version", runVersion},
		"migrate":    {"apply the store schema (sharc migrate --store DSN)", runMigrate},
		"export":     {"export a capture (sharc export cdxj --store DSN --capture ID)", runExport},
		"verify":     {"verify WACZ packages (hashes, index, signature) or WARC files", runVerify},
		"keygen":     {"generate a WACZ signing key (sharc keygen -o key.pem)", runKeygen},
		"crawl":      {"run or resume one capture of a YAML job", runCrawl},
		"demo":       {"capture the changing test site in-process into demo-output/ (make demo)", runDemo},
		"experiment": {"run a reproducible experiment (sharc experiment live: thesis Table 5.8 on the test site)", runExperiment},
		"simulate":   {"simulate a capture of a synthetic site or reproduce the thesis tables", runSimulate},
		"testsite":   {"serve the live changing synthetic test site", runTestsite},
		"report":     {"print a capture's quality report (sharc report CAPTURE_ID --store DSN --format json|csv|html)", runReport},
		"rates":      {"change-rate predictors: sharc rates train|evaluate|compare (thesis ch. 6)", runRates},
		"serve":      {"run the crawl daemon with its REST API (sharc serve --config configs/sharc.yaml)", runServe},
		"job":        {"talk to the daemon: sharc job submit|list|status|pause|resume|cancel", runJob},
	}
}

// errUsage marks an error already explained to the user with usage text.
var errUsage = errors.New("usage")

func main() {
	// The GC policy is the process's, not run's: tests call run in-process.
	stopGC, _ := gcpolicy.Start(context.Background(), gcpolicy.Config{})
	code := run(os.Args[1:], os.Stdout, os.Stderr)
	stopGC()
	os.Exit(code)
}

func run(args []string, stdout, stderr io.Writer) int {
	cmds := commands()
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr, cmds)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "sharc: unknown command %q\n", args[0])
		usage(stderr, cmds)
		return 2
	}
	log := newLogger(stderr)
	defer func() { _ = log.Sync() }()
	// A write past a file-size limit (RLIMIT_FSIZE, e.g. a quota'd volume)
	// raises SIGXFSZ, which would kill us mid-record; ignored, the write
	// fails with EFBIG and the crawler stops cleanly like on a full disk.
	signal.Ignore(syscall.SIGXFSZ)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := cmd.run(ctx, &cli{stdout: stdout, stderr: stderr, log: log}, args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		if !errors.Is(err, errUsage) {
			fmt.Fprintf(stderr, "sharc %s: %v\n", args[0], err)
		}
		return 1
	}
	return 0
}

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
		enc = zapcore.NewJSONEncoder(zap.NewProductionEncoderConfig())
	}
	return zap.New(zapcore.NewCore(enc, zapcore.AddSync(w), level))
}

// version is set by the linker in release builds.
var version = "dev"

func runVersion(_ context.Context, c *cli, _ []string) error {
	_, err := fmt.Fprintln(c.stdout, "sharc", version)
	return err
}
