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
// The diff is github.com/pmezard/go-difflib's SequenceMatcher (Python
// difflib's Ratcliff–Obershelp matching with the junk heuristic), chosen
// over github.com/sergi/go-diff's Myers because diff-match-patch bounds
// its work by a wall-clock timeout (Diff_Timeout), so its answer on a
// loaded machine would depend on the time it got; difflib's answer
// depends only on its input, it works on lines natively, and its
// grouping of opcodes into hunks with context is the unified diff's.
// Its worst case is quadratic in the lines, so both sides are bounded
// (Limits: bytes of body, bytes of text, lines) and a cut is reported.
//
// Everything read is hostile input (an archived page is whatever a site
// sent): sizes are bounded before anything is read whole, malformed
// records and bodies are errors, never panics.
//
// Concurrency: the functions keep no state; an Archive is safe for
// concurrent use if its Index and Dir are.
package pagediff
