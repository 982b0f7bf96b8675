package chrome

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// MinRemoteMajor is the oldest Chrome major version --chrome-url attaches
// to.
const MinRemoteMajor = 120

// KindRemote is the Found.Kind of a Chrome the user started (--chrome-url).
const KindRemote = "remote"

// The errors of a --chrome-url endpoint.
var (
	// ErrBadURL means the URL is not an http(s):// or ws(s):// address
	// with a host and port.
	ErrBadURL = errors.New("not a Chrome DevTools URL")
	// ErrUnreachable means nothing answered at the address.
	ErrUnreachable = errors.New("no Chrome answers")
	// ErrNotDevTools means something answered, but not Chrome's DevTools.
	ErrNotDevTools = errors.New("not a Chrome DevTools endpoint")
	// ErrTooOld means the Chrome is older than MinRemoteMajor.
	ErrTooOld = errors.New("too old")
	// ErrNotLocal means the URL is on another machine and that was not
	// allowed.
	ErrNotLocal = errors.New("not on this machine")
)

// Endpoint is a resolved Chrome DevTools endpoint.
type Endpoint struct {
	// URL is the address the user gave.
	URL string
	// WebSocket is the browser's DevTools websocket address.
	WebSocket string
	// Browser is the product string ("Chrome/131.0.6778.85").
	Browser string
	// Major is the browser's major version.
	Major int
}

// Version is the browser's version without the product name.
func (e Endpoint) Version() string {
	_, v, _ := strings.Cut(e.Browser, "/")
	return v
}

// ParseRemoteURL checks a --chrome-url value: http(s) or ws(s), with a
// host and a port.
func ParseRemoteURL(raw string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return nil, fmt.Errorf("%w: %q: %v", ErrBadURL, raw, err)
	}
	switch u.Scheme {
	case "http", "https", "ws", "wss":
	default:
		return nil, fmt.Errorf("%w: %q: want http://host:port (the DevTools endpoint) or a ws:// browser URL", ErrBadURL, raw)
	}
	if u.Hostname() == "" || u.Port() == "" {
		return nil, fmt.Errorf("%w: %q: want a host and a port, e.g. http://127.0.0.1:9222", ErrBadURL, raw)
	}
	return u, nil
}

// CheckRemoteURL checks a --chrome-url value before anything starts: well
// formed (ErrBadURL), and on this machine unless insecureOK (ErrNotLocal):
// DevTools has no authentication, so whoever reaches the port drives the
// browser.
func CheckRemoteURL(raw string, insecureOK bool) error {
	u, err := ParseRemoteURL(raw)
	if err != nil {
		return err
	}
	if !IsLoopback(u) && !insecureOK {
		return fmt.Errorf("%s is %w: Chrome's DevTools gives whoever reaches it full control of that browser "+
			"(every tab, cookie and logged-in site), unencrypted; reach it through ssh -L on 127.0.0.1, or pass --chrome-url-insecure-ok", raw, ErrNotLocal)
	}
	return nil
}

// IsLoopback reports whether u's host is this machine (localhost or a
// loopback address).
func IsLoopback(u *url.URL) bool {
	h := u.Hostname()
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// ResolveRemote asks the endpoint at raw for its version and websocket
// address (/json/version) and checks the version. A ws:// URL is used as
// given; its version is read from the same host and port.
func ResolveRemote(ctx context.Context, raw string) (Endpoint, error) {
	u, err := ParseRemoteURL(raw)
	if err != nil {
		return Endpoint{}, err
	}
	info, err := readVersion(ctx, u)
	if err != nil {
		return Endpoint{}, err
	}
	ep := Endpoint{URL: raw, WebSocket: info.WebSocket, Browser: info.Browser}
	if u.Scheme == "ws" || u.Scheme == "wss" {
		ep.WebSocket = u.String()
	}
	if ep.WebSocket == "" || ep.Browser == "" {
		return Endpoint{}, fmt.Errorf("%w at %s: /json/version names no browser or webSocketDebuggerUrl", ErrNotDevTools, raw)
	}
	ep.Major = majorOf(ep.Browser)
	if ep.Major < MinRemoteMajor {
		return ep, fmt.Errorf("the Chrome at %s (%s) is %w: wtagent needs Chrome %d or newer", raw, ep.Browser, ErrTooOld, MinRemoteMajor)
	}
	return ep, nil
}

// versionInfo is the part of /json/version wtagent reads.
type versionInfo struct {
	Browser   string `json:"Browser"`
	WebSocket string `json:"webSocketDebuggerUrl"`
}

// readVersion fetches /json/version from u's host and port.
func readVersion(ctx context.Context, u *url.URL) (versionInfo, error) {
	scheme := "http"
	if u.Scheme == "https" || u.Scheme == "wss" {
		scheme = "https"
	}
	addr := scheme + "://" + u.Host + "/json/version"
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, addr, nil)
	if err != nil {
		return versionInfo{}, fmt.Errorf("%w: %v", ErrBadURL, err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return versionInfo{}, fmt.Errorf("%w at %s: %v", ErrUnreachable, u.Host, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return versionInfo{}, fmt.Errorf("%w at %s: %v", ErrUnreachable, u.Host, err)
	}
	var info versionInfo
	if resp.StatusCode != http.StatusOK || json.Unmarshal(body, &info) != nil {
		return versionInfo{}, fmt.Errorf("%w at %s: GET /json/version answered %s", ErrNotDevTools, u.Host, resp.Status)
	}
	return info, nil
}

// majorOf reads the major version of a product string
// ("HeadlessChrome/131.0.6778.85" is 131); 0 when there is none.
func majorOf(product string) int {
	_, v, _ := strings.Cut(product, "/")
	major, _, _ := strings.Cut(v, ".")
	n, _ := strconv.Atoi(major)
	return n
}
