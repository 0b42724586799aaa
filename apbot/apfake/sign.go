package apfake

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"net/http"
	"strconv"
	"time"
)

// The headers AbstractPlay signs a webhook with (lib/botSigning.ts).
const (
	HeaderTimestamp = "X-Signature-Timestamp"
	HeaderNonce     = "X-Signature-Nonce"
	HeaderSignature = "X-Signature"
)

// SignOptions forge a signature: each zero field is what AbstractPlay
// does.
type SignOptions struct {
	// Key signs instead of the fake's key (a wrong key).
	Key ed25519.PrivateKey
	// Time is the timestamp instead of now (an old or future one).
	Time time.Time
	// Nonce is the nonce instead of a fresh random one (a replay).
	Nonce string
}

// SignWith signs body as AbstractPlay's signBotPayload does, with the
// given forgeries: an Ed25519 signature of TIMESTAMP.NONCE.RAW_BODY, in
// base64, the timestamp in Unix seconds and the nonce 16 random bytes in
// hex. The header also says Content-Type: application/json.
func SignWith(key ed25519.PrivateKey, body []byte, o SignOptions) http.Header {
	if o.Key != nil {
		key = o.Key
	}
	at := o.Time
	if at.IsZero() {
		at = time.Now()
	}
	nonce := o.Nonce
	if nonce == "" {
		nonce = NewNonce()
	}
	ts := strconv.FormatInt(at.Unix(), 10)
	msg := make([]byte, 0, len(ts)+len(nonce)+2+len(body))
	msg = append(msg, ts...)
	msg = append(msg, '.')
	msg = append(msg, nonce...)
	msg = append(msg, '.')
	msg = append(msg, body...)
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set(HeaderTimestamp, ts)
	h.Set(HeaderNonce, nonce)
	h.Set(HeaderSignature, base64.StdEncoding.EncodeToString(ed25519.Sign(key, msg)))
	return h
}

// NewNonce returns a fresh nonce as AbstractPlay makes them.
func NewNonce() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b[:])
}

// NewKey returns a fresh Ed25519 key pair.
func NewKey() (ed25519.PublicKey, ed25519.PrivateKey) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	return pub, priv
}

// AuthorizedKey writes pub as an OpenSSH authorized_keys line,
// `ssh-ed25519 BASE64 COMMENT`, the form of AbstractPlay's
// ap-public-key.txt.
func AuthorizedKey(pub ed25519.PublicKey, comment string) string {
	const kind = "ssh-ed25519"
	var blob []byte
	blob = binary.BigEndian.AppendUint32(blob, uint32(len(kind)))
	blob = append(blob, kind...)
	blob = binary.BigEndian.AppendUint32(blob, uint32(len(pub)))
	blob = append(blob, pub...)
	line := kind + " " + base64.StdEncoding.EncodeToString(blob)
	if comment != "" {
		line += " " + comment
	}
	return line
}
