// Command benchabuse is the loopback soak of `make bench-abuse`
// (scripts/bench-abuse.sh, docs/benchmarks.md "Slow-body flood"): it
// floods a running `sharc serve` with unauthenticated slow-body
// connections (POST /api/v1/jobs, Content-Length 200000, a byte every
// -trickle) from several 127.x source addresses, one worker process per
// address, and meanwhile measures /healthz and an authorised GET
// /api/v1/jobs from 127.0.0.1, the daemon's RSS and open fds, and the
// load average. Not a test: it prints figures.
package main
