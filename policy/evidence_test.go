package policy

import (
	"strings"
	"testing"
)

func TestVerificationOf(t *testing.T) {
	tests := []struct {
		cmd  string
		want Evidence
	}{
		{"go test ./...", EvidenceTest}, {"go build ./cmd/x", EvidenceBuild}, {"go vet ./...", EvidenceBuild}, {"go run .", EvidenceRun},
		{"go mod tidy", EvidenceNone}, {"cargo test", EvidenceTest}, {"cargo check", EvidenceBuild},
		{"npm test", EvidenceTest}, {"npm run build", EvidenceBuild}, {"npm run dev", EvidenceNone}, {"npm install", EvidenceNone}, {"npm ci", EvidenceNone},
		{"pnpm typecheck", EvidenceBuild}, {"yarn test:unit", EvidenceTest}, {"bun run lint", EvidenceLint}, {"npx vitest run", EvidenceTest},
		{"npx tsc --noEmit", EvidenceBuild}, {"pnpm exec playwright test", EvidenceTest},
		{"python3 -m pytest -q", EvidenceTest}, {"python -m unittest", EvidenceTest}, {"pytest", EvidenceTest}, {"python3 app.py", EvidenceRun},
		{"python3 -m http.server", EvidenceNone}, {"python3 -c print(1)", EvidenceNone},
		{"make", EvidenceBuild}, {"make test", EvidenceBuild}, {"./gradlew test", EvidenceTest}, {"mvn -q verify", EvidenceTest},
		{"cmake --build build", EvidenceBuild}, {"cmake ..", EvidenceNone}, {"dotnet test", EvidenceTest}, {"vite build", EvidenceBuild}, {"vite", EvidenceNone},
		{"node server.js", EvidenceRun}, {"node --version", EvidenceNone}, {"./build.sh", EvidenceBuild}, {"./scripts/run_tests.sh", EvidenceTest},
		{"./deploy.sh", EvidenceRun}, {"env CI=1 npm test", EvidenceTest}, {"timeout 60 go test", EvidenceTest},
		{"curl -fsS http://localhost:5173/", EvidenceSmoke}, {"curl https://example.com", EvidenceNone},
		{"ls -la", EvidenceNone}, {"git status", EvidenceNone}, {"rm -rf dist", EvidenceNone}, {"echo hi", EvidenceNone},
		{"eslint .", EvidenceLint}, {"ruff check .", EvidenceLint}, {"prettier --check .", EvidenceLint}, {"prettier --write .", EvidenceNone},
		// Options that only print prove nothing.
		{"make --version", EvidenceNone}, {"make -v", EvidenceNone}, {"make -n", EvidenceNone}, {"gcc --version", EvidenceNone},
		{"go test -h", EvidenceNone}, {"pytest --help", EvidenceNone}, {"go test -v ./...", EvidenceTest},
		{"sh test.sh", EvidenceTest}, {"bash ./scripts/build.sh", EvidenceBuild},
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
		want   Evidence
	}{
		{nil, "cd web && npm run build", EvidenceBuild},
		{nil, "go test ./... || true", EvidenceNone},
		{nil, "go test ./... || echo failed", EvidenceNone},
		{nil, "npm test | tee log", EvidenceNone},
		{nil, "npm ci && npm test 2>&1 | tail -50", EvidenceNone},
		{nil, "go test ./...; true", EvidenceNone},
		{nil, "go test ./...; echo done", EvidenceNone},
		{nil, "go test ./... ; exit 0", EvidenceNone},
		{nil, "! go test ./...", EvidenceNone},
		{nil, "go test ./... &", EvidenceNone},
		{nil, "if go test ./...; then echo ok; fi", EvidenceNone},
		{nil, "go vet ./... && go test ./...", EvidenceTest},
		{nil, "go build ./... && echo built", EvidenceBuild},
		{nil, "(cd web && npm test)", EvidenceTest},
		{nil, "{ go test ./...; }", EvidenceTest},
		{nil, "go test ./... 2>&1", EvidenceTest},
		{nil, "set -e; go test ./...; echo done", EvidenceTest},
		{nil, "set -e; go test ./... || true; echo done", EvidenceNone},
		{nil, "set -e; false && go test ./...; echo done", EvidenceTest},
		{nil, "set -o pipefail; npm test | tee log", EvidenceTest},
		{[]string{"-e"}, "go test ./...; echo done", EvidenceTest},
		{[]string{"-euo", "pipefail"}, "npm test | tee log", EvidenceTest},
		{[]string{"-o", "errexit"}, "make; echo ok", EvidenceBuild},
		{nil, "echo $(go test ./...)", EvidenceNone},
		{nil, "make --version && make --help", EvidenceNone},
		{nil, "go test ./... ; 'true'", EvidenceNone},
		{nil, "go test 'unterminated", EvidenceNone},
		{nil, "sh -c 'go test ./... || true'", EvidenceNone},
		{nil, "sh -c 'go test ./...'", EvidenceTest},
	} {
		argv := append(append([]string{}, tc.shell...), "-c", tc.script)
		if got := VerificationOf("bash", argv); got != tc.want {
			t.Errorf("bash %q: %q, want %q", argv, got, tc.want)
		}
	}
	if got := VerificationOf("bash", []string{"-ec", "go test ./...; echo done"}); got != EvidenceTest {
		t.Errorf("bash -ec: %q, want test", got)
	}
}
