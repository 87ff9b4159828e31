package daemon

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sharc-archive/sharc/crawler/crawllog"
)

// Bounds of a crawl.log search's page: the log is streamed, and only one
// page of matching lines is ever held.
const (
	defaultLogPerPage = 100
	maxLogPerPage     = 500
	// maxLogLine bounds one crawl.log line a search reads; a longer line
	// (none that SHARC writes) ends the search with an error.
	maxLogLine = 1 << 20
)

// statusClassPattern is a status filter "4xx": the HTTP statuses of one class.
var statusClassPattern = regexp.MustCompile(`^[1-5]xx$`)

// logFilter is what a crawl.log search keeps; zero fields keep all.
type logFilter struct {
	status string // "404", "-9998", or a class "4xx"
	host   string // lower case, as in the URL (host or host:port)
	q      string // a substring of the URL
	// from and until bound the line's time (from inclusive, until
	// exclusive); zero: unbounded.
	from, until time.Time
}

// logFilterOf reads ?status=, ?host=, ?q=, ?from= and ?until=, refusing
// a status that is neither a code nor a class, and a malformed time.
func logFilterOf(q url.Values) (logFilter, error) {
	f := logFilter{status: strings.TrimSpace(q.Get("status")), host: strings.ToLower(strings.TrimSpace(q.Get("host"))), q: q.Get("q")}
	if f.status != "" && !statusClassPattern.MatchString(f.status) {
		if _, err := strconv.Atoi(f.status); err != nil {
			return logFilter{}, badRequest("status: want a code (200, -9998) or a class (4xx), got %q", f.status)
		}
	}
	for _, b := range []struct {
		key string
		t   *time.Time
	}{{"from", &f.from}, {"until", &f.until}} {
		if v := q.Get(b.key); v != "" {
			t, err := time.Parse(time.RFC3339, v)
			if err != nil {
				return logFilter{}, badRequest("%s: want an RFC 3339 time, got %q", b.key, v)
			}
			*b.t = t
		}
	}
	return f, nil
}

// match says whether e passes the filter.
func (f logFilter) match(e crawllog.Entry) bool {
	if f.status != "" {
		code := strconv.Itoa(e.Status)
		if statusClassPattern.MatchString(f.status) {
			if len(code) != 3 || code[0] != f.status[0] {
				return false
			}
		} else if code != f.status {
			return false
		}
	}
	if (!f.from.IsZero() && e.Time.Before(f.from)) || (!f.until.IsZero() && !e.Time.Before(f.until)) {
		return false
	}
	if f.host != "" {
		u, err := url.Parse(e.URI)
		if err != nil || strings.ToLower(u.Host) != f.host {
			return false
		}
	}
	return f.q == "" || strings.Contains(e.URI, f.q)
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

// searchLog streams r (the crawl.log file) and adds its lines that pass
// f to res: counted in Total, kept only when on res's page. Lines that
// do not parse (a torn last line) are skipped.
func searchLog(r io.Reader, file string, f logFilter, res *LogSearch) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLogLine)
	first := (res.Page - 1) * res.PerPage
	for sc.Scan() {
		e, err := crawllog.Parse(sc.Text())
		if err != nil || !f.match(e) {
			continue
		}
		if res.Total >= first && len(res.Lines) < res.PerPage {
			res.Lines = append(res.Lines, LogLine{File: file, Time: e.Time, Status: e.Status, URI: e.URI, Line: sc.Text()})
		}
		res.Total++
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("read %s: %w", file, err)
	}
	return nil
}

// getLogSearch answers GET /api/v1/captures/{id}/log: the lines of the
// capture's crawl.logs (every node's, by file name) that pass ?status=,
// ?host=, ?q=, ?from= and ?until=, a page (?page=, ?per_page=) at a time.
func (d *Daemon) getLogSearch(w http.ResponseWriter, r *http.Request) error {
	f, err := logFilterOf(r.URL.Query())
	if err != nil {
		return err
	}
	page, err := queryCount(r, "page", 1)
	if err != nil {
		return err
	}
	per, err := queryCount(r, "per_page", defaultLogPerPage)
	if err != nil {
		return err
	}
	if page < 1 || per < 1 || per > maxLogPerPage {
		return badRequest("page: want 1 or more; per_page: want 1 to %d", maxLogPerPage)
	}
	c, js, err := d.capture(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	folder, err := d.captureFolder(js, c)
	if err != nil {
		return err
	}
	files, err := logFiles(folder.Logs())
	if err != nil {
		return err
	}
	res := LogSearch{Page: page, PerPage: per, Lines: []LogLine{}}
	for _, name := range files {
		if err := searchFile(filepath.Join(folder.Logs(), name), name, f, &res); err != nil {
			return err
		}
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}

// logFiles are the crawl.log names in dir, sorted; none when dir is not
// there yet.
func logFiles(dir string) ([]string, error) {
	des, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list crawl.logs: %w", err)
	}
	var names []string
	for _, de := range des {
		if de.Type().IsRegular() && logName.MatchString(de.Name()) {
			names = append(names, de.Name())
		}
	}
	slices.Sort(names)
	return names, nil
}

func searchFile(path, name string, f logFilter, res *LogSearch) error {
	file, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("open %s: %w", name, err)
	}
	defer file.Close()
	return searchLog(file, name, f, res)
}
