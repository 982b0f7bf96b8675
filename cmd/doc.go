// Package cmd holds wtagent's command-line interface, and only that: cobra
// wiring and flag parsing. Each verb lives in its own package with a
// constructor NewCmdX(f *cmdutil.Factory, runF func(*Options) error) (runF
// replaces the run in tests of flags and arguments) that fills the verb's
// narrow Options from the Factory — the streams, the data root, getenv, the
// clock: only what the verb uses — and an xRun(opts) function that takes
// nothing else, so tests call it over captured streams; all I/O goes
// through the injected iostreams.IOStreams. No verb imports another: what verbs
// share, and the application itself (the composition root, the REPL, slash
// commands), lives in internal/app and the packages under internal/.
package cmd
