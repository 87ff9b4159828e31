package access

import (
	"context"
	"strings"
	"testing"
)

func TestRoleAllows(t *testing.T) {
	for _, tc := range []struct {
		have, need Role
		want       bool
	}{
		{Viewer, Viewer, true}, {Viewer, Operator, false}, {Viewer, Admin, false},
		{Operator, Viewer, true}, {Operator, Operator, true}, {Operator, Admin, false},
		{Admin, Viewer, true}, {Admin, Operator, true}, {Admin, Admin, true},
		{Role("root"), Viewer, false}, {Role(""), Viewer, false},
	} {
		if got := tc.have.Allows(tc.need); got != tc.want {
			t.Errorf("%q.Allows(%q) = %v, want %v", tc.have, tc.need, got, tc.want)
		}
	}
}

func TestParseRole(t *testing.T) {
	for _, s := range []string{"viewer", " Operator", "ADMIN"} {
		if _, err := ParseRole(s); err != nil {
			t.Errorf("ParseRole(%q): %v", s, err)
		}
	}
	for _, s := range []string{"", "root", "admins"} {
		if _, err := ParseRole(s); err == nil {
			t.Errorf("ParseRole(%q) accepted", s)
		}
	}
}

func TestCheckName(t *testing.T) {
	for _, s := range []string{"alice", "a.b-c_d@lib", "0"} {
		if err := CheckName(s); err != nil {
			t.Errorf("CheckName(%q): %v", s, err)
		}
	}
	for _, s := range []string{"", "Alice", "-x", "a b", "a/b", strings.Repeat("a", 65), BootstrapName, OpenName, "<script>"} {
		if err := CheckName(s); err == nil {
			t.Errorf("CheckName(%q) accepted", s)
		}
	}
}

func TestTokens(t *testing.T) {
	a, err := NewToken()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewToken()
	if a == b || !strings.HasPrefix(a, TokenPrefix) || len(a) < 40 {
		t.Fatalf("tokens %q, %q", a, b)
	}
	if HashToken(a) == HashToken(b) || len(HashToken(a)) != 64 || strings.Contains(HashToken(a), a) {
		t.Fatal("hashes do not identify tokens")
	}
}

func TestPrincipalContext(t *testing.T) {
	if _, ok := FromContext(context.Background()); ok {
		t.Fatal("empty context has a principal")
	}
	p := Principal{Name: "alice", Role: Operator, Via: ViaConsole}
	got, ok := FromContext(WithPrincipal(context.Background(), p))
	if !ok || got != p {
		t.Fatalf("got %+v %v", got, ok)
	}
}
