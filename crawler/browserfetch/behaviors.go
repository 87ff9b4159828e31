package browserfetch

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"go.uber.org/zap"
)

// Behavior is something done in a page once it has loaded, so that it
// loads what a person using it would (after Browsertrix's behaviours).
type Behavior string

// The behaviours, in the order they run (Behaviors sorts by it): scroll
// first, which makes lazy content load; then "load more", which adds
// content; then fetch what the content names; then play its media; the
// site's own scripts last, on the fullest page.
const (
	Autoscroll Behavior = "autoscroll"
	LoadMore   Behavior = "loadmore"
	Autofetch  Behavior = "autofetch"
	Autoplay   Behavior = "autoplay"
	Site       Behavior = "site"
)

// AllBehaviors lists the behaviours in running order.
var AllBehaviors = []Behavior{Autoscroll, LoadMore, Autofetch, Autoplay, Site}

// DefaultBehaviorTimeout is Options.BehaviorTimeout's default.
const DefaultBehaviorTimeout = 20 * time.Second

// Outcome says how a behaviour run ended.
type Outcome string

// Behaviour outcomes.
const (
	// Done: the behaviour finished; Count says how much it did.
	Done Outcome = "done"
	// TimedOut: the behaviour timeout (or the page's) cut it off.
	TimedOut Outcome = "timeout"
	// Failed: its script threw.
	Failed Outcome = "failed"
	// Skipped: the page's time was spent before it could start.
	Skipped Outcome = "skipped"
)

// BehaviorRun is one behaviour's run on one page, as the crawl logs it.
type BehaviorRun struct {
	// Name is the behaviour, or "site/FILE" for a site script.
	Name    string
	Outcome Outcome
	// Count is what it did: screens scrolled, controls clicked, URLs
	// fetched, media elements started, or what a site script returned.
	Count int
	// Err is the script's error, for Failed.
	Err string
}

// Annotation is the run as a crawl.log annotation:
// behavior:NAME:OUTCOME[:COUNT].
func (b BehaviorRun) Annotation() string {
	if b.Outcome == Done {
		return fmt.Sprintf("behavior:%s:%s:%d", b.Name, b.Outcome, b.Count)
	}
	return fmt.Sprintf("behavior:%s:%s", b.Name, b.Outcome)
}

// normaliseBehaviors dedupes bs into running order.
func normaliseBehaviors(bs []Behavior, scroll bool) []Behavior {
	if scroll {
		bs = append(slices.Clone(bs), Autoscroll)
	}
	var out []Behavior
	for _, b := range AllBehaviors {
		if slices.Contains(bs, b) {
			out = append(out, b)
		}
	}
	return out
}

// behave runs the page's behaviours, each under the behaviour timeout
// and all under the page's, settling after each; it reports whether the
// page settled after the last.
func (r *pageRun) behave(settled bool) bool {
	o := r.p.opts
	var runs []BehaviorRun
	for _, b := range o.Behaviors {
		if b != Site {
			runs = append(runs, r.runBehavior(string(b), behaviorJS[b]))
			settled = r.settle()
			continue
		}
		for _, s := range o.SiteScripts {
			if s.Matches(r.url) {
				runs = append(runs, r.runBehavior("site/"+s.Name, "(async () => {\n"+s.Source+"\n})()"))
				settled = r.settle()
			}
		}
	}
	r.mu.Lock()
	r.pg.Behaviors = runs
	r.mu.Unlock()
	return settled
}

// runBehavior evaluates one behaviour's script, awaiting its promise for
// at most the behaviour timeout.
func (r *pageRun) runBehavior(name, src string) BehaviorRun {
	run := BehaviorRun{Name: name}
	if r.ctx.Err() != nil {
		run.Outcome = Skipped
		return run
	}
	ctx, cancel := context.WithTimeout(r.ctx, r.p.opts.BehaviorTimeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[any](src, chromedp.EvalAwaitPromise))
	switch {
	case err != nil && ctx.Err() != nil:
		run.Outcome = TimedOut
		r.stopScript()
	case err != nil:
		run.Outcome, run.Err = Failed, err.Error()
	default:
		run.Outcome = Done
		if n, ok := v.(float64); ok && n >= 0 && n < 1e9 {
			run.Count = int(n)
		}
	}
	r.p.log.Debug("behaviour", zap.String("page", r.url), zap.String("behavior", name),
		zap.String("outcome", string(run.Outcome)), zap.Int("count", run.Count), zap.String("error", run.Err))
	return run
}

// stopScript ends a script still running after its time: a synchronous
// loop would otherwise hold the page's main thread, and with it the DOM
// and the screenshot. A script awaiting something is left to wait (it
// dies with the tab): Runtime.terminateExecution with nothing running
// would end the next script instead, so the page is first asked whether
// it answers at all.
func (r *pageRun) stopScript() {
	base := context.WithoutCancel(r.ctx)
	ping, cancel := context.WithTimeout(base, 500*time.Millisecond)
	_, err := chromedp.Run(ping, chromedp.Evaluate[int]("1"))
	cancel()
	if err == nil {
		return
	}
	ctx, cancel := context.WithTimeout(base, time.Second)
	defer cancel()
	if _, err := chromedp.Call(ctx, runtime.TerminateExecution, cdp.Empty{}); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		r.p.log.Debug("terminate script", zap.Error(err))
	}
}

