package netstream

import (
	"context"
	"encoding/json"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/wtagent/wtagent/browser/wire/socket"
	"github.com/wtagent/wtagent/browser/wire/sse"
)

// Tracker follows the page's own conversation streams through CDP's
// Network domain: it notices the POST /backend-api/f/conversation and the
// page's continuations of a turn (POST /backend-api/f/conversation/resume
// after a hand-off or a cut stream), turns on
// Network.streamResourceContent when the response arrives, and feeds
// every Network.dataReceived chunk to the turn's sse.Parser: a resume
// continues the parser of the turn it resumes. The page never sees it.
//
// Its Handle method runs on the tab's event loop and must not block or
// send commands; the commands run on goroutines of the session.
type Tracker struct {
	path  *regexp.Regexp
	spawn func(func(ctx context.Context)) // runs work on a session goroutine

	mu      sync.Mutex
	seq     int
	streams map[network.RequestID]*netStream
	notify  chan struct{} // cap 1: something changed

	// pendingItems are WebSocket stream items whose turn is not known yet
	// (pendingFrames the frames that carried them, for a recording);
	// complete are conversations the socket said are complete.
	pendingItems  []socket.Item
	pendingFrames []rawFrame
	complete      map[string]bool
	// controls are the turn topics hand-off controls named, with their
	// conversation.
	controls map[string]string
}

// keepStreams is how many recent streams the tracker keeps.
const keepStreams = 8

// conversationPostRE matches the paths of the conversation POST and of
// its resume POST (submatch 1). There is no GET resume on the 2026 page.
const conversationPostRE = `^/backend-api/f/conversation(/resume)?/?$`

// netStream is one conversation request.
type netStream struct {
	ID     network.RequestID
	Seq    int
	Resume bool
	Offset int     // the resume POST's offset (SSE events already read)
	ConvID string  // from the resume body or the stream
	UserID string  // messages[0].id of the POST body
	Posted *string // messages[0].content.parts[0] of the POST body
	// Action is the POST body's action: next, variant, or continue (a
	// reply cut at the output limit goes on, no message).
	Action  string
	Started time.Time

	Status    int64
	Streaming bool     // streamResourceContent succeeded
	pending   [][]byte // chunks that arrived before it returned
	Loaded    bool     // loadingFinished
	Failed    string   // loadingFailed's error text
	LastData  time.Time
	// parser is the turn's: a resume shares the parser of the stream it
	// continues (Of).
	parser     *sse.Parser
	Of         network.RequestID
	bodyRead   bool
	bodyFailed bool
	// Continued means a resume of this stream started or socket items
	// continue it.
	Continued bool
	// fed: some of the stream's bytes went to its parser.
	fed bool
	// items are the socket stream items fed (by stream_item_id).
	items       map[string]bool
	socketItems int
	// raw is the response body as read (capped at maxRaw), and frames
	// the WebSocket frames that concern the turn, verbatim, for a
	// transport recording.
	raw        []byte
	frames     []string
	frameBytes int
}

// maxRaw bounds the bytes one stream keeps for a recording.
const maxRaw = 16 << 20

// feed writes response bytes to the turn's parser and keeps them.
func (st *netStream) feed(b []byte) {
	st.fed = true
	if len(st.raw)+len(b) <= maxRaw {
		st.raw = append(st.raw, b...)
	}
	st.parser.Write(b)
}

// New returns a tracker whose CDP commands run through spawn (on a
// goroutine of the session, with the tab's context).
func New(spawn func(func(ctx context.Context))) *Tracker {
	return &Tracker{
		path:     regexp.MustCompile(conversationPostRE),
		spawn:    spawn,
		streams:  make(map[network.RequestID]*netStream),
		complete: make(map[string]bool),
		controls: make(map[string]string),
		notify:   make(chan struct{}, 1),
	}
}

// Notify is signalled (at most one pending) whenever a stream changed.
func (n *Tracker) Notify() <-chan struct{} { return n.notify }

func (n *Tracker) signal() {
	select {
	case n.notify <- struct{}{}:
	default:
	}
}

