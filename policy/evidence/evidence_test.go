package evidence

import (
	"strings"
	"testing"
)

func TestVerificationOf(t *testing.T) {
	tests := []struct {
		cmd  string
		want Kind
	}{
		{"go test ./...", Test}, {"go build ./cmd/x", Build}, {"go vet ./...", Build}, {"go run .", Run},
		{"go mod tidy", None}, {"cargo test", Test}, {"cargo check", Build},
		{"npm test", Test}, {"npm run build", Build}, {"npm run dev", None}, {"npm install", None}, {"npm ci", None},
		{"pnpm typecheck", Build}, {"yarn test:unit", Test}, {"bun run lint", Lint}, {"npx vitest run", Test},
		{"npx tsc --noEmit", Build}, {"pnpm exec playwright test", Test},
		{"python3 -m pytest -q", Test}, {"python -m unittest", Test}, {"pytest", Test}, {"python3 app.py", Run},
		{"python3 -m http.server", None}, {"python3 -c print(1)", None},
		{"make", Build}, {"make test", Build}, {"./gradlew test", Test}, {"mvn -q verify", Test},
		{"cmake --build build", Build}, {"cmake ..", None}, {"dotnet test", Test}, {"vite build", Build}, {"vite", None},
		{"node server.js", Run}, {"node --version", None}, {"node --test", Test}, {"node --test test/", Test},
		{"node --experimental-vm-modules --test", Test}, {"node app.js --test", Run}, {"./build.sh", Build}, {"./scripts/run_tests.sh", Test},
		{"./deploy.sh", Run}, {"env CI=1 npm test", Test}, {"timeout 60 go test", Test},
		{"curl -fsS http://localhost:5173/", Smoke}, {"curl https://example.com", None},
		{"ls -la", None}, {"git status", None}, {"rm -rf dist", None}, {"echo hi", None},
		{"eslint .", Lint}, {"ruff check .", Lint}, {"prettier --check .", Lint}, {"prettier --write .", None},
		// Options that only print prove nothing.
		{"make --version", None}, {"make -v", None}, {"make -n", None}, {"gcc --version", None},
		{"go test -h", None}, {"pytest --help", None}, {"go test -v ./...", Test},
		{"sh test.sh", Test}, {"bash ./scripts/build.sh", Build},
	}
	for _, tc := range tests {
		w := strings.Fields(tc.cmd)
		if got := VerificationOf(w[0], w[1:]); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.cmd, got, tc.want)
		}
	}
}

// TestScriptVerification: only the commands whose success a zero exit of
// the whole script proves are evidence.
func TestScriptVerification(t *testing.T) {
	for _, tc := range []struct {
		shell  []string
		script string
		want   Kind
	}{
		{nil, "cd web && npm run build", Build},
		{nil, "go test ./... || true", None},
		{nil, "go test ./... || echo failed", None},
		{nil, "npm test | tee log", None},
		{nil, "npm ci && npm test 2>&1 | tail -50", None},
		{nil, "go test ./...; true", None},
		{nil, "go test ./...; echo done", None},
		{nil, "go test ./... ; exit 0", None},
		{nil, "! go test ./...", None},
		{nil, "go test ./... &", None},
		{nil, "if go test ./...; then echo ok; fi", None},
		{nil, "go vet ./... && go test ./...", Test},
		{nil, "go build ./... && echo built", Build},
		{nil, "(cd web && npm test)", Test},
		{nil, "{ go test ./...; }", Test},
		{nil, "go test ./... 2>&1", Test},
		{nil, "set -e; go test ./...; echo done", Test},
		{nil, "set -e; go test ./... || true; echo done", None},
		{nil, "set -e; false && go test ./...; echo done", Test},
		{nil, "set -o pipefail; npm test | tee log", Test},
		{[]string{"-e"}, "go test ./...; echo done", Test},
		{[]string{"-euo", "pipefail"}, "npm test | tee log", Test},
		{[]string{"-o", "errexit"}, "make; echo ok", Build},
		{nil, "echo $(go test ./...)", None},
		{nil, "make --version && make --help", None},
		{nil, "go test ./... ; 'true'", None},
		{nil, "go test 'unterminated", None},
		{nil, "sh -c 'go test ./... || true'", None},
		{nil, "sh -c 'go test ./...'", Test},
	} {
		argv := append(append([]string{}, tc.shell...), "-c", tc.script)
		if got := VerificationOf("bash", argv); got != tc.want {
			t.Errorf("bash %q: %q, want %q", argv, got, tc.want)
		}
	}
	if got := VerificationOf("bash", []string{"-ec", "go test ./...; echo done"}); got != Test {
		t.Errorf("bash -ec: %q, want test", got)
	}
}
