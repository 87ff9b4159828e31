// Package version is the one place SHARC's version string comes from. The
// `sharc version` command, the warcinfo record's `software` field, a WACZ
// package's datapackage.json `software` field, the quality report's `tool`
// and the daemon's GET /api/v1/version all read it, so an archive always
// names the build that wrote it.
//
// The version is, in order: the value a release build sets with
//
//	go build -ldflags "-X github.com/sharc-archive/sharc/internal/version.linked=1.2.0"
//
// (`make build VERSION=1.2.0`); the main module's version when it was built
// from a tagged module (`go install …/cmd/sharc@v1.2.0`); otherwise Base
// marked as a development build with the VCS revision Go stamped into the
// binary (`0.1.0-dev+664f45cabcde.dirty`), or just `0.1.0-dev` when there
// is none (go test, go run outside a checkout).
//
// Concurrency: every function is safe to call from any goroutine; nothing
// is cached, the build information is read on each call.
package version
