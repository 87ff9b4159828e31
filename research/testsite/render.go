package testsite

import (
	"bytes"
	"html"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// words is the vocabulary of the generated text.
var words = [...]string{
	"archive", "crawl", "page", "site", "change", "coherent", "blur", "visit",
	"revisit", "capture", "schedule", "poisson", "rate", "interval", "link",
	"tree", "root", "leaf", "hot", "cold", "fresh", "stale", "version", "time",
	"web", "document", "snapshot", "history", "model", "sample", "quality",
	"harvest", "politeness", "delay", "frontier", "seed", "host", "index",
}

// text writes n pseudo-random words drawn from PCG(a, c). It uses the
// generator directly (the modulo bias over 38 words is irrelevant here) to
// keep the page hot path free of allocations.
func text(b *strings.Builder, a, c uint64, n int) {
	var pcg rand.PCG
	pcg.Seed(a, c)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(words[pcg.Uint64()%uint64(len(words))])
	}
}

// renderPage writes page k at the given version. The first paragraph never
// changes; the version line and the second paragraph change with every
// version, so a change is visible in the text, not only in the headers.
// Links are absolute and in breadth-first order of the children.
func (s *Site) renderPage(k, version int, base string, t time.Duration) string {
	var b strings.Builder
	b.Grow(1024 + 64*s.cfg.Outdegree)
	ks := strconv.Itoa(k)
	vs := strconv.Itoa(version)
	eb := html.EscapeString(base)
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Page ")
	b.WriteString(ks)
	b.WriteString(" of the SHARC test site</title>\n<meta name=\"sharc-page\" content=\"")
	b.WriteString(ks)
	b.WriteString("\">\n<meta name=\"sharc-version\" content=\"")
	b.WriteString(vs)
	b.WriteString("\">\n")
	if s.cfg.Embeds {
		b.WriteString("<link rel=\"stylesheet\" href=\"" + eb + "/static/site.css\">\n")
	}
	b.WriteString("</head>\n<body>\n<h1>Page ")
	b.WriteString(ks)
	b.WriteString("</h1>\n<p class=\"stable\">")
	text(&b, s.cfg.Seed, uint64(k)<<1, 24)
	b.WriteString("</p>\n<p class=\"version\">Version ")
	b.WriteString(vs)
	b.WriteString(".</p>\n<p class=\"changing\">")
	text(&b, s.cfg.Seed^uint64(version)*0x9e3779b97f4a7c15, uint64(k)<<1|1, 24)
	b.WriteString("</p>\n")
	if s.cfg.Embeds {
		b.WriteString("<img src=\"" + eb + "/static/img/" + ks + ".png\" alt=\"image of page " + ks + "\">\n")
	}
	lo, hi := s.tree.Children(k)
	b.WriteString("<ul class=\"children\">\n")
	for c := lo; c < hi; c++ {
		if !s.ch.exists(c, t) {
			continue
		}
		cs := strconv.Itoa(c)
		b.WriteString("<li><a href=\"")
		b.WriteString(eb)
		b.WriteString("/p/")
		b.WriteString(cs)
		b.WriteString("\">Page ")
		b.WriteString(cs)
		b.WriteString("</a></li>\n")
	}
	b.WriteString("</ul>\n")
	if k == 0 && s.cfg.TrapLink {
		b.WriteString("<p><a href=\"" + eb + "/private/trap\">private</a></p>\n")
	}
	b.WriteString("</body>\n</html>\n")
	return b.String()
}

const siteCSS = "body { font-family: sans-serif; max-width: 40em; margin: auto; }\n.version { font-weight: bold; }\n"

// serveStatic serves the embedded resources, which never change.
func (s *Site) serveStatic(w http.ResponseWriter, r *http.Request) {
	if !s.cfg.Embeds {
		http.NotFound(w, r)
		return
	}
	p := r.URL.Path
	var body []byte
	switch {
	case p == "/static/site.css":
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
		body = []byte(siteCSS)
	case strings.HasPrefix(p, "/static/img/") && strings.HasSuffix(p, ".png"):
		k, ok := PageIndex("/p/" + strings.TrimSuffix(strings.TrimPrefix(p, "/static/img/"), ".png"))
		if p == "/static/img/0.png" {
			k, ok = 0, true
		}
		if !ok || k >= s.cfg.Pages {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "image/png")
		body = pagePNG(k)
	default:
		http.NotFound(w, r)
		return
	}
	w.Header().Set("ETag", `"static-`+strconv.Itoa(len(body))+`-`+strconv.FormatUint(uint64(fnv1a(fnvOffset, body)), 16)+`"`)
	http.ServeContent(w, r, "", s.cfg.Start, bytes.NewReader(body))
}

// pagePNG is a small image whose colour depends on k.
func pagePNG(k int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	c := color.RGBA{R: uint8(k * 37), G: uint8(k * 91), B: uint8(k * 13), A: 255}
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img) // writing to a bytes.Buffer cannot fail
	return buf.Bytes()
}

const fnvOffset = uint32(2166136261)

// fnv1a continues an FNV-1a hash over b; inline so ETags cost no
// allocations.
func fnv1a[T string | []byte](h uint32, b T) uint32 {
	for i := 0; i < len(b); i++ {
		h ^= uint32(b[i])
		h *= 16777619
	}
	return h
}
