package console

import (
	"context"
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"strconv"

	"github.com/sharc-archive/sharc/daemon/apitypes"
)

// logSearchPerPage is how many matching crawl.log lines the capture
// page's search shows at a time.
const logSearchPerPage = 50

// logSearchView is the capture page's crawl.log search: the form's
// values and, once asked, one page of the lines the API found.
type logSearchView struct {
	Status, Host, Q string
	Asked           bool
	Problem         string // the API's answer to a refused search
	Page, Pages     int
	Total           int
	Lines           []apitypes.LogLine
	Prev, Next      template.URL // the neighbouring pages ("" if none); built here from escaped values
}

// logSearch runs the search the capture page's form asks (?status=,
// ?host=, ?q=, ?page=) through the API; nothing is searched without a
// filter or a page.
func (c *Console) logSearch(ctx context.Context, id string, q url.Values) *logSearchView {
	v := &logSearchView{Status: q.Get("status"), Host: q.Get("host"), Q: q.Get("q")}
	if v.Status == "" && v.Host == "" && v.Q == "" && q.Get("page") == "" {
		return v
	}
	v.Asked = true
	v.Page, _ = strconv.Atoi(q.Get("page"))
	v.Page = max(v.Page, 1)
	res, err := c.api.LogSearch(ctx, captureNum(id), apitypes.LogQuery{Status: v.Status, Host: v.Host, Q: v.Q, Page: v.Page, PerPage: logSearchPerPage})
	if err != nil {
		var ae *APIError
		if !errors.As(err, &ae) || ae.Status != http.StatusBadRequest {
			v.Problem = "the search failed: " + shown(err)
			return v
		}
		v.Problem = ae.Message
		return v
	}
	v.Total, v.Lines = res.Total, res.Lines
	v.Pages = max((res.Total+logSearchPerPage-1)/logSearchPerPage, 1)
	link := func(p int) template.URL {
		return template.URL("/ui/captures/" + url.PathEscape(id) + "?" + url.Values{"status": {v.Status}, "host": {v.Host}, "q": {v.Q}, "page": {strconv.Itoa(p)}}.Encode())
	}
	if v.Page > 1 {
		v.Prev = link(min(v.Page-1, v.Pages))
	}
	if v.Page < v.Pages {
		v.Next = link(v.Page + 1)
	}
	return v
}
