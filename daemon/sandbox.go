package daemon

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/siteauth"
	"github.com/sharc-archive/sharc/crawler/upload"
)

// A job submitted to the daemon runs in a sandbox: every path it names
// stays under data_dir (warc.dir) or models_dir (rates_model), it cannot
// pick the store, and it names no server or environment variable for
// uploads, only a remote of the daemon's config. `sharc crawl` keeps its
// freedom: these checks are the daemon's only.

// maxModelBytes bounds a rates_model file read into memory.
const maxModelBytes = 256 << 20

// forbidden is a sandbox refusal (403) naming the field.
func forbidden(field, format string, args ...any) *APIError {
	return &APIError{Status: http.StatusForbidden, Message: field + ": " + fmt.Sprintf(format, args...)}
}

// givenFields returns the dotted path of every key the YAML text sets
// (aliases followed), so a refusal can tell what the job wrote from a
// default the parser filled in.
func givenFields(data []byte) map[string]bool {
	var doc yaml.Node
	out := map[string]bool{}
	if err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil || len(doc.Content) == 0 {
		return out
	}
	var walk func(n *yaml.Node, path string)
	walk = func(n *yaml.Node, path string) {
		if n.Kind == yaml.AliasNode {
			n = n.Alias
		}
		if n == nil || n.Kind != yaml.MappingNode {
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			p := n.Content[i].Value
			if path != "" {
				p = path + "." + p
			}
			out[p] = true
			walk(n.Content[i+1], p)
		}
	}
	walk(doc.Content[0], "")
	return out
}

// sandboxSubmitted checks what only the submitted text shows (fields the
// job set itself) and puts warc.dir under data_dir; checkJob follows.
func (d *Daemon) sandboxSubmitted(data []byte, j *job.Job) (map[string]bool, error) {
	given := givenFields(data)
	if given["store"] {
		return nil, forbidden("store", "a job submitted to the daemon uses the daemon's store; remove store:")
	}
	def := "output/" + j.Name + "/warcs"
	if !given["warc.dir"] || j.WARC.Dir == def {
		j.WARC.Dir = filepath.Join(d.cfg.DataDir, j.Name, "warcs")
		return given, nil
	}
	if !filepath.IsLocal(j.WARC.Dir) {
		return nil, forbidden("warc.dir", "%q: a job submitted to the daemon writes only under the daemon's data_dir: give a relative path without '..' (taken inside data_dir), or leave warc.dir out (data_dir/%s/warcs)", j.WARC.Dir, j.Name)
	}
	j.WARC.Dir = filepath.Join(d.cfg.DataDir, j.WARC.Dir)
	return given, nil
}

// checkJob is what every job the daemon runs must satisfy, submitted or
// stored by an earlier version: given is the submitted text's fields
// (nil for a stored job, whose text Marshal wrote in full).
func (d *Daemon) checkJob(j *job.Job, given map[string]bool) error {
	if _, err := d.insideDataDir(j.WARC.Dir); err != nil {
		return err
	}
	if m := j.RatesModel; m != "" {
		if d.cfg.ModelsDir == "" {
			return forbidden("rates_model", "this daemon has no models_dir: remove rates_model, or ask the operator to set models_dir in the daemon's config and put the model there")
		}
		if !filepath.IsLocal(m) {
			return forbidden("rates_model", "%q: name a file inside the daemon's models_dir, as a relative path without '..'", m)
		}
	}
	if j.Capture.Browser.Enabled() && j.Capture.Browser.HasBehavior(job.BehaviorSite) && d.cfg.SiteScripts == "" {
		return forbidden("capture.browser.behaviors", "this daemon has no site_scripts: remove site, or ask the operator to set site_scripts in the daemon's config and put the scripts there")
	}
	if err := d.checkGranted(j); err != nil {
		return err
	}
	if u := j.WARC.Upload; u != nil {
		if u.Remote == "" {
			return d.uploadRefusal(u, given)
		}
		if _, err := d.remote(u.Remote); err != nil {
			return err
		}
	}
	return nil
}

