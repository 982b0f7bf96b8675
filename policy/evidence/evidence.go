package evidence

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/wtagent/wtagent/policy/classify"
)

// Kind is what a command that exited zero proves for the done gate.
type Kind string

// The kinds of evidence, weakest first.
const (
	// None: the command proves nothing about the work (an install,
	// `make --version`, a script whose exit status hides its tests).
	None Kind = ""
	// Smoke: curl or wget of a local URL answered.
	Smoke Kind = "smoke"
	// Run: a program or a script file ran (go run, node app.js).
	Run Kind = "run"
	// Lint: a linter passed.
	Lint Kind = "lint"
	// Build: a build, compile or type check passed.
	Build Kind = "build"
	// Test: a test runner passed.
	Test Kind = "test"
)

// rank orders evidence kinds: test > build > lint > run > smoke > none.
func (e Kind) rank() int {
	switch e {
	case Smoke:
		return 1
	case Run:
		return 2
	case Lint:
		return 3
	case Build:
		return 4
	case Test:
		return 5
	}
	return 0
}

// Stronger returns the stronger of e and o.
func (e Kind) Stronger(o Kind) Kind {
	if o.rank() > e.rank() {
		return o
	}
	return e
}

// VerificationOf says what a zero exit of program with argv proves, by
// the program's normalised name (see Classify) and its arguments:
//
//   - test: test runners and test subcommands (go test, cargo test,
//     npm/pnpm/yarn/bun test, node --test, pytest, python -m pytest, jest, vitest …);
//   - build: builds, compiles and type checks (go build|vet, cargo
//     build|check, make, tsc, vite build, gcc …) and package scripts named
//     build/typecheck/check/verify/ci;
//   - lint: eslint, ruff, golangci-lint, shellcheck …;
//   - run: running a program or a script file (go run, node app.js,
//     ./script; a script named *test*, *build* … counts as such);
//   - smoke: curl or wget of a local URL.
//
// Wrappers are looked through (env, time, nice, timeout, npx, uv run …).
// A shell script (sh -c, bash -lc …) is parsed by ParseScript and only its
// decisive commands count: `go test ./... || true`, `npm test | tee log`
// and `go test; true` prove nothing. Options that only print (--version,
// --help, make -n) and installs prove nothing.
func VerificationOf(program string, argv []string) Kind {
	return verification(append([]string{program}, argv...), 0)
}

// infoOnly reports options after which a program only prints information.
func infoOnly(prog string, args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "--version", "-version", "--help", "-help", "-h", "-V", "--dry-run":
			return true
		}
		if prog == "make" || prog == "gmake" {
			switch a {
			case "-v", "-n", "--just-print", "--recon", "-q", "--question", "-p", "--print-data-base":
				return true
			}
		}
	}
	return false
}

