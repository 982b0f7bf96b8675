// Package cmd holds wtagent's command-line interface. Each command lives in
// its own package with a constructor NewCmdX(f *cmdutil.Factory) and a
// testable xRun(opts) function; all I/O goes through an injected
// iostreams.IOStreams so tests capture output and fake a terminal.
package cmd
