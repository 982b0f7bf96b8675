package mockchat

import (
	"io"
	"math"
	"mime"
	"net/http"
	"path"
	"strconv"
	"time"
)

// routes builds the site's routes: the real site's paths, then /_mock/.
func (s *Server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.handleApp)
	mux.HandleFunc("GET /c/{id}", s.handleApp)
	mux.HandleFunc("GET /auth/login", s.handleLogin)
	mux.HandleFunc("GET /api/auth/session", s.handleSession)
	mux.HandleFunc("POST /backend-api/f/conversation", s.handleSend)
	mux.HandleFunc("POST /backend-api/f/conversation/resume", s.handleResume)
	mux.HandleFunc("GET /backend-api/conversation/{id}/stream_status", s.handleStreamStatus)
	mux.HandleFunc("GET /backend-api/celsius/ws/user", s.handleWSURL)
	mux.HandleFunc("GET /backend-api/ws/user/{id}", s.handleWS)
	mux.HandleFunc("POST /backend-api/f/conversation/{id}/stop", s.handleStop)
	mux.HandleFunc("GET /backend-api/conversation/{id}", s.handleConversation)
	mux.HandleFunc("GET /backend-api/conversations", s.handleConversations)
	mux.HandleFunc("GET /backend-api/conversations/{id}", s.handleLinear)
	mux.HandleFunc("POST /backend-api/files", s.handleUpload)
	mux.HandleFunc("GET /assets/{name}", s.handleAsset)
	mux.HandleFunc("GET /cdn-cgi/challenge-platform/scripts/jsd/main.js", handleBotScript)
	mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	mux.HandleFunc("POST /_mock/login", s.handleMockLogin)
	mux.HandleFunc("POST /_mock/solve", s.handleMockSolve)
	return mux
}

// guardAPI answers 401 without the session's token and 403 (the challenge)
// in challenge mode; it reports whether the request may go on.
func (s *Server) guardAPI(w http.ResponseWriter, r *http.Request) bool {
	s.mu.Lock()
	challenged, ok := s.challenge, s.authorizedLocked(r)
	s.mu.Unlock()
	switch {
	case challenged:
		s.writeChallenge(w, r)
		return false
	case !ok:
		writeJSON(w, http.StatusUnauthorized, map[string]any{"detail": textUnauthorized})
		return false
	}
	return true
}

// handleSession answers GET /api/auth/session: the user and a bearer
// token when logged in, {} when not, the challenge while one is up.
func (s *Server) handleSession(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	loggedIn, token, challenged := s.loggedIn, s.token, s.challenge
	s.mu.Unlock()
	if challenged {
		s.writeChallenge(w, r) // the challenge covers every path
		return
	}
	if !loggedIn {
		writeJSON(w, http.StatusOK, map[string]any{})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"user": map[string]any{
			"id": "user-mockchat", "name": "Mock User", "email": "mock.user@example.invalid",
			"image": "", "picture": "", "idp": "auth0", "iat": time.Now().Unix(), "mfa": false,
		},
		"expires":      time.Now().Add(30 * 24 * time.Hour).UTC().Format(time.RFC3339),
		"accessToken":  token,
		"authProvider": "auth0",
	})
}

// requestedConversation is the conversation a GET names by its {id}
// path value, after the API guard; it answers 404 the way the site does
// when there is none.
func (s *Server) requestedConversation(w http.ResponseWriter, r *http.Request) (*Conversation, bool) {
	if !s.guardAPI(w, r) {
		return nil, false
	}
	if s.readLimited(w, r) {
		return nil, false
	}
	doc, ok := s.Conversation(r.PathValue("id"))
	if !ok {
		writeJSON(w, http.StatusNotFound, map[string]any{"detail": map[string]any{"code": "conversation_not_found", "message": "Conversation not found"}})
		return nil, false
	}
	return doc, true
}

// readLimited answers a history or conversation read inside
// Options.ReadRetryAfter's window with 429, the seconds left in
// Retry-After and in the body's clears_in. The mock page's own reads
// (pageReadHeader) are served: the window is the adapter's.
func (s *Server) readLimited(w http.ResponseWriter, r *http.Request) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.opts.ReadRetryAfter <= 0 || len(s.received) == 0 || r.Header.Get(pageReadHeader) != "" {
		return false
	}
	now := time.Now()
	if !s.readLimit.opened {
		s.readLimit.opened, s.readLimit.until = true, now.Add(time.Duration(s.opts.ReadRetryAfter)*time.Second)
	}
	if !now.Before(s.readLimit.until) {
		return false
	}
	s.readLimit.n++
	left := int(math.Ceil(s.readLimit.until.Sub(now).Seconds()))
	w.Header().Set("Retry-After", strconv.Itoa(left))
	writeJSON(w, http.StatusTooManyRequests, map[string]any{"detail": map[string]any{"message": "Too many requests", "clears_in": left}})
	return true
}

