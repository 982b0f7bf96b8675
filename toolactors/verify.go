package toolactors

import (
	"path/filepath"
	"strings"
)

// verificationKind says whether a command is evidence that work is done,
// for the done gate: a successful terminal.exec is Verified when this
// returns a kind. The heuristic, on the program's base name and its
// arguments:
//
//   - "test": test runners and test subcommands (go test, cargo test,
//     npm/pnpm/yarn/bun test, pytest, python -m pytest|unittest, jest,
//     vitest, mocha, playwright, rspec, phpunit, ctest, mix test, deno
//     test, dotnet test, swift test, bazel test, gradle/mvn test …);
//   - "build": builds, compiles and type checks (go build|vet|install,
//     cargo build|check|clippy, make, ninja, cmake --build, gradle, mvn,
//     tsc, vue-tsc, mypy, pyright, vite|next build, webpack, esbuild,
//     rollup, gcc/clang/rustc/javac, dotnet build, swift build, zig build
//     …), package scripts named build/test/lint/check/typecheck/e2e/ci/
//     verify/compile (npm run build, pnpm typecheck, yarn test:unit …);
//   - "lint": eslint, ruff check, flake8, golangci-lint, shellcheck;
//   - "run": running a program or a script file (go run, cargo run,
//     node|python|deno|bun|ruby|php FILE, ./script), and scripts whose
//     name contains test/build/check/verify are classified as such;
//   - "smoke": curl or wget of a local URL (a running dev server answers).
//
// Wrappers are looked through: env VAR=… cmd, time, nice, timeout N,
// xvfb-run, npx/bunx/pnpm exec/yarn dlx/uv run/poetry run/pipenv run, and
// sh|bash|zsh -c "…" (each command of the script, split on && || ; |).
// Installs (npm install, pip install, go mod tidy) are never evidence.
func verificationKind(program string, argv []string) string {
	return classify(append([]string{program}, argv...), 0)
}

func classify(words []string, depth int) string {
	if len(words) == 0 || depth > 4 {
		return ""
	}
	prog := strings.TrimSuffix(strings.ToLower(filepath.Base(words[0])), ".exe")
	args := words[1:]
	sub := first(args)
	switch prog {
	case "env":
		i := 0
		for i < len(args) && (strings.Contains(args[i], "=") || strings.HasPrefix(args[i], "-")) {
			i++
		}
		return classify(args[i:], depth+1)
	case "time", "nice", "nohup", "xvfb-run", "npx", "bunx", "pnpx", "command":
		return classify(skipFlags(args), depth+1)
	case "timeout":
		a := skipFlags(args)
		if len(a) > 0 {
			a = a[1:]
		}
		return classify(a, depth+1)
	case "sh", "bash", "zsh", "dash":
		for i, a := range args {
			if a == "-c" && i+1 < len(args) {
				return classifyScript(args[i+1], depth+1)
			}
		}
		if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
			return scriptKind(args[0])
		}
		return ""
	case "go":
		return pick(sub, map[string]string{"test": "test", "vet": "build", "build": "build", "install": "build", "run": "run"})
	case "cargo":
		return pick(sub, map[string]string{"test": "test", "nextest": "test", "bench": "test", "build": "build", "check": "build", "clippy": "lint", "run": "run"})
	case "npm", "pnpm", "yarn", "bun":
		return packageScript(prog, args, depth)
	case "uv", "poetry", "pipenv", "pdm", "hatch", "rye":
		if sub == "run" {
			return classify(args[1:], depth+1)
		}
		return ""
	case "python", "python3", "py":
		if sub == "-m" && len(args) > 1 {
			return classify(args[1:], depth+1)
		}
		return fileRun(args)
	case "pytest", "py.test", "tox", "nox", "unittest", "jest", "vitest", "mocha", "ava", "tap", "karma",
		"playwright", "cypress", "rspec", "phpunit", "pest", "ctest", "behave":
		return "test"
	case "make", "gmake", "ninja", "ant", "scons", "tsc", "vue-tsc", "svelte-check", "mypy", "pyright",
		"webpack", "esbuild", "rollup", "parcel", "tsup", "turbo", "nx", "gcc", "g++", "cc", "c++", "clang",
		"clang++", "rustc", "javac", "kotlinc", "scalac", "ghc", "hugo", "zig":
		return "build"
	case "gradle", "gradlew", "mvn", "mvnw", "sbt", "bazel", "bazelisk", "buck", "lein", "mix", "rake", "dotnet", "swift", "deno", "meson", "cmake", "vite", "next", "nuxt", "astro", "jekyll", "composer":
		return toolSubcommand(prog, args)
	case "eslint", "ruff", "flake8", "pylint", "golangci-lint", "staticcheck", "shellcheck", "stylelint", "prettier", "biome", "rubocop":
		if prog == "prettier" && !contains(args, "--check") {
			return ""
		}
		return "lint"
	case "node", "ruby", "php", "perl", "java", "lua", "rscript", "julia":
		return fileRun(args)
	case "curl", "wget", "http", "xh":
		for _, a := range args {
			if isLocalURL(a) {
				return "smoke"
			}
		}
		return ""
	}
	if strings.Contains(words[0], "/") {
		return scriptKind(words[0])
	}
	return ""
}

