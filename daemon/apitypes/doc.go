// Package apitypes declares the daemon's API answers once: the JSON the
// REST routes write (docs/openapi.yaml) and the values the web console
// reads through its typed interface (console.Daemon), so the two can
// never drift apart. It holds types and nothing that acts: it imports
// neither the daemon nor the console.
//
// Concurrency: values only; a value shared between goroutines must not
// be written.
package apitypes
