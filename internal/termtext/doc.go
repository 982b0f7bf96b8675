// Package termtext turns what a program wrote to a terminal into plain
// text: escape sequences dropped (github.com/charmbracelet/x/ansi does the
// stripping), carriage returns and backspaces applied, control characters
// removed, the result valid UTF-8. The tool results and the dev-server
// URL detection both read program output through it.
package termtext
