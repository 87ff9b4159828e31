// Package storetest is the conformance suite every store.Store
// implementation runs: the same assertions against SQLite and PostgreSQL,
// so the crawler can treat them as interchangeable.
//
// Concurrency: each Run call drives one store from the test's goroutine
// (some cases start goroutines of their own to test the store's
// concurrency); give parallel tests separate stores.
package storetest
