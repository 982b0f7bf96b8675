package proc

import (
	"context"
	"fmt"
	"net"
	"slices"
	"strconv"
	"time"

	psnet "github.com/shirou/gopsutil/v3/net"
)

// PollListening looks for a listening TCP socket in the process tree until
// it finds one, the wait ends, stop closes or ctx is cancelled, and returns
// the URLs of what it found.
func PollListening(ctx context.Context, stop <-chan struct{}, tree Tree, wait time.Duration) []string {
	if wait <= 0 {
		return nil
	}
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	tick := time.NewTicker(150 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-stop:
			return nil
		case <-deadline.C:
			return nil
		case <-tick.C:
			if urls := listeningURLs(ctx, tree); len(urls) > 0 {
				return urls
			}
		}
	}
}

// listeningURLs returns the URLs of the TCP sockets the tree's processes
// listen on (see ListenURL).
func listeningURLs(ctx context.Context, tree Tree) []string {
	var urls []string
	for _, m := range tree.Scan(ctx) {
		conns, err := psnet.ConnectionsPidWithContext(ctx, "tcp", m.pid)
		if err != nil {
			continue
		}
		for _, cn := range conns {
			if cn.Status != "LISTEN" || cn.Laddr.Port == 0 {
				continue
			}
			if u := ListenURL(cn.Laddr.IP, cn.Laddr.Port); !slices.Contains(urls, u) {
				urls = append(urls, u)
			}
		}
	}
	return urls
}

// ListenURL is the URL of a socket listening on ip:port, written the way
// a server that binds there prints it, so the address does not depend on
// whether the socket or the output line was seen first: the bound address
// itself ("http://127.0.0.1:8000/", "http://[::1]:4000/"), or localhost for a
// wildcard address, as a wildcard host in a printed URL is shown.
func ListenURL(ip string, port uint32) string {
	host := ip
	if a := net.ParseIP(ip); a == nil || a.IsUnspecified() {
		host = "localhost"
	}
	return fmt.Sprintf("http://%s/", net.JoinHostPort(host, strconv.FormatUint(uint64(port), 10)))
}
