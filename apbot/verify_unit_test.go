package apbot

import (
	"crypto/ed25519"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestVerifySignatureUnit(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	body := `{"verb":"challenge","metaGame":"camelot","variants":[]}`
	_, otherPriv, _ := ed25519.GenerateKey(nil)
	cases := []struct {
		name   string
		req    func() *http.Request
		reason string // "" accepted
	}{
		{"good", func() *http.Request { return unitSigned(unitPriv, body, now) }, ""},
		{"4 min old", func() *http.Request { return unitSigned(unitPriv, body, now.Add(-4*time.Minute)) }, ""},
		{"wrong key", func() *http.Request { return unitSigned(otherPriv, body, now) }, "does not verify"},
		{"changed body", func() *http.Request {
			r := unitSigned(unitPriv, body, now)
			r.Body = http.NoBody
			return unitWithBody(r, strings.Replace(body, "camelot", "chess", 1))
		}, "does not verify"},
		{"old timestamp", func() *http.Request { return unitSigned(unitPriv, body, now.Add(-6*time.Minute)) }, "old"},
		{"future timestamp", func() *http.Request { return unitSigned(unitPriv, body, now.Add(6*time.Minute)) }, "ahead"},
		{"bad timestamp", func() *http.Request {
			r := unitSigned(unitPriv, body, now)
			r.Header.Set(headerTimestamp, "soon")
			return r
		}, "Unix seconds"},
		{"bad signature", func() *http.Request {
			r := unitSigned(unitPriv, body, now)
			r.Header.Set(headerSignature, "!!")
			return r
		}, "base64"},
	}
	for _, h := range []string{headerTimestamp, headerNonce, headerSignature} {
		cases = append(cases, struct {
			name   string
			req    func() *http.Request
			reason string
		}{"missing " + h, func() *http.Request {
			r := unitSigned(unitPriv, body, now)
			r.Header.Del(h)
			return r
		}, "missing signature header " + h})
	}
	for _, c := range cases {
		nonces := newNonceCache(100)
		r := c.req()
		b := unitReadAll(r)
		err := verifySignature(r.Header, b, unitPub, now, nonces)
		switch {
		case c.reason == "" && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.reason != "" && (err == nil || !strings.Contains(err.Error(), c.reason)):
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.reason)
		}
	}

	// A replayed nonce is refused in the window, and forgotten after it.
	nonces := newNonceCache(100)
	r := unitSigned(unitPriv, body, now)
	b := unitReadAll(r)
	if err := verifySignature(r.Header, b, unitPub, now, nonces); err != nil {
		t.Fatal(err)
	}
	if err := verifySignature(r.Header, b, unitPub, now.Add(time.Minute), nonces); err == nil || !strings.Contains(err.Error(), "replayed") {
		t.Errorf("replayed: %v", err)
	}
	if err := verifySignature(r.Header, b, unitPub, now.Add(SignatureWindow+2*time.Second), nonces); err == nil || !strings.Contains(err.Error(), "old") {
		t.Errorf("replayed after the window: %v", err)
	}
	later := now.Add(SignatureWindow + 2*time.Second)
	r2 := unitSigned(unitPriv, body, later)
	if err := verifySignature(r2.Header, unitReadAll(r2), unitPub, later, nonces); err != nil {
		t.Fatal(err)
	}
	if n := nonces.len(); n != 1 {
		t.Errorf("%d nonces remembered after the window, want 1", n)
	}

	// The cache is bounded.
	nonces = newNonceCache(3)
	for i := range 4 {
		r := unitSigned(unitPriv, body, now)
		err := verifySignature(r.Header, unitReadAll(r), unitPub, now, nonces)
		if (i < 3) != (err == nil) {
			t.Errorf("request %d with a cache of 3: %v", i+1, err)
		}
	}
}

func unitWithBody(r *http.Request, body string) *http.Request {
	r2 := r.Clone(r.Context())
	r2.Body = http.NoBody
	r2.Body = unitNopCloser{strings.NewReader(body)}
	return r2
}
