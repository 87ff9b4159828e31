package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/research/testsite"
)

// runTestsite serves the live synthetic test site until ctx is done.
func runTestsite(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("testsite", "")
	listen := fs.String("listen", "127.0.0.1:8080", "address to listen on (loopback only unless --public)")
	public := fs.Bool("public", false, "allow a non-loopback listen address")
	pages := fs.Int("pages", 1000, "number of pages n")
	skew := fs.Float64("skew", 1, "skew of the change rates λ_i = 1/(i+1)^skew")
	outdegree := fs.Int("outdegree", 10, "children per page")
	leaves := fs.String("leaves", "cold", "cold (root hottest) or hot (leaves hottest)")
	unit := fs.Duration("time-unit", time.Second, "wall time of one Δ; rates are changes per time unit")
	seed := fs.Uint64("seed", 1, "seed of the change times")
	host := fs.String("host", "", "canonical host[:port] for absolute links (default: the request Host)")
	embeds := fs.Bool("embeds", false, "add a stylesheet and an image to every page")
	trap := fs.Bool("trap-link", false, "link the root page to /private/trap, which robots.txt disallows")
	crawlDelay := fs.Duration("crawl-delay", 0, "Crawl-delay announced in robots.txt (0: none)")
	deleteAfter := fs.String("delete-after", "", "pages answering 410 Gone after a delay: K=DURATION[,K=DURATION…]")
	appearAfter := fs.String("appear-after", "", "pages answering 404 until a delay has passed: K=DURATION[,K=DURATION…]")
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	hot, err := parseLeaves(*leaves)
	if err != nil {
		return err
	}
	if err := checkListen(*listen, *public); err != nil {
		return &usageError{err: err}
	}
	deletes, err := testsite.ParsePageDelays(*deleteAfter)
	if err != nil {
		return usagef("--delete-after: %w", err)
	}
	appears, err := testsite.ParsePageDelays(*appearAfter)
	if err != nil {
		return usagef("--appear-after: %w", err)
	}
	site, err := testsite.New(testsite.Config{
		Pages: *pages, Outdegree: *outdegree, Skew: *skew, HotLeaves: hot,
		TimeUnit: *unit, Seed: *seed, Host: *host, Embeds: *embeds, TrapLink: *trap,
		CrawlDelay: *crawlDelay, DeleteAfter: deletes, AppearAfter: appears,
	}, c.log.Named("testsite"))
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	srv := &http.Server{Handler: site, ReadHeaderTimeout: 10 * time.Second}
	c.log.Info("serving test site", zap.String("url", "http://"+ln.Addr().String()+"/"),
		zap.Int("pages", *pages), zap.Float64("skew", *skew), zap.String("leaves", *leaves),
		zap.Duration("time_unit", *unit), zap.Uint64("seed", *seed))
	fmt.Fprintf(c.stdout, "http://%s/\n", ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// checkListen refuses addresses that are not loopback unless public is set:
// the test site is for local tests and demos, not for the open network.
func checkListen(addr string, public bool) error {
	if public {
		return nil
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--listen %q: %w", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("--listen %q is not a loopback address; add --public to serve it anyway", addr)
	}
	return nil
}
