package chrome

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
)

// TestParseRemoteURL: http(s) and ws(s) with a host and a port pass;
// anything else is ErrBadURL; loopback is told from other hosts.
func TestParseRemoteURL(t *testing.T) {
	tests := []struct {
		raw      string
		ok, loop bool
	}{
		{"http://127.0.0.1:9222", true, true},
		{"http://localhost:9222/", true, true},
		{"ws://[::1]:9222/devtools/browser/abc", true, true},
		{"https://chrome.example:443", true, false},
		{"http://192.0.2.1:9222", true, false},
		{"ftp://127.0.0.1:9222", false, false},
		{"http://127.0.0.1", false, false},
		{"127.0.0.1:9222", false, false},
		{"", false, false},
		{"http://%zz", false, false},
	}
	for _, tc := range tests {
		u, err := ParseRemoteURL(tc.raw)
		if (err == nil) != tc.ok {
			t.Errorf("%q: err %v, want ok %v", tc.raw, err, tc.ok)
			continue
		}
		if err != nil {
			if !errors.Is(err, ErrBadURL) {
				t.Errorf("%q: %v is not ErrBadURL", tc.raw, err)
			}
			continue
		}
		if IsLoopback(u) != tc.loop {
			t.Errorf("%q: loopback %v, want %v", tc.raw, IsLoopback(u), tc.loop)
		}
	}
}

// TestResolveRemote reads /json/version: the websocket address and the
// version, refusing what is not DevTools and a Chrome too old; a ws:// URL
// is kept as given.
func TestResolveRemote(t *testing.T) {
	var body atomic.Value // the /json/version answer ("" is a 404)
	body.Store("")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b := body.Load().(string)
		if r.URL.Path != "/json/version" || b == "" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, b)
	}))
	defer srv.Close()
	host := srv.Listener.Addr().String()
	tests := []struct {
		name, raw, body, ws string
		major               int
		err                 error
	}{
		{"http", srv.URL, `{"Browser":"HeadlessChrome/131.0.6778.85","webSocketDebuggerUrl":"ws://h/devtools/browser/1"}`, "ws://h/devtools/browser/1", 131, nil},
		{"ws kept", "ws://" + host + "/devtools/browser/2", `{"Browser":"Chrome/140.0.1.2","webSocketDebuggerUrl":"ws://h/devtools/browser/1"}`, "ws://" + host + "/devtools/browser/2", 140, nil},
		{"too old", srv.URL, `{"Browser":"Chrome/99.0.1.2","webSocketDebuggerUrl":"ws://h/x"}`, "", 0, ErrTooOld},
		{"no browser", srv.URL, `{"webSocketDebuggerUrl":"ws://h/x"}`, "", 0, ErrNotDevTools},
		{"not json", srv.URL, `<html>`, "", 0, ErrNotDevTools},
		{"404", srv.URL, ``, "", 0, ErrNotDevTools},
		{"malformed", "gopher://x", ``, "", 0, ErrBadURL},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body.Store(tc.body)
			ep, err := ResolveRemote(context.Background(), tc.raw)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("err %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil || ep.WebSocket != tc.ws || ep.Major != tc.major {
				t.Fatalf("got %+v, %v; want ws %s major %d", ep, err, tc.ws, tc.major)
			}
		})
	}
}
