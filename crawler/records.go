package crawler

import (
	"context"
	"fmt"
	"hash"
	"mime"
	"slices"
	"strings"
	"time"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/extract"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// finishUnfetched settles a URL that got no HTTP response.
func (c *Crawler) finishUnfetched(ctx context.Context, worker int, t frontier.Task, code crawllog.Code, state store.URLState, note string) error {
	c.obs().Unfetched(t.Host, int(code))
	b := store.Batch{CaptureID: c.capture.ID, States: []store.StateChange{{SURT: t.SURT, State: state, Attempts: t.Attempt + 1}}}
	var ann []string
	if note != "" {
		ann = []string{note}
	}
	e := crawllog.Entry{Time: time.Now(), Status: int(code), Size: -1, URI: t.URL.URL, HopPath: t.HopPath, Via: t.Via, Worker: worker, Annotations: ann}
	logErr, err := c.settleUnfetched(ctx, b, e, t.Host)
	if err != nil {
		return err // the store's errors say "store: …"
	}
	switch state {
	case store.StateBlocked:
		c.blocked.Add(1)
	default:
		c.failed.Add(1)
	}
	c.finished.Add(1)
	c.frontier.Done(t, frontier.Result{Fetched: state != store.StateBlocked})
	return logErr
}

// settleUnfetched commits b, a URL's state, with its crawl.log line e.
//
// The line goes with the commit, under logMu, but records no mark: a mark
// would need the log synced first (logThenMark), an fsync for every
// refused or failed URL. Without one the line stays after the last mark,
// where a resume keeps it if its URL was settled and cuts it if not; the
// next exchange commit's mark covers it, synced.
//
// A cluster node's commit is fenced like its groups' (ClusterCommit with
// the host's lease epoch): a node stopped past its lease, whose host
// another node has taken and crawled since, must not mark the URL failed
// or blocked over that node's work. Its line follows the commit, so a
// refused commit leaves none.
func (c *Crawler) settleUnfetched(ctx context.Context, b store.Batch, e crawllog.Entry, host string) (logErr, err error) {
	if !c.coord.shared() {
		c.logMu.Lock()
		defer c.logMu.Unlock()
		logErr = c.clog.Log(e)
		return logErr, c.store.Commit(ctx, b)
	}
	b.Epochs = c.coord.epochs([]string{host}) // before logMu (lock order)
	c.logMu.Lock()
	defer c.logMu.Unlock()
	if _, err := c.cl.Leaser.ClusterCommit(ctx, b, c.cl.Node, nil); err != nil {
		return nil, err
	}
	return c.clog.Log(e), nil
}

// buildExchange builds and compresses a's WARC records (warc.Writer.Build),
// the CPU-heavy part of archiving it, in the worker that fetched it,
// before it joins a commit group: the group then only appends and syncs,
// and a group's turn is shorter. A failure is the exchange's, reported
// when its group is written.
func (c *Crawler) buildExchange(a *archived) {
	t, f := a.t, a.f
	prov, tlsFields, err := c.connRecords(f.Conn)
	if err != nil {
		a.buildErr = err
		return
	}
	a.prov = prov
	ex := warc.Exchange{TargetURI: t.URL.URL, IP: f.IP, Date: f.Start, Request: f.Request, ResponseBlob: f.Response, Revisit: a.rev,
		Outlinks: a.outlinks, Resources: a.resources, TLS: tlsFields}
	if f.Truncated {
		ex.Truncated = "length"
	} else {
		// The fetcher hashed the body as it arrived; the writer need not
		// hash it a second time (it checks the hint can apply).
		ex.Payload = &warc.PayloadHint{Digest: f.Digest, Len: f.BodyLen}
	}
	a.built, a.buildErr = c.warc.Build(ex)
}

// writeGroup appends a group's built records to the WARC file, in order,
// with one sync for the group (warc.Writer.WriteBuiltAll), and fills each
// exchange's index rows or error into results. Only the committer calls
// it.
func (c *Crawler) writeGroup(ctx context.Context, group []*archived, results []archivedResult) {
	var built []*warc.Built
	var at []int // results index of each built
	carried := make([][]string, len(group))
	for i, a := range group {
		if a.buildErr != nil {
			releaseProv(a.prov)
			results[i].err = fmt.Errorf("warc: %w", a.buildErr)
			continue
		}
		carried[i] = c.prov.carry(a)
		built, at = append(built, a.built), append(at, i)
	}
	appended := c.warc.AppendBuiltAll(context.WithoutCancel(ctx), built)
	sw := stopwatchFrom(ctx)
	sw.lap(SerialWARC)
	written, errs := appended.Sync()
	sw.lap(SerialSync)
	for k, i := range at {
		if errs[k] != nil {
			for _, key := range carried[i] {
				delete(c.prov.written, key) // not written after all
			}
			results[i].err = fmt.Errorf("warc: %w", errs[k])
			continue
		}
		c.noteWritten(written[k])
		results[i].recs = c.indexRows(group[i], written[k])
		results[i].prov = provRows(group[i], written[k])
	}
}

// indexRows are the store records of an exchange's written WARC records.
func (c *Crawler) indexRows(a *archived, written []warc.Written) []store.Record {
	t, f := a.t, a.f
	phase := PhaseVisit
	switch t.Action {
	case scheduler.Revisit:
		phase = PhaseRevisit
	case scheduler.VisitRevisit:
		phase = PhaseVisitRevisit
	}
	key := t.URL.URL
	if a.indexURL != "" {
		key = a.indexURL
	}
	surt := urlcanon.SURT(key)
	recs := make([]store.Record, 0, len(written))
	for _, w := range written {
		if w.Provenance {
			continue // indexed apart (host_provenance), never replayed
		}
		r := store.Record{
			CaptureID: c.capture.ID, URL: key, SURT: surt, Time: f.Start, RecordType: w.Type, RecordID: w.RecordID,
			WARCFile: w.File, Offset: w.Offset, RecordLength: w.Length, Phase: phase,
		}
		if warc.HTTPExchange(w.Type) {
			r.Status, r.MIME, r.PayloadDigest, r.Length = f.Status, mediaType(f.Header.Get("Content-Type")), w.PayloadDigest, f.BodyLen
			r.ETag, r.LastModified = f.Header.Get("ETag"), f.Header.Get("Last-Modified")
			r.TextDigest = a.textDigest
			if f.BodyLen > 0 || w.Type == warc.Response {
				// A 304 revisit has no payload of its own.
				r.PayloadSHA256 = f.SHA256
			}
			if a.rev != nil && a.rev.Profile == warc.ProfileIdenticalPayload {
				r.PayloadDigest = f.Digest
			}
		}
		if w.Type == warc.Resource {
			// A browser page's screenshot or DOM: indexed under its own
			// urn: target, as the WARC record names it.
			r.URL, r.SURT, r.MIME, r.PayloadDigest, r.Length = w.TargetURI, w.TargetURI, a.resourceType(w.TargetURI), w.PayloadDigest, w.PayloadLength
		}
		recs = append(recs, r)
	}
	return recs
}

func mediaType(ct string) string {
	if ct == "" {
		return ""
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return strings.ToLower(strings.TrimSpace(strings.Split(ct, ";")[0]))
	}
	return mt
}

// fetchEntry is the crawl.log line of an archived fetch but for what the
// committer adds (see logEntry).
func fetchEntry(worker int, t frontier.Task, f *fetched, ann []string) crawllog.Entry {
	// Size is the body, as Heritrix's crawl.log has it (headers not
	// counted); the MIME column is cut as Heritrix cuts it (crawllog).
	e := crawllog.Entry{Status: f.Status, Size: f.BodyLen, URI: t.URL.URL, HopPath: t.HopPath, Via: t.Via,
		MIME: f.Header.Get("Content-Type"), Worker: worker, FetchStart: f.Start, Duration: f.Duration, Annotations: ann}
	if t.Attempt > 0 {
		e.Annotations = append(e.Annotations, fmt.Sprintf("%dt", t.Attempt+1))
	}
	return e
}

// payloadDigest computes the WARC-Payload-Digest of an entity body the way
// the WARC writer labels it, for deduplication before writing.
func (c *Crawler) payloadDigest(body []byte) string {
	h := c.newPayloadHash()
	h.Write(body)
	return c.formatDigest(h.Sum(nil))
}

// newPayloadHash and formatDigest are payloadDigest in two steps, for
// bodies hashed while they stream in.
func (c *Crawler) newPayloadHash() hash.Hash { return warc.NewDigestHash(c.job.WARC.Digest) }

func (c *Crawler) formatDigest(sum []byte) string { return warc.FormatDigest(c.job.WARC.Digest, sum) }

// textDigest is the digest of a page's normalised title and visible text
// (extract.NormalizedText of title+" "+text: case, punctuation and
// digit-only tokens do not count), in the payload digest's notation. The
// report's similarity test normalises the same way. The two are
// normalised into one buffer, not joined first.
func (c *Crawler) textDigest(title, text string) string {
	var buf []byte
	select {
	case buf = <-c.textBufs:
	default:
	}
	buf = extract.AppendNormalized(slices.Grow(buf[:0], len(title)+1+len(text)), title)
	buf = extract.AppendNormalized(buf, text)
	d := c.payloadDigest(buf)
	if cap(buf) <= maxKeptTextBuffer {
		select {
		case c.textBufs <- buf:
		default:
		}
	}
	return d
}

// maxKeptTextBuffer bounds the text buffers kept for reuse: a huge
// page's is left to the garbage collector.
const maxKeptTextBuffer = 1 << 20
