package apbot

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestTokenCacheUnit(t *testing.T) {
	var fetches atomic.Int64
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err != nil {
			http.Error(w, "bad form", 400)
			return
		}
		if r.Form.Get("grant_type") != "client_credentials" || r.Form.Get("client_id") != "id" ||
			r.Form.Get("client_secret") != "secret" || r.Form.Get("scope") != "scope" {
			http.Error(w, `{"error":"invalid_client"}`, 400)
			return
		}
		<-release
		n := fetches.Add(1)
		fmt.Fprintf(w, `{"access_token":"tok%d","expires_in":3600,"token_type":"Bearer"}`, n)
	}))
	defer srv.Close()
	ts := newTokenSource(srv.Client(), srv.URL, "id", "secret", "scope")
	now := time.Unix(1_800_000_000, 0)
	var clock sync.Mutex
	ts.now = func() time.Time { clock.Lock(); defer clock.Unlock(); return now }
	setNow := func(t time.Time) { clock.Lock(); now = t; clock.Unlock() }
	start := now

	// Concurrent callers share one fetch.
	var wg sync.WaitGroup
	toks := make([]string, 8)
	errs := make([]error, 8)
	for i := range toks {
		wg.Add(1)
		go func() { defer wg.Done(); toks[i], errs[i] = ts.get(context.Background()) }()
	}
	time.Sleep(10 * time.Millisecond) // let them queue; the answer waits for release anyway
	close(release)
	wg.Wait()
	for i := range toks {
		if errs[i] != nil || toks[i] != "tok1" {
			t.Fatalf("caller %d: %q, %v", i, toks[i], errs[i])
		}
	}
	if n := fetches.Load(); n != 1 {
		t.Errorf("%d fetches for 8 callers at once", n)
	}

	// Cached until 60 s before it expires, then renewed.
	setNow(start.Add(3600*time.Second - renewEarly - time.Second))
	if tok, _ := ts.get(context.Background()); tok != "tok1" {
		t.Errorf("61 s before expiry: %q, want the cached tok1", tok)
	}
	setNow(start.Add(3600*time.Second - renewEarly))
	if tok, _ := ts.get(context.Background()); tok != "tok2" {
		t.Errorf("60 s before expiry: %q, want a new tok2", tok)
	}

	// A 401 drops the token it was given, once.
	ts.invalidate("tok2")
	ts.invalidate("tok2")
	if tok, _ := ts.get(context.Background()); tok != "tok3" {
		t.Errorf("after a 401: %q, want tok3", tok)
	}
	ts.invalidate("tok2") // a stale 401 keeps the new token
	if tok, _ := ts.get(context.Background()); tok != "tok3" || fetches.Load() != 3 {
		t.Errorf("after a stale 401: %q, %d fetches", tok, fetches.Load())
	}

	// A refused request is an error naming the status, not the secret.
	bad := newTokenSource(srv.Client(), srv.URL, "id", "wrong-secret", "scope")
	_, err := bad.get(context.Background())
	if err == nil || err.Error() != "token request: the token endpoint answered 400 (invalid_client)" {
		t.Errorf("bad secret: %v", err)
	}
}

func TestRenewAfterUnit(t *testing.T) {
	for in, want := range map[time.Duration]time.Duration{
		time.Hour: time.Hour - time.Minute, 2 * time.Minute: time.Minute, 60 * time.Second: 30 * time.Second,
	} {
		if got := renewAfter(in); got != want {
			t.Errorf("renewAfter(%v) = %v, want %v", in, got, want)
		}
	}
}