// Handle takes one network event from the tab's listener.
func (n *Tracker) Handle(ev any) {
	switch e := ev.(type) {
	case *network.EventRequestWillBeSent:
		n.request(e)
	case *network.EventResponseReceived:
		n.response(e)
	case *network.EventDataReceived:
		n.data(e)
	case *network.EventLoadingFinished:
		n.finished(e.RequestID)
	case *network.EventLoadingFailed:
		n.failed(e.RequestID, e.ErrorText)
	case *network.EventWebSocketFrameReceived:
		n.socketFrame(e)
	}
}

func (n *Tracker) request(e *network.EventRequestWillBeSent) {
	if e.Request == nil {
		return
	}
	u, err := url.Parse(e.Request.URL)
	if err != nil {
		return
	}
	m := n.path.FindStringSubmatch(u.Path)
	if m == nil {
		return
	}
	if e.Request.Method != "POST" {
		return
	}
	resume := m[1] != ""
	st := &netStream{ID: e.RequestID, Resume: resume, Started: time.Now(), parser: &sse.Parser{}}
	var body []byte
	for _, pd := range e.Request.PostDataEntries {
		body = append(body, pd.Bytes...)
	}
	if resume {
		st.ConvID, st.Offset = resumeBody(body)
	} else if len(body) > 0 {
		st.readPost(body)
	}
	n.mu.Lock()
	n.seq++
	st.Seq = n.seq
	if resume {
		n.linkResume(st)
	}
	n.streams[e.RequestID] = st
	for id, old := range n.streams {
		if old.Seq <= n.seq-keepStreams {
			delete(n.streams, id)
		}
	}
	n.mu.Unlock()
	if (resume && st.ConvID == "" || !resume && st.Posted == nil && st.Action == "") && e.Request.HasPostData {
		id := e.RequestID
		n.spawn(func(ctx context.Context) {
			res, err := chromedp.Call(ctx, network.GetRequestPostData, network.GetRequestPostDataParams{RequestID: id})
			if err != nil {
				return
			}
			n.mu.Lock()
			if s := n.streams[id]; s != nil && s.Resume && s.ConvID == "" {
				s.ConvID, s.Offset = resumeBody([]byte(res.PostData))
				n.linkResume(s)
			} else if s != nil && s.Posted == nil {
				s.readPost([]byte(res.PostData))
			}
			n.mu.Unlock()
			n.signal()
		})
	}
	n.signal()
}

// resumeBody reads the resume POST's body: {"conversation_id","offset"}
// (a conversation POST's body names its conversation the same way).
func resumeBody(body []byte) (string, int) {
	var b struct {
		ConversationID string `json:"conversation_id"`
		Offset         int    `json:"offset"`
	}
	if json.Unmarshal(body, &b) != nil {
		return "", 0
	}
	return b.ConversationID, b.Offset
}

// linkResume makes a resume continue the newest conversation stream of
// its conversation: it shares that stream's parser, from which a partial
// event of a cut stream is dropped. n.mu must be held.
func (n *Tracker) linkResume(st *netStream) {
	if st.ConvID == "" {
		return
	}
	var of *netStream
	for _, o := range n.streams {
		known := o.ConvID != "" || o.parser.ConversationID() != ""
		if o.Resume || known && o.ConvID != st.ConvID && o.parser.ConversationID() != st.ConvID {
			continue // a conversation stream of another conversation
		}
		if of == nil || o.Seq > of.Seq {
			of = o
		}
	}
	if of == nil {
		return
	}
	of.Continued = true
	of.parser.DropPartial()
	st.parser, st.Of = of.parser, of.ID
}

// readPost reads a conversation POST's body: its action, its user message
// and (a later turn's) conversation.
func (st *netStream) readPost(body []byte) {
	st.UserID, st.Posted = postedMessage(body)
	st.ConvID, _ = resumeBody(body)
	var b struct {
		Action string `json:"action"`
	}
	if json.Unmarshal(body, &b) == nil {
		st.Action = b.Action
	}
}

