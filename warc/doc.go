// Package warc writes the crawler's captures as WARC 1.1 files (one gzip
// member per record, rotated by size, written as *.open and renamed when
// closed), reads them back with validation, and repairs files left open by
// an interrupted crawl. Record headers are built and validated with
// github.com/nlnwa/gowarc and laid out as its marshaler does, but blocks
// are streamed from a Blob (a spool file for large bodies) and compressed
// members past spool.Threshold are spooled to disk, so no record is ever
// held whole in memory; file naming, rotation, durability and repair are
// done here because the crawler needs exact offsets and fsync guarantees.
//
// Files: writer.go (the Writer, appending and syncing groups), rotation.go
// (file names, opening, closing, settling), records.go (digests and the
// records of an exchange), compress.go (one gzip member per record,
// pooled compressors), reader.go and repair.go.
//
// Files leave the .open state only when their records are known to be
// indexed: a file rotated out by size stays .open (retired) until Settle
// says everything written so far is committed, and Abandon, for a failed
// index commit, closes the files without renaming them, so the next run's
// Repair cuts what the index does not know.
//
// Durability guarantee: when WriteExchange returns without error, every
// byte of the returned records (file offsets [Offset, Offset+Length)) has
// been written and fsynced (os.File.Sync) to the .open file, and the file's
// directory entry was fsynced when the file was created. The crawler may
// therefore index the returned offsets immediately; after a crash, Repair
// with the indexed end offset never cuts an indexed record. Concurrent
// callers share fsyncs (group commit): one Sync covers every exchange
// written before it started.
//
// Concurrency: a Writer is safe for concurrent use (one mutex; concurrent
// exchanges share fsyncs). gowarc's builders and unmarshalers are made
// under one package mutex, gowarcInit, because gowarc writes a global of
// github.com/google/uuid each time; a Writer makes its builders in batches
// and hands them out from a free list of its own (a channel). A Reader
// reads one file and belongs to one goroutine. RecordType values are plain
// constants.
package warc
