package version

import (
	"runtime/debug"
	"testing"
)

func TestDescribe(t *testing.T) {
	vcs := func(rev, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	for _, c := range []struct {
		name    string
		release string
		info    *debug.BuildInfo
		want    string
	}{
		{"stamped release wins", "1.2.0", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-x"}}, "1.2.0"},
		{"no build info", "", nil, "dev"},
		{"devel, no vcs", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "dev"},
		{"devel with a revision", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: vcs("aa0dcff1234567890abcdef", "false")}, "dev-aa0dcff12345"},
		{"devel, modified", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: vcs("aa0dcff1234567890abcdef", "true")}, "dev-aa0dcff12345+dirty"},
		{"pseudo-version names the revision", "", &debug.BuildInfo{
			Main:     debug.Module{Version: "v0.0.0-20261124183500-aa0dcff12345+dirty"},
			Settings: vcs("aa0dcff1234567890abcdef", "true")}, "v0.0.0-20261124183500-aa0dcff12345+dirty"},
		{"module version from go install", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.3.0"}}, "v1.3.0"},
		{"pre-release from go install", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.3.0-rc.1"}}, "v1.3.0-rc.1"},
		{"pseudo-version from go install", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.3.1-0.20261124183500-aa0dcff12345"}},
			"v1.3.1-0.20261124183500-aa0dcff12345"},
	} {
		if got := describe(c.release, c.info); got != c.want {
			t.Errorf("%s: describe = %q, want %q", c.name, got, c.want)
		}
	}
}
