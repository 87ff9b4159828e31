package main

import (
	"fmt"
	"os"

	"github.com/sharc-archive/sharc/extract"
)

func main() {
	b, _ := os.ReadFile(os.Args[3])
	r, err := extract.Extract(os.Args[1], os.Args[2], b)
	fmt.Println(err)
	for _, l := range r.Links {
		fmt.Printf("%c %-22s %s\n", l.Hop, l.Context, l.URL)
	}
	fmt.Printf("title=%q\ntext=%q\nsm=%+v\nsmi=%v trunc=%v\n", r.Title, r.Text, r.Sitemap, r.SitemapIndex, r.Truncated)
}
