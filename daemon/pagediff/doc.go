// Package pagediff is issue 29's "what changed" view: the visible text of
// two archived versions of a URL (a page's visit and revisit in one
// capture, or its latest versions in two captures), read back from the
// WARC files by the store's index, and a line diff of the two.
//
// Three steps, one file each:
//
//   - archive.go picks the versions from the URL's index history and
//     reads each payload back from its WARC file at the indexed offset.
//     A revisit record holds no payload: it is followed to the response
//     it names (WARC-Refers-To), so an unchanged revisit shows as
//     unchanged. Only URLs in the index are read; nothing is fetched.
//   - text.go turns a payload into lines of visible text: HTML without
//     script, style, noscript, template and hidden elements, block
//     elements to lines, whitespace collapsed; text/* as it is; any other
//     type is binary and compared by digest only.
//   - diff.go diffs the two line lists into unified-diff hunks.
//
// The diff is Myers' O(ND) algorithm (Myers 1986, with the linear-space
// bisection of its §4b) from github.com/sergi/go-diff, the Go port of
// diff-match-patch, run on lines encoded as runes with its Diff_Timeout
// off: with a timeout its answer on a loaded machine would depend on the
// time it got, without one it depends on the input alone. Hunks with
// three lines of context are cut from its edit script as diff -u does.
// github.com/pmezard/go-difflib (Python difflib's matcher) was tried
// first and dropped: its Go port took 15 s on 20,000 lines with one in
// ten changed, where Myers takes 0.2 s (BenchmarkDiff). The worst case
// is still O((N+M)·D), so both sides are bounded (Limits: bytes of
// record, of body and of text, and lines) and a cut is reported.
//
// Everything read is hostile input (an archived page is whatever a site
// sent): sizes are bounded before anything is read whole, malformed
// records and bodies are errors, never panics.
//
// Concurrency: the functions keep no state; an Archive is safe for
// concurrent use if its Index and Dir are.
package pagediff
