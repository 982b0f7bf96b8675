package statusview

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/wtagent/wtagent/messages"
)

// ErrNotLive means no wtagent process answers on a session's status socket.
var ErrNotLive = errors.New("session is not running")

// Query asks a live session for its status over its unix socket.
func Query(ctx context.Context, socket string) (messages.Status, error) {
	if socket == "" {
		return messages.Status{}, ErrNotLive
	}
	client := &http.Client{
		Timeout: 8 * time.Second, // above the session's own 4 s bound on its status actor
		Transport: &http.Transport{
			DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
				var d net.Dialer
				return d.DialContext(ctx, "unix", socket)
			},
			DisableKeepAlives: true,
		},
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://wtagent/v1/status", nil)
	if err != nil {
		return messages.Status{}, err
	}
	res, err := client.Do(req)
	if err != nil {
		var op *net.OpError
		if errors.As(err, &op) {
			return messages.Status{}, fmt.Errorf("%w (%v)", ErrNotLive, op.Err)
		}
		return messages.Status{}, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return messages.Status{}, fmt.Errorf("status socket answered %s", res.Status)
	}
	var st messages.Status
	if err := json.NewDecoder(res.Body).Decode(&st); err != nil {
		return messages.Status{}, fmt.Errorf("status socket: %w", err)
	}
	return st, nil
}
