package urlcanon_test

import (
	"fmt"

	"github.com/sharc-archive/sharc/frontier/urlcanon"
)

func Example() {
	u, err := urlcanon.Canonical("https://www.Example.com/news/index.html", "../Team/%7ejane/?b=2&a=1#bio")
	if err != nil {
		panic(err)
	}
	fmt.Println(u)
	fmt.Println(urlcanon.SURT(u))
	fmt.Println(urlcanon.Host(u))
	fmt.Println(urlcanon.HostSURTPrefix(u))

	_, err = urlcanon.Canonical("", "mailto:jane@example.com")
	fmt.Println(err)
	// Output:
	// https://www.example.com/Team/~jane/?b=2&a=1
	// com,example)/team/~jane?a=1&b=2
	// www.example.com
	// com,example)/
	// urlcanon: scheme not http(s): "mailto"
}
