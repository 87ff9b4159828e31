package crawler

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"go.uber.org/zap"
	"gopkg.in/yaml.v3"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// A capture belongs to the job file that started it. Its defining settings
// decide what the capture is: which URLs belong to it, what is sent to
// fetch them, and where and how its records are written and indexed. A
// run whose defining settings differ from the running capture's would
// archive a different capture into it (issue 10: another file with the
// same name failed the first job's URLs), so it is refused. Tunables only
// pace or bound a run; an operator may change them on resume, and a change
// is logged. docs/cli.md ("One capture per job") justifies each entry.
//
// Settings are the dotted YAML paths of job.Marshal's output; an entry
// covers a path and everything below it. A path in neither list counts as
// defining (refusing is the safe side), and TestEverySettingClassified
// makes a new job field choose.
var (
	definingSettings = []string{
		"name", "seeds", "user_agent", "robots", "resolve",
		"scope.surt_prefixes", "scope.max_hops", "scope.include", "scope.exclude",
		"fetch.max_redirects", "fetch.conditional_get", "fetch.allow_addresses", "fetch.block",
		"warc.dir", "warc.prefix", "warc.version", "warc.digest",
		"store", "scheduler", "capture", "refresh", "change_rates", "default_rate", "rates_model",
	}
	tunableSettings = []string{
		"workers", "max_active_hosts",
		"scope.max_pages", "scope.max_bytes", "scope.max_duration",
		"politeness", "limits",
		"fetch.connect_timeout", "fetch.timeout", "fetch.max_body_bytes", "fetch.max_header_bytes", "fetch.retries", "fetch.retry_backoff", "fetch.proxy",
		"auth", "cookies",
		"warc.max_size", "warc.operator", "warc.gzip_level", "warc.upload",
		"schedule",
	}
)

// SettingChange is one setting that differs between a running capture's
// job and a job about to run.
type SettingChange struct {
	Field    string // dotted YAML path, e.g. "scope.max_hops"
	Old, New string // "" when unset
	Defining bool   // defines the capture (else a tunable)
}

func (c SettingChange) String() string {
	show := func(v string) string {
		if v == "" {
			return "(unset)"
		}
		if r := []rune(v); len(r) > 100 {
			return string(r[:100]) + "…"
		}
		return v
	}
	return fmt.Sprintf("%s %s → %s", c.Field, show(c.Old), show(c.New))
}

// OwnerError refuses a run of a job whose name has a running capture
// started with different defining settings.
type OwnerError struct {
	Job       string
	CaptureID int64
	OwnerFile string // the file that started the capture; "" if not recorded
	File      string // the file of the refused run
	Changes   []SettingChange
}

func (e *OwnerError) Error() string {
	owner := e.OwnerFile
	if owner == "" {
		owner = "a job file sharc did not record (the capture predates it)"
	}
	file := e.File
	if file == "" {
		file = "the job"
	}
	parts := make([]string, len(e.Changes))
	for i, c := range e.Changes {
		parts[i] = c.String()
	}
	return fmt.Sprintf("job %s: capture %d is running, started by %s; %s differs in settings that define a capture: %s",
		e.Job, e.CaptureID, owner, file, strings.Join(parts, "; "))
}

// ErrNoRunningCapture is returned by a run with Options.Resume when the
// job has no running capture.
var ErrNoRunningCapture = errors.New("no running capture to resume")

// isDefining classifies a setting path (see definingSettings).
func isDefining(path string) bool {
	under := func(list []string) bool {
		for _, p := range list {
			if path == p || strings.HasPrefix(path, p+".") {
				return true
			}
		}
		return false
	}
	return under(definingSettings) || !under(tunableSettings)
}

// flattenSettings reads a job's YAML (job.Marshal) into dotted path →
// value text; sequences are one value in flow style. The store DSN is
// compared without its password, which may rotate (when the store's
// identity is unknown; see CheckOwnerIn).
func flattenSettings(text string) (map[string]string, error) {
	var root yaml.Node
	if err := yaml.Unmarshal([]byte(text), &root); err != nil {
		return nil, err
	}
	out := map[string]string{}
	if len(root.Content) == 0 {
		return out, nil
	}
	var walk func(n *yaml.Node, path string) error
	walk = func(n *yaml.Node, path string) error {
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				p := n.Content[i].Value
				if path != "" {
					p = path + "." + p
				}
				if err := walk(n.Content[i+1], p); err != nil {
					return err
				}
			}
		case yaml.ScalarNode:
			out[path] = n.Value
		default:
			// Sequences of scalars (every list of a job) read best unquoted.
			vals := make([]string, len(n.Content))
			for i, e := range n.Content {
				if e.Kind != yaml.ScalarNode {
					n.Style |= yaml.FlowStyle
					b, err := yaml.Marshal(n)
					if err != nil {
						return err
					}
					out[path] = strings.TrimSpace(string(b))
					return nil
				}
				vals[i] = e.Value
			}
			out[path] = "[" + strings.Join(vals, ", ") + "]"
		}
		return nil
	}
	if err := walk(root.Content[0], ""); err != nil {
		return nil, err
	}
	if dsn, ok := out["store"]; ok {
		out["store"] = store.Redact(dsn)
	}
	return out, nil
}

