package cli

import (
	"bytes"
	"strings"
	"testing"
)

func TestAPBotStartErrorsUnit(t *testing.T) {
	env := map[string]string{
		"BOT_CLIENT_ID": "id", "BOT_CLIENT_SECRET": "secret", "BOT_TOKEN_URL": "http://127.0.0.1:1/token",
		"BOT_OAUTH_SCOPE": "scope", "BOT_QUERY_URL": "http://127.0.0.1:1/botQuery", "AP_BOT_PUBLIC_KEY": "",
	}
	for _, c := range []struct {
		args  []string
		unset string
		set   map[string]string
		want  string
	}{
		{[]string{}, "", nil, "-state DIR is required"},
		{[]string{"-state", t.TempDir()}, "BOT_CLIENT_SECRET", nil, "environment variable BOT_CLIENT_SECRET"},
		{[]string{"-state", t.TempDir()}, "BOT_QUERY_URL", nil, "environment variable BOT_QUERY_URL"},
		{[]string{"-state", t.TempDir()}, "", map[string]string{"AP_BOT_PUBLIC_KEY": "ssh-ed25519 AAAA"}, "AP_BOT_PUBLIC_KEY: public key"},
		{[]string{"-state", t.TempDir(), "-tls-cert", "c.pem"}, "", nil, "-tls-cert and -tls-key go together"},
		{[]string{"-state", t.TempDir(), "-movetime", "0s"}, "", nil, "-movetime"},
		{[]string{"-state", t.TempDir(), "-addr", "nowhere"}, "", nil, "-addr"},
	} {
		for k, v := range env {
			t.Setenv(k, v)
		}
		for k, v := range c.set {
			t.Setenv(k, v)
		}
		if c.unset != "" {
			t.Setenv(c.unset, "")
		}
		var out, errb bytes.Buffer
		code := Main(append([]string{"apbot"}, c.args...), nil, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), c.want) || strings.Count(errb.String(), "\n") != 1 || out.Len() != 0 {
			t.Errorf("apbot %q without %s: exit %d, stdout %q, stderr %q; want 2 and one line with %q", c.args, c.unset, code, out.String(), errb.String(), c.want)
		}
	}
}
