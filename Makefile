# wtagent — build, test and measure.
#
#   make demo   run the acceptance scenario on the embedded default
#   make test   vet + race tests + browser end-to-end tests (+ make test-user)
#   make test-short the unit tests alone (go test -short): the inner loop
#   make cover  coverage of the unit and end-to-end tests, merged, per package
#   make test-user  the sandbox tests again as an unprivileged user
#   make compat exports loaded by the real Codex CLI and Claude Code,
#               `wtagent mcp serve` called by the real MCP Inspector, and
#               the reference MCP servers used in a run
#   make cross  build and vet every package for the other platforms
#   make wine-test  the Windows tests under Wine (skipped without wine)
#   make release reproducible, stamped binaries for every platform in dist/

GO        ?= go
BIN       := bin/wtagent
PKGS      := ./...
FUZZTIME  ?= 20s
# Every other fuzz target runs this long in `make fuzz`; FuzzParse gets FUZZTIME.
FUZZBRIEF ?= 3s
# staticcheck is pinned and built from source here, so CI needs nothing but Go.
STATICCHECK_VERSION := v0.8.2
STATICCHECK := bin/tools/staticcheck-$(STATICCHECK_VERSION)/staticcheck
# actionlint checks the CI workflow, built from source the same way; it runs
# shellcheck on the run: blocks when shellcheck is on PATH (.ci/run
# installs it), never pyflakes.
ACTIONLINT_VERSION := v1.7.12
ACTIONLINT := bin/tools/actionlint-$(ACTIONLINT_VERSION)/actionlint
SHELLCHECK ?= $(shell command -v shellcheck)
# The race detector and the browser tests share two cores in CI.
TESTFLAGS ?= -race -timeout 20m
# The tool versions make compat checks exports against.
CODEX_VERSION  ?= 0.171.0
CLAUDE_VERSION ?= 2.1.197
# The MCP Inspector make compat runs `wtagent mcp serve` under.
INSPECTOR_VERSION ?= 2.12.0
# The reference MCP servers make compat configures in a run.
MCP_SERVERS_VERSION ?= 2026.8.31
# The ACP TypeScript SDK make compat drives `wtagent acp` with.
ACP_SDK_VERSION ?= 2.4.0

# The platforms checked by cross-compiling (the host is checked by vet and
# the tests): every package, test files included, must build and vet.
CROSS_TARGETS := windows/amd64 darwin/arm64 darwin/amd64 linux/arm64
# What make release stamps: the nearest tag (0.1.0-dev before the first),
# the commit and the commit's date (not the build's, so a rebuild gives the
# same bytes).
VERSION ?= $(shell git describe --tags --dirty 2>/dev/null || echo 0.1.0-dev)
COMMIT  ?= $(shell git rev-parse --short=12 HEAD 2>/dev/null)
DATE    ?= $(shell TZ=UTC git log -1 --format=%cd --date=format-local:%Y-%m-%dT%H:%M:%SZ 2>/dev/null)

.PHONY: all build test test-short cover test-user vet lint cross wine-test release bench fuzz demo compat clean

all: build

build:
	$(GO) build -o $(BIN) ./cmd/wtagent

vet:
	$(GO) vet $(PKGS)

lint: vet $(STATICCHECK) $(ACTIONLINT)
	@out=$$(gofmt -l $$(git ls-files '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	@# go.mod and go.sum as go mod tidy leaves them (every platform's files count).
	@$(GO) mod tidy -diff || { echo "lint: go.mod or go.sum is not tidy: run go mod tidy"; exit 1; }
	$(STATICCHECK) $(PKGS)
	@[ -n "$(SHELLCHECK)" ] || echo "lint: shellcheck is not on PATH: the workflow's run: blocks go unchecked (Debian: apt-get install shellcheck)"
	$(ACTIONLINT) -shellcheck="$(SHELLCHECK)" -pyflakes= .github/workflows/*.yml

$(STATICCHECK):
	GOBIN=$(abspath $(dir $(STATICCHECK))) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

$(ACTIONLINT):
	GOBIN=$(abspath $(dir $(ACTIONLINT))) $(GO) install github.com/rhysd/actionlint/cmd/actionlint@$(ACTIONLINT_VERSION)

cross:
	@set -e; for t in $(CROSS_TARGETS); do \
		echo "cross $$t: build and vet"; \
		CGO_ENABLED=0 GOOS=$${t%/*} GOARCH=$${t#*/} $(GO) build -trimpath $(PKGS); \
		CGO_ENABLED=0 GOOS=$${t%/*} GOARCH=$${t#*/} $(GO) vet $(PKGS); \
	done

