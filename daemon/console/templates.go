package console

import (
	"embed"
	"fmt"
	"html/template"
	"math"
	"net/url"
	"strings"
	"time"

	"github.com/sharc-archive/sharc/crawler/report"
)

//go:embed assets/console.css assets/console.js
var assets embed.FS

var funcs = template.FuncMap{
	"when": func(t time.Time) string {
		if t.IsZero() {
			return "—"
		}
		return t.UTC().Format("2006-01-02 15:04:05 UTC")
	},
	"secs": func(s float64) string { return fmt.Sprintf("%.1f s", s) },
	// qualityWords is the capture's quality as the CLI says it.
	"qualityWords": func(r report.Report) string {
		w := report.QualityWords(&r)
		return strings.ToUpper(w[:1]) + w[1:]
	},
	// timeOfDay is a time's UTC clock, for narrow columns (the full
	// "when" goes in the cell's title).
	"timeOfDay": func(t time.Time) string {
		if t.IsZero() {
			return "—"
		}
		return t.UTC().Format("15:04:05")
	},
	// breakable lets a URL or host name wrap after its separators
	// (<wbr>) instead of mid-word or not at all.
	"breakable": breakable,
	// clock is H:MM:SS, as console.js writes it when it updates a page.
	"clock": clock,
	"until": func(now, t time.Time) string { return clock(t.Sub(now).Seconds()) },
	// replayLink opens a page of a capture at one download's time.
	"replayLink": func(id, u string, t time.Time) string {
		return "/ui/captures/" + id + "/replay?" + url.Values{"url": {u}, "ts": {t.UTC().Format("20060102150405")}}.Encode()
	},
	"button": func(p page, action, label string) buttonView {
		return buttonView{Job: p.Job, Action: JobAction(action), CSRF: p.CSRF, Label: label}
	},
}

// buttonView is one job action's form (template "button").
type buttonView struct {
	Job    string
	Action JobAction
	CSRF   string
	Label  string
}

// urlBreaks are where a URL or host name may wrap: after these.
const urlBreaks = "/?&=.,_"

// breakable is s, escaped, with a <wbr> after each of urlBreaks (runs of
// them keep together: "//" breaks once).
func breakable(s string) template.HTML {
	var b strings.Builder
	for i, r := range s {
		b.WriteString(template.HTMLEscapeString(string(r)))
		if strings.ContainsRune(urlBreaks, r) && i+1 < len(s) && !strings.ContainsRune(urlBreaks, rune(s[i+1])) {
			b.WriteString("<wbr>")
		}
	}
	return template.HTML(b.String())
}

func clock(s float64) string {
	if s <= 0 {
		return "0:00:00"
	}
	n := int64(math.Round(s))
	return fmt.Sprintf("%d:%02d:%02d", n/3600, n%3600/60, n%60)
}

const layout = `{{define "top"}}<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Title}} — SHARC</title>
{{if .Refresh}}<meta http-equiv="refresh" content="{{.Refresh}}">{{end}}
<link rel="stylesheet" href="/ui/console.css"><script src="/ui/console.js" defer></script></head>
<body><header><strong>SHARC</strong><a href="/ui/">Jobs</a>{{if and .Who .Who.CanOperate}}<a href="/ui/submit">Submit a job</a>{{end}}<a href="/ui/schedules">Schedules</a><a href="/ui/cluster">Cluster</a><a href="/ui/uploads">Uploads</a>{{if and .Who .Who.IsAdmin}}<a href="/ui/accounts">Accounts</a><a href="/ui/audit">Audit trail</a>{{end}}{{with .Who}}<span class="who" id="who">{{.Name}} ({{.Role}})</span>{{if not .Open}}<form class="who" method="post" action="/ui/logout"><button>Log out</button></form>{{end}}{{end}}</header>
<main><h1>{{.Title}}</h1>{{end}}
{{define "bottom"}}</main></body></html>{{end}}
{{define "run"}}{{if .Capture}}<a href="/ui/captures/{{.Capture}}">capture {{.Capture}}</a>{{else}}no capture{{end}}, {{when .Started}}: {{if .StopReason}}{{.StopReason}}{{else if .Ended.IsZero}}running{{else}}ended{{end}}, {{.Fetched}} fetched, {{.Failed}} failed{{end}}
{{define "button"}}<form class="inline" method="post" action="/ui/jobs/{{.Job}}/{{.Action}}"><input type="hidden" name="csrf" value="{{.CSRF}}"><button type="submit" name="action" value="{{.Action}}">{{.Label}}</button></form>{{end}}`

