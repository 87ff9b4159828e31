// Package report builds the capture quality report of one capture (issue
// 4): for every page its visit and revisit, the verdict of the revisit
// check (coherent, changed, changed-insignificantly, deleted, new, failed),
// where each record lies in which WARC file, and the capture's totals:
// coherence (Def. 5.1), actual and expected incoherence (Def. 5.6) for
// visit-revisit captures, expected blur (Eq. 4.3) for single-visit ones.
// It renders the report as JSON, CSV and a self-contained HTML page
// written for readers who are not engineers. A report is built in
// streaming passes over the index and stored there as a summary and one
// row per page (stored.go), so neither building nor rendering it holds
// more than a page at a time.
//
// The HTML version is written for readers who are not engineers (a
// lawyer, a court): plain words in the main text, terms defined in an
// appendix, two charts drawn as inline SVG (svg.go) from bounded data
// gathered while the pages are classified (plots.go), the size and
// SHA-256 of every WARC file (fixity.go), and page tables of at most
// HTMLTableRows rows each, the CSV holding every page.
//
// The report is derived only from the store (records and frontier) and
// the WARC files (hashed for fixity; read for the similarity test); it
// never contacts the crawled site. docs/report.md explains every field.
//
// Concurrency: Build, BuildAndStore, Load and the renderers may be called
// from any number of goroutines at once; each call keeps its own state
// and shares nothing. A *Report or *Stored must not be rendered and
// modified at the same time. BuildAndStore serialises builds of the same
// capture through store.LockReport, also across cluster nodes.
package report