// recordedJob is the job text a capture records (the index's job row and
// capture owner, job.yaml in its folder, and so its WACZ): the effective
// job, with its store described by store.Describe, since people without
// the store's credentials (a daemon's viewers) read it. Runs compare
// stores by identity (storeByIdentity), not by this text.
func recordedJob(j *job.Job) ([]byte, error) {
	rec := *j
	rec.Store = store.Describe(j.Store)
	text, err := rec.Marshal()
	if err != nil {
		return nil, fmt.Errorf("encode job: %w", err)
	}
	return text, nil
}

// diffJob compares a running capture's job YAML with a job's,
// defining settings first, each group by path.
func diffJob(runningYAML string, j *job.Job) ([]SettingChange, error) {
	text, err := j.Marshal()
	if err != nil {
		return nil, fmt.Errorf("encode job: %w", err)
	}
	return diffSettings(runningYAML, string(text))
}

func diffSettings(oldText, newText string) ([]SettingChange, error) {
	older, err := flattenSettings(oldText)
	if err != nil {
		return nil, fmt.Errorf("running capture's job: %w", err)
	}
	newer, err := flattenSettings(newText)
	if err != nil {
		return nil, fmt.Errorf("job: %w", err)
	}
	var out []SettingChange
	for k, v := range older {
		if newer[k] != v {
			out = append(out, SettingChange{Field: k, Old: v, New: newer[k], Defining: isDefining(k)})
		}
	}
	for k, v := range newer {
		if _, ok := older[k]; !ok {
			out = append(out, SettingChange{Field: k, New: v, Defining: isDefining(k)})
		}
	}
	sort.Slice(out, func(a, b int) bool {
		if out[a].Defining != out[b].Defining {
			return out[a].Defining
		}
		return out[a].Field < out[b].Field
	})
	return out, nil
}

// CheckOwner decides whether j (from file) may run the open capture c:
// nil when their defining settings match (tunable changes are returned
// for the caller to log), an *OwnerError when they do not. A capture that
// recorded no settings (started before they were recorded, by a job of
// no YAML) cannot be compared and is accepted. The store setting is
// compared as text; CheckOwnerIn compares it by the store's identity.
func CheckOwner(c store.Capture, j *job.Job, file string) (tunables []SettingChange, err error) {
	return CheckOwnerIn(c, j, file, "")
}

// CheckOwnerIn is CheckOwner for a run whose store has identity storeID
// (store.Identity; "" if unknown): the store setting then counts by the
// database it names, not by the DSN's text, so nodes reaching one
// database through other host names, users or a pooler share the
// capture (issue 27, row 8). It defines the capture when the capture
// recorded the identity of the store it started in and that differs
// (the run's database holds a copy of the capture, say); a capture that
// recorded none was found in the run's store, so it is that store's.
func CheckOwnerIn(c store.Capture, j *job.Job, file, storeID string) (tunables []SettingChange, err error) {
	if c.Owner.JobYAML == "" {
		return nil, nil
	}
	changes, err := diffJob(c.Owner.JobYAML, j)
	if err != nil {
		return nil, err
	}
	if storeID != "" {
		changes = storeByIdentity(changes, c.Owner.StoreIdentity, storeID)
	}
	var defining []SettingChange
	for _, ch := range changes {
		if ch.Defining {
			defining = append(defining, ch)
		} else {
			tunables = append(tunables, ch)
		}
	}
	if len(defining) > 0 {
		return nil, &OwnerError{Job: j.Name, CaptureID: c.ID, OwnerFile: c.Owner.JobFile, File: file, Changes: defining}
	}
	return tunables, nil
}

