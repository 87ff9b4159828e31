package main

import (
	"fmt"
	"net"
	"net/http"
	"net/http/pprof"
)

// servePprof serves Go's profiler on a loopback address while a crawl
// runs, so an operator can see where a large capture's CPU and memory go
// (go tool pprof http://ADDR/debug/pprof/heap). Loopback only: profiles
// show URLs and job settings.
func servePprof(addr string) (stop func(), err error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("--pprof %q: %w", addr, err)
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return nil, fmt.Errorf("--pprof %q: only a loopback address is allowed", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("--pprof: %w", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Handler: mux}
	go srv.Serve(ln) //nolint:errcheck // ends with Close
	return func() { srv.Close() }, nil
}
