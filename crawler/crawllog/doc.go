// Package crawllog writes a capture's crawl.log in Heritrix's field layout,
// one line per URI with its final outcome, so operators' existing
// crawl.log tools parse it:
//
//	TIMESTAMP STATUS SIZE URI HOPPATH VIA MIME #WORKER FETCHSTART+MS DIGEST SOURCE ANNOTATIONS
//
// The columns follow Heritrix 3's UriProcessingFormatter with its default
// settings (no extra-info JSON column): SIZE is the length of the response
// body (Heritrix's CrawlURI.getContentLength, not getContentSize, which
// counts headers too), MIME is the Content-Type cut at the first space,
// ';' or ',' and "no-type" when there is none, and empty fields, the
// empty annotation list included, are "-". Status is right-aligned in 5
// columns and size in 10, as Heritrix writes them. Writer writes unbuffered and keeps the file
// ending on a whole line (see Writer), so a crash loses no line already
// logged and never leaves half a one.
//
// Concurrency: a Writer is safe for concurrent use (one mutex per file,
// one write per line); formatting functions keep no state.
package crawllog
