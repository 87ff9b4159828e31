// Package urlcanon turns URLs found on the web into one canonical absolute
// form, and derives the keys the crawler sorts, scopes and throttles by:
// SURT keys (pywb/CDXJ convention), hosts and host SURT prefixes.
//
// Parsing follows the WHATWG URL Standard (github.com/nlnwa/whatwg-url), the
// same algorithm browsers use, so the crawler resolves links exactly as a
// browser would. On top of WHATWG, Canonical
//   - removes the fragment,
//   - normalises percent-encoding: hex digits upper-cased, escapes of
//     unreserved characters (ALPHA DIGIT - . _ ~) decoded, a '%' that
//     starts no valid escape written "%25",
//   - drops an empty query ("http://h/p?" → "http://h/p"),
//   - accepts only http and https.
//
// WHATWG itself already lower-cases scheme and host, removes default ports,
// applies IDNA (host → punycode), normalises IPv4/IPv6 literals, resolves dot
// segments (also "%2e" ones), treats "\" as "/" and serialises an empty path
// as "/". Userinfo is kept: it changes what the server returns.
//
// Concurrency: the functions keep no state; a Resolver is safe for
// concurrent use (resolution only reads the base).
package urlcanon
