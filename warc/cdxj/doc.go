// Package cdxj writes and reads CDXJ indexes in the pywb convention, the
// index format of pywb collections and of WACZ packages:
//
//	com,example)/ 20240301120000 {"url":"http://example.com/","mime":"text/html","status":"200","digest":"3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ","length":"1219","offset":"771","filename":"x-00001.warc.gz"}
//
// One line per response, revisit or resource record (request, metadata
// and warcinfo records are not indexed, as in pywb; a resource record, a
// browser page's screenshot, text or DOM, is indexed under its urn:
// target, as Browsertrix-crawler's WACZ index has it), sorted by byte order of the line so
// readers can binary-search on the "SURT TIMESTAMP" prefix. As pywb's
// indexer does, the JSON values are strings, "length" and "offset" are the
// record's bytes in the (compressed) WARC file, a sha1 digest is written
// without its "sha1:" prefix (other algorithms keep theirs), the MIME type
// has no parameters, and revisit records have MIME "warc/revisit". A
// server-not-modified revisit (an index row with status 304) has no status
// on its line: its record has an empty block, and an indexer reading it
// (cdxj-indexer, warcio.js; pywb's own indexer leaves the status out of
// every revisit line) finds no HTTP status there.
//
// Large indexes also go in the compressed form of WACZ (zipnum.go):
// gzip members of BlockLines lines and a secondary index (.idx) of their
// offsets, which WriteZipNum writes and ParseIDX and ReadBlock read.
//
// Concurrency: the functions keep no state and may run in parallel; a
// Reader reads one stream and belongs to one goroutine.
package cdxj
