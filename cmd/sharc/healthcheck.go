package main

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// healthcheckTimeout bounds the probe: Docker's HEALTHCHECK gives it 3 s.
const healthcheckTimeout = 2 * time.Second

// runHealthcheck is the container's health probe (Dockerfile): the
// distroless image has no shell or curl, so the binary asks the daemon's
// /healthz itself and fails unless it answers 2xx.
func runHealthcheck(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("healthcheck", "usage: sharc healthcheck [URL]\n\nExits 0 when URL (default http://127.0.0.1:8180/healthz) answers 2xx within 2s;\nthe probe of the container image's HEALTHCHECK.")
	if err := fs.Parse(args); err != nil {
		return err
	}
	target := "http://127.0.0.1:8180/healthz"
	switch fs.NArg() {
	case 0:
	case 1:
		target = fs.Arg(0)
	default:
		return fmt.Errorf("want at most one URL, got %q", fs.Args())
	}
	u, err := url.Parse(target)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%q is not an http(s) URL", target)
	}
	ctx, cancel := context.WithTimeout(ctx, healthcheckTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return fmt.Errorf("%w", err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("%w", err)
	}
	resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s answered %s", target, resp.Status)
	}
	fmt.Fprintln(c.stdout, "ok")
	return nil
}