// pageReadHeader marks the mock page's own API requests (app.js api()).
const pageReadHeader = "X-Mock-Page"

// ReadsLimited is how many history and conversation reads answered 429
// (Options.ReadRetryAfter).
func (s *Server) ReadsLimited() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.readLimit.n
}

// handleConversation answers GET /backend-api/conversation/<id>.
func (s *Server) handleConversation(w http.ResponseWriter, r *http.Request) {
	doc, ok := s.requestedConversation(w, r)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, doc)
}

// handleConversations answers GET /backend-api/conversations (the sidebar).
func (s *Server) handleConversations(w http.ResponseWriter, r *http.Request) {
	if !s.guardAPI(w, r) || s.readLimited(w, r) {
		return
	}
	s.mu.Lock()
	items := []map[string]any{}
	for _, c := range conversationsByUpdate(s.convs) {
		items = append(items, map[string]any{"id": c.id, "title": c.title, "create_time": unixSeconds(c.created),
			"update_time": unixSeconds(c.updated), "current_node": c.current})
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"items": items, "total": len(items), "limit": 28, "offset": 0})
}

// handleStop answers POST /backend-api/f/conversation/<id>/stop: the page's
// Stop button. The reply keeps the text generated so far.
func (s *Server) handleStop(w http.ResponseWriter, r *http.Request) {
	if !s.guardAPI(w, r) {
		return
	}
	s.mu.Lock()
	stopped := false
	if c := s.convs[r.PathValue("id")]; c != nil && c.last != nil && !c.last.done {
		c.last.stopped = true
		c.last.cancel()
		stopped = true
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "stopped": stopped})
}

// maxUpload bounds one uploaded file.
const maxUpload = 64 << 20

// handleUpload answers POST /backend-api/files (multipart, field "file")
// after the upload delay.
func (s *Server) handleUpload(w http.ResponseWriter, r *http.Request) {
	if !s.guardAPI(w, r) {
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxUpload+1<<20)
	f, hdr, err := r.FormFile("file")
	if err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]any{"detail": "want a multipart form with a file field: " + err.Error()})
		return
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]any{"detail": "read upload: " + err.Error()})
		return
	}
	delay := s.opts.UploadDelay
	if delay == 0 {
		delay = DefaultUploadDelay
	}
	select {
	case <-r.Context().Done():
		return
	case <-s.ctx.Done():
		return
	case <-time.After(max(delay, 0)):
	}
	if !s.awaitRelease(r.Context(), &s.heldUploads) {
		return
	}
	mt := hdr.Header.Get("Content-Type")
	if mt == "" {
		mt = mime.TypeByExtension(path.Ext(hdr.Filename))
	}
	if mt == "" {
		mt = "application/octet-stream"
	}
	a := Attachment{ID: "file-" + randHex(12), Name: hdr.Filename, MimeType: mt, Size: int64(len(data)), Content: data}
	s.mu.Lock()
	s.files[a.ID] = &storedFile{Attachment: a}
	s.bumpLocked()
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"file_id": a.ID, "name": a.Name, "size": a.Size, "mime_type": a.MimeType, "status": "success"})
}

// handleBotScript serves the bot-management script real pages carry on
// every page (a challenge detector must not take it for a challenge).
func handleBotScript(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/javascript")
	_, _ = io.WriteString(w, "/* bot management stand-in: intentionally empty */\n")
}

// handleMockLogin is the login page's form target (mock-only).
func (s *Server) handleMockLogin(w http.ResponseWriter, r *http.Request) {
	s.SetLoggedIn(true)
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// handleMockSolve is the challenge widget's target (mock-only): a human
// "solves" the challenge.
func (s *Server) handleMockSolve(w http.ResponseWriter, r *http.Request) {
	s.SetChallenge(false)
	next := r.URL.Query().Get("next")
	if len(next) < 1 || next[0] != '/' || (len(next) > 1 && (next[1] == '/' || next[1] == '\\')) {
		next = "/"
	}
	http.Redirect(w, r, next, http.StatusSeeOther)
}
