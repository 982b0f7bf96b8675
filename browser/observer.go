package browser

import (
	"encoding/json"
	"sync"
)

// turnState is what the page's MutationObserver reports about the watched
// turn (see state() in page.js).
type turnState struct {
	// Key is the watch the report belongs to.
	Key  string `json:"k"`
	Stop bool   `json:"stop"`
	Send bool   `json:"send"`
	Path string `json:"path"`
	// UserFound means the bound user message is on the page.
	UserFound bool   `json:"u"`
	UserID    string `json:"uid"`
	// ID, N, Len and Hash describe the newest assistant message after it.
	ID   string `json:"id"`
	N    int    `json:"n"`
	Len  int    `json:"len"`
	Hash uint32 `json:"h"`
	Slug string `json:"slug"`
	// Bar means the finished bar (copy, good, bad) is under it.
	Bar bool `json:"bar"`
	// Image means the message holds an image and no text (an image-only
	// reply, marked only by its role heading).
	Image bool       `json:"img"`
	Err   *cardState `json:"err"`
}

// cardState is an error or limit card after the bound message.
type cardState struct {
	// Kind is rate_limit, too_long, refused (the content policy's
	// notice) or error.
	Kind  string `json:"kind"`
	Text  string `json:"text"`
	Retry bool   `json:"retry"`
}

// observer keeps the latest pushed state and wakes a waiter.
type observer struct {
	mu     sync.Mutex
	last   turnState
	seq    uint64
	notify chan struct{}
}

func newObserver() *observer { return &observer{notify: make(chan struct{}, 1)} }

// push records a report from the page (on the tab's event loop).
func (o *observer) push(payload string) {
	var st turnState
	if json.Unmarshal([]byte(payload), &st) != nil {
		return
	}
	o.mu.Lock()
	o.last = st
	o.seq++
	o.mu.Unlock()
	select {
	case o.notify <- struct{}{}:
	default:
	}
}

// latest returns the last report and its sequence number.
func (o *observer) latest() (turnState, uint64) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.last, o.seq
}
