// Package pgtest gives each test its own PostgreSQL schema in the database
// named by SHARC_TEST_PG, so tests against the real server never see each
// other's rows, even when several test binaries run at once.
//
// Concurrency: SchemaDSN may be called from parallel tests and from
// several test binaries at once: every call gets a schema of its own.
package pgtest