func verification(words []string, depth int) Kind {
	if len(words) == 0 || depth > classify.MaxDepth {
		return None
	}
	prog := classify.ProgramName(words[0])
	args := words[1:]
	if infoOnly(prog, args) {
		return None
	}
	sub := firstWord(args)
	switch prog {
	case "env":
		i := 0
		for i < len(args) && (strings.Contains(args[i], "=") || strings.HasPrefix(args[i], "-")) {
			i++
		}
		return verification(args[i:], depth+1)
	case "time", "nice", "nohup", "xvfb-run", "npx", "bunx", "pnpx", "command", "stdbuf":
		return verification(skipOptions(args), depth+1)
	case "timeout":
		a := skipOptions(args)
		if len(a) > 0 {
			a = a[1:]
		}
		return verification(a, depth+1)
	case "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash":
		return shellVerification(args, depth)
	case "go":
		return pick(sub, map[string]Kind{"test": Test, "vet": Build, "build": Build, "install": Build, "run": Run})
	case "cargo":
		return pick(sub, map[string]Kind{"test": Test, "nextest": Test, "bench": Test, "build": Build, "check": Build, "clippy": Lint, "run": Run})
	case "npm", "pnpm", "yarn", "bun":
		return packageScript(prog, args, depth)
	case "uv", "poetry", "pipenv", "pdm", "hatch", "rye":
		if sub == "run" {
			return verification(args[1:], depth+1)
		}
		return None
	case "python", "py":
		if sub == "-m" && len(args) > 1 {
			return verification(args[1:], depth+1)
		}
		return fileRun(args)
	case "pytest", "py.test", "tox", "nox", "unittest", "jest", "vitest", "mocha", "ava", "tap", "karma",
		"playwright", "cypress", "rspec", "phpunit", "pest", "ctest", "behave":
		return Test
	case "make", "gmake", "ninja", "ant", "scons", "tsc", "vue-tsc", "svelte-check", "mypy", "pyright",
		"webpack", "esbuild", "rollup", "parcel", "tsup", "turbo", "nx", "gcc", "g++", "cc", "c++", "clang",
		"clang++", "rustc", "javac", "kotlinc", "scalac", "ghc", "hugo", "zig":
		return Build
	case "gradle", "gradlew", "mvn", "mvnw", "sbt", "bazel", "bazelisk", "buck", "lein", "mix", "rake", "dotnet", "swift", "deno", "meson", "cmake", "vite", "next", "nuxt", "astro", "jekyll", "composer":
		return toolSubcommand(prog, args)
	case "eslint", "ruff", "flake8", "pylint", "golangci-lint", "staticcheck", "shellcheck", "stylelint", "prettier", "biome", "rubocop":
		if prog == "prettier" && !slices.Contains(args, "--check") {
			return None
		}
		return Lint
	case "node":
		if nodeTestRunner(args) {
			return Test
		}
		return fileRun(args)
	case "ruby", "php", "perl", "java", "lua", "rscript", "julia":
		return fileRun(args)
	case "curl", "wget", "http", "xh":
		for _, a := range args {
			if isLocalURL(a) {
				return Smoke
			}
		}
		return None
	}
	if strings.Contains(words[0], "/") {
		return scriptKind(words[0])
	}
	return None
}

// shellVerification classifies sh|bash … -c SCRIPT by the script's
// decisive commands, and sh FILE by the file's name.
func shellVerification(args []string, depth int) Kind {
	var opts classify.ShellOptions
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-o" && i+1 < len(args):
			i++
			opts.Errexit = opts.Errexit || args[i] == "errexit"
			opts.Pipefail = opts.Pipefail || args[i] == "pipefail"
		case strings.HasPrefix(a, "-") && len(a) > 1 && a[1] != '-':
			opts.Errexit = opts.Errexit || strings.ContainsRune(a, 'e')
			if strings.ContainsRune(a, 'c') {
				if i+1 >= len(args) {
					return None
				}
				return scriptVerification(args[i+1], opts, depth)
			}
			if strings.HasSuffix(a, "o") && i+1 < len(args) {
				i++
				opts.Pipefail = opts.Pipefail || args[i] == "pipefail"
			}
		case strings.HasPrefix(a, "-"):
		default:
			return scriptKind(a)
		}
	}
	return None
}

// scriptVerification is the strongest evidence among the decisive
// commands of a shell script.
func scriptVerification(src string, opts classify.ShellOptions, depth int) Kind {
	s, err := classify.ParseScript(src, opts)
	if err != nil {
		return None
	}
	best := None
	for _, c := range s.Commands {
		if c.Decisive && len(c.Args) > 0 {
			best = best.Stronger(verification(c.Args, depth+1))
		}
	}
	return best
}