# release builds and checks the binaries (format and machine of each, the
# host's --version) and writes dist/SHA256SUMS; cmd/wtrelease's test does
# the same in a temporary directory as part of make test.
release:
	rm -rf dist
	$(GO) run ./cmd/wtrelease -out dist -version "$(VERSION)" -commit "$(COMMIT)" -date "$(DATE)"

test: lint cross wine-test test-user
	$(GO) test $(TESTFLAGS) $(PKGS)

# test-short is the inner loop: browser, end-to-end and toolchain tests
# skip under -short (each says why).
test-short:
	$(GO) test -short $(PKGS)

# cover runs the unit tests (-short) with coverage, then the end-to-end
# tests against a wtagent built with -cover (WTAGENT_E2E_COVERDIR: each run
# writes its counters to GOCOVERDIR), and prints the merged coverage of
# each package; cover.out is the merged profile (go tool cover -html).
cover:
	@dir=$$(mktemp -d); trap 'rm -rf "$$dir"' EXIT; mkdir "$$dir/unit" "$$dir/e2e"; \
	$(GO) test -short -count=1 -covermode=atomic -cover $(PKGS) -args -test.gocoverdir="$$dir/unit" && \
	WTAGENT_E2E_COVERDIR="$$dir/e2e" $(GO) test -count=1 -timeout 30m ./cmd/wtagent && \
	echo "cover: unit and end-to-end tests merged, per package:" && \
	$(GO) tool covdata percent -i="$$dir/unit,$$dir/e2e" && \
	$(GO) tool covdata textfmt -i="$$dir/unit,$$dir/e2e" -o cover.out && \
	$(GO) tool cover -func=cover.out | tail -1

# test-user runs the sandbox and policy tests and the command line's
# sandbox end-to-end tests as an unprivileged user (nobody, by setpriv,
# when run as root): a protection that holds only for root fails there.
test-user:
	.ci/testuser

# wine-test runs the Windows tests of the Windows rules, ConPTY spawn and
# Job Objects as Windows binaries under Wine (says so and skips without it).
wine-test:
	.ci/winetest

# compat installs the pinned tools into a fresh temporary prefix and runs
# package compat (build tag compat) against loopback stand-ins of their APIs
# (and, for the inspector, the mock ChatGPT page in headless Chromium).
compat:
	@prefix=$$(mktemp -d); trap 'rm -rf "$$prefix"' EXIT; \
	npm install --prefix "$$prefix" --no-audit --no-fund --loglevel=error \
		@openai/codex@$(CODEX_VERSION) @anthropic-ai/claude-code@$(CLAUDE_VERSION) \
		@modelcontextprotocol/inspector@$(INSPECTOR_VERSION) \
		@modelcontextprotocol/server-everything@$(MCP_SERVERS_VERSION) \
		@modelcontextprotocol/server-filesystem@$(MCP_SERVERS_VERSION) \
		@agentclientprotocol/sdk@$(ACP_SDK_VERSION) && \
	WTAGENT_COMPAT_PREFIX="$$prefix" $(GO) test -tags compat -count=1 -v -timeout 15m ./compat

bench: build
	$(GO) run ./cmd/wtbench

# fuzz runs every fuzz target for FUZZBRIEF, then FuzzParse for FUZZTIME.
fuzz:
	@set -e; git grep -n '^func Fuzz[A-Za-z0-9_]*(' -- '*_test.go' | \
	sed -E 's|^(.*)/[^/]*:[0-9]+:func (Fuzz[A-Za-z0-9_]*)\(.*|\1 \2|' | \
	while read -r dir name; do \
		[ "$$name" = FuzzParse ] && continue; \
		echo "fuzz $$name ./$$dir ($(FUZZBRIEF))"; \
		$(GO) test -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZBRIEF) ./$$dir; \
	done
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./protocol

demo: build
	./$(BIN) demo

clean:
	rm -rf bin dist
