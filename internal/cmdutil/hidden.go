package cmdutil

import "github.com/spf13/pflag"

// DeveloperFlags are the flags for tests and developers (a mock ChatGPT
// page, Chrome without a window): they work on every command that has
// them but are not listed in --help.
func DeveloperFlags() []string { return []string{"chatgpt-url", "headless"} }

// HideDeveloperFlags hides the developer flags fs has from --help.
func HideDeveloperFlags(fs *pflag.FlagSet) {
	for _, name := range DeveloperFlags() {
		if fs.Lookup(name) != nil {
			_ = fs.MarkHidden(name) // cannot fail: the flag exists
		}
	}
}
