// Package crawltree builds a capture's crawl tree (thesis §8.5,
// Algorithms 7–8): the spanning tree in which each URL's parent is the page
// it was discovered on (store.FrontierURL.Via), with every subtree whose
// pages are all unchanged collapsed into one node sized by its page count,
// and the remaining nodes coloured by the kind of change the capture's
// stored report found (content change, missing, new). It writes the tree
// as GraphML for graph tools (Gephi, yEd, networkx).
//
// Memory: Build holds the capture's frontier (store.Frontier returns it
// whole) plus one small node per URL, so it is proportional to the
// capture's URL count. It counts the URLs first (store.URLCount) and
// refuses a capture of more than MaxURLs URLs before loading any; the
// collapsed tree it returns is never larger than that.
//
// Concurrency: a Tree is immutable once built and safe for concurrent
// readers; Build may run concurrently for any captures.
package crawltree