// postedMessage returns the id and the text of the user message a
// conversation POST body carries.
func postedMessage(body []byte) (string, *string) {
	var b struct {
		Messages []struct {
			ID     string `json:"id"`
			Author struct {
				Role string `json:"role"`
			} `json:"author"`
			Content struct {
				Parts []json.RawMessage `json:"parts"`
			} `json:"content"`
		} `json:"messages"`
	}
	if json.Unmarshal(body, &b) != nil {
		return "", nil
	}
	for _, m := range b.Messages {
		if m.Author.Role != "user" && m.Author.Role != "" {
			continue
		}
		var text *string
		if len(m.Content.Parts) > 0 {
			var t string
			if json.Unmarshal(m.Content.Parts[0], &t) == nil {
				text = &t
			}
		}
		return m.ID, text
	}
	return "", nil
}

func (n *Tracker) response(e *network.EventResponseReceived) {
	n.mu.Lock()
	st := n.streams[e.RequestID]
	if st == nil {
		n.mu.Unlock()
		return
	}
	if e.Response != nil {
		st.Status = e.Response.Status
	}
	ok := e.Response != nil && e.Response.Status == 200 && strings.Contains(e.Response.MimeType, "event-stream")
	n.mu.Unlock()
	n.signal()
	if !ok {
		return
	}
	id := e.RequestID
	n.spawn(func(ctx context.Context) {
		res, err := chromedp.Call(ctx, network.StreamResourceContent, network.StreamResourceContentParams{RequestID: id})
		n.mu.Lock()
		st := n.streams[id]
		if st == nil {
			n.mu.Unlock()
			return
		}
		if err == nil {
			st.Streaming = true
			st.pending = append([][]byte{res.BufferedData}, st.pending...)
			n.flushLocked(st)
			n.flushResumesLocked(st.ID)
			n.feedItemsLocked()
		}
		loaded := st.Loaded
		n.mu.Unlock()
		if err != nil && loaded {
			n.readBody(id)
		}
		n.signal()
	})
}

func (n *Tracker) data(e *network.EventDataReceived) {
	if len(e.Data) == 0 {
		return
	}
	n.mu.Lock()
	st := n.streams[e.RequestID]
	if st == nil {
		n.mu.Unlock()
		return
	}
	st.LastData = time.Now()
	if of := n.streams[st.Of]; of != nil {
		of.LastData = st.LastData
	}
	st.pending = append(st.pending, e.Data)
	n.flushLocked(st)
	n.feedItemsLocked()
	n.mu.Unlock()
	n.signal()
}

// fedLocked reports whether a stream's bytes go to its parser (streaming
// on, or the whole body read or given up). n.mu must be held.
func (n *Tracker) fedLocked(st *netStream) bool {
	return st.Streaming || st.bodyRead || st.bodyFailed
}

// flushLocked feeds a streaming stream's pending chunks, unless it is a
// resume whose first stream's bytes are not in the shared parser yet (the
// turn's events must stay in order). n.mu must be held.
func (n *Tracker) flushLocked(st *netStream) {
	if !st.Streaming {
		return
	}
	if of := n.streams[st.Of]; of != nil && !n.fedLocked(of) {
		return
	}
	if len(st.pending) > 0 && !st.fed && st.replays() {
		st.parser.Restart()
	}
	for _, c := range st.pending {
		st.feed(c)
	}
	st.pending = nil
}

// replays reports whether the stream is a resume from offset 0 of a turn
// whose parser already read events: it replays the turn from its start,
// for a fresh decoder.
func (st *netStream) replays() bool {
	return st.Resume && st.Of != "" && st.Offset == 0 && st.parser.Events() > 0
}

// flushResumesLocked feeds the resumes of stream id that waited for it.
// n.mu must be held.
func (n *Tracker) flushResumesLocked(id network.RequestID) {
	for _, o := range n.streams {
		if o.Of == id {
			n.flushLocked(o)
		}
	}
}

func (n *Tracker) finished(id network.RequestID) {
	n.mu.Lock()
	st := n.streams[id]
	if st == nil {
		n.mu.Unlock()
		return
	}
	st.Loaded = true
	streaming := st.Streaming
	n.mu.Unlock()
	if !streaming {
		// streamResourceContent did not (yet) work: read the whole body.
		n.readBody(id)
	}
	n.signal()
}

