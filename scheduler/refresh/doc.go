// Package refresh chooses which stored pages to re-fetch between full
// captures when an archive may spend only a fixed budget of fetches per
// cycle, and wants that budget spent on pages that changed (issue 16).
//
// It holds the parts the refresh policies share, each in one place:
//
//   - Repo: what is known about the repository in advance (URLs, the
//     intra-site link graph, change-correlated page features, topic
//     categories), with its derived sites and directories;
//   - History: the per-URL change observation of every cycle, keeping
//     "not fetched" apart from "fetched, unchanged", and, where the
//     Fetcher is a ContentFetcher, how much of the content each fetch
//     found changed;
//   - Ledger: the per-cycle budget (samples count against it, each URL is
//     fetched at most once per cycle); it is the only way a policy fetches,
//     in rounds (FetchAll): a policy reads a round's outcomes before it
//     chooses the next, so samples steer the rest of the budget. A
//     simulation's Fetcher answers a round at once; the crawler's fetches
//     it through a capture (crawler/refresh.go), running the same policy;
//   - groupings and distances: site, directory (Tan et al. 2007 Eq. 2),
//     link graph (Eq. 1), feature clusters (repeated bisection), categories;
//   - samplers (uniform, in-order/centroid-outward, √(N·r) sizes, the
//     Student-t stopping rule of Tan & Mitra 2010);
//   - the history weightings NAD/SAD/AAD/GAD (= HA/WHA) and φ = 1 − e^(−λ);
//   - the per-cycle metrics ChangeRatio, recall, freshness and age;
//   - the page features and topic categories a crawler computes at
//     extraction (StaticFeatures, TopicCategories) and the change-history
//     features added when a repository is built (DynamicFeatures).
//
// and the policies built from them (see Kind): round-robin, random,
// site-sampling (Cho & Ntoulas), neighbourhood (Tan et al. 2007),
// category-sampling (Taleghani & Ugur-Ozekinci), cluster-sampling (Tan &
// Mitra 2010) and Radinsky & Bennett 2013's models, adapted: predicted
// (their 1-D baseline, a change count rate), content-2d (their 2-D model:
// the rate plus the page's own content-change magnitudes) and, with
// +related, the relatedness experts on either (on content-2d, their 3-D
// model).
//
// The package is pure computation: no HTTP, no SQL, no clock. Randomness
// comes from a seed given to New, so a policy run on the same history with
// the same seed fetches the same pages.
//
// Concurrency: a Repo is immutable after NewRepo and safe for concurrent
// readers. History, Ledger and every Policy are single-goroutine values:
// one cycle of one policy runs on one goroutine.
package refresh
