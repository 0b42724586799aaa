package apbot

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"strings"
	"testing"
)

func TestParsePublicKeyUnit(t *testing.T) {
	pub := unitPub
	b64 := base64.StdEncoding.EncodeToString(unitWireKey(pub))
	line := "ssh-ed25519 " + b64 + " ap@abstractplay"
	var wrapped []string
	for s := b64; s != ""; {
		n := min(len(s), 20)
		wrapped = append(wrapped, s[:n])
		s = s[n:]
	}
	block := "---- BEGIN SSH2 PUBLIC KEY ----\r\nComment: \"a long comment \\\r\nthat goes on\"\r\n" +
		strings.Join(wrapped, "\r\n") + "\r\n---- END SSH2 PUBLIC KEY ----\r\n"
	for name, text := range map[string]string{
		"OpenSSH line":            line,
		"OpenSSH without comment": "ssh-ed25519 " + b64,
		"quoted line":             `"` + line + `"`,
		"SSH2 block":              block,
		"SSH2 block, escaped":     strings.ReplaceAll(block, "\r\n", `\n`),
		"base64 of the line":      base64.StdEncoding.EncodeToString([]byte(line + "\n")),
		"base64 of the block":     base64.StdEncoding.EncodeToString([]byte(block)),
		"quoted base64":           "'" + base64.StdEncoding.EncodeToString([]byte(block)) + "'",
		"the wire form":           b64,
	} {
		got, err := ParsePublicKey(text)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !bytes.Equal(got, pub) {
			t.Errorf("%s: key %x, want %x", name, got, pub)
		}
	}
	def, err := ParsePublicKey(DefaultPublicKey)
	if err != nil || len(def) != ed25519.PublicKeySize {
		t.Errorf("the default key: %v", err)
	}
	rsa := base64.StdEncoding.EncodeToString(append([]byte{0, 0, 0, 7}, "ssh-rsa"...))
	short := base64.StdEncoding.EncodeToString(unitWireKey(pub)[:30])
	for name, text := range map[string]string{
		"empty":         "  ",
		"not base64":    "this is not a key!",
		"rsa":           "ssh-ed25519 " + rsa,
		"truncated":     "ssh-ed25519 " + short,
		"no base64":     "ssh-ed25519",
		"open block":    "---- BEGIN SSH2 PUBLIC KEY ----\n" + b64,
		"trailing data": "ssh-ed25519 " + base64.StdEncoding.EncodeToString(append(unitWireKey(pub), 1)),
	} {
		if k, err := ParsePublicKey(text); err == nil {
			t.Errorf("%s: read as %x", name, k)
		}
	}
}
