package store

// Query texts for the plan tests in package store_test.
const (
	SQLiteHistorySQL = sqliteHistorySQL
	PGHistorySQL     = pgHistorySQL

	SQLiteFirstByDigestSQL = sqliteFirstByDigestSQL
	PGFirstByDigestSQL     = pgFirstByDigestSQL

	// ClusterLoad's statements, for BenchmarkClusterPoll's server times.
	PGFoldCountsSQL    = pgFoldCounts
	PGClusterCountsSQL = pgClusterCounts
	PGLiveNodesSQL     = pgLiveNodes
)

// PGStore names the PostgreSQL store for the compile-time check in
// leases_test.go that it satisfies crawler.Leaser.
type PGStore = pgStore