// storeByIdentity replaces a change of the store DSN by a change of the
// store's identity, if any: recorded is the capture's, current the run's.
func storeByIdentity(changes []SettingChange, recorded, current string) []SettingChange {
	old, cur := "", ""
	out := changes[:0]
	for _, ch := range changes {
		if ch.Field == "store" {
			old, cur = ch.Old, ch.New
			continue
		}
		out = append(out, ch)
	}
	if recorded == "" || recorded == current {
		return out
	}
	show := func(dsn, id string) string {
		if dsn == "" {
			return id
		}
		return dsn + " (" + id + ")"
	}
	if cur == "" { // same DSN text, another database behind it
		old = ""
	}
	ch := SettingChange{Field: "store", Old: show(old, recorded), New: show(cur, current), Defining: true}
	return append([]SettingChange{ch}, out...)
}

// identifier is a store that names the database it opened
// (store.Identity).
type identifier interface {
	Identity(ctx context.Context) (string, error)
}

// storeIdentity is the run's store's identity, "" if it has none.
func (c *Crawler) storeIdentity(ctx context.Context) (string, error) {
	return StoreIdentity(ctx, c.store)
}

// StoreIdentity is st's identity (PostgreSQL: system identifier,
// database and schema; SQLite: the file's resolved path), "" for a store
// that has none: what captures compare instead of DSN text.
func StoreIdentity(ctx context.Context, st store.Store) (string, error) {
	s, ok := st.(identifier)
	if !ok {
		return "", nil
	}
	id, err := s.Identity(ctx)
	if err != nil {
		return "", fmt.Errorf("store: %w", err)
	}
	return id, nil
}

// checkSeeds fails when no seed of j is in its scope, before any capture
// is opened: such a job would open a capture it can never start.
func checkSeeds(j *job.Job) error {
	s := newScope(j)
	for _, seed := range j.Seeds {
		u, err := urlcanon.Canonical("", seed)
		if err != nil {
			return fmt.Errorf("seed %q: %w", seed, err)
		}
		if s.allows(frontier.URL{URL: u, SURT: urlcanon.SURT(u), Host: urlcanon.Host(u), Parent: -1}, j.Fetch.MaxRedirects) {
			return nil
		}
	}
	return errors.New("no seed is in scope")
}

// openCapture opens the capture this run works on, refusing one another
// job file owns (see OwnerError) and never resuming one that never
// started. A new capture records its owner.
func (c *Crawler) openCapture(ctx context.Context, yamlText string) (store.Capture, bool, error) {
	j := c.job
	storeID, err := c.storeIdentity(ctx)
	if err != nil {
		return store.Capture{}, false, err
	}
	running, err := c.store.RunningCapture(ctx, j.Name)
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return store.Capture{}, false, fmt.Errorf("store: %w", err)
	default:
		if err := c.mayResume(running, storeID); err != nil {
			return store.Capture{}, false, err
		}
		if c.opts.Cluster == nil {
			// A node's capture may be one another node just opened.
			empty, err := c.neverStarted(ctx, running)
			if err != nil {
				return store.Capture{}, false, err
			}
			if empty {
				running = store.Capture{}
			}
		}
	}
	if running.ID == 0 && c.opts.Resume {
		return store.Capture{}, false, fmt.Errorf("job %s: %w", j.Name, ErrNoRunningCapture)
	}
	jr, err := c.store.UpsertJob(ctx, j.Name, yamlText)
	if err != nil {
		return store.Capture{}, false, fmt.Errorf("store: %w", err)
	}
	capture, resumed, err := c.store.OpenCapture(ctx, jr.ID, j.Scheduler.Strategy, j.Capture.Mode)
	if err != nil {
		return store.Capture{}, false, fmt.Errorf("store: %w", err)
	}
	if resumed && capture.ID != running.ID {
		// Another process opened it since: check it as well.
		if err := c.mayResume(capture, storeID); err != nil {
			return store.Capture{}, false, err
		}
	}
	if !resumed || capture.Owner.JobYAML == "" || (capture.Owner.JobFile == "" && c.opts.JobFile != "") ||
		(capture.Owner.StoreIdentity == "" && storeID != "") {
		o := capture.Owner
		if !resumed || o.JobFile == "" {
			o.JobFile = c.opts.JobFile
		}
		if o.StoreIdentity == "" {
			o.StoreIdentity = storeID
		}
		if o.JobYAML == "" {
			o.JobYAML = yamlText
		}
		if err := c.store.SetCaptureOwner(ctx, capture.ID, o); err != nil {
			return capture, resumed, fmt.Errorf("store: %w", err)
		}
		capture.Owner = o
	}
	return capture, resumed, nil
}