// insideDataDir returns dir relative to data_dir, refusing a dir outside
// it (a stored job from before the sandbox, or a changed data_dir).
func (d *Daemon) insideDataDir(dir string) (string, error) {
	base, err := filepath.Abs(d.cfg.DataDir)
	if err != nil {
		return "", fmt.Errorf("data_dir: %w", err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("warc.dir: %w", err)
	}
	rel, err := filepath.Rel(base, abs)
	if err != nil || (rel != "." && !filepath.IsLocal(rel)) {
		return "", forbidden("warc.dir", "%s is outside this daemon's data_dir %s: submit the job again with a relative warc.dir, or none", dir, d.cfg.DataDir)
	}
	return rel, nil
}

// prepareWARCDir creates warc.dir inside data_dir through os.Root, which
// refuses to follow a symbolic link out of it, then checks the resolved
// folder once more: the crawler writes there by plain path. Run at every
// capture start, since links can appear after the job was submitted.
func (d *Daemon) prepareWARCDir(dir string) error {
	rel, err := d.insideDataDir(dir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(d.cfg.DataDir, 0o755); err != nil {
		return fmt.Errorf("data_dir: %w", err)
	}
	root, err := os.OpenRoot(d.cfg.DataDir)
	if err != nil {
		return fmt.Errorf("data_dir: %w", err)
	}
	defer root.Close()
	if err := root.MkdirAll(rel, 0o755); err != nil {
		return forbidden("warc.dir", "%s cannot be made inside data_dir (%v): a symbolic link leading out of data_dir is refused; remove it or choose another warc.dir", dir, err)
	}
	realBase, err := filepath.EvalSymlinks(d.cfg.DataDir)
	if err != nil {
		return fmt.Errorf("data_dir: %w", err)
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return fmt.Errorf("warc.dir: %w", err)
	}
	if r, err := filepath.Rel(realBase, real); err != nil || (r != "." && !filepath.IsLocal(r)) {
		return forbidden("warc.dir", "%s leads out of data_dir through a symbolic link: remove the link or choose another warc.dir", dir)
	}
	return nil
}

// runnable is checkJob and prepareWARCDir: whether a capture of j may
// start now.
func (d *Daemon) runnable(j *job.Job) error {
	if err := d.checkJob(j, nil); err != nil {
		return err
	}
	return d.prepareWARCDir(j.WARC.Dir)
}

// readModel reads rates_model from inside models_dir only (os.Root: no
// '..', no absolute path, no link out), a regular file of bounded size.
func (d *Daemon) readModel(name string) ([]byte, error) {
	if d.cfg.ModelsDir == "" {
		return nil, errors.New("this daemon has no models_dir")
	}
	root, err := os.OpenRoot(d.cfg.ModelsDir)
	if err != nil {
		return nil, fmt.Errorf("models_dir: %w", err)
	}
	defer root.Close()
	f, err := root.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() || fi.Size() > maxModelBytes {
		return nil, fmt.Errorf("%s: not a regular file of at most %d MiB in models_dir", name, maxModelBytes>>20)
	}
	return io.ReadAll(io.LimitReader(f, maxModelBytes))
}

// uploadFields are the warc.upload fields a remote defines, in the order
// a refusal names them.
func uploadFields() []string {
	return []string{"access_key_env", "secret_key_env", "endpoint", "bucket", "region", "use_tls"}
}

// uploadRefusal refuses a warc.upload that names its server and the
// environment variables of its credentials, saying which remote to
// define (or use) instead.
func (d *Daemon) uploadRefusal(u *job.Upload, given map[string]bool) error {
	var named []string
	for _, f := range uploadFields() {
		if given == nil || given["warc.upload."+f] {
			named = append(named, "warc.upload."+f)
		}
	}
	if len(named) == 0 {
		named = []string{"warc.upload.endpoint"}
	}
	instead := fmt.Sprintf("define a remote in the daemon config (remotes: NAME: {endpoint: %s, bucket: %s, use_tls: %v, access_key_env: %s, secret_key_env: %s}) and set warc.upload.remote: NAME",
		u.Endpoint, u.Bucket, u.UseTLS, cmp.Or(u.AccessKeyEnv, job.DefaultUploadAccessKeyEnv), cmp.Or(u.SecretKeyEnv, job.DefaultUploadSecretKeyEnv))
	for _, name := range slices.Sorted(maps.Keys(d.cfg.Remotes)) {
		if r := d.cfg.Remotes[name]; r.Endpoint == u.Endpoint && r.Bucket == u.Bucket {
			instead = fmt.Sprintf("this daemon's remote %q has that endpoint and bucket: set warc.upload.remote: %s", name, name)
			break
		}
	}
	ae := forbidden(named[0], "a job submitted to the daemon may not name environment variables or servers; %s, and remove %s", instead, strings.Join(named, ", "))
	for _, f := range named {
		ae.Details = append(ae.Details, f+": set by a remote of the daemon's config, not by the job")
	}
	return ae
}

// remote returns the daemon's remote called name, or a refusal naming
// the defined ones.
func (d *Daemon) remote(name string) (Remote, error) {
	if r, ok := d.cfg.Remotes[name]; ok {
		// A Config built in code skips applyDefaults.
		r.AccessKeyEnv = cmp.Or(r.AccessKeyEnv, job.DefaultUploadAccessKeyEnv)
		r.SecretKeyEnv = cmp.Or(r.SecretKeyEnv, job.DefaultUploadSecretKeyEnv)
		return r, nil
	}
	defined := "none: define remotes: in the daemon's config"
	if len(d.cfg.Remotes) > 0 {
		defined = strings.Join(slices.Sorted(maps.Keys(d.cfg.Remotes)), ", ")
	}
	return Remote{}, &APIError{Status: http.StatusBadRequest,
		Message: fmt.Sprintf("warc.upload.remote: %q is not a remote of this daemon (defined: %s)", name, defined)}
}

// uploadClient builds the client of a job's warc.upload from the remote
// it names, with credentials from the daemon's environment, dialling
// only through the daemon's network guard (allow_addresses).
func (d *Daemon) uploadClient(_ context.Context, u *job.Upload) (*upload.Client, error) {
	if u == nil {
		return nil, errors.New("the job sets no warc.upload")
	}
	if u.Remote == "" {
		return nil, d.uploadRefusal(u, nil)
	}
	r, err := d.remote(u.Remote)
	if err != nil {
		return nil, err
	}
	access, secret := d.getenv(r.AccessKeyEnv), d.getenv(r.SecretKeyEnv)
	if access == "" || secret == "" {
		return nil, fmt.Errorf("remote %s: the daemon's environment variables %s and %s must both be set", u.Remote, r.AccessKeyEnv, r.SecretKeyEnv)
	}
	return upload.New(upload.Config{Endpoint: r.Endpoint, Bucket: r.Bucket, Region: r.Region, UseTLS: r.useTLS(),
		AccessKey: access, SecretKey: secret, Prefix: u.Prefix, DeleteLocal: u.DeleteLocal, Parallel: u.Parallel, Retries: u.Retries,
		Transport: d.s3Transport})
}

// sandboxAlert words the alert of a job whose capture may not start.
func sandboxAlert(err error) string {
	msg := err.Error()
	var ae *APIError
	if errors.As(err, &ae) {
		msg = ae.Message
	}
	return "capture not started: " + msg
}

// submittable is a stored job's YAML as a job submitted to this daemon
// may say it: without the store the daemon put in (its DSN may hold a
// password) and with warc.dir relative to data_dir, so the console's
// "edit job" can post it back. Text that does not decode (it cannot
// happen: it is the daemon's own Marshal output) is shown as stored.
func (d *Daemon) submittable(text string) string {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return text
	}
	root := doc.Content[0]
	for i := 0; i+1 < len(root.Content); i += 2 {
		switch k, v := root.Content[i].Value, root.Content[i+1]; k {
		case "store":
			root.Content = slices.Delete(root.Content, i, i+2)
			i -= 2
		case "warc":
			d.relativeWARCDir(v)
		}
	}
	var out bytes.Buffer
	enc := yaml.NewEncoder(&out)
	enc.SetIndent(2) // as job.Marshal writes it
	if err := enc.Encode(&doc); err != nil {
		return text
	}
	return out.String()
}

// relativeWARCDir rewrites warc.dir in the warc mapping n relative to
// data_dir when it lies inside.
func (d *Daemon) relativeWARCDir(n *yaml.Node) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value != "dir" {
			continue
		}
		if rel, err := d.insideDataDir(n.Content[i+1].Value); err == nil {
			n.Content[i+1].Value = rel
		}
	}
}

