// Package testsite serves the thesis' synthetic site (Denev 2012, §4.5.3 and
// §5.6.2) over HTTP, changing live: page k changes as a Poisson process with
// rate λ_k per time unit, exactly as in package sim, so a live crawl of the
// site can be scored against the change history it really had.
//
// URL layout: the root page (page 0) is "/", page k > 0 is "/p/k"; "/p/0"
// redirects to "/". Besides pages the site serves /robots.txt, /sitemap.xml,
// /_changes (the change log as JSON), /_info (the configuration as JSON) and,
// with Config.Embeds, /static/site.css and /static/img/k.png.
//
// Concurrency: a Site is safe for concurrent use: it serves many requests
// at once while its pages change; the change log is guarded by striped
// mutexes.
package testsite
