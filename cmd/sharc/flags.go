package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// flagSet is a subcommand's flag.FlagSet that prints help the sharc way:
// -h and --help print the usage text and flags to stdout (the help was
// asked for: exit 0), a bad flag is a usage error (exit 2) reported once
// by run, and fs.Usage() (a command's own usage error) prints to stderr.
type flagSet struct {
	*flag.FlagSet
	c     *cli
	usage string
}

// flags returns the flag set of the subcommand name ("export wacz" for a
// sub-subcommand). Its help text is usage, or, when usage is "", the text
// commandUsage has for name.
func (c *cli) flags(name, usage string) *flagSet {
	if usage == "" {
		usage = commandUsage(name)
	}
	fs := &flagSet{FlagSet: flag.NewFlagSet(name, flag.ContinueOnError), c: c, usage: usage}
	fs.SetOutput(c.stderr)
	fs.FlagSet.Usage = func() { fs.printHelp(c.stderr) }
	return fs
}

// Parse parses args. Help goes to stdout and returns flag.ErrHelp; a parse
// error returns a usageError naming the problem.
func (fs *flagSet) Parse(args []string) error {
	usage := fs.FlagSet.Usage
	fs.FlagSet.Usage = func() {}
	fs.SetOutput(io.Discard) // the error is reported once, by run
	err := fs.FlagSet.Parse(args)
	fs.SetOutput(fs.c.stderr)
	fs.FlagSet.Usage = usage
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.printHelp(fs.c.stdout)
		return flag.ErrHelp
	case err != nil:
		return &usageError{err: err}
	}
	return nil
}

// missing prints the usage line on stderr and returns a usage error naming
// the flag that was left out, so the operator sees both what is wrong and
// the command's form.
func (fs *flagSet) missing(flag string) error {
	fmt.Fprintln(fs.c.stderr, strings.TrimRight(fs.usage, "\n"))
	return usagef("missing %s", flag)
}

// printHelp writes the usage text and the flags with their defaults.
func (fs *flagSet) printHelp(w io.Writer) {
	fmt.Fprintln(w, strings.TrimRight(fs.usage, "\n"))
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n == 0 {
		return
	}
	fmt.Fprintln(w, "\nflags:")
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(fs.c.stderr)
}

// parseFlagsOnly parses args into fs for a subcommand that takes no
// positional arguments, and names any that are left rather than silently
// ignoring them (a mistyped flag value would otherwise go unnoticed).
func parseFlagsOnly(fs *flagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected arguments %q", fs.Args())
	}
	return nil
}

// isHelp reports whether arg asks for help, for the commands that dispatch
// on their first argument before any flag set parses it.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "--help" || arg == "-help" || arg == "help"
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
	return false, usagef("--leaves must be cold or hot, got %q", leaves)
}
