// Package migrations holds the SQL schema of the store as numbered files,
// one directory per SQL dialect, embedded into the binary so a daemon can
// migrate its database on start without files on disk.
//
// File names are NNNN_name.sql. Both dialects must have the same versions
// and names: a migration is one change to the schema, written twice.
//
// Concurrency: the embedded files are read-only; For may be called from
// any goroutine.
package migrations
