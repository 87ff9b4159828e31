package main

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	httppprof "net/http/pprof"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
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
	mux.HandleFunc("/debug/pprof/", httppprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", httppprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", httppprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", httppprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", httppprof.Trace)
	srv := &http.Server{Handler: mux}
	go srv.Serve(ln) //nolint:errcheck // ends with Close
	return func() { srv.Close() }, nil
}

// Sampling of the block and mutex profiles with --profile-dir: every
// blocking event and every contended lock, because the profiles are read
// for the serial time per page (make bench-cores) and a sampled figure
// would have to be scaled back. It slows the crawl, so timed runs leave
// the flag off.
const (
	profileBlockRate     = 1 // nanoseconds: record every blocking event
	profileMutexFraction = 1 // record every contention
)

// startProfiles writes a CPU profile of the whole run and, when it
// stops, the block and mutex profiles into dir (cpu.pprof, block.pprof,
// mutex.pprof), so a benchmark gets them from a crawl that ends by itself
// without racing its exit to fetch them over --pprof.
func startProfiles(dir string) (stop func() error, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("--profile-dir: %w", err)
	}
	cpu, err := os.Create(filepath.Join(dir, "cpu.pprof"))
	if err != nil {
		return nil, fmt.Errorf("--profile-dir: %w", err)
	}
	if err := pprof.StartCPUProfile(cpu); err != nil {
		cpu.Close()
		return nil, fmt.Errorf("--profile-dir: cpu profile: %w", err)
	}
	runtime.SetBlockProfileRate(profileBlockRate)
	runtime.SetMutexProfileFraction(profileMutexFraction)
	return func() error {
		pprof.StopCPUProfile()
		errs := []error{cpu.Close()}
		for _, name := range []string{"block", "mutex"} {
			errs = append(errs, writeProfile(filepath.Join(dir, name+".pprof"), name))
		}
		runtime.SetBlockProfileRate(0)
		runtime.SetMutexProfileFraction(0)
		if err := errors.Join(errs...); err != nil {
			return fmt.Errorf("--profile-dir: %w", err)
		}
		return nil
	}, nil
}

// writeProfile writes the named runtime profile to path.
func writeProfile(path, name string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.Lookup(name).WriteTo(f, 0); err != nil {
		f.Close()
		return fmt.Errorf("%s profile: %w", name, err)
	}
	return f.Close()
}
