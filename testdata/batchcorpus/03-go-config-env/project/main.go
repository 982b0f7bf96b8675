package main

import (
	"fmt"
	"log"

	"example.com/notes/config"
)

func main() {
	cfg, err := config.Load("config.json")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("listening on :%d (debug=%v, data in %s)\n", cfg.Port, cfg.Debug, cfg.DataDir)
}
