package apbot

import (
	"crypto/ed25519"
	"encoding/base64"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The headers AbstractPlay signs its webhooks with (lib/botSigning.ts).
const (
	headerTimestamp = "X-Signature-Timestamp"
	headerNonce     = "X-Signature-Nonce"
	headerSignature = "X-Signature"
)

const (
	maxNonces   = 100000 // nonces remembered at most (AbstractPlay sends far fewer in a window)
	maxNonceLen = 256
)

// sigError is a request whose signature is refused (401); errBusy
// (503) when the nonce cache is full.
type sigError struct{ reason string }

func (e *sigError) Error() string { return e.reason }

var errNoncesFull = &sigError{"too many requests in the signature window"}

// verifySignature checks the request's signature headers against body
// and key at time now: the three headers present, the timestamp within
// SignatureWindow, an Ed25519 signature of TIMESTAMP.NONCE.BODY, and the
// nonce not seen before within the window (it is then remembered).
func verifySignature(h http.Header, body []byte, key ed25519.PublicKey, now time.Time, nonces *nonceCache) error {
	ts, nonce, sig := h.Get(headerTimestamp), h.Get(headerNonce), h.Get(headerSignature)
	var missing []string
	for _, f := range []struct{ name, v string }{{headerTimestamp, ts}, {headerNonce, nonce}, {headerSignature, sig}} {
		if f.v == "" {
			missing = append(missing, f.name)
		}
	}
	if len(missing) > 0 {
		return &sigError{"missing signature header " + strings.Join(missing, ", ")}
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return &sigError{"signature timestamp is not Unix seconds"}
	}
	const window = int64(SignatureWindow / time.Second)
	age := now.Unix() - sec
	switch {
	case age > window:
		return &sigError{fmt.Sprintf("signature timestamp is %d s old, more than %d", age, window)}
	case age < -window:
		return &sigError{fmt.Sprintf("signature timestamp is %d s ahead of the bot's clock, more than %d", -age, window)}
	}
	if len(nonce) > maxNonceLen {
		return &sigError{"signature nonce is too long"}
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(sig))
	if err != nil {
		raw, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(strings.TrimSpace(sig), "="))
	}
	if err != nil || len(raw) != ed25519.SignatureSize {
		return &sigError{"signature is not a base64 Ed25519 signature"}
	}
	msg := make([]byte, 0, len(ts)+len(nonce)+2+len(body))
	msg = append(msg, ts...)
	msg = append(msg, '.')
	msg = append(msg, nonce...)
	msg = append(msg, '.')
	msg = append(msg, body...)
	if !ed25519.Verify(key, msg, raw) {
		return &sigError{"signature does not verify under AbstractPlay's key"}
	}
	// Remembered until the timestamp leaves the window, when the request
	// is refused for its age anyway.
	switch nonces.add(nonce, time.Unix(sec+window+1, 0), now) {
	case nonceSeen:
		return &sigError{"signature nonce already used (a replayed request)"}
	case nonceFull:
		return errNoncesFull
	}
	return nil
}

// nonceCache remembers nonces until they expire, at most max of them.
type nonceCache struct {
	mu      sync.Mutex
	max     int
	expires map[string]time.Time
	sweep   time.Time // when to purge the expired nonces next
}

type nonceResult int

const (
	nonceNew nonceResult = iota
	nonceSeen
	nonceFull
)

func newNonceCache(max int) *nonceCache {
	return &nonceCache{max: max, expires: map[string]time.Time{}}
}

// add records nonce until expiry, at time now; it reports whether the
// nonce was already there and not expired, or the cache is full.
func (c *nonceCache) add(nonce string, expiry, now time.Time) nonceResult {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.expires[nonce]; ok && now.Before(e) {
		return nonceSeen
	}
	if len(c.expires) >= c.max || !now.Before(c.sweep) && len(c.expires) > 0 {
		c.purge(now)
	}
	if len(c.expires) >= c.max {
		return nonceFull
	}
	c.expires[nonce] = expiry
	return nonceNew
}

// purge forgets the expired nonces.
func (c *nonceCache) purge(now time.Time) {
	var next time.Time
	for n, e := range c.expires {
		if !now.Before(e) {
			delete(c.expires, n)
		} else if next.IsZero() || e.Before(next) {
			next = e
		}
	}
	// Purged at most every few seconds: an expired nonce left over
	// meanwhile is not counted as seen.
	if soon := now.Add(5 * time.Second); next.Before(soon) {
		next = soon
	}
	c.sweep = next
}

// len is how many nonces are remembered.
func (c *nonceCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.expires)
}
