// Package store keeps the short links.
package store

import (
	"context"
	"errors"
	"sync"
)

// ErrNotFound is returned for an unknown code.
var ErrNotFound = errors.New("store: not found")

// Store is where links live.
type Store interface {
	Get(ctx context.Context, code string) (string, error)
	Put(ctx context.Context, code, url string) error
	Ping(ctx context.Context) error
}

// Memory is an in-memory Store.
type Memory struct {
	mu    sync.Mutex
	links map[string]string
	down  error
}

// NewMemory returns an empty in-memory store.
func NewMemory() *Memory { return &Memory{links: map[string]string{}} }

// Get implements Store.
func (m *Memory) Get(_ context.Context, code string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	url, ok := m.links[code]
	if !ok {
		return "", ErrNotFound
	}
	return url, nil
}

// Put implements Store.
func (m *Memory) Put(_ context.Context, code, url string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.links[code] = url
	return nil
}

// Ping implements Store; it fails after SetDown.
func (m *Memory) Ping(context.Context) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.down
}

// SetDown makes Ping fail with err (nil: healthy again).
func (m *Memory) SetDown(err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.down = err
}
