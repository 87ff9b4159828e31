// Package fsutil creates the files SHARC writes for an archive's readers:
// CreateTemp is os.CreateTemp with a chosen mode (os.CreateTemp always
// uses 0600, which leaves reports and exports unreadable to the archive's
// other users), and WriteAtomic writes a file through such a temporary
// file and a rename, so a reader or a crash never sees half of it.
//
// Concurrency: the functions share nothing; two writers of one path race
// only in the final rename (the last one wins, each file whole).
package fsutil
