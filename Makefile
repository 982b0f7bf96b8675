# wtagent — build, test and measure.
#
#   make demo   run the acceptance scenario on the embedded default
#   make test   vet + race tests + browser end-to-end tests

GO        ?= go
BIN       := bin/wtagent
PKGS      := ./...
FUZZTIME  ?= 20s
# The race detector and the browser tests share two cores in CI.
TESTFLAGS ?= -race -timeout 20m

.PHONY: all build test vet lint bench fuzz demo clean

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

bench: build
	$(GO) run ./cmd/wtbench

fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./protocol

demo: build
	./$(BIN) demo

clean:
	rm -rf bin
