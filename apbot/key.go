package apbot

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
)

// DefaultPublicKey is the Ed25519 key AbstractPlay signs its webhooks
// with, as it publishes it (ap-public-key.txt, lib/botVerify.ts).
const DefaultPublicKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINBTbzcpb7MaQM3TIFzsS8YmPqqT2y+/fJgevp20lzLm"

const (
	sshKeyType   = "ssh-ed25519"
	ssh2Begin    = "---- BEGIN SSH2 PUBLIC KEY ----"
	ssh2End      = "---- END SSH2 PUBLIC KEY ----"
	maxKeyLength = 64 << 10
)

// ParsePublicKey reads an Ed25519 public key in the forms AbstractPlay
// publishes it: an OpenSSH line (`ssh-ed25519 BASE64 [comment]`), an SSH2
// block (RFC 4716, `---- BEGIN SSH2 PUBLIC KEY ----`), or the base64 of
// either text. Wrapping quotes, \r\n line ends and escaped `\n` (as an
// environment variable may hold a block) are tolerated; a lone base64
// word is read as the key's wire form.
func ParsePublicKey(text string) (ed25519.PublicKey, error) {
	if len(text) > maxKeyLength {
		return nil, errors.New("public key: text too long")
	}
	s := normalizeKeyText(text)
	if s == "" {
		return nil, errors.New("public key: empty")
	}
	if !strings.Contains(s, sshKeyType) && !strings.Contains(s, "---- BEGIN") {
		dec, err := decodeBase64(strings.Join(strings.Fields(s), ""))
		if err != nil {
			return nil, errors.New("public key: not an OpenSSH line, an SSH2 block or base64 of either")
		}
		if k, werr := parseWire(dec); werr == nil {
			return k, nil
		}
		d := normalizeKeyText(string(dec))
		if !strings.HasPrefix(d, sshKeyType+" ") && !strings.HasPrefix(d, "---- BEGIN") {
			return nil, errors.New("public key: not an OpenSSH line, an SSH2 block or base64 of either")
		}
		s = d
	}
	if strings.Contains(s, "---- BEGIN") {
		return parseSSH2(s)
	}
	f := strings.Fields(s)
	if len(f) < 2 || f[0] != sshKeyType {
		return nil, errors.New("public key: want \"ssh-ed25519 BASE64\"")
	}
	blob, err := decodeBase64(f[1])
	if err != nil {
		return nil, errors.New("public key: its base64 does not decode")
	}
	k, err := parseWire(blob)
	if err != nil {
		return nil, fmt.Errorf("public key: %v", err)
	}
	return k, nil
}

// normalizeKeyText trims s, removes wrapping quotes and makes every line
// end a \n.
func normalizeKeyText(s string) string {
	s = strings.TrimSpace(s)
	for len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '\'' && s[len(s)-1] == '\'') {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	s = strings.ReplaceAll(s, `\r\n`, "\n")
	s = strings.ReplaceAll(s, `\n`, "\n")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return s
}

// decodeBase64 decodes standard base64, padded or not.
func decodeBase64(s string) ([]byte, error) {
	if b, err := base64.StdEncoding.DecodeString(s); err == nil {
		return b, nil
	}
	return base64.RawStdEncoding.DecodeString(strings.TrimRight(s, "="))
}

// parseSSH2 reads an RFC 4716 block: header lines (`Tag: value`, continued
// by a trailing backslash) are skipped, the rest is the key's base64.
func parseSSH2(s string) (ed25519.PublicKey, error) {
	i := strings.Index(s, ssh2Begin)
	if i < 0 {
		return nil, errors.New("public key: want \"" + ssh2Begin + "\"")
	}
	rest := s[i+len(ssh2Begin):]
	j := strings.Index(rest, ssh2End)
	if j < 0 {
		return nil, errors.New("public key: SSH2 block without \"" + ssh2End + "\"")
	}
	var body strings.Builder
	continued := false
	for _, line := range strings.Split(rest[:j], "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "":
			continue
		case continued:
			continued = strings.HasSuffix(line, `\`)
			continue
		case strings.Contains(line, ":"):
			continued = strings.HasSuffix(line, `\`)
			continue
		}
		body.WriteString(line)
	}
	blob, err := decodeBase64(body.String())
	if err != nil {
		return nil, errors.New("public key: the SSH2 block's base64 does not decode")
	}
	k, err := parseWire(blob)
	if err != nil {
		return nil, fmt.Errorf("public key: %v", err)
	}
	return k, nil
}

// parseWire reads the SSH wire form of an Ed25519 key: the string
// "ssh-ed25519" then the 32-byte key, each after its 4-byte big-endian
// length.
func parseWire(b []byte) (ed25519.PublicKey, error) {
	typ, b, ok := readString(b)
	if !ok {
		return nil, errors.New("truncated key")
	}
	if !bytes.Equal(typ, []byte(sshKeyType)) {
		return nil, fmt.Errorf("key type %q, want %s", printable(typ), sshKeyType)
	}
	key, b, ok := readString(b)
	if !ok {
		return nil, errors.New("truncated key")
	}
	if len(key) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("Ed25519 key of %d bytes, want %d", len(key), ed25519.PublicKeySize)
	}
	if len(b) != 0 {
		return nil, errors.New("bytes after the key")
	}
	return ed25519.PublicKey(bytes.Clone(key)), nil
}

func readString(b []byte) (s, rest []byte, ok bool) {
	if len(b) < 4 {
		return nil, nil, false
	}
	n := binary.BigEndian.Uint32(b)
	if uint64(n) > uint64(len(b)-4) {
		return nil, nil, false
	}
	return b[4 : 4+n], b[4+n:], true
}

func printable(b []byte) string {
	if len(b) > 32 {
		b = b[:32]
	}
	return strings.ToValidUTF8(string(b), "?")
}
