package version

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestResolve(t *testing.T) {
	vcs := func(rev, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	const rev = "664f45cabcdef0123456789abcdef0123456789a"
	tests := []struct {
		name   string
		linked string
		bi     *debug.BuildInfo
		want   string
	}{
		{"linker wins", "1.2.3", &debug.BuildInfo{Main: debug.Module{Version: "v9.9.9"}}, "1.2.3"},
		{"linker v prefix dropped", "v1.2.3", nil, "1.2.3"},
		{"no build info", "", nil, Base + "-dev"},
		{"tagged module", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}}, "1.4.0"},
		{"tagged prerelease", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.4.0-rc.1"}}, "1.4.0-rc.1"},
		{"devel with vcs", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs(rev, "false")}, Base + "-dev+664f45cabcde"},
		{"dirty checkout", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs(rev, "true")}, Base + "-dev+664f45cabcde.dirty"},
		{"pseudo-version is a dev build", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261124192333-664f45cabcde+dirty"}, Settings: vcs(rev, "true")}, Base + "-dev+664f45cabcde.dirty"},
		{"pseudo-version without vcs names its commit", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261124192333-664f45cabcde"}}, Base + "-dev+664f45cabcde"},
		{"linked version and revision", "1.2.3", &debug.BuildInfo{}, "1.2.3"},
		{"no version, no vcs", "", &debug.BuildInfo{}, Base + "-dev"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := resolve(tc.linked, "", tc.bi); got != tc.want {
				t.Errorf("resolve = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestLinkedRevision(t *testing.T) {
	const rev = "0123456789abcdef0123456789abcdef01234567"
	if got := resolve("1.2.3", rev, nil); got != "1.2.3+0123456789ab" {
		t.Errorf("release with a linked revision = %q", got)
	}
	if got := resolve("", rev, &debug.BuildInfo{}); got != Base+"-dev+0123456789ab" {
		t.Errorf("dev build with a linked revision = %q", got)
	}
}

func TestSoftwareNamesTheVersion(t *testing.T) {
	s := Software()
	if !strings.HasPrefix(s, "SHARC/"+String()+" ") || !strings.Contains(s, Project) {
		t.Fatalf("Software() = %q, want SHARC/%s (+%s)", s, String(), Project)
	}
}
