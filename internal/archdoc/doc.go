// Package archdoc keeps docs/architecture.md true to the code: it reads
// the module's packages and their project imports from `go list`, sorts
// them into rooms (the product, and research and tooling), and renders
// the package table and the layered dependency diagram that the doc holds
// between markers. Its tests fail when the doc drifts from `go list` or
// when a dependency breaks the one-way rule; `go test ./internal/archdoc
// -update` rewrites the generated sections.
//
// It holds no state; every function is safe for concurrent use. Load runs
// the go command, so it is for tests and tools, never for the daemon.
package archdoc