// readBody parses the finished response body when streaming was not on.
func (n *Tracker) readBody(id network.RequestID) {
	n.spawn(func(ctx context.Context) {
		res, err := chromedp.Call(ctx, network.GetResponseBody, network.GetResponseBodyParams{RequestID: id})
		n.mu.Lock()
		defer n.mu.Unlock()
		st := n.streams[id]
		if st == nil || st.Streaming || st.bodyRead {
			return
		}
		if err != nil {
			st.bodyFailed = true // its resumes need not wait for it
			n.flushResumesLocked(id)
			return
		}
		st.bodyRead = true
		if !st.fed && st.replays() {
			st.parser.Restart()
		}
		st.feed([]byte(res.Body))
		st.parser.EndFragment()
		n.flushResumesLocked(id)
		n.feedItemsLocked()
		n.signal()
	})
}

func (n *Tracker) failed(id network.RequestID, text string) {
	n.mu.Lock()
	if st := n.streams[id]; st != nil {
		st.Failed = text
		if text == "" {
			st.Failed = "failed"
		}
	}
	n.mu.Unlock()
	n.signal()
}

// Mark returns the current request sequence number: streams with a larger
// Seq started after the mark.
func (n *Tracker) Mark() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.seq
}

// Text returns the reply text the stream carries so far.
func (n *Tracker) Text(id network.RequestID) string {
	n.mu.Lock()
	defer n.mu.Unlock()
	if st := n.streams[id]; st != nil {
		return st.parser.Text()
	}
	return ""
}

// View is a copy of one stream's state for a reader.
type View struct {
	ID     network.RequestID
	Seq    int
	Resume bool
	Of     network.RequestID // the stream a resume continues
	ConvID string
	UserID string
	Posted *string
	Action string
	Status int64
	// SocketItems counts the WebSocket items that continued the turn;
	// SocketComplete is the conversations topic's turn-complete.
	SocketItems    int
	SocketComplete bool
	Loaded         bool
	Failed         string
	LastData       time.Time
	Result         sse.Result
	// OpenResume: a resume of this stream is still loading.
	OpenResume bool
	// Conduit is the turn's resume token (a credential: never logged nor
	// recorded; see sse.Parser.Conduit).
	Conduit string
}

// After returns the streams that started after the mark, oldest first.
func (n *Tracker) After(mark int) []View {
	n.mu.Lock()
	defer n.mu.Unlock()
	var out []View
	for _, st := range n.streams {
		if st.Seq > mark {
			out = append(out, n.viewOf(st))
		}
	}
	sortViews(out)
	return out
}

// Get returns one stream's state.
func (n *Tracker) Get(id network.RequestID) (View, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	st := n.streams[id]
	if st == nil {
		return View{}, false
	}
	return n.viewOf(st), true
}

// viewOf copies one stream's state. n.mu must be held.
func (n *Tracker) viewOf(st *netStream) View {
	r := st.parser.Result()
	conv := st.ConvID
	if conv == "" {
		conv = r.ConversationID
	}
	open := false
	for _, o := range n.streams {
		if o.Of == st.ID && !o.Loaded && o.Failed == "" {
			open = true
		}
	}
	return View{ID: st.ID, Seq: st.Seq, Resume: st.Resume, Of: st.Of, ConvID: conv, UserID: st.UserID, Posted: st.Posted, Action: st.Action,
		OpenResume: open, Conduit: st.parser.Conduit(),
		Status: st.Status, Loaded: st.Loaded, Failed: st.Failed, LastData: st.LastData, Result: r,
		SocketItems: st.socketItems, SocketComplete: conv != "" && n.complete[conv]}
}

func sortViews(vs []View) {
	for i := 1; i < len(vs); i++ {
		for j := i; j > 0 && vs[j].Seq < vs[j-1].Seq; j-- {
			vs[j], vs[j-1] = vs[j-1], vs[j]
		}
	}
}