var pages = template.Must(template.New("console").Funcs(funcs).Parse(layout + `
{{define "login"}}{{template "top" .}}
{{if .Who}}<p class="error">{{.Error}}</p>{{else}}<form class="login" method="post" action="/ui/login">
<p>Log in with your account's token (<code>sharc user add</code> made it), or the daemon's bootstrap token.</p>
{{if .Error}}<p class="error">{{.Error}}</p>{{end}}
<label>Token <input type="password" name="token" autocomplete="current-password" autofocus></label>
<button type="submit">Log in</button>
</form>{{end}}
{{template "bottom" .}}{{end}}

{{define "jobs"}}{{template "top" .}}
{{if .Jobs}}<table>
<tr><th>Job</th><th>State</th><th>Now</th><th>Seeds</th><th>Strategy, mode</th><th>Schedule</th><th>Next run</th><th>Latest runs</th></tr>
{{range .Jobs}}<tr>
<td><a href="/ui/jobs/{{.Name}}">{{.Name}}</a></td>
<td class="state-{{.State}}">{{.State}}{{if .Alert}} <span class="alert">— {{.Alert}}</span>{{end}}</td>
<td class="live">{{with .Live}}capture <a href="/ui/captures/{{.Capture}}">{{.Capture}}</a>{{if .Resumed}} (resumed){{end}}: <span class="live-fetched">{{.Fetched}}</span> fetched, <span class="live-failed">{{.Failed}}</span> failed, {{.Queued}} queued{{else}}<span class="muted">—</span>{{end}}</td>
<td>{{range $i, $s := .Seeds}}{{if $i}}<br>{{end}}{{$s}}{{end}}</td>
<td>{{.Strategy}}, {{.Mode}}</td>
<td>{{if .Schedule}}{{.Schedule}}{{else}}<span class="muted">none</span>{{end}}</td>
<td>{{when .NextRun}}</td>
<td>{{if .Runs}}{{range .Runs}}<div class="run">{{template "run" .}}</div>{{end}}<a href="/ui/jobs/{{.Name}}#runs">all runs</a>{{else}}<span class="muted">none yet</span>{{end}}</td>
</tr>{{end}}</table>
{{else}}<p class="muted">No jobs. <a href="/ui/submit">Submit one</a> here or with <code>sharc job submit JOB.yaml</code>.</p>{{end}}
{{template "bottom" .}}{{end}}

{{define "job"}}{{template "top" .}}
{{with .Status}}<div class="live" data-status="/ui/jobs/{{$.Job}}/status.json" data-state="{{.State}}" data-capture="{{.Capture}}">
<p>State <strong class="state-{{.State}}">{{.State}}</strong>{{if .Alert}} <span class="alert">— {{.Alert}}</span>{{end}}{{if .Capture}}, capture <a href="/ui/captures/{{.Capture}}">{{.Capture}}</a>{{if .Resumed}} (resumed){{end}}{{end}}.</p>
{{if $.Who.CanOperate}}<div class="actions">{{if or (eq .State "running") (eq .State "queued")}}{{template "button" (button $ "pause" "Pause")}}{{end}}{{if eq .State "paused"}}{{template "button" (button $ "resume" "Resume")}}{{end}}{{if or (eq .State "running") (eq .State "queued") (eq .State "paused")}}{{template "button" (button $ "cancel" "Cancel…")}}{{end}}{{if eq .State "idle"}}{{template "button" (button $ "resume" "Start a new capture")}}{{end}}
<a class="button" href="/ui/submit?job={{$.Job}}">Edit the job</a></div>{{else}}<p class="muted">Your role ({{$.Who.Role}}) can watch this job; an operator can pause, resume, cancel or edit it, or start a new capture.</p>{{end}}
<table class="counters">
<tr><th>Fetched</th><th title="every host's errors added up: HTTP 400 or more, and no answer">Errors</th><th title="URLs given up without an answer">Failed</th><th>Robots-blocked</th><th>Discovered</th><th>Queued</th><th>In flight</th><th>Records</th><th>Phase</th><th>Elapsed</th><th>Pages/s</th><th>Time to finish</th></tr>
<tr><td class="num" data-live="fetched">{{.Fetched}}</td><td class="num" data-live="errors">{{.Errors}}</td><td class="num" data-live="failed">{{.Failed}}</td><td class="num" data-live="robots_blocked">{{.Blocked}}</td><td class="num" data-live="discovered">{{.Known}}</td><td class="num" data-live="queued">{{.Queued}}</td><td class="num" data-live="in_flight">{{.InFlight}}</td><td class="num" data-live="records">{{.Records}}</td><td data-live="phase">{{if .Phase}}{{.Phase}}{{else}}—{{end}}</td><td class="num" data-live="elapsed_seconds">{{clock .Elapsed}}</td><td class="num" data-live="pages_per_second">{{printf "%.1f" .Rate}}</td><td class="num" data-live="eta_seconds">{{if gt .ETA 0.0}}{{clock .ETA}}{{else}}—{{end}}</td></tr>
</table>
<p class="muted">Time to finish: the downloads the queued URLs still need (two each in a visit–revisit capture's visit phase) at the rate so far; URLs found later add to it.</p>
<h2>Hosts: why is it slow?</h2>
<p class="muted">A host with a long queue, a long politeness wait and few fetches per second is held back by politeness; many errors point at the site, and their classes say how (4xx and 5xx are the site's answers, network means no answer, blocked is robots.txt or the network guard); parked hosts wait for a slot (max_active_hosts). <span data-live="hosts_total">{{.HostsTotal}}</span> host(s), most queued first; their counts are the capture's, over all its runs.</p>
{{if not .HostsAsOf.IsZero}}<p id="hosts-as-of">The run stopped: the hosts as they were at {{when .HostsAsOf}}; nothing is in flight.</p>{{end}}
<table class="hosts">
<tr><th>Host</th><th>Queued</th><th>In flight</th><th title="UTC">Next ready</th><th title="politeness wait">Wait</th><th>Delay</th><th title="robots.txt Crawl-delay">Crawl-delay</th><th>Fetched</th><th>Errors</th><th title="HTTP 400–499">4xx</th><th title="HTTP 500–599">5xx</th><th title="connect failed or lost, timeout, unresolved, retries exhausted">Network</th><th title="robots.txt or the network guard">Blocked</th><th title="other failures">Other</th><th>Fetches/s</th><th>Parked</th></tr>
<tbody data-hosts>{{range .Hosts}}<tr><td class="host">{{breakable .Host}}</td><td class="num">{{.Queued}}</td><td class="num">{{.InFlight}}</td><td class="when" title="{{when .NextReady}}">{{timeOfDay .NextReady}}</td><td class="num">{{secs .PolitenessWait}}</td><td class="num">{{secs .Delay}}</td><td class="num">{{secs .CrawlDelay}}</td><td class="num">{{.Fetched}}</td><td class="num">{{.Errors}}</td><td class="num err-4xx">{{.ErrorsByClass.HTTP4xx}}</td><td class="num err-5xx">{{.ErrorsByClass.HTTP5xx}}</td><td class="num err-network">{{.ErrorsByClass.Network}}</td><td class="num err-blocked">{{.ErrorsByClass.Blocked}}</td><td class="num err-other">{{.ErrorsByClass.Other}}</td><td class="num">{{printf "%.2f" .FetchRate}}</td><td>{{if .Parked}}yes{{if .WaitingForSlot}}, waiting{{end}}{{end}}</td></tr>
{{end}}</tbody></table></div>{{end}}
<h2 id="runs">Runs</h2>
{{if .Runs}}<p class="muted">Each start, resume or scheduled start of a capture, newest first (the latest {{len .Runs}} at most); the counts are what that run archived.</p>
<table class="runs"><tr><th>Capture</th><th>Started</th><th>Ended</th><th>Stop reason</th><th>Fetched</th><th>Failed</th><th>Records</th><th>Elapsed</th></tr>
{{range .Runs}}<tr><td>{{if .Capture}}<a href="/ui/captures/{{.Capture}}">{{.Capture}}</a>{{else}}—{{end}}</td><td>{{when .Started}}</td><td>{{when .Ended}}</td><td>{{if .StopReason}}{{.StopReason}}{{else if .Ended.IsZero}}running{{end}}{{if .Error}} <span class="alert" title="{{.Error}}">error</span>{{end}}</td><td class="num">{{.Fetched}}</td><td class="num">{{.Failed}}</td><td class="num">{{.Records}}</td><td class="num">{{if not .Ended.IsZero}}{{clock .Elapsed}}{{end}}</td></tr>
{{end}}</table>{{else}}<p class="muted">No run yet.</p>{{end}}
<h2>Captures</h2>
{{if .Captures}}<p><a href="/ui/jobs/{{(index .Captures 0).Job}}/series">The capture series</a>: pages unchanged, changed, new and deleted, capture after capture.</p>
<table><tr><th>Capture</th><th>Status</th><th>Started</th><th>Finished</th><th>Strategy, mode</th><th>Report</th></tr>
{{range .Captures}}<tr><td><a href="/ui/captures/{{.ID}}">{{.ID}}</a></td><td>{{.Status}}{{if eq .Completeness "incomplete"}} <span class="alert">incomplete{{if .StopReason}} ({{.StopReason}}){{end}}</span>{{end}}</td><td>{{when .Started}}</td><td>{{when .Finished}}</td><td>{{.Strategy}}, {{.Mode}}</td><td>{{if .HasReport}}<a href="/ui/captures/{{.ID}}">quality report</a>{{else if or (eq .Status "running") (eq .Status "paused")}}<span class="muted">when it finishes</span>{{else}}<a href="/ui/captures/{{.ID}}#no-report">none: build it</a>{{end}}</td></tr>
{{end}}</table>{{else}}<p class="muted">No capture yet.</p>{{end}}
{{template "bottom" .}}{{end}}

{{define "capture"}}{{template "top" .}}
{{with .Capture}}<p>Job <a href="/ui/jobs/{{.Job}}">{{.Job}}</a>, status <strong>{{.Status}}</strong>{{if .StopReason}} ({{.StopReason}}){{end}}, {{.Strategy}}, {{.Mode}}; started {{when .Started}}{{if not .Finished.IsZero}}, finished {{when .Finished}}{{end}}.</p>
<p class="completeness completeness-{{.Completeness}}" id="completeness">This capture is <strong>{{.Completeness}}</strong>{{if eq .Completeness "incomplete"}}: {{if .StopReason}}it stopped at {{.StopReason}}{{else}}it was {{.Status}}{{end}} before every page in scope was crawled{{end}}.</p>{{end}}
<h2>Quality report</h2>
{{if .HasReport}}<p><a href="/ui/captures/{{.Capture.ID}}/quality">Capture quality</a>: {{if eq .Capture.Mode "visit-revisit"}}coherence{{else}}blur{{end}} with the reference time, the visit–revisit timeline, the pages filtered by status or URL.</p>{{end}}
{{if .HasReport}}<p><a href="/ui/captures/{{.Capture.ID}}/report">Open the report on its own page</a> (blur or coherence, the visit–revisit timeline, changed pages by folder and type, fixity of the WARC files).</p>
<iframe class="report" src="/ui/captures/{{.Capture.ID}}/report" title="quality report"></iframe>
{{else if or (eq .Capture.Status "running") (eq .Capture.Status "paused")}}<p class="muted">The report is written when the capture finishes.</p>
{{else}}<p class="muted" id="no-report">This capture stopped ({{.Capture.Status}}) without a report: only a finished capture gets one by itself.</p>
{{if and .Who .Who.CanOperate}}<form class="inline build-report" method="post" action="/ui/captures/{{.Capture.ID}}/report"><input type="hidden" name="csrf" value="{{.CSRF}}"><button type="submit">Build the report now</button></form> <span class="muted">(as <code>sharc report {{.Capture.ID}}</code> does, from what it archived)</span>{{else}}<p class="muted">An operator can build it here, or anyone with the store with <code>sharc report {{.Capture.ID}}</code>.</p>{{end}}{{end}}
<h2>Replay</h2>
<p><a href="/ui/captures/{{.Capture.ID}}/replay">Browse the capture</a> as archived (ReplayWeb.page over its WACZ); the quality page links each page's visit and revisit. <a href="/ui/jobs/{{.Capture.Job}}/replay">All captures of the job together</a>, on one time line.</p>
<h2>Change patterns</h2>
<p><a href="/ui/captures/{{.Capture.ID}}/changes">The change-pattern scatterplot</a> (thesis §8.4): the capture's URLs by folder and media type, new, changed or unchanged since the job's capture before. Each changed point, and each page of the quality page, links to <em>what changed</em>: the page's visible text, diffed.</p>
<h2>Crawl tree</h2>
<p><a href="/ui/captures/{{.Capture.ID}}/tree">The crawl tree</a>: where the site changed during the capture, unchanged parts folded (<a href="/ui/captures/{{.Capture.ID}}/graphml">GraphML</a> for graph tools).</p>
{{with .LogSearch}}<h2 id="log-search">Search the crawl.log</h2>
<form class="log-search" method="get" action="/ui/captures/{{$.Capture.ID}}#log-search"><label>Status <input name="status" value="{{.Status}}" size="6" placeholder="404, 4xx, -9998"></label> <label>Host <input name="host" value="{{.Host}}" placeholder="example.org"></label> <label>URL contains <input name="q" value="{{.Q}}"></label> <button type="submit">Search</button></form>
{{if .Problem}}<p class="alert">{{.Problem}}</p>{{else if .Asked}}<p id="log-search-count">{{.Total}} line(s) match{{if gt .Pages 1}}; page {{.Page}} of {{.Pages}}{{end}}.</p>
{{if .Lines}}<table class="log-search"><tr><th>Time</th><th>Status</th><th>URL</th><th>File</th></tr>
{{range .Lines}}<tr><td>{{when .Time}}</td><td class="num">{{.Status}}</td><td class="url" title="{{.Line}}">{{breakable .URI}}</td><td>{{.File}}</td></tr>
{{end}}</table>{{end}}
<p>{{if .Prev}}<a href="{{.Prev}}#log-search">previous page</a> {{end}}{{if .Next}}<a href="{{.Next}}#log-search">next page</a>{{end}}</p>{{end}}{{end}}
<h2>crawl.log (last {{.LogLines}} lines{{if eq .Capture.Status "running"}}, live{{end}})</h2>
{{if or .Log (eq .Capture.Status "running")}}<pre class="log"{{if eq .Capture.Status "running"}} data-log="/ui/captures/{{.Capture.ID}}/log" data-next="{{.LogSize}}"{{end}}>{{.Log}}</pre>{{else}}<p class="muted">No crawl.log yet.</p>{{end}}
{{template "bottom" .}}{{end}}

{{define "confirm-cancel"}}{{template "top" .}}
<p id="cancel-explained">Cancelling the capture of <a href="/ui/jobs/{{.Job}}">{{.Job}}</a> is final: it stops now and can never be resumed. What it archived so far stays (its WARC files, crawl.log and index) as a capture marked <strong>cancelled</strong>; the job's next run starts a new capture.</p>
<form class="confirm" method="post" action="/ui/jobs/{{.Job}}/cancel"><input type="hidden" name="csrf" value="{{.CSRF}}"><input type="hidden" name="confirm" value="yes"><button type="submit" class="danger">Cancel the capture</button></form> <a class="button" href="/ui/jobs/{{.Job}}">Keep it running</a>
{{template "bottom" .}}{{end}}

{{define "series"}}{{template "top" .}}
<p>The captures of <a href="/ui/jobs/{{.Job}}">{{.Job}}</a>, oldest left (the latest 200 at most).</p>
{{range .Plots}}{{template "plot" .}}{{end}}
{{template "bottom" .}}{{end}}

{{define "plot"}}<h2 id="{{.ID}}">{{.Heading}}</h2>
{{if .Captures}}{{if .Note}}<p>{{.Note}}{{if .Dropped}} ({{.Dropped}} older captures left out){{end}}</p>{{end}}
{{if not .MaxPages}}<p class="muted">None of these captures archived such URLs.</p>{{else}}<p class="legend">{{range .Layers}}<span><svg width="12" height="12"><rect width="12" height="12" fill="{{.Fill}}"/></svg> {{.Name}}</span> {{end}}</p>
<svg xmlns="http://www.w3.org/2000/svg" class="series series-{{.ID}}" width="{{printf "%.0f" .W}}" height="{{printf "%.0f" .H}}" viewBox="0 0 {{printf "%.0f" .W}} {{printf "%.0f" .H}}">
<g font-size="10" fill="#667085">{{range .Axis}}<text x="44" y="{{printf "%.1f" .Y}}" text-anchor="end">{{.Label}}</text><line x1="48" x2="700" y1="{{printf "%.1f" .Y}}" y2="{{printf "%.1f" .Y}}" stroke="#e3e6ec"/>{{end}}</g>
{{range .Layers}}<polygon class="band band-{{.Name}}" points="{{.Points}}" fill="{{.Fill}}" fill-opacity="0.85"><title>{{.Name}}</title></polygon>{{end}}
</svg>{{end}}
<table class="series-{{.ID}}"><tr><th>Capture</th>{{range .Layers}}<th>{{.Name}}</th>{{end}}</tr>
{{range $i, $c := .Captures}}<tr><td><a href="/ui/captures/{{$c.ID}}">{{$c.ID}}</a></td>{{range $.Layers}}<td class="num">{{index .Counts $i}}</td>{{end}}</tr>
{{end}}</table>
{{else}}<p class="muted">No capture to draw yet.</p>{{end}}{{end}}

{{define "changes"}}{{template "top" .}}
{{with .Scatter}}<p>Each point is a URL of the capture{{if .Previous}}, compared with capture <a href="/ui/captures/{{.Previous}}">{{.Previous}}</a>, the job's finished capture before it{{else}}; the job has no finished capture before it, so every URL is new{{end}}: across, its first-level folder (columns as wide as their share of the URLs, URLs in order within them); down, its media type. {{if lt .Shown .Total}}{{.Shown}} of {{.Total}} URLs are drawn: one in every {{.Every}}, in URL order.{{else}}{{.Total}} URLs.{{end}} Hover a point for its URL; scroll over the plot to zoom, drag to pan, double-click to reset.</p>
<p class="legend">{{range .Kinds}}<span class="kind-{{.Kind}}"><svg width="12" height="12"><circle cx="6" cy="6" r="5" fill="{{.Fill}}"/></svg> {{.Kind}} <span class="count">{{.N}}</span></span> {{end}}<button type="button" data-zoom-reset>Reset zoom</button></p>
<div class="scatter"><svg xmlns="http://www.w3.org/2000/svg" class="scatter" data-zoom width="{{printf "%.0f" .W}}" height="{{printf "%.0f" .H}}" viewBox="0 0 {{printf "%.0f" .W}} {{printf "%.0f" .H}}">
<g font-size="10" fill="#44506a">{{range .Rows}}<line x1="190" x2="{{printf "%.0f" $.Scatter.W}}" y1="{{printf "%.1f" .Pos}}" y2="{{printf "%.1f" .Pos}}" stroke="#eef0f4"/><text x="184" y="{{printf "%.1f" .Pos}}" dy="3" text-anchor="end">{{.Label}} ({{.N}})</text>{{end}}
{{range .Cols}}<line x1="{{printf "%.1f" .To}}" x2="{{printf "%.1f" .To}}" y1="10" y2="{{printf "%.1f" $.Scatter.PlotBottom}}" stroke="#d8dbe2"/><text transform="translate({{printf "%.1f" .Pos}},{{printf "%.1f" $.Scatter.PlotBottom}}) rotate(-50)" dx="-4" dy="8" text-anchor="end">{{.Label}} ({{.N}})</text>{{end}}</g>
<g class="points">{{range .Points}}{{if and (eq .Kind "changed") $.Scatter.Previous}}<a class="diff" href="/ui/captures/{{$.CaptureID}}/diff?url={{.URL}}&amp;against={{$.Scatter.Previous}}">{{end}}<circle class="pt kind-{{.Kind}}" cx="{{printf "%.1f" .X}}" cy="{{printf "%.1f" .Y}}" r="{{printf "%.1f" .R}}" fill="{{.Fill}}"><title>{{.URL}} — {{.Kind}}, {{.MIME}}</title></circle>{{if and (eq .Kind "changed") $.Scatter.Previous}}</a>{{end}}{{end}}</g>
</svg></div>{{end}}
<p><a href="/ui/captures/{{.CaptureID}}">back to the capture</a></p>
{{template "bottom" .}}{{end}}

{{define "quality"}}{{template "top" .}}
{{with .Quality}}{{with .Report}}<p>Job <a href="/ui/jobs/{{.JobName}}">{{.JobName}}</a>, {{.Mode}}, {{.Strategy}}; the capture interval ran from {{when .Interval.Start}} to {{when .Interval.End}} ({{clock .Interval.Seconds}}).</p>
<h2>{{if $.Quality.VisitRevisit}}Coherence{{else}}Blur{{end}} with the reference time</h2>
<p class="quality-words" id="quality-words">{{qualityWords .}}.</p>
<table class="quality">
<tr><th>Reference time</th><td class="ref">{{when .ReferenceTime}}</td></tr>
{{if $.Quality.VisitRevisit}}<tr><th>Coherence window</th><td>{{when .CoherenceWindow.Start}} – {{when .CoherenceWindow.End}} ({{clock .CoherenceWindow.Seconds}})</td></tr>
<tr><th>Coherent pages</th><td class="num" data-q="coherent">{{.Totals.Coherent}} of {{.Totals.Pages}}</td></tr>
<tr><th>…whose visit–revisit interval holds the reference time</th><td class="num" data-q="coherent_at_reference">{{.Totals.CoherentAtReference}}</td></tr>
<tr><th>Incoherent pages (changed or deleted)</th><td class="num" data-q="incoherent">{{.Totals.Incoherent}}</td></tr>
<tr><th>Expected coherent pages (change-rate model)</th><td class="num">{{printf "%.1f" .Quality.ExpectedCoherence}} of {{.Quality.PagesMeasured}}</td></tr>
{{else}}<tr><th>Expected blur (Eq. 4.3, page·Δ)</th><td class="num" data-q="expected_blur">{{printf "%.2f" .Quality.ExpectedBlur}}</td></tr>
<tr><th>Average expected blur per page (Eq. 4.4)</th><td class="num" data-q="avg_expected_blur">{{printf "%.4g" .Quality.AvgExpectedBlur}}</td></tr>
<tr><th>Pages measured</th><td class="num">{{.Quality.PagesMeasured}}</td></tr>{{end}}
<tr><th>Δ (politeness delay)</th><td class="num">{{printf "%.3f" .DeltaSeconds}} s</td></tr>
</table>{{end}}
<p class="legend">{{range .Counts}}<span class="status-{{.Status}}"><svg width="12" height="12"><rect width="12" height="12" fill="{{.Fill}}"/></svg> {{.Status}} <span class="count">{{.N}}</span></span> {{end}}</p>
<h2>The visit–revisit timeline</h2>
<p>Each bar runs from a page's first download to its second, in the order of the first downloads{{if .VisitRevisit}}: visits go down, revisits come back up in reverse order, so the bars form the pyramid of the thesis' Fig. 5.2, with the reference time at its tip{{end}}. Colours are the pages' outcomes; hover a bar for its pages.</p>
<div class="timeline">{{.Timeline}}</div>
<h2 id="pages">Pages</h2>
<form class="filter" method="get" action="/ui/captures/{{$.CaptureID}}/quality#pages">
<label>Status <select name="status"><option value="">any</option>{{range .Statuses}}<option value="{{.}}"{{if eq (print .) $.Quality.Status}} selected{{end}}>{{.}}</option>{{end}}</select></label>
<label>URL contains <input type="search" name="q" value="{{.Query}}"></label>
<button type="submit">Filter</button></form>
<p class="matches">{{.Matches}} page{{if ne .Matches 1}}s{{end}} match{{if eq .Matches 1}}es{{end}}{{if .Rows}}; {{len .Rows}} shown from {{.Offset}}{{end}}.{{if .Blocked}} {{.Blocked}} URLs were blocked (robots.txt or scope) and are not pages.{{end}}</p>
{{if .Rows}}<table class="pages"><tr><th>URL</th><th>Status</th><th>Why</th><th>Visit</th><th>Revisit</th><th>Interval</th><th>P(change)</th><th>Similarity</th></tr>
{{range $p := .Rows}}<tr class="status-{{.Status}}"><td class="url">{{breakable .URL}}{{if and .Visit .Revisit}} <a class="diff" href="/ui/captures/{{$.CaptureID}}/diff?url={{$p.URL}}">what changed</a>{{end}}</td><td>{{.Status}}</td><td>{{.Reason}}</td><td>{{with .Visit}}<a class="replay" href="{{replayLink $.CaptureID $p.URL .Time}}">{{when .Time}}</a>{{end}}</td><td>{{with .Revisit}}<a class="replay" href="{{replayLink $.CaptureID $p.URL .Time}}">{{when .Time}}</a>{{end}}</td><td class="num">{{printf "%.1f" .IntervalSeconds}} s</td><td class="num">{{printf "%.3f" .ChangeProbability}}</td><td class="num">{{with .Similarity}}{{printf "%.2f" .}}{{end}}</td></tr>
{{end}}</table>{{end}}
<p>{{if .Prev}}<a href="{{.Prev}}">← previous {{100}}</a>{{end}} {{if .Next}}<a href="{{.Next}}">next {{100}} →</a>{{end}}</p>{{end}}
<p><a href="/ui/captures/{{.CaptureID}}">back to the capture</a></p>
{{template "bottom" .}}{{end}}

{{define "replay"}}{{template "top" .}}
{{with .Replay}}{{if .Built}}<p>{{.What}}, replayed by ReplayWeb.page {{.Version}} (embedded in this console, <a href="/ui/replay/LICENSE">AGPL-3.0</a>){{if .URL}}: {{.URL}}{{if .TS}} as archived at <time datetime="{{.TS}}">{{.When}}</time>{{end}}{{end}}. Its bar above the page shows the URL and the date of the capture shown, with a menu of the others; links inside the page lead to other archived pages. The replay runs on the daemon's replay origin, apart from this console; reload this page after an hour. <a href="{{.Back}}">{{.BackText}}</a>{{if .Collection}} · <a href="{{.Collection}}">all captures of the job together</a>{{end}}</p>
{{with .Upload}}<p class="{{if .Verify.OK}}ok{{else}}error{{end}}" id="upload-verify">Verification: {{if .Verify.OK}}every hash, WARC record and index line checks{{else}}{{len .Verify.Problems}} problems{{end}}; {{if .Verify.Signed}}signed ({{.Verify.KeyType}}{{if .Verify.Signer}}, {{.Verify.Signer}}{{end}}){{else}}not signed{{end}}; sha256 <code>{{.SHA256}}</code>.</p>{{end}}
{{if .Timeline}}<ol class="timeline" id="timeline">{{range .Timeline}}<li><a href="{{.Link}}">capture {{.ID}}</a> <time datetime="{{.TS}}">{{.When}}</time> <span class="muted">{{.Status}}</span></li>{{end}}</ol>{{end}}
{{if .Frame}}{{if .Note}}<p class="muted" id="replay-note">{{.Note}}</p>{{end}}<div class="replay"><iframe class="replay" title="replayed page" src="{{.Frame}}"></iframe></div>{{else if .Note}}<p class="muted" id="replay-note">{{.Note}}</p>{{else}}<p class="muted" id="replay-note">Nothing to replay yet: the job has no capture whose package can be read.</p>{{end}}
{{else}}<p class="error">This daemon has no replay: {{if .Version}}its replay origin is not open{{else}}ReplayWeb.page's files were not embedded in this build: daemon/console/replay/ lacks them (restore them with <code>git checkout daemon/console/replay</code>, docs/console.md){{end}}.</p>{{end}}{{end}}
{{template "bottom" .}}{{end}}

{{define "uploads"}}{{template "top" .}}
{{with .Uploads}}{{if .Error}}<p class="error" id="upload-error">{{.Error}}</p>{{end}}
<p>WACZ packages made elsewhere (another crawler, <code>sharc export wacz</code>), verified when uploaded and replayed on the daemon's replay origin.</p>
{{if $.Who.CanOperate}}<form class="upload" method="post" action="/ui/uploads" enctype="multipart/form-data"><input type="hidden" name="csrf" value="{{$.CSRF}}"><label>WACZ file <input type="file" name="file" accept=".wacz,application/zip" required></label> <button type="submit">Upload</button></form>{{end}}
{{if .List}}<table class="uploads">
<tr><th>Name</th><th>Uploaded</th><th>Size</th><th>Verification</th><th>Signature</th><th></th></tr>
{{range .List}}<tr id="u-{{.ID}}"><td><a href="/ui/uploads/{{.ID}}/replay">{{.Name}}</a><br><code class="muted">{{.ID}}</code></td><td>{{when .Uploaded}} by {{.Uploader}}</td><td>{{.Bytes}} bytes</td>
<td class="{{if .Verify.OK}}ok{{else}}error{{end}}">{{if .Verify.OK}}verified: {{.Verify.Records}} records, {{.Verify.Pages}} pages{{else}}{{len .Verify.Problems}} problems{{range .Verify.Problems}}<br>{{.}}{{end}}{{end}}</td>
<td>{{if .Verify.Signed}}signed, {{.Verify.KeyType}}{{if .Verify.Signer}} ({{.Verify.Signer}}){{end}}{{else}}not signed{{end}}</td>
<td><a href="/ui/uploads/{{.ID}}/replay">Replay</a>{{if $.Who.IsAdmin}}<form class="inline" method="post" action="/ui/uploads/{{.ID}}/delete"><input type="hidden" name="csrf" value="{{$.CSRF}}"><button type="submit">Delete</button></form>{{end}}</td></tr>
{{end}}</table>{{else}}<p class="muted">No WACZ uploaded yet.</p>{{end}}{{end}}
{{template "bottom" .}}{{end}}

{{define "schedules"}}{{template "top" .}}
{{if .Jobs}}<p>The jobs with a schedule, the next to run first (times in UTC). A job whose capture is running has no next run until it ends.</p>
<table class="schedules"><tr><th>Job</th><th>Schedule</th><th>Next run</th><th>In</th><th>State</th><th>Last run</th></tr>
{{range .Jobs}}<tr><td><a href="/ui/jobs/{{.Name}}">{{.Name}}</a></td><td><code>{{.Schedule}}</code></td><td class="next">{{when .NextRun}}</td><td class="num">{{if not .NextRun.IsZero}}{{until $.Now .NextRun}}{{end}}</td><td class="state-{{.State}}">{{.State}}</td><td>{{with .LastRun}}{{.StopReason}}: {{.Fetched}} fetched{{else}}<span class="muted">none yet</span>{{end}}</td></tr>
{{end}}</table>{{else}}<p class="muted">No job has a schedule (the job file's <code>schedule:</code>, every or cron).</p>{{end}}
{{template "bottom" .}}{{end}}

{{define "cluster"}}{{template "top" .}}
{{with .ClusterInfo}}{{if .Cluster}}<p>This daemon is node <strong>{{.Node}}</strong>. Each open capture's nodes, with the hosts each holds: a host is crawled by one node at a time, the holder of its lease, which lives while the node's heartbeat does (docs/architecture.md, "Several nodes").</p>
{{range .Captures}}<h2>Capture <a href="/ui/captures/{{.Capture}}">{{.Capture}}</a> of <a href="/ui/jobs/{{.Job}}">{{.Job}}</a></h2>
<table class="nodes"><tr><th>Node</th><th>State</th><th>Heartbeat</th><th>Hosts held</th><th>Hosts</th></tr>
{{range .Nodes}}<tr class="node-{{.Node}}"><td>{{.Node}}</td><td>{{.State}}</td><td>{{if .Live}}live, {{printf "%.1f" .ExpiresIn}} s left{{else}}<span class="alert">ended</span>{{end}}</td><td class="num">{{.HostsHeld}}</td><td class="hosts">{{range $i, $h := .Hosts}}{{if $i}}, {{end}}{{$h}}{{end}}{{if gt .HostsHeld (len .Hosts)}} …{{end}}</td></tr>
{{end}}</table>
{{else}}<p class="muted">No open capture.</p>{{end}}
{{else}}<p class="muted">This daemon is not in cluster mode (its config has no <code>node</code>): it crawls alone.</p>{{end}}{{end}}
{{template "bottom" .}}{{end}}

{{define "tree"}}{{template "top" .}}
{{with .Tree}}<p>{{len .Nodes}} nodes standing for {{.Pages}} pages{{if gt .Total (len .Nodes)}}; {{.Total}} nodes in all, the first {{len .Nodes}} breadth-first are drawn — the GraphML has them all{{end}}. Each page hangs under the page it was found on; a subtree whose pages all stayed the same is one grey node, larger the more pages it holds. Hover a node for its URL.</p>
<p class="legend">{{range .Kinds}}<span><svg width="12" height="12"><circle cx="6" cy="6" r="5" fill="{{.Fill}}"/></svg> {{.Kind}}</span> {{end}}</p>
<div class="tree"><svg xmlns="http://www.w3.org/2000/svg" class="crawltree" width="{{printf "%.0f" .Width}}" height="{{printf "%.0f" .Height}}" viewBox="0 0 {{printf "%.0f" .Width}} {{printf "%.0f" .Height}}">
<g stroke="#b0b6c3" stroke-width="1">{{range .Edges}}<line x1="{{printf "%.1f" .X1}}" y1="{{printf "%.1f" .Y1}}" x2="{{printf "%.1f" .X2}}" y2="{{printf "%.1f" .Y2}}"/>{{end}}</g>
<g>{{range .Nodes}}<circle class="node kind-{{.Kind}}" cx="{{printf "%.1f" .X}}" cy="{{printf "%.1f" .Y}}" r="{{printf "%.1f" .R}}" fill="{{.Fill}}"><title>{{.URL}} — {{.Kind}}{{if .Collapsed}}, {{.Size}} unchanged pages{{end}}</title></circle>{{end}}</g>
</svg></div>{{end}}
<p><a href="/ui/captures/{{.CaptureID}}/graphml">Download the GraphML</a> · <a href="/ui/captures/{{.CaptureID}}">back to the capture</a></p>
{{template "bottom" .}}{{end}}
`))

