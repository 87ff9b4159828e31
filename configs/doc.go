// Package configs holds the example configuration files the repository
// ships (the demo job, the daemon's config, compose and monitoring files)
// and embeds the demo job, so that `sharc demo` runs from any directory,
// not only from a checkout.
package configs
