package siteauth

import (
	"errors"
	"io"
	"net/url"
	"strings"

	"golang.org/x/net/html"
)

// Form is a login form found in a page: where it posts and the values
// its inputs carry as served (hidden fields such as CSRF tokens, default
// values, checked boxes).
type Form struct {
	Action *url.URL
	Method string // "GET" or "POST"
	Values url.Values
	// Names lists every input name, in document order, whatever its value.
	Names []string
}

// maxFormBytes bounds how much of a login page is read looking for its
// form; maxForms the forms looked at.
const (
	maxFormBytes = 4 << 20
	maxForms     = 64
)

// ErrNoForm is a login page without a form that names the wanted fields.
var ErrNoForm = errors.New("no login form")

// FindForm returns the first form of the page at base (read from r)
// that has an input named each of want; with want empty, the first form
// with a password input, or else the first form.
func FindForm(r io.Reader, base *url.URL, want []string) (Form, error) {
	z := html.NewTokenizer(io.LimitReader(r, maxFormBytes))
	var forms []Form
	var cur *Form
	hasPassword := map[int]bool{}
	for len(forms) <= maxForms {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken && tt != html.EndTagToken {
			continue
		}
		name, hasAttr := z.TagName()
		tag := string(name)
		if tt == html.EndTagToken {
			if tag == "form" {
				cur = nil
			}
			continue
		}
		attrs := map[string]string{}
		for hasAttr {
			var k, v []byte
			k, v, hasAttr = z.TagAttr()
			if _, ok := attrs[string(k)]; !ok {
				attrs[string(k)] = string(v)
			}
		}
		switch tag {
		case "form":
			f := Form{Action: base, Method: "GET", Values: url.Values{}}
			if a := strings.TrimSpace(attrs["action"]); a != "" {
				if u, err := base.Parse(a); err == nil {
					f.Action = u
				}
			}
			if strings.EqualFold(attrs["method"], "post") {
				f.Method = "POST"
			}
			forms = append(forms, f)
			cur = &forms[len(forms)-1]
		case "input", "select", "textarea", "button":
			if cur == nil || attrs["name"] == "" {
				continue
			}
			n := attrs["name"]
			cur.Names = append(cur.Names, n)
			typ := strings.ToLower(attrs["type"])
			switch {
			case typ == "password":
				hasPassword[len(forms)-1] = true
			case tag == "button" || typ == "submit" || typ == "image" || typ == "reset" || typ == "file":
				// not sent unless clicked; the crawler posts without a click
			case (typ == "checkbox" || typ == "radio"):
				if _, ok := attrs["checked"]; ok {
					cur.Values.Add(n, valueOr(attrs, "on"))
				}
			case tag == "input":
				cur.Values.Add(n, attrs["value"])
			}
		}
	}
	for i, f := range forms {
		if len(want) == 0 && hasPassword[i] || len(want) > 0 && namesAll(f.Names, want) {
			return f, nil
		}
	}
	if len(want) == 0 && len(forms) > 0 {
		return forms[0], nil
	}
	return Form{}, ErrNoForm
}

func valueOr(attrs map[string]string, def string) string {
	if v, ok := attrs["value"]; ok {
		return v
	}
	return def
}

func namesAll(names, want []string) bool {
	for _, w := range want {
		found := false
		for _, n := range names {
			if n == w {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
