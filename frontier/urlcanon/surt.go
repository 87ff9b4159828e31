package urlcanon

import (
	"sort"
	"strings"
)

// SURT returns the sort-friendly URL key of a canonical URL in the
// convention pywb writes into CDXJ indexes (the defaults of the Internet
// Archive "surt" library), so SHARC's keys match other archival tools:
//
//   - scheme and userinfo dropped: "https://u@example.com/" → "com,example)/";
//   - host labels reversed and comma-joined, a leading "www", "www2", ...
//     label dropped (IA "host massage"), no trailing comma;
//   - IPv4 and IPv6 hosts kept as they are; a non-default port kept after
//     a colon: "com,example:8080)/";
//   - path and query lower-cased, a trailing "/" dropped unless the path is
//     just "/", an empty query dropped, query arguments sorted bytewise.
//
// Unlike the IA canonicaliser, session ids are not stripped (SHARC does not
// rewrite query strings it may need to replay). Input without "://" is
// returned lower-cased. SURT never fails; feed it Canonical output.
func SURT(canonical string) string {
	scheme, authority, rest, ok := split(canonical)
	if !ok {
		return strings.ToLower(canonical)
	}
	var b strings.Builder
	b.Grow(len(canonical))
	writeHostKey(&b, scheme, authority, true)
	b.WriteByte(')')

	path, query, _ := strings.Cut(strings.ToLower(rest), "?")
	if path == "" {
		path = "/"
	}
	if len(path) > 1 && path[len(path)-1] == '/' {
		path = path[:len(path)-1]
	}
	b.WriteString(path)
	if query != "" {
		args := strings.Split(query, "&")
		sort.Strings(args)
		b.WriteByte('?')
		b.WriteString(strings.Join(args, "&"))
	}
	return b.String()
}

// HostSURTPrefix returns the SURT prefix that scopes a seed's host: every
// URL u on the same host (and port) has SURT(u) starting with it, e.g.
// "com,example)/" for "https://www.example.com/a". Subdomains do not match.
func HostSURTPrefix(canonical string) string {
	scheme, authority, _, ok := split(canonical)
	if !ok {
		return strings.ToLower(canonical)
	}
	var b strings.Builder
	writeHostKey(&b, scheme, authority, true)
	b.WriteString(")/")
	return b.String()
}

// Host returns host[:port] of a canonical URL, the key the crawler applies
// politeness delays per. Userinfo is dropped; "www." is kept (it may be a
// different server). It returns "" when canonical has no authority.
func Host(canonical string) string {
	_, authority, _, ok := split(canonical)
	if !ok {
		return ""
	}
	if at := strings.LastIndexByte(authority, '@'); at >= 0 {
		authority = authority[at+1:]
	}
	return authority
}

// split cuts "scheme://authority/rest" into its parts; rest keeps its
// leading "/" (or "?" when the path is missing).
func split(u string) (scheme, authority, rest string, ok bool) {
	i := strings.Index(u, "://")
	if i <= 0 {
		return "", "", "", false
	}
	scheme, after := u[:i], u[i+3:]
	end := strings.IndexAny(after, "/?#")
	if end < 0 {
		return scheme, after, "", true
	}
	rest = after[end:]
	if h := strings.IndexByte(rest, '#'); h >= 0 {
		rest = rest[:h]
	}
	return scheme, after[:end], rest, true
}

// writeHostKey writes the reversed-host part of a SURT key.
func writeHostKey(b *strings.Builder, scheme, authority string, massage bool) {
	if at := strings.LastIndexByte(authority, '@'); at >= 0 {
		authority = authority[at+1:]
	}
	authority = strings.ToLower(authority)
	host, port := authority, ""
	if strings.HasPrefix(host, "[") {
		if end := strings.IndexByte(host, ']'); end >= 0 {
			host, port = authority[:end+1], strings.TrimPrefix(authority[end+1:], ":")
		}
	} else if c := strings.LastIndexByte(host, ':'); c >= 0 {
		host, port = authority[:c], authority[c+1:]
	}
	if port == defaultPort(scheme) {
		port = ""
	}
	host = strings.TrimSuffix(host, ".")
	if strings.HasPrefix(host, "[") || isIPv4(host) {
		b.WriteString(host)
	} else {
		if massage {
			host = stripWWW(host)
		}
		writeReversed(b, host)
	}
	if port != "" {
		b.WriteByte(':')
		b.WriteString(port)
	}
}

func defaultPort(scheme string) string {
	switch strings.ToLower(scheme) {
	case "http":
		return "80"
	case "https":
		return "443"
	}
	return ""
}

// stripWWW drops a leading "www" label optionally followed by digits, as
// the IA canonicaliser's host massage (^www\d*\.) does.
func stripWWW(host string) string {
	if !strings.HasPrefix(host, "www") {
		return host
	}
	i := 3
	for i < len(host) && host[i] >= '0' && host[i] <= '9' {
		i++
	}
	if i < len(host) && host[i] == '.' && i+1 < len(host) {
		return host[i+1:]
	}
	return host
}

func writeReversed(b *strings.Builder, host string) {
	for end := len(host); ; {
		dot := strings.LastIndexByte(host[:end], '.')
		b.WriteString(host[dot+1 : end])
		if dot < 0 {
			return
		}
		b.WriteByte(',')
		end = dot
	}
}

func isIPv4(h string) bool {
	parts := 0
	digits := 0
	for i := 0; i < len(h); i++ {
		switch c := h[i]; {
		case c >= '0' && c <= '9':
			digits++
			if digits > 3 {
				return false
			}
		case c == '.':
			if digits == 0 {
				return false
			}
			parts++
			digits = 0
		default:
			return false
		}
	}
	return digits > 0 && parts == 3
}
