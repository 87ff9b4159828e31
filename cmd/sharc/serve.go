package main

import (
	"context"
	"fmt"
	"net"
	"os"

	"github.com/sharc-archive/sharc/daemon"
)

// runServe runs the daemon until SIGTERM/SIGINT, then drains.
func runServe(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("serve", "usage: sharc serve [--config FILE] [--listen ADDR]\n\nRuns the crawl daemon: REST API under /api/v1/, /metrics, /healthz, /readyz.\nThe token comes from the config or SHARC_TOKEN.")
	config := fs.String("config", "configs/sharc.yaml", "daemon config file (listen, token, store, data_dir, max_concurrent_jobs, drain_timeout; node, lease_ttl, poll, max_hosts for cluster mode)")
	listen := fs.String("listen", "", "override the config's listen address")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return errUsage
	}
	cfg, err := daemon.LoadConfig(*config, os.Getenv)
	if err != nil {
		return err
	}
	if *listen != "" {
		cfg.Listen = *listen
		if err := cfg.Validate(); err != nil {
			return err
		}
	}
	d, err := daemon.New(ctx, cfg, c.log, daemon.Options{})
	if err != nil {
		return fmt.Errorf("%s", oneLine(err))
	}
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return err
	}
	return d.Run(ctx, ln)
}