// behaviorJS are the built-in behaviours. Each is bounded in itself (a
// number of steps), returns what it did, and leaves navigation alone: a
// click that would leave the page is never made.
var behaviorJS = map[Behavior]string{
	// Scroll a screen at a time to the bottom (at most 50 screens), as
	// the page grows, then back to the top.
	Autoscroll: `(async () => {
  let n = 0;
  for (; n < 50 && window.scrollY + window.innerHeight < document.documentElement.scrollHeight; n++) {
    window.scrollBy(0, window.innerHeight);
    await new Promise(r => setTimeout(r, 100));
  }
  window.scrollTo(0, 0);
  return n;
})()`,

	// Click visible "load more" controls, at most 10 times, each time
	// waiting (up to 3 s) for the page to change; stop when a click
	// changes nothing. Only controls that do not navigate: buttons that do
	// not submit a form, and links to "#" or "javascript:".
	LoadMore: `(async () => {
  const words = /\b(load|show|view|see)\s+more\b|\bmore\s+(results|items|posts|stories|articles)\b|\bmehr\s+(laden|anzeigen)\b|\bvoir\s+plus\b|\bcargar\s+m[aá]s\b/i;
  const inert = e => {
    if (e.tagName === "A") { const h = (e.getAttribute("href") || "").trim(); return h === "" || h.startsWith("#") || h.toLowerCase().startsWith("javascript:"); }
    if (e.tagName === "BUTTON") return !(e.form && (e.type || "submit") === "submit");
    return true;
  };
  const visible = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden"; };
  const find = () => [...document.querySelectorAll("button, a, [role=button], input[type=button], [data-load-more]")]
    .find(e => !e.disabled && visible(e) && inert(e) && (e.hasAttribute("data-load-more") || words.test(e.innerText || e.value || e.getAttribute("aria-label") || "")));
  let n = 0;
  for (let el = find(); el && n < 10; el = find()) {
    const changed = new Promise(res => {
      const mo = new MutationObserver(() => { mo.disconnect(); res(true); });
      mo.observe(document.body, {childList: true, subtree: true, attributes: true, characterData: true});
      setTimeout(() => { mo.disconnect(); res(false); }, 3000);
    });
    el.scrollIntoView({block: "center"});
    el.click();
    n++;
    if (!await changed) break;
    await new Promise(r => setTimeout(r, 200));
  }
  return n;
})()`,

	// Fetch what images and media name but a browser showing one screen
	// would not load: every srcset candidate, lazy-loading data-src /
	// data-srcset attributes, posters and media sources (at most 500
	// URLs, 6 at a time); lazy images are also made eager.
	Autofetch: `(async () => {
  const urls = new Set();
  const add = u => { if (!u) return; try { const x = new URL(u.trim(), document.baseURI); if (x.protocol === "http:" || x.protocol === "https:") urls.add(x.href); } catch (e) {} };
  const srcset = s => { if (s) for (const c of s.split(/,\s+/)) add(c.trim().split(/\s+/)[0]); };
  for (const e of document.querySelectorAll("img, source, video, audio, [data-src], [data-srcset], [data-lazy-src]")) {
    srcset(e.getAttribute("srcset")); srcset(e.getAttribute("data-srcset"));
    add(e.getAttribute("data-src")); add(e.getAttribute("data-lazy-src"));
    if (e.tagName !== "IMG") add(e.getAttribute("src"));
    add(e.getAttribute("poster"));
    if (e.tagName === "IMG" && e.loading === "lazy") e.loading = "eager";
  }
  const list = [...urls].slice(0, 500);
  for (let i = 0; i < list.length; i += 6) {
    await Promise.allSettled(list.slice(i, i + 6).map(u => fetch(u, {mode: "no-cors", credentials: "include"})));
  }
  return list.length;
})()`,

	// Start every video and audio element, muted, and fetch their
	// sources (a player may load only a first range of them).
	Autoplay: `(async () => {
  const media = [...document.querySelectorAll("video, audio")].slice(0, 100);
  const urls = new Set();
  const plays = media.map(m => {
    m.muted = true;
    for (const u of [m.currentSrc, m.src, ...[...m.querySelectorAll("source")].map(s => s.src)]) if (u && /^https?:/.test(u)) urls.add(u);
    try { return Promise.resolve(m.play()).catch(() => {}); } catch (e) { return Promise.resolve(); }
  });
  await Promise.race([Promise.allSettled(plays), new Promise(r => setTimeout(r, 1500))]);
  await Promise.allSettled([...urls].slice(0, 100).map(u => fetch(u, {mode: "no-cors", credentials: "include"})));
  return media.length;
})()`,
}
