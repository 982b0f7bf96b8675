package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"example.com/shortener/store"
)

func TestRedirect(t *testing.T) {
	m := store.NewMemory()
	m.Put(context.Background(), "gh", "https://github.com/")
	rec := httptest.NewRecorder()
	New(m).Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/gh", nil))
	if rec.Code != http.StatusFound || rec.Header().Get("Location") != "https://github.com/" {
		t.Fatalf("got %d %q", rec.Code, rec.Header().Get("Location"))
	}
}

func TestUnknownCode(t *testing.T) {
	rec := httptest.NewRecorder()
	New(store.NewMemory()).Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/nope", nil))
	if rec.Code != http.StatusNotFound {
		t.Fatalf("got %d", rec.Code)
	}
}
