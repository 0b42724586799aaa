package apbot

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/binary"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

// testKey is a key pair of the tests, made from a fixed seed.
var unitPriv = ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, ed25519.SeedSize))
var unitPub = unitPriv.Public().(ed25519.PublicKey)

// unitWireKey is pub in SSH's wire form.
func unitWireKey(pub ed25519.PublicKey) []byte {
	var b []byte
	for _, s := range [][]byte{[]byte("ssh-ed25519"), pub} {
		b = binary.BigEndian.AppendUint32(b, uint32(len(s)))
		b = append(b, s...)
	}
	return b
}

var unitNonceCounter atomic.Int64

// unitSigned is a POST of body signed by priv at time at.
func unitSigned(priv ed25519.PrivateKey, body string, at time.Time) *http.Request {
	ts := strconv.FormatInt(at.Unix(), 10)
	nonce := "n" + strconv.FormatInt(unitNonceCounter.Add(1), 10)
	sig := ed25519.Sign(priv, []byte(ts+"."+nonce+"."+body))
	r := httptest.NewRequest(http.MethodPost, "/", bytes.NewBufferString(body))
	r.Header.Set(headerTimestamp, ts)
	r.Header.Set(headerNonce, nonce)
	r.Header.Set(headerSignature, base64.StdEncoding.EncodeToString(sig))
	return r
}

// do serves r on h and returns the status and body.
func unitDo(h http.Handler, r *http.Request) (int, string) {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	b, _ := io.ReadAll(w.Result().Body)
	return w.Code, string(b)
}

// unitLog discards the log, unless -v.
func unitLog(t testing.TB) *slog.Logger {
	if testing.Verbose() {
		return slog.New(slog.NewTextHandler(unitLogWriter{t}, nil))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

type unitLogWriter struct{ t testing.TB }

func (w unitLogWriter) Write(p []byte) (int, error) {
	w.t.Log(string(bytes.TrimSpace(p)))
	return len(p), nil
}

// unitConfig is a bot's configuration for tests: state in a temporary
// folder, AbstractPlay's addresses those given.
func unitConfig(t testing.TB, dir, tokenURL, queryURL string) Config {
	return Config{
		StateDir: dir, MoveTime: 20 * time.Millisecond, HashMB: 1,
		ClientID: "id", ClientSecret: "secret", TokenURL: tokenURL, Scope: "scope", QueryURL: queryURL,
		PublicKey: unitPub, Log: unitLog(t),
		BackoffMin: time.Millisecond, BackoffMax: 4 * time.Millisecond,
	}
}

type unitNopCloser struct{ io.Reader }

func (unitNopCloser) Close() error { return nil }

func unitReadAll(r *http.Request) []byte {
	b, _ := io.ReadAll(r.Body)
	return b
}
