// Package loginsite is a loopback web site that behaves as sites behind a
// login do, for the tests of authenticated capture (issue 30): a consent
// wall (every page of the shop host says only "accept cookies" until a
// consent cookie is set by posting the consent form), a form login with a
// CSRF token tied to a cookie, an account area that redirects to the
// login without a valid session, a logout link that ends the session, and
// two intranet hosts behind HTTP Basic and Digest (RFC 7616, SHA-256,
// qop=auth). It counts the login POSTs, so a test can prove a resumed
// capture did not log in twice.
//
// Concurrency: a Site is safe for concurrent use by the server's
// goroutines and the test (one mutex around its sessions and counters).
// It holds no package-level state.
package loginsite
