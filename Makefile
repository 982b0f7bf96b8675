# wtagent — build, test and measure.
#
#   make demo   run the acceptance scenario on the embedded default
#   make test   vet + race tests + browser end-to-end tests
#   make compat exports loaded by the real Codex CLI and Claude Code

GO        ?= go
BIN       := bin/wtagent
PKGS      := ./...
FUZZTIME  ?= 20s
# The race detector and the browser tests share two cores in CI.
TESTFLAGS ?= -race -timeout 20m
# The tool versions make compat checks exports against.
CODEX_VERSION  ?= 0.171.0
CLAUDE_VERSION ?= 2.1.197

.PHONY: all build test vet lint bench fuzz demo compat clean

all: build

build:
	$(GO) build -o $(BIN) ./cmd/wtagent

vet:
	$(GO) vet $(PKGS)

lint: vet
	@out=$$(gofmt -l $$(git ls-files '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

test: lint
	$(GO) test $(TESTFLAGS) $(PKGS)

# compat installs the pinned tools into a fresh temporary prefix and runs
# package compat (build tag compat) against loopback stand-ins of their APIs.
compat:
	@prefix=$$(mktemp -d); trap 'rm -rf "$$prefix"' EXIT; \
	npm install --prefix "$$prefix" --no-audit --no-fund --loglevel=error \
		@openai/codex@$(CODEX_VERSION) @anthropic-ai/claude-code@$(CLAUDE_VERSION) && \
	WTAGENT_COMPAT_PREFIX="$$prefix" $(GO) test -tags compat -count=1 -v -timeout 15m ./compat

bench: build
	$(GO) run ./cmd/wtbench

fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./protocol

demo: build
	./$(BIN) demo

clean:
	rm -rf bin
