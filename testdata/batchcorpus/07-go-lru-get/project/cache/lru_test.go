package cache

import "testing"

func TestPutGet(t *testing.T) {
	c := New(2)
	c.Put("a", []byte("1"))
	if v, ok := c.Get("a"); !ok || string(v) != "1" {
		t.Fatalf("Get(a) = %q, %v", v, ok)
	}
	if _, ok := c.Get("b"); ok {
		t.Fatal("Get(b) found a value")
	}
}

func TestEvictsOldest(t *testing.T) {
	c := New(2)
	c.Put("a", nil)
	c.Put("b", nil)
	c.Put("c", nil)
	if _, ok := c.Get("a"); ok || c.Len() != 2 {
		t.Fatalf("a still cached or Len %d", c.Len())
	}
}
