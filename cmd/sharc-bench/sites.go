package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/sharc-archive/sharc/research/testsite"
)

// siteHold keeps every page unchanged for the length of a benchmark: one Δ
// of the model lasts this long, so a page changes about once a day at most
// and every crawl of a run sees the same site.
const siteHold = 24 * time.Hour

// runSites serves the built-in test site (package testsite) on -hosts
// loopback addresses 127.0.0.1 … 127.0.0.N, all on -port, each its own
// site of -pages pages, from this one process, so a crawl of N hosts and a
// crawl of one host fetch the same pages from the same server. It prints
// each site's root URL once every listener is bound, then serves until
// SIGINT or SIGTERM (make bench-cores).
func runSites(args []string) error {
	fl := flag.NewFlagSet("sites", flag.ContinueOnError)
	hosts := fl.Int("hosts", 1, "number of loopback hosts 127.0.0.1 … 127.0.0.N")
	port := fl.Int("port", 0, "port every host listens on")
	pages := fl.Int("pages", 1000, "pages of each host's site")
	outdegree := fl.Int("outdegree", 10, "children per page")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *port <= 0 || *hosts < 1 || *hosts > 250 || *pages < 1 {
		return errors.New("sites needs -port, 1 <= -hosts <= 250 and -pages >= 1")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serveSites(ctx, os.Stdout, *hosts, *port, testsite.Config{
		Pages: *pages, Outdegree: *outdegree, Skew: 1, TimeUnit: siteHold, Seed: 1,
		RequestLogSize: -1, // nobody reads it; its lock would be the server's
	})
}

// serveSites listens on every host first, so the URLs it prints all
// answer, then serves until ctx ends.
func serveSites(ctx context.Context, out io.Writer, hosts, port int, cfg testsite.Config) error {
	servers := make([]*http.Server, 0, hosts)
	lns := make([]net.Listener, 0, hosts)
	defer func() {
		for _, ln := range lns {
			ln.Close()
		}
	}()
	for i := 1; i <= hosts; i++ {
		site, err := testsite.New(cfg, nil)
		if err != nil {
			return err
		}
		ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.%d:%d", i, port))
		if err != nil {
			return fmt.Errorf("listen: %w", err)
		}
		lns = append(lns, ln)
		servers = append(servers, &http.Server{Handler: site, ReadHeaderTimeout: 10 * time.Second})
	}
	errc := make(chan error, hosts)
	for i, srv := range servers {
		fmt.Fprintf(out, "http://%s/\n", lns[i].Addr())
		go func() { errc <- srv.Serve(lns[i]) }()
	}
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	for _, srv := range servers {
		srv.Close()
	}
	return nil
}
