// Package s3test starts a real S3-compatible server for tests: the Versity
// S3 Gateway (github.com/versity/versitygw, Apache-2.0) with its POSIX back
// end, on a loopback port, storing objects under the test's temporary
// directory. The gateway is built once from the Go module proxy with `go
// install` into the user cache directory and reused by later runs; set
// SHARC_TEST_VERSITYGW to a built binary to skip that.
//
// Concurrency: each Start is its own server process; the build is
// serialised across test binaries by a file lock.
package s3test
