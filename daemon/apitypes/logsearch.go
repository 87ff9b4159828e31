package apitypes

import "time"

// LogQuery is a crawl.log search (GET /api/v1/captures/{id}/log): lines
// with the status (a code, or a class "4xx"), of the host, whose URL holds
// Q, timed in [From, Until); zero fields keep all. Page counts from 1.
type LogQuery struct {
	Status, Host, Q string
	From, Until     time.Time
	Page, PerPage   int
}

// LogLine is one crawl.log line a search found.
type LogLine struct {
	File   string    `json:"file"` // crawl.log, or crawl-NODE.log
	Time   time.Time `json:"time"`
	Status int       `json:"status"`
	URI    string    `json:"uri"`
	Line   string    `json:"line"` // the line as written
}

// LogSearch is one page of a crawl.log search.
type LogSearch struct {
	Page    int       `json:"page"`
	PerPage int       `json:"per_page"`
	Total   int       `json:"total"` // lines matching, over all pages
	Lines   []LogLine `json:"lines"`
}
