package siteauth

import (
	"crypto/md5"
	"crypto/rand"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"strings"
)

// Challenge is one challenge of a WWW-Authenticate field (RFC 9110
// §11.6.1): a scheme (lower case) and its parameters (names lower case).
type Challenge struct {
	Scheme string
	Params map[string]string
}

// Bounds on what ParseChallenges keeps of a hostile header.
const (
	maxChallenges = 16
	maxParams     = 32
)

// ParseChallenges reads the challenges of WWW-Authenticate values
// (RFC 9110 §11.6.1: scheme, then token68 or comma-separated
// name=value parameters, values tokens or quoted strings). It stops at the
// first malformed part and returns the challenges before it; it never
// fails otherwise and keeps at most maxChallenges of maxParams each.
func ParseChallenges(values []string) []Challenge {
	var out []Challenge
	for _, v := range values {
		p := &challengeParser{s: v}
		out = p.parse(out)
		if len(out) >= maxChallenges {
			return out[:maxChallenges]
		}
	}
	return out
}

type challengeParser struct {
	s string
	i int
}

func (p *challengeParser) skip() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == ',') {
		p.i++
	}
}

func (p *challengeParser) spaces() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func isTchar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

func (p *challengeParser) token() string {
	start := p.i
	for p.i < len(p.s) && isTchar(p.s[p.i]) {
		p.i++
	}
	return p.s[start:p.i]
}

// quoted reads a quoted-string after its opening quote; ok is false when
// it is not closed.
func (p *challengeParser) quoted() (string, bool) {
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		p.i++
		switch c {
		case '"':
			return b.String(), true
		case '\\':
			if p.i < len(p.s) {
				b.WriteByte(p.s[p.i])
				p.i++
			}
		default:
			b.WriteByte(c)
		}
	}
	return "", false
}

func (p *challengeParser) parse(out []Challenge) []Challenge {
	var cur *Challenge
	for len(out) < maxChallenges {
		p.skip()
		if p.i >= len(p.s) {
			return out
		}
		tok := p.token()
		if tok == "" {
			return out // not a token: malformed, keep what came before
		}
		save := p.i
		p.spaces()
		if p.i < len(p.s) && p.s[p.i] == '=' && cur != nil {
			p.i++
			p.spaces()
			var val string
			if p.i < len(p.s) && p.s[p.i] == '"' {
				p.i++
				v, ok := p.quoted()
				if !ok {
					return out
				}
				val = v
			} else {
				val = p.token()
				// token68 ends in '='s: "abc==" reads as a parameter with
				// an empty name part; keep it whole under "".
				for p.i < len(p.s) && p.s[p.i] == '=' {
					p.i++
				}
			}
			if len(cur.Params) < maxParams {
				cur.Params[strings.ToLower(tok)] = val
			}
			continue
		}
		p.i = save
		out = append(out, Challenge{Scheme: strings.ToLower(tok), Params: map[string]string{}})
		cur = &out[len(out)-1]
		// A token68 after the scheme (Basic's own answers, some
		// Negotiate challenges): skip it.
		p.spaces()
		if p.i < len(p.s) && p.s[p.i] != ',' {
			start := p.i
			t := p.token()
			rest := p.i
			p.spaces()
			if p.i < len(p.s) && p.s[p.i] == '=' && t != "" {
				p.i = start // a parameter, read by the loop
			} else {
				p.i = rest
			}
		}
	}
	return out
}

// Find returns the first challenge of scheme (lower case).
func Find(cs []Challenge, scheme string) (Challenge, bool) {
	for _, c := range cs {
		if c.Scheme == scheme {
			return c, true
		}
	}
	return Challenge{}, false
}

// BasicAuthorization is the Authorization value of HTTP Basic (RFC 7617).
func BasicAuthorization(c Credential) string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(c.Username+":"+c.Password))
}

// ErrDigest is a Digest challenge this package cannot answer.
var ErrDigest = errors.New("digest challenge not supported")

// digestHash returns the hash of an RFC 7616 §3.3 algorithm name and
// whether it is a -sess variant.
func digestHash(alg string) (func() hash.Hash, bool, error) {
	sess := strings.HasSuffix(strings.ToLower(alg), "-sess")
	switch strings.TrimSuffix(strings.ToUpper(alg), "-SESS") {
	case "", "MD5":
		return md5.New, sess, nil
	case "SHA-256":
		return sha256.New, sess, nil
	case "SHA-512-256":
		return sha512.New512_256, sess, nil
	}
	return nil, false, fmt.Errorf("%w: algorithm %q", ErrDigest, alg)
}

// Digest answers one Digest challenge (RFC 7616) for a request of method
// to uri (the request target), counting requests with nc. Only qop "auth"
// (or none, RFC 2069) is answered: auth-int would hash bodies the
// crawler's GETs do not have. cnonce is random unless set (tests).
type Digest struct {
	Challenge Challenge
	Cred      Credential
	CNonce    string
}

// Authorization is the Authorization value for the nc-th request.
func (d Digest) Authorization(method, uri string, nc uint32) (string, error) {
	ch := d.Challenge.Params
	newHash, sess, err := digestHash(ch["algorithm"])
	if err != nil {
		return "", err
	}
	nonce, realm := ch["nonce"], ch["realm"]
	if nonce == "" {
		return "", fmt.Errorf("%w: no nonce", ErrDigest)
	}
	qop := ""
	if q, ok := ch["qop"]; ok {
		for _, o := range strings.Split(q, ",") {
			if strings.TrimSpace(strings.ToLower(o)) == "auth" {
				qop = "auth"
			}
		}
		if qop == "" {
			return "", fmt.Errorf("%w: qop %q", ErrDigest, q)
		}
	}
	h := func(s string) string {
		x := newHash()
		x.Write([]byte(s))
		return hex.EncodeToString(x.Sum(nil))
	}
	cnonce := d.CNonce
	if cnonce == "" {
		var b [12]byte
		_, _ = rand.Read(b[:])
		cnonce = hex.EncodeToString(b[:])
	}
	ha1 := h(d.Cred.Username + ":" + realm + ":" + d.Cred.Password)
	if sess {
		ha1 = h(ha1 + ":" + nonce + ":" + cnonce)
	}
	ha2 := h(method + ":" + uri)
	ncs := fmt.Sprintf("%08x", nc)
	var resp string
	if qop == "" {
		resp = h(ha1 + ":" + nonce + ":" + ha2)
	} else {
		resp = h(ha1 + ":" + nonce + ":" + ncs + ":" + cnonce + ":" + qop + ":" + ha2)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `Digest username=%s, realm=%s, uri=%s`, quote(d.Cred.Username), quote(realm), quote(uri))
	if alg := ch["algorithm"]; alg != "" {
		fmt.Fprintf(&b, `, algorithm=%s`, alg)
	}
	fmt.Fprintf(&b, `, nonce=%s`, quote(nonce))
	if qop != "" {
		fmt.Fprintf(&b, `, nc=%s, cnonce=%s, qop=%s`, ncs, quote(cnonce), qop)
	}
	fmt.Fprintf(&b, `, response=%s`, quote(resp))
	if o, ok := ch["opaque"]; ok {
		fmt.Fprintf(&b, `, opaque=%s`, quote(o))
	}
	return b.String(), nil
}

func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
