package crawler_test

import "github.com/sharc-archive/sharc/crawler"

func ownerOptions(file string, obs crawler.Observer) crawler.Options {
	return crawler.Options{Observer: obs}
}

func ownerErrorWants() []string { return []string{"seeds"} }
