package main

import (
	"fmt"

	"example.com/lru/cache"
)

func main() {
	c := cache.New(128)
	c.Put("logo.png", []byte("..."))
	_, ok := c.Get("logo.png")
	fmt.Println("cached:", ok)
}
