// Package crawler runs one capture of a crawl job: a pool of fetchers takes
// tasks from the per-host frontier (ordered by the job's scheduler strategy),
// archives every exchange into WARC files, indexes the records in the store
// and logs each URI to crawl.log. A capture interrupted by Ctrl-C, SIGTERM or
// SIGKILL resumes where it stopped when the same job runs again.
//
// # The chain
//
// Every task the frontier hands out goes through one chain of named
// stages (chain.go), assembled in one place (assemble) from the job; each
// stage is a file stage_NAME.go with one type implementing the small
// stage interface. A stage either passes the task on or settles it. A
// stage type holds the parts of the run it uses, given to it by wire
// once Run has made them, never the whole Crawler. Each stage's name,
// chain, description and report counters are one entry of package
// crawler/stages, which `sharc crawl --explain` (Explain) and heritrix's
// processors-report.txt read:
//
//	candidate chain (every discovered URL; candidates.go, in admit):
//	  canonicalize → hops → scope → block → traps → quotas
//	task chain:
//	  revisit-hold → prerequisites → robots (robots: obey only) → fetch →
//	  netguard → retry → dedup → extract → write → schedule
//
// The scope stage judges a candidate by the seed it descends from: the
// job-wide rules for seeds written as strings, a seed's own scope type,
// depth and extra_hops for one written as a mapping (scope.go, after
// Browsertrix). Which seed that is, is kept in memory per run, under the
// scope's mutex, and rebuilt from the store's via chains on resume
// (rebuildOrigins); candidates whose parent it never saw (a sitemap
// entry's, a page another cluster node discovered) are judged by every
// scope proper, without extra hops.
//
// Which stage and file reads each job field is the table in
// docs/architecture.md (FieldReaders, test code in
// fieldreaders_table_test.go); why a run stopped is a StopReason
// (stopreason.go).
//
// # Refresh cycles
//
// capture.mode refresh (refresh.go, issue 16) changes only the capture's
// edges: a refresh policy runs on its own goroutine beside the workers
// (driveRefresh) and queues the URLs earlier captures of the job archived
// round by round, each round's fresh outcomes choosing the next; the
// frontier is held open until the policy is done (frontier.Hold, WaitIdle).
// Nothing discovered is queued, and when the capture finishes its metrics
// are stored (store.RefreshCycle). The chain is the same; the dedup stage
// treats a 200 with the URL's last payload as unchanged.
//
// # Logged in
//
// A job with auth: or cookies: (or a run given a browser profile) crawls
// with a session (login.go, issue 30): one cookie jar (siteauth.Jar)
// on every request get makes, form logins before a host's first page
// (fetch stage), Basic and Digest answers to a 401, the login exchanges
// archived with the password masked, and the session saved with the
// capture (store.SetSession) so a resume does not log in again. The
// credentials come from Options.Secrets, never from the job.
//
// # Single node and cluster
//
// What differs between a crawl run by one process and one node of a
// cluster (cluster.go) is behind the coordinator interface (coord.go):
// singleNode and clusterNode. Run picks one; no other code asks which.
//
// # Concurrency contract
//
// A Crawler serves one Run: New stores its configuration (never changed
// afterwards), Run makes the per-run state, and a second Run returns
// ErrRunTwice; make a new Crawler to run the job again (it resumes the
// capture). During Run, the job's workers (goroutines) run the chain, the
// committer's two goroutines write WARC records (the writer) and then
// index rows and crawl.log lines (the indexer) in groups, in order, up to
// writtenAhead groups between them, and a cluster node runs its lease
// loop. A worker does not wait for its page's commit: the write stage
// hands the page to the committer and the worker takes its next task,
// while a goroutine of the page's own runs the rest of its chain
// (schedule: the frontier told, dropped links logged) once the commit is
// known; at most pendingPerWorker × workers pages wait so, and Run returns
// only after all of them. The frontier hears of a page only after its
// commit, so its order and politeness are those of a worker that waited. The
// stages share the run's state only through the frontier (safe for
// concurrent use), the committer's channels, atomics and the mutexes
// noted on runState. Status,
// Held, ClusterStatus and the admin methods (DropMatching and friends) are
// safe to call from other goroutines while Run runs; before Run they
// return zero values or an error. Observer and Progress callbacks are
// called from the crawler's goroutines and must not block for long.
package crawler
