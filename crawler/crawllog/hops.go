package crawllog

import "strings"

// Hop path letters SHARC writes, Heritrix's (org.archive.modules.extractor.Hop).
const (
	HopPrereq   = "P" // a prerequisite: robots.txt
	HopManifest = "M" // found in a site manifest: a sitemap, or a URL listed in one
)

// Annotations Heritrix writes on a revisit (its FetchHistoryProcessor and
// ContentDigestHistoryLoader), SHARC's too.
const (
	AnnDuplicateDigest   = "duplicate:digest"              // the payload digest of an earlier response
	AnnServerNotModified = "duplicate:server-not-modified" // a 304 answer to a conditional request
)

// HopDepth is how many hops a path counts toward scope.max_hops and a
// page's link depth. Heritrix counts every letter; SHARC counts the route
// through robots.txt and sitemaps (a leading run of P and M, as in PMM)
// as one hop, so that a URL listed in a nested sitemap index is as deep
// as one listed in a sitemap named by robots.txt, a link away from a seed.
func HopDepth(path string) int {
	lead := len(path) - len(strings.TrimLeft(path, HopPrereq+HopManifest))
	if !strings.Contains(path[:lead], HopManifest) {
		return len(path)
	}
	return len(path) - lead + 1
}