// packageScript classifies npm/pnpm/yarn/bun commands.
func packageScript(prog string, args []string, depth int) string {
	a := skipFlags(args)
	sub := first(a)
	switch sub {
	case "test", "t", "tst":
		return "test"
	case "run", "run-script":
		return scriptName(first(skipFlags(a[1:])))
	case "exec", "dlx", "x":
		return classify(skipFlags(a[1:]), depth+1)
	case "", "install", "i", "ci", "add", "remove", "uninstall", "update", "upgrade", "init", "create", "publish", "link", "audit", "outdated", "ls", "list", "why", "dedupe", "prune", "pack", "login", "config", "cache", "start", "dev", "serve", "preview":
		return ""
	}
	if prog == "npm" {
		return ""
	}
	return scriptName(sub) // yarn build, pnpm typecheck, bun test:unit
}

// scriptName classifies a package.json script name.
func scriptName(name string) string {
	n := strings.ToLower(name)
	switch {
	case n == "":
		return ""
	case strings.Contains(n, "test") || strings.Contains(n, "e2e") || strings.Contains(n, "spec"):
		return "test"
	case strings.Contains(n, "build") || strings.Contains(n, "compile") || strings.Contains(n, "typecheck") ||
		strings.Contains(n, "type-check") || strings.Contains(n, "tsc") || n == "check" || strings.HasPrefix(n, "check:") ||
		n == "ci" || n == "verify" || strings.HasPrefix(n, "verify"):
		return "build"
	case strings.Contains(n, "lint"):
		return "lint"
	}
	return ""
}

// toolSubcommand classifies build tools that take a subcommand or target.
func toolSubcommand(prog string, args []string) string {
	a := skipFlags(args)
	sub := strings.ToLower(first(a))
	switch prog {
	case "cmake":
		if contains(args, "--build") {
			return "build"
		}
		return ""
	case "vite", "next", "nuxt", "astro", "jekyll":
		if sub == "build" {
			return "build"
		}
		return ""
	case "deno", "dotnet", "swift", "mix", "meson", "composer":
		switch sub {
		case "test":
			return "test"
		case "build", "compile", "check":
			return "build"
		case "run":
			if prog == "deno" || prog == "dotnet" || prog == "swift" {
				return "run"
			}
			return scriptName(first(a[1:]))
		}
		return ""
	}
	for _, w := range a { // gradle build test, mvn -q verify, rake spec, bazel test //...
		switch strings.ToLower(w) {
		case "test", "check", "spec", "verify", "integrationtest", "connectedcheck":
			return "test"
		case "build", "compile", "assemble", "package", "install", "jar", "war":
			return "build"
		}
	}
	return ""
}

// classifyScript classifies each command of a shell script and returns
// the strongest kind (test > build > lint > run > smoke).
func classifyScript(script string, depth int) string {
	best := ""
	for _, part := range splitScript(script) {
		best = stronger(best, classify(strings.Fields(part), depth))
	}
	return best
}

func splitScript(s string) []string {
	r := strings.NewReplacer("&&", "\n", "||", "\n", ";", "\n", "|", "\n")
	return strings.Split(r.Replace(s), "\n")
}

var kindRank = map[string]int{"": 0, "smoke": 1, "run": 2, "lint": 3, "build": 4, "test": 5}

func stronger(a, b string) string {
	if kindRank[b] > kindRank[a] {
		return b
	}
	return a
}

// scriptKind classifies a script file by its name.
func scriptKind(path string) string {
	if k := scriptName(strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))); k != "" {
		return k
	}
	return "run"
}

// fileRun is "run" when the arguments name a script or module to run.
func fileRun(args []string) string {
	for _, a := range args {
		if a == "-c" || a == "-e" || a == "--eval" || a == "--version" || a == "-V" || a == "--help" {
			return ""
		}
		if !strings.HasPrefix(a, "-") {
			return scriptKind(a)
		}
	}
	return ""
}

func isLocalURL(s string) bool {
	s = strings.ToLower(s)
	for _, p := range []string{"http://localhost", "https://localhost", "http://127.", "https://127.", "http://[::1]", "http://0.0.0.0", "localhost:", "127.0.0.1:"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func pick(sub string, m map[string]string) string { return m[sub] }

func first(a []string) string {
	if len(a) == 0 {
		return ""
	}
	return a[0]
}

func skipFlags(a []string) []string {
	for len(a) > 0 && strings.HasPrefix(a[0], "-") {
		a = a[1:]
	}
	return a
}

func contains(a []string, s string) bool {
	for _, x := range a {
		if x == s {
			return true
		}
	}
	return false
}
