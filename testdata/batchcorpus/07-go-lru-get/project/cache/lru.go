// Package cache is a fixed-size LRU cache.
package cache

import "container/list"

type entry struct {
	key   string
	value []byte
}

// LRU keeps at most Cap entries and evicts the least recently used one.
type LRU struct {
	cap   int
	order *list.List // front: most recently used
	items map[string]*list.Element
}

// New returns an empty cache holding at most capacity entries.
func New(capacity int) *LRU {
	return &LRU{cap: capacity, order: list.New(), items: map[string]*list.Element{}}
}

// Get returns the value of key and whether it is cached.
func (c *LRU) Get(key string) ([]byte, bool) {
	el, ok := c.items[key]
	if !ok {
		return nil, false
	}
	return el.Value.(*entry).value, true
}

// Put stores value under key, evicting the least recently used entry
// when the cache is full.
func (c *LRU) Put(key string, value []byte) {
	if el, ok := c.items[key]; ok {
		el.Value.(*entry).value = value
		c.order.MoveToFront(el)
		return
	}
	c.items[key] = c.order.PushFront(&entry{key, value})
	if c.order.Len() > c.cap {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*entry).key)
	}
}

// Len is the number of cached entries.
func (c *LRU) Len() int { return c.order.Len() }
