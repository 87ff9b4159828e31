// Package wacz packages a capture as a WACZ 1.1.1 file (Web Archive
// Collection Zipped, webrecorder specs) and verifies such files.
//
// Layout written:
//
//	archive/<name>.warc.gz   the WARC files, zip method Store (seekable)
//	indexes/index.cdxj       the CDXJ index given by the caller, below
//	                         Input.CompressIndexAt bytes (default 50,000), else
//	indexes/index.cdx.gz     the same lines as gzip members of 256 lines (stored)
//	indexes/index.idx        and their secondary index (cdxj-gzip-1.0), as
//	                         Browsertrix-crawler packs a large index
//	pages/pages.jsonl        header line, then one {"id","url","ts","title","text"}
//	                         per page (URL); text is the page's visible text,
//	                         at most MaxPageText bytes, for full-text search
//	reports/quality.json     the capture quality report, when given
//	reports/…                extras: report HTML/JSON, crawl.log, Heritrix reports,
//	                         job.yaml (secrets masked), audit.jsonl, software.json
//	datapackage.json         Frictionless data package: sha256 and size of every file above,
//	                         mainPageUrl/mainPageDate (the capture's first seed)
//	datapackage-digest.json  sha256 of datapackage.json, and with a key a
//	                         signature (WACZ Signing 0.1.0): anonymous
//	                         (publicKey) or a named signer (domain,
//	                         domainCert), optionally with an RFC 3161
//	                         timestamp (timeSignature, timestampCert)
//
// The quality report is a custom file: WACZ reserves archive/, indexes/ and
// pages/ for their own content, so it goes to reports/.
//
// Signing keys: ReplayWeb.page verifies only ECDSA P-384 (see KeyECDSAP384),
// so Write refuses any other key unless Input.AllowUnverifiableKey is set.
//
// FromCapture gathers a capture's Input from the store and its WARC files
// (seed, pages and their titles); Write streams the package; Verify checks
// one. Concurrency: no package state; each call works on its own inputs,
// so calls may run concurrently on different outputs.
package wacz
