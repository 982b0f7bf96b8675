// Command wtagent is a local coding agent whose model is your ChatGPT web
// session.
package main

func main() {}