// mayResume checks the run, whose store has identity storeID, may resume
// the running capture r, logging tunable changes.
func (c *Crawler) mayResume(r store.Capture, storeID string) error {
	tunables, err := CheckOwnerIn(r, c.job, c.opts.JobFile, storeID)
	if err != nil {
		return err
	}
	for _, ch := range tunables {
		c.log.Info("tunable setting changed on resume", zap.String("job", c.job.Name), zap.Int64("capture", r.ID),
			zap.String("field", ch.Field), zap.String("was", ch.Old), zap.String("now", ch.New))
	}
	return nil
}

// neverStarted marks r failed if it has no URL: its run stopped before the
// seeds were committed (an older binary, or a store that failed during
// set-up and could not be told), so there is nothing to resume.
func (c *Crawler) neverStarted(ctx context.Context, r store.Capture) (bool, error) {
	hosts, err := c.store.FrontierHosts(ctx, r.ID)
	if err != nil {
		return false, fmt.Errorf("store: %w", err)
	}
	if len(hosts) > 0 {
		return false, nil
	}
	c.log.Warn("running capture has no URL: it never started; marking it failed and starting afresh",
		zap.String("job", c.job.Name), zap.Int64("capture", r.ID))
	if err := c.store.FinishCapture(ctx, r.ID, store.CaptureStatusFailed); err != nil {
		return false, fmt.Errorf("store: %w", err)
	}
	return true, nil
}

// failSetUp marks a new capture failed when its run stops before the
// seeds are committed, so the next run starts afresh instead of resuming
// an empty capture. If the store cannot be told either, the next run's
// neverStarted does it.
func (c *Crawler) failSetUp(ctx context.Context, captureID int64, cause error) {
	c.log.Error("capture set-up failed; marking it failed", zap.Error(cause))
	if err := c.store.FinishCapture(context.WithoutCancel(ctx), captureID, store.CaptureStatusFailed); err != nil {
		c.log.Error("marking capture failed", zap.Error(err))
	}
}

// checkWritableDir creates dir if needed and proves a file can be made in
// it, so an unwritable WARC directory fails the run before a capture is
// opened.
func checkWritableDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".sharc-probe-*")
	if err != nil {
		return err
	}
	name := f.Name()
	return errors.Join(f.Close(), os.Remove(name))
}

// Abandon ends the running capture of j's name for good (status
// "abandoned"), so the job's next run starts a new capture. It is the
// operator's way out of a capture they do not want to resume; it must not
// be used while a process is crawling the capture. Its interrupted WARC
// files are closed first, cut to their last indexed record, so what it
// archived stays readable; files with no record indexed in it are left
// alone (they may be another job's). A capture another process owns is
// refused (*store.CaptureBusyError). It returns the abandoned capture,
// or an error wrapping store.ErrNotFound when there is none.
func Abandon(ctx context.Context, st store.Store, j *job.Job, log *zap.Logger) (store.Capture, error) {
	// Under the capture's lock, as a resume: a process crawling the
	// capture refuses it (*store.CaptureBusyError).
	lock, err := st.LockCapture(ctx, newHolder(j.Name, "", time.Now()), false)
	if err != nil {
		return store.Capture{}, err
	}
	defer func() {
		if err := lock.Release(context.WithoutCancel(ctx)); err != nil {
			log.Warn("releasing the capture lock", zap.Error(err))
		}
	}()
	cp, err := st.RunningCapture(ctx, j.Name)
	if err != nil {
		return store.Capture{}, err
	}
	dir := j.WARC.Dir
	if s, err := flattenSettings(cp.Owner.JobYAML); err == nil && s["warc.dir"] != "" {
		dir = s["warc.dir"] // the capture's, which the job at hand may not share
	}
	dir = jobdir.WARCDir(dir, cp.ID, cp.Started)
	ends, err := st.FileEnds(ctx, cp.ID)
	if err != nil {
		return store.Capture{}, fmt.Errorf("store: %w", err)
	}
	for name, keep := range ends {
		p := filepath.Join(dir, name+".open")
		if _, err := os.Stat(p); err != nil {
			continue // closed normally, or not on this machine
		}
		fp, cut, err := warc.Repair(p, keep, log)
		if err != nil {
			return store.Capture{}, fmt.Errorf("repair %s: %w", p, err)
		}
		log.Info("closed interrupted WARC of the abandoned capture", zap.String("file", fp), zap.Int64("bytes_cut", cut))
	}
	if err := st.FinishCapture(ctx, cp.ID, store.CaptureStatusAbandoned); err != nil {
		return store.Capture{}, fmt.Errorf("store: %w", err)
	}
	cp.Status = store.CaptureStatusAbandoned
	return cp, nil
}
