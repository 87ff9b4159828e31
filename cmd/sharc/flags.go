package main

import (
	"flag"
	"fmt"
)

// flags returns the flag set of the subcommand name. Parse errors and help
// go to c.stderr rather than os.Stderr, so tests capture them. With usage
// not empty, -h and fs.Usage() print usage above the flag defaults; with
// usage "", the flag package's own "Usage of name:" stands.
func (c *cli) flags(name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(c.stderr)
	if usage != "" {
		fs.Usage = func() {
			fmt.Fprintln(c.stderr, usage)
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlagsOnly parses args into fs for a subcommand that takes no
// positional arguments, and names any that are left rather than silently
// ignoring them (a mistyped flag value would otherwise go unnoticed).
func parseFlagsOnly(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	return nil
}

// parseLeaves reads a --leaves flag: "hot" when the leaves of the synthetic
// site change most often, "cold" when the root does (sim.Leaves is the
// inverse).
func parseLeaves(leaves string) (hot bool, err error) {
	switch leaves {
	case "cold":
		return false, nil
	case "hot":
		return true, nil
	}
	return false, fmt.Errorf("--leaves must be cold or hot, got %q", leaves)
}
