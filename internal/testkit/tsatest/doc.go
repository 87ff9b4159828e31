// Package tsatest runs a real RFC 3161 time-stamping authority (TSA) on
// loopback for tests: an HTTP server on 127.0.0.1 that answers
// application/timestamp-query requests with tokens signed by a TSA
// certificate issued by a test root CA, built with the same library
// (github.com/digitorus/timestamp) the product's client uses. Nothing is
// mocked: the product's client sends real requests over TCP and verifies
// real CMS signatures.
//
// Concurrency: a TSA serves requests concurrently; its clock is fixed at
// construction.
package tsatest
