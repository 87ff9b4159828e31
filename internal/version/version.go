package version

import (
	"regexp"
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

// String is the version of the running binary, without a leading "v".
func String() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = nil
	}
	return resolve(linked, bi)
}

// Software names the running build in records and packages:
// "SHARC/VERSION (+PROJECT)".
func Software() string { return Name + "/" + String() + " (+" + Project + ")" }

// releaseRe is a module version from a tag (v1.2.0, v1.2.0-rc.1), not a
// pseudo-version (v0.0.0-20261124192333-664f45cabcde) nor a dirty or
// devel build.
var (
	releaseRe = regexp.MustCompile(`^v\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$`)
	pseudoRe  = regexp.MustCompile(`\d{14}-[0-9a-f]{12}`)
)

// resolve picks the version from the linker value and the build
// information (nil when there is none).
func resolve(linkedValue string, bi *debug.BuildInfo) string {
	if v := strings.TrimSpace(linkedValue); v != "" {
		return strings.TrimPrefix(v, "v")
	}
	if bi == nil {
		return Base + "-dev"
	}
	if v := bi.Main.Version; releaseRe.MatchString(v) && !pseudoRe.MatchString(v) {
		return strings.TrimPrefix(v, "v")
	}
	var rev string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return Base + "-dev"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	v := Base + "-dev+" + rev
	if dirty {
		v += ".dirty"
	}
	return v
}
