package apbot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// renewEarly is how long before its expiry a token is renewed, as
// AbstractPlay's reference client does.
const renewEarly = 60 * time.Second

// tokenSource fetches OAuth access tokens by client credentials and
// caches them: concurrent callers share one fetch.
type tokenSource struct {
	client                       *http.Client
	url, clientID, secret, scope string
	now                          func() time.Time

	mu       sync.Mutex
	token    string
	renewAt  time.Time
	fetching *fetchCall // the fetch in progress, if any
	fetches  int        // tokens fetched, for tests
}

// fetchCall is a token fetch its callers share.
type fetchCall struct {
	done chan struct{}
	tok  string
	err  error
}

func newTokenSource(c *http.Client, tokenURL, id, secret, scope string) *tokenSource {
	return &tokenSource{client: c, url: tokenURL, clientID: id, secret: secret, scope: scope, now: time.Now}
}

// tokenError is a failed token request; its text names no secret.
type tokenError struct {
	status int // 0: no answer
	msg    string
}

func (e *tokenError) Error() string { return e.msg }

// get returns a valid token, fetching one if the cached one is missing
// or due for renewal.
func (ts *tokenSource) get(ctx context.Context) (string, error) {
	ts.mu.Lock()
	if ts.token != "" && ts.now().Before(ts.renewAt) {
		tok := ts.token
		ts.mu.Unlock()
		return tok, nil
	}
	if call := ts.fetching; call != nil {
		ts.mu.Unlock()
		select {
		case <-call.done:
			return call.tok, call.err
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
	call := &fetchCall{done: make(chan struct{})}
	ts.fetching = call
	ts.mu.Unlock()

	// Waiters share the fetch's answer (an error too: they retry as the
	// caller would).
	asked := ts.now()
	tok, expiresIn, err := ts.fetch(ctx)

	ts.mu.Lock()
	ts.fetching = nil
	call.tok, call.err = tok, err
	if err == nil {
		ts.token = tok
		ts.renewAt = asked.Add(renewAfter(expiresIn))
		ts.fetches++
	}
	close(call.done)
	ts.mu.Unlock()
	return tok, err
}

// renewAfter is how long a token given for expiresIn is used: until
// renewEarly before it expires, or half its life if that is short.
func renewAfter(expiresIn time.Duration) time.Duration {
	return max(expiresIn-renewEarly, expiresIn/2)
}

// invalidate drops tok from the cache (botQuery answered 401 with it), so
// that the next get fetches a new one; a token fetched since is kept.
func (ts *tokenSource) invalidate(tok string) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.token == tok {
		ts.token = ""
	}
}

// fetch asks the token endpoint for a token by client credentials.
func (ts *tokenSource) fetch(ctx context.Context) (string, time.Duration, error) {
	form := url.Values{
		"grant_type":    {"client_credentials"},
		"client_id":     {ts.clientID},
		"client_secret": {ts.secret},
		"scope":         {ts.scope},
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ts.url, strings.NewReader(form.Encode()))
	if err != nil {
		return "", 0, &tokenError{msg: "token request: bad BOT_TOKEN_URL"}
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	resp, err := ts.client.Do(req)
	if err != nil {
		return "", 0, &tokenError{msg: "token request: " + redactURLError(err)}
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return "", 0, &tokenError{msg: "token request: reading the answer: " + redactURLError(err)}
	}
	var body struct {
		AccessToken string   `json:"access_token"`
		ExpiresIn   *float64 `json:"expires_in"`
		TokenType   string   `json:"token_type"`
		Error       string   `json:"error"`
	}
	jerr := json.Unmarshal(data, &body)
	if resp.StatusCode != http.StatusOK {
		msg := fmt.Sprintf("token request: the token endpoint answered %d", resp.StatusCode)
		if body.Error != "" && len(body.Error) < 100 {
			msg += " (" + body.Error + ")"
		}
		return "", 0, &tokenError{status: resp.StatusCode, msg: msg}
	}
	if jerr != nil || body.AccessToken == "" {
		return "", 0, &tokenError{status: resp.StatusCode, msg: "token request: the answer has no access_token"}
	}
	if body.TokenType != "" && !strings.EqualFold(body.TokenType, "bearer") {
		return "", 0, &tokenError{status: resp.StatusCode, msg: "token request: token_type " + quote(body.TokenType) + ", want Bearer"}
	}
	expiresIn := time.Hour
	if body.ExpiresIn != nil && *body.ExpiresIn > 0 {
		expiresIn = time.Duration(*body.ExpiresIn * float64(time.Second))
	}
	return body.AccessToken, expiresIn, nil
}

// redactURLError is err's text without the URL's query, user or
// password, which a URL error repeats.
func redactURLError(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		u, perr := url.Parse(ue.URL)
		where := "the server"
		if perr == nil {
			where = u.Scheme + "://" + u.Host + u.Path
		}
		return fmt.Sprintf("%s %s: %v", ue.Op, where, ue.Err)
	}
	return err.Error()
}