var _ = template.Must(pages.Parse(`
{{define "submit"}}{{template "top" .}}
{{with .Editor}}
{{if .Problems}}<div class="problems"><p class="error"><strong>The daemon refused the job: {{.Problems}} problem{{if gt .Problems 1}}s{{end}}.</strong> Each is shown under its line; fix them and submit again.</p>
{{range .General}}<p class="error">{{.}}</p>{{end}}</div>
<table class="yaml">{{range .Lines}}<tr id="L{{.N}}"{{if .Problems}} class="bad"{{end}}><td class="ln">{{.N}}</td><td><code>{{.Text}}</code>{{range .Problems}}<div class="problem">▲ {{.}}</div>{{end}}</td></tr>
{{end}}</table>{{end}}
<form class="job" method="post" action="/ui/submit">
<input type="hidden" name="csrf" value="{{$.CSRF}}"><input type="hidden" name="name" value="{{.Name}}">
<p>{{if .Name}}The job <a href="/ui/jobs/{{.Name}}">{{.Name}}</a> as the daemon keeps it (defaults written out). Submitting replaces it; a job with a running capture must be cancelled first.{{else}}A job file (its fields: docs/job-yaml.md): at least a name and seeds.{{end}}</p>
<textarea name="yaml" rows="24" cols="100" spellcheck="false" autofocus>{{.Text}}</textarea>
<p>{{if .ConfirmReplace}}<button type="submit" name="replace" value="true" id="confirm-replace">Replace the job</button> <a href="/ui/">Keep it</a>{{else}}<button type="submit">Submit</button>{{end}}</p>
</form>{{end}}
{{template "bottom" .}}{{end}}
`))
