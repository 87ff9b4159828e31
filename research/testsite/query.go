package testsite

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// errBadQuery marks a malformed /_changes query.
var errBadQuery = errors.New("bad query")

// changesQuery is a parsed /_changes query.
type changesQuery struct {
	from, to time.Time
	page     int // -1 for all pages
}

// parseChangesQuery parses the query of /_changes:
//
//	from  RFC 3339 time (fractions allowed), default Start
//	to    RFC 3339 time, default now; clamped to now so the endpoint cannot
//	      be made to draw change times without bound
//	page  a page path ("/p/7" or "/"), default all pages
//
// It rejects unknown parameters, repeated parameters and to < from.
func parseChangesQuery(raw string, start, now time.Time, pages int) (changesQuery, error) {
	q := changesQuery{from: start, to: now, page: -1}
	vals, err := url.ParseQuery(raw)
	if err != nil {
		return q, fmt.Errorf("%w: %w", errBadQuery, err)
	}
	for k, v := range vals {
		if len(v) != 1 {
			return q, fmt.Errorf("%w: parameter %q given %d times", errBadQuery, k, len(v))
		}
		switch k {
		case "from", "to":
			t, err := time.Parse(time.RFC3339Nano, v[0])
			if err != nil {
				return q, fmt.Errorf("%w: %s: %w", errBadQuery, k, err)
			}
			if k == "from" {
				q.from = t
			} else {
				q.to = t
			}
		case "page":
			p, ok := PageIndex(v[0])
			if !ok || p >= pages {
				return q, fmt.Errorf("%w: page %q is not a page of this site", errBadQuery, v[0])
			}
			q.page = p
		default:
			return q, fmt.Errorf("%w: unknown parameter %q", errBadQuery, k)
		}
	}
	if q.to.After(now) {
		q.to = now
	}
	if q.to.Before(q.from) {
		return q, fmt.Errorf("%w: to (%s) is before from (%s)", errBadQuery,
			q.to.Format(time.RFC3339Nano), q.from.Format(time.RFC3339Nano))
	}
	return q, nil
}

// changesResponse is the JSON body of /_changes.
type changesResponse struct {
	From    time.Time              `json:"from"`
	To      time.Time              `json:"to"`
	Changes map[string][]time.Time `json:"changes"`
}

// serveChanges answers /_changes with the content changes in (from, to].
func (s *Site) serveChanges(w http.ResponseWriter, r *http.Request, now time.Time) {
	q, err := parseChangesQuery(r.URL.RawQuery, s.cfg.Start, now, s.cfg.Pages)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	resp := changesResponse{From: q.from, To: q.to}
	if q.page >= 0 {
		resp.Changes = map[string][]time.Time{}
		if ts := s.pageChanges(q.page, s.offsetOf(q.from), s.offsetOf(q.to)); len(ts) > 0 {
			resp.Changes[PagePath(q.page)] = ts
		}
	} else {
		resp.Changes = s.ChangeLog(q.from, q.to)
	}
	writeJSON(w, resp)
}

// Info is the JSON body of /_info.
type Info struct {
	Pages       int               `json:"pages"`
	Outdegree   int               `json:"outdegree"`
	Skew        float64           `json:"skew"`
	HotLeaves   bool              `json:"hot_leaves"`
	TimeUnit    string            `json:"time_unit"`
	TimeUnitSec float64           `json:"time_unit_seconds"`
	Seed        uint64            `json:"seed"`
	Host        string            `json:"host,omitempty"`
	Start       time.Time         `json:"start"`
	Now         time.Time         `json:"now"`
	Embeds      bool              `json:"embeds"`
	TrapLink    bool              `json:"trap_link"`
	DeleteAfter map[string]string `json:"delete_after,omitempty"`
	AppearAfter map[string]string `json:"appear_after,omitempty"`
	// Rates is λ_k per time unit by page index, only with ?rates=1.
	Rates []float64 `json:"rates,omitempty"`
}

func (s *Site) serveInfo(w http.ResponseWriter, r *http.Request, now time.Time) {
	c := s.cfg
	info := Info{Pages: c.Pages, Outdegree: c.Outdegree, Skew: c.Skew, HotLeaves: c.HotLeaves,
		TimeUnit: c.TimeUnit.String(), TimeUnitSec: c.TimeUnit.Seconds(), Seed: c.Seed, Host: c.Host,
		Start: c.Start, Now: now, Embeds: c.Embeds, TrapLink: c.TrapLink}
	fmtMap := func(m map[int]time.Duration) map[string]string {
		if len(m) == 0 {
			return nil
		}
		out := make(map[string]string, len(m))
		for k, d := range m {
			out[PagePath(k)] = d.String()
		}
		return out
	}
	info.DeleteAfter, info.AppearAfter = fmtMap(c.DeleteAfter), fmtMap(c.AppearAfter)
	if r.URL.Query().Get("rates") == "1" {
		info.Rates = s.tree.Rates
	}
	writeJSON(w, info)
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	_ = enc.Encode(v) // the client went away; nothing to do
}
