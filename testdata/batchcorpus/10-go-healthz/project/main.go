package main

import (
	"log"
	"net/http"

	"example.com/shortener/server"
	"example.com/shortener/store"
)

func main() {
	s := server.New(store.NewMemory())
	log.Fatal(http.ListenAndServe(":8080", s.Handler()))
}