// packageScript classifies npm/pnpm/yarn/bun commands.
func packageScript(prog string, args []string, depth int) Kind {
	a := skipOptions(args)
	sub := firstWord(a)
	switch sub {
	case "test", "t", "tst":
		return Test
	case "run", "run-script":
		return scriptName(firstWord(skipOptions(a[1:])))
	case "exec", "dlx", "x":
		return verification(skipOptions(a[1:]), depth+1)
	case "", "install", "i", "ci", "add", "remove", "uninstall", "update", "upgrade", "init", "create", "publish", "link", "audit", "outdated", "ls", "list", "why", "dedupe", "prune", "pack", "login", "config", "cache", "start", "dev", "serve", "preview":
		return None
	}
	if prog == "npm" {
		return None
	}
	return scriptName(sub) // yarn build, pnpm typecheck, bun test:unit
}

// scriptName classifies a package.json script name or a script file's
// base name.
func scriptName(name string) Kind {
	n := strings.ToLower(name)
	switch {
	case n == "":
		return None
	case strings.Contains(n, "test") || strings.Contains(n, "e2e") || strings.Contains(n, "spec"):
		return Test
	case strings.Contains(n, "build") || strings.Contains(n, "compile") || strings.Contains(n, "typecheck") ||
		strings.Contains(n, "type-check") || strings.Contains(n, "tsc") || n == "check" || strings.HasPrefix(n, "check:") ||
		n == "ci" || n == "verify" || strings.HasPrefix(n, "verify"):
		return Build
	case strings.Contains(n, "lint"):
		return Lint
	}
	return None
}

// toolSubcommand classifies build tools that take a subcommand or target.
func toolSubcommand(prog string, args []string) Kind {
	a := skipOptions(args)
	sub := strings.ToLower(firstWord(a))
	switch prog {
	case "cmake":
		if slices.Contains(args, "--build") {
			return Build
		}
		return None
	case "vite", "next", "nuxt", "astro", "jekyll":
		if sub == "build" {
			return Build
		}
		return None
	case "deno", "dotnet", "swift", "mix", "meson", "composer":
		switch sub {
		case "test":
			return Test
		case "build", "compile", "check":
			return Build
		case "run":
			if prog == "deno" || prog == "dotnet" || prog == "swift" {
				return Run
			}
			return scriptName(firstWord(a[1:]))
		}
		return None
	}
	for _, w := range a { // gradle build test, mvn -q verify, rake spec, bazel test //...
		switch strings.ToLower(w) {
		case "test", "check", "spec", "verify", "integrationtest", "connectedcheck":
			return Test
		case "build", "compile", "assemble", "package", "install", "jar", "war":
			return Build
		}
	}
	return None
}

// scriptKind classifies a script file by its name: run, or what its name
// says (scripts/test.sh is a test).
func scriptKind(path string) Kind {
	if k := scriptName(strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))); k != None {
		return k
	}
	return Run
}

// fileRun is run when the arguments name a script or module to run.
func fileRun(args []string) Kind {
	for _, a := range args {
		if a == "-c" || a == "-e" || a == "--eval" || a == "-p" || a == "--print" {
			return None
		}
		if !strings.HasPrefix(a, "-") {
			return scriptKind(a)
		}
	}
	return None
}

// nodeTestRunner reports `node --test [files]`, Node's built-in test
// runner: --test among the options before the first file.
func nodeTestRunner(args []string) bool {
	for _, a := range args {
		if a == "--test" {
			return true
		}
		if !strings.HasPrefix(a, "-") {
			return false
		}
	}
	return false
}

// isLocalURL reports a URL of this machine.
func isLocalURL(s string) bool {
	s = strings.ToLower(s)
	for _, p := range []string{"http://localhost", "https://localhost", "http://127.", "https://127.", "http://[::1]", "http://0.0.0.0", "localhost:", "127.0.0.1:"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func pick(sub string, m map[string]Kind) Kind { return m[sub] }

func firstWord(a []string) string {
	if len(a) == 0 {
		return ""
	}
	return a[0]
}

// skipOptions drops leading options.
func skipOptions(a []string) []string {
	for len(a) > 0 && strings.HasPrefix(a[0], "-") {
		a = a[1:]
	}
	return a
}
