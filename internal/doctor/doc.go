// Package doctor checks what wtagent needs — Chrome, the display, the
// config file, the data directory, the profile, ripgrep, pseudo-terminals,
// the sandbox and, on request, the ChatGPT login and the live page — and
// explains each problem with its fix (`wtagent doctor`).
package doctor
