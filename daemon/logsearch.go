package daemon

import (
	"bufio"
	"context"
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

// logQueryOf reads ?status=, ?host=, ?q=, ?from=, ?until=, ?page= and
// ?per_page=, refusing a status that is neither a code nor a class, a
// malformed time and a page out of bounds (in that order).
func logQueryOf(r *http.Request) (LogQuery, error) {
	v := r.URL.Query()
	q := LogQuery{Status: v.Get("status"), Host: v.Get("host"), Q: v.Get("q")}
	if err := checkLogStatus(q.Status); err != nil {
		return LogQuery{}, err
	}
	for _, b := range []struct {
		key string
		t   *time.Time
	}{{"from", &q.From}, {"until", &q.Until}} {
		if s := v.Get(b.key); s != "" {
			t, err := time.Parse(time.RFC3339, s)
			if err != nil {
				return LogQuery{}, badRequest("%s: want an RFC 3339 time, got %q", b.key, s)
			}
			*b.t = t
		}
	}
	var err error
	if q.Page, err = queryCount(r, "page", 1); err != nil {
		return LogQuery{}, err
	}
	if q.PerPage, err = queryCount(r, "per_page", defaultLogPerPage); err != nil {
		return LogQuery{}, err
	}
	return q, nil
}

// checkLogStatus refuses a status filter that is neither a code nor a
// class.
func checkLogStatus(status string) error {
	status = strings.TrimSpace(status)
	if status != "" && !statusClassPattern.MatchString(status) {
		if _, err := strconv.Atoi(status); err != nil {
			return badRequest("status: want a code (200, -9998) or a class (4xx), got %q", status)
		}
	}
	return nil
}

// logFilterOf is q's filter, or q's refusal.
func logFilterOf(q LogQuery) (logFilter, error) {
	if err := checkLogStatus(q.Status); err != nil {
		return logFilter{}, err
	}
	if q.Page < 1 || q.PerPage < 1 || q.PerPage > maxLogPerPage {
		return logFilter{}, badRequest("page: want 1 or more; per_page: want 1 to %d", maxLogPerPage)
	}
	return logFilter{status: strings.TrimSpace(q.Status), host: strings.ToLower(strings.TrimSpace(q.Host)), q: q.Q, from: q.From, until: q.Until}, nil
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
	q, err := logQueryOf(r)
	if err != nil {
		return err
	}
	res, err := d.searchLogs(r.Context(), r.PathValue("id"), q)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}

// searchLogs is getLogSearch's answer for capture idText.
func (d *Daemon) searchLogs(ctx context.Context, idText string, q LogQuery) (LogSearch, error) {
	f, err := logFilterOf(q)
	if err != nil {
		return LogSearch{}, err
	}
	c, js, err := d.capture(ctx, idText)
	if err != nil {
		return LogSearch{}, err
	}
	folder, err := d.captureFolder(js, c)
	if err != nil {
		return LogSearch{}, err
	}
	files, err := logFiles(folder.Logs())
	if err != nil {
		return LogSearch{}, err
	}
	res := LogSearch{Page: q.Page, PerPage: q.PerPage, Lines: []LogLine{}}
	for _, name := range files {
		if err := searchFile(filepath.Join(folder.Logs(), name), name, f, &res); err != nil {
			return LogSearch{}, err
		}
	}
	return res, nil
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
