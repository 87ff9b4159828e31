package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/sharc-archive/sharc/frontier/urlcanon"
)

// runURLs prints the sorted canonical URLs a capture answered with 2xx,
// from SHARC's crawl.log or from a `wget -nv` log, so bench-crawl can diff
// what each tool captured.
func runURLs(args []string) error {
	fl := flag.NewFlagSet("urls", flag.ContinueOnError)
	clog := fl.String("crawllog", "", "SHARC crawl.log")
	wlog := fl.String("wgetlog", "", "wget -nv log")
	if err := fl.Parse(args); err != nil {
		return err
	}
	var (
		path string
		pick func(string) string
	)
	switch {
	case *clog != "":
		path, pick = *clog, crawlLogURL
	case *wlog != "":
		path, pick = *wlog, wgetLogURL
	default:
		return fmt.Errorf("urls needs -crawllog or -wgetlog")
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	set := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		if u := pick(sc.Text()); u != "" {
			if c, err := urlcanon.Canonical("", u); err == nil {
				set[c] = true
			}
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	out := make([]string, 0, len(set))
	for u := range set {
		out = append(out, u)
	}
	sort.Strings(out)
	w := bufio.NewWriter(os.Stdout)
	for _, u := range out {
		fmt.Fprintln(w, u)
	}
	return w.Flush()
}

// crawlLogURL is field 4 of a crawl.log line whose status (field 2) is 2xx.
func crawlLogURL(line string) string {
	f := strings.Fields(line)
	if len(f) < 4 {
		return ""
	}
	if st, err := strconv.Atoi(f[1]); err != nil || st/100 != 2 {
		return ""
	}
	return f[3]
}

// wgetLogURL is the URL of a `wget -nv` success line:
// "2026-11-24 16:51:26 URL:http://h/p [123/123] -> "file" [1]".
func wgetLogURL(line string) string {
	i := strings.Index(line, " URL:")
	if i < 0 {
		return ""
	}
	rest := line[i+len(" URL:"):]
	if j := strings.IndexByte(rest, ' '); j >= 0 {
		rest = rest[:j]
	}
	return rest
}
