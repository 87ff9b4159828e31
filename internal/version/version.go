package version

import (
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
)

// Base is the version of the code in this tree; development builds report
// it with a -dev suffix.
const Base = "0.1.0"

// Project is the address software fields point to.
const Project = "https://github.com/sharc-archive/sharc"

// Name is the product name in software fields.
const Name = "SHARC"

// linked is set by the linker (-X) in release builds. It is a variable
// only because the linker can set nothing else; nothing writes it at run
// time.
var linked string

// linkedRevision is the VCS revision set by the linker (-X) for builds
// made outside a checkout Go can stamp (a Docker build without .git);
// like linked, nothing writes it at run time.
var linkedRevision string

// String is the version of the running binary, without a leading "v".
func String() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = nil
	}
	return resolve(linked, linkedRevision, bi)
}

// BuildInfo names the running build: what `sharc version` prints and a
// WACZ package's reports/software.json holds.
type BuildInfo struct {
	Name      string `json:"name"`
	Version   string `json:"version"`
	Software  string `json:"software"`
	Revision  string `json:"vcs_revision,omitempty"` // full commit hash; "" when unknown
	Modified  bool   `json:"vcs_modified"`           // built from a tree with uncommitted changes
	Time      string `json:"vcs_time,omitempty"`     // the commit's time
	GoVersion string `json:"go_version"`
}

// Build describes the running binary.
func Build() BuildInfo {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = nil
	}
	b := BuildInfo{Name: Name, Version: String(), Software: Software(), GoVersion: runtime.Version()}
	b.Revision, b.Modified, b.Time = revision(linkedRevision, bi)
	return b
}

// revision is the build's VCS revision: the linker's, else Go's stamp,
// else the hash inside a pseudo-version (a module built by commit).
func revision(linkedRev string, bi *debug.BuildInfo) (rev string, modified bool, when string) {
	if r := strings.TrimSpace(linkedRev); r != "" {
		r, dirty := strings.CutSuffix(r, ".dirty")
		return r, dirty, ""
	}
	if bi == nil {
		return "", false, ""
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		case "vcs.time":
			when = s.Value
		}
	}
	if rev == "" {
		if m := pseudoRe.FindStringSubmatch(bi.Main.Version); m != nil {
			rev = m[1]
		}
	}
	return rev, modified, when
}

// Software names the running build in records and packages:
// "SHARC/VERSION (+PROJECT)".
func Software() string { return Name + "/" + String() + " (+" + Project + ")" }

// releaseRe is a module version from a tag (v1.2.0, v1.2.0-rc.1), not a
// pseudo-version (v0.0.0-20261124192333-664f45cabcde) nor a dirty or
// devel build.
var (
	releaseRe = regexp.MustCompile(`^v\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$`)
	pseudoRe  = regexp.MustCompile(`\d{14}-([0-9a-f]{12})`)
)

// resolve picks the version from the linker values and the build
// information (nil when there is none). A development build's known
// revision is added as build metadata ("+REV", 12 hex digits, ".dirty"
// for uncommitted changes), and so is a release's when the linker names
// it (make build does), so every warcinfo and package names the commit
// it came from.
func resolve(linkedValue, linkedRev string, bi *debug.BuildInfo) string {
	rev, dirty, _ := revision(linkedRev, bi)
	if strings.TrimSpace(linkedValue) != "" && strings.TrimSpace(linkedRev) == "" {
		rev = "" // a release named by the linker alone keeps its plain version
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev != "" {
		rev = "+" + rev
		if dirty {
			rev += ".dirty"
		}
	}
	if v := strings.TrimSpace(linkedValue); v != "" {
		return strings.TrimPrefix(v, "v") + rev
	}
	if bi != nil {
		if v := bi.Main.Version; releaseRe.MatchString(v) && !pseudoRe.MatchString(v) {
			return strings.TrimPrefix(v, "v")
		}
	}
	return Base + "-dev" + rev
}
