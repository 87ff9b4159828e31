package extract_test

import (
	"fmt"

	"github.com/sharc-archive/sharc/crawler/extract"
)

func ExampleExtract() {
	page := `<html><head><title>Home</title><link rel=stylesheet href=/s.css></head>
<body><h1>Welcome</h1><p>See <a href="about.html#team">about us</a>.</p>
<img src="logo.png" srcset="logo@2x.png 2x"><a href="mailto:x@example.com">mail</a></body></html>`
	res, err := extract.Extract("text/html; charset=utf-8", "http://example.com/en/", []byte(page))
	if err != nil {
		panic(err)
	}
	for _, l := range res.Links {
		fmt.Println(l.Hop, l.Context, l.URL)
	}
	fmt.Printf("%q %q\n", res.Title, res.Text)
	// Output:
	// E link/@href http://example.com/s.css
	// L a/@href http://example.com/en/about.html
	// E img/@src http://example.com/en/logo.png
	// E img/@srcset http://example.com/en/logo@2x.png
	// "Home" "Welcome See about us. mail"
}

func ExampleShingles() {
	v1 := extract.Shingles(extract.NormalizedText("Opening hours: Monday to Friday, 9 to 17. Visitors today: 1041."), 3)
	v2 := extract.Shingles(extract.NormalizedText("Opening hours: Monday to Friday, 9 to 17. Visitors today: 1187."), 3)
	fmt.Printf("%.2f\n", extract.Jaccard(v1, v2))
	// Output:
	// 1.00
}
