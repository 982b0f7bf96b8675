// Package server is the HTTP front of the shortener.
package server

import (
	"errors"
	"net/http"

	"example.com/shortener/store"
)

// Server serves redirects from a Store.
type Server struct {
	links store.Store
}

// New returns a server over links.
func New(links store.Store) *Server { return &Server{links: links} }

// Handler returns the server's routes.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{code}", s.redirect)
	return mux
}

func (s *Server) redirect(w http.ResponseWriter, r *http.Request) {
	url, err := s.links.Get(r.Context(), r.PathValue("code"))
	if errors.Is(err, store.ErrNotFound) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		http.Error(w, "store unavailable", http.StatusServiceUnavailable)
		return
	}
	http.Redirect(w, r, url, http.StatusFound)
}
