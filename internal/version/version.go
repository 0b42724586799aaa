// Package version says which build of camelot is running: the release
// version stamped at build time, else what the Go toolchain recorded of
// the module and its source control, else "dev".
//
// A release build stamps it with
//
//	go build -ldflags "-X github.com/camelot-engine/camelot/internal/version.Release=1.2.0"
//
// A build by go install github.com/camelot-engine/camelot@v1.2.0 is not
// stamped: its build info holds the module version, v1.2.0, and no source
// control settings, so that version is what String returns.
package version

import (
	"runtime/debug"
	"strings"
)

// Release is the release version, set with -ldflags -X; empty otherwise.
var Release string

// String returns the version of this build. It never returns "".
func String() string {
	info, _ := debug.ReadBuildInfo()
	return describe(Release, info)
}

// describe picks the version from a stamped release and the build info
// (nil when the binary carries none).
func describe(release string, info *debug.BuildInfo) string {
	if r := strings.TrimSpace(release); r != "" {
		return r
	}
	if info == nil {
		return "dev"
	}
	var revision string
	var modified bool
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if len(revision) > 12 {
		revision = revision[:12]
	}
	v := info.Main.Version
	if v == "" || v == "(devel)" {
		v = "dev"
	}
	// A pseudo-version (v0.0.0-20261124183500-aa0dcff1234a) already names
	// the revision; a tagged module version built from a clone may not.
	if revision != "" && !strings.Contains(v, revision) {
		v += "-" + revision
		if modified && !strings.HasSuffix(v, "+dirty") {
			v += "+dirty"
		}
	}
	return v
}
