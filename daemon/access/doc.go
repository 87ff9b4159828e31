// Package access is who may do what on a daemon: the roles (viewer,
// operator, admin), a request's principal, and the per-person API tokens
// (random, shown once, stored only as a SHA-256 hash).
//
// It knows nothing of HTTP routing or of the store: the daemon decides
// which role a route needs and looks tokens up; the console carries the
// principal of its logged-in person into the daemon's in-process API calls
// through the request context (WithPrincipal), which no network client can
// set.
//
// Concurrency: every function is safe for concurrent use; a Principal is a
// value.
package access
