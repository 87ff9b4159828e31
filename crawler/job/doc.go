// Package job reads, validates and writes SHARC crawl jobs (YAML).
//
// A job file is decoded into a yaml.Node tree and walked by hand rather than
// unmarshalled into tagged structs: only the node tree knows the line of
// every value, and an archivist fixing a job file wants every mistake named
// by field and line at once (`job.yaml:12: scope.include[1]: …`), not the
// first one the decoder happened to meet. Parse returns a *Job with every
// default applied (see Defaults) or an Errors value listing all problems.
//
// Every field is declared once, in the field table of fields.go: its key,
// how it is read and validated, how Marshal writes it, and its Type and
// Default in docs/job-yaml.md (checked by TestDocsListEveryField). Adding a
// field means one table entry (and a Job struct field); cross-field checks
// and name-dependent defaults stay in parser.check.
//
// The reference for every field is docs/job-yaml.md.
//
// Concurrency: Parse and the other functions keep no state; a parsed *Job
// is read-only to its users (a run gets its own parse).
package job
