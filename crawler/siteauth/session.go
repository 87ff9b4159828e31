package siteauth

import (
	"encoding/json"
	"fmt"
	"time"
)

// Session is what a capture saves of its session with the sites (the
// store's capture_sessions.state): the jar's cookies and the logins made.
// It holds account names, never passwords.
type Session struct {
	Cookies []Cookie      `json:"cookies"`
	Logins  []LoginRecord `json:"logins"`
}

// LoginRecord is one login the capture made, or tried.
type LoginRecord struct {
	Host string `json:"host"`
	Kind string `json:"kind"`
	// Key tells a host's logins apart (the login URL and credential
	// name; "" for Basic and Digest, one a host).
	Key string `json:"key,omitempty"`
	// Account is the username logged in as ("" for a consent wall).
	Account string    `json:"account,omitempty"`
	OK      bool      `json:"ok"`
	At      time.Time `json:"at"`
	// Note says why a login failed.
	Note string `json:"note,omitempty"`
}

// Marshal encodes s for the store.
func (s Session) Marshal() ([]byte, error) { return json.Marshal(s) }

// UnmarshalSession decodes a saved session.
func UnmarshalSession(b []byte) (Session, error) {
	var s Session
	if err := json.Unmarshal(b, &s); err != nil {
		return Session{}, fmt.Errorf("session: %w", err)
	}
	return s, nil
}

// LoggedIn lists the successful logins with an account of sessions (one
// per node), each host and account once, in order: the report's
// "crawled logged in" line.
func LoggedIn(sessions []Session) []LoginRecord {
	seen := map[string]bool{}
	var out []LoginRecord
	for _, s := range sessions {
		for _, l := range s.Logins {
			k := l.Host + "\x00" + l.Account
			if !l.OK || l.Account == "" || seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, l)
		}
	}
	return out
}