// loadSecrets reads the daemon's secrets file, if it names one: every
// credential must be bound to hosts.
func loadSecrets(path string) (siteauth.Secrets, error) {
	if path == "" {
		return siteauth.Secrets{}, nil
	}
	s, err := siteauth.LoadFile(path)
	if err != nil {
		return siteauth.Secrets{}, fmt.Errorf("secrets: %w", err)
	}
	if err := s.CheckHostsBound(); err != nil {
		return siteauth.Secrets{}, err
	}
	return s, nil
}

// checkGranted refuses a job naming a credential or cookie file the
// daemon does not grant, or a credential for a host its grant does not
// list: a submitted job cannot send the daemon's passwords elsewhere.
func (d *Daemon) checkGranted(j *job.Job) error {
	for i, l := range j.Auth {
		if l.Credential == "" {
			continue
		}
		c, ok := d.secrets.Credentials[l.Credential]
		if !ok {
			return forbidden(fmt.Sprintf("auth[%d].credential", i), "%q is not a credential this daemon grants: ask the operator to add it to the daemon's secrets file", l.Credential)
		}
		if !c.Allows(l.Host) {
			return forbidden(fmt.Sprintf("auth[%d].host", i), "credential %q is not granted for host %s", l.Credential, l.Host)
		}
	}
	if j.Cookies != "" {
		if _, _, ok := d.secrets.CookieSource(j.Cookies); !ok {
			return forbidden("cookies", "%q is not a cookies file or browser profile this daemon grants: ask the operator to add it to the daemon's secrets file", j.Cookies)
		}
	}
	return nil
}
