// Package upload copies closed WARC files to S3-compatible object storage
// (job YAML warc.upload) so daemons on separate machines need no shared
// file system, and records in the store where each file's object is.
//
// Job: Client puts one file and verifies the object (size, a CRC-64/NVME
// full-object checksum the server computes, and the SHA-256 the client
// stores as metadata) against what it read from disk. Queue runs uploads
// in the background with bounded concurrency and retries, writing a
// store.WARCUpload row pending before each upload and uploaded after a
// verified one; only then, if configured, is the local file removed.
// Requests are signed by github.com/minio/minio-go/v7, not by hand.
// Reading back (files removed by delete_local): Client.Open returns a
// Reader (Read/Seek/ReadAt over ranged GETs) after checking the object's
// size and SHA-256 metadata against the upload's record, and checks the
// bytes of a whole sequential read; Fetch copies an object to a file the
// same way; Stage assembles a directory of a capture's files, local ones
// linked and removed ones fetched, for readers that take a directory.
//
// Concurrency: a Client is safe for concurrent use; a Reader is not. Queue.Add never blocks
// (the WARC writer calls it while holding its lock) and may be called from
// any goroutine until Close; Close waits for every queued file and is
// called once. Cancelling the Queue's context stops uploads in flight:
// their rows stay pending, and the next run of the job uploads them.
package upload
