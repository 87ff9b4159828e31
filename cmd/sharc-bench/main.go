package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "fetch":
		err = runFetch(os.Args[2:])
	case "spread":
		err = runSpread(os.Args[2:])
	case "sites":
		err = runSites(os.Args[2:])
	case "urls":
		err = runURLs(os.Args[2:])
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "sharc-bench:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: sharc-bench fetch|sites|spread|urls [flags]")
	os.Exit(2)
}
