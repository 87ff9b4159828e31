package store

// Query texts for the plan tests in package store_test.
const (
	SQLiteHistorySQL = sqliteHistorySQL
	PGHistorySQL     = pgHistorySQL

	SQLiteFirstByDigestSQL = sqliteFirstByDigestSQL
	PGFirstByDigestSQL     = pgFirstByDigestSQL
)
