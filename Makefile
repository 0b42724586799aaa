# Build, test and lint targets for the camelot engine.

GO          ?= go
BINARY      := camelot
FUZZTIME    ?= 30s
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
# GoReleaser, run with go run (make dist, make release-check). v2.16.0 builds
# with Go 1.26; v2.18 needs Go 1.27, and v2.17 fetches a module from
# go.digitalxero.dev, which not every module proxy serves.
GORELEASER  := github.com/goreleaser/goreleaser/v2@v2.16.0

.DEFAULT_GOAL := build

.PHONY: build test bench perft fuzz lint clean web dist release-check

build:
	$(GO) build -o $(BINARY) .

# The static web page (the board and the engine as WebAssembly in a Web
# Worker) in dist/web/, for any static file host. VERSION stamps it.
web:
	$(GO) run ./web/build -out dist/web $(if $(VERSION),-version $(VERSION))

# The race detector needs cgo (a C compiler); without one that step is skipped
# with a notice instead of failing.
test:
	$(GO) vet ./...
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
		echo "NOTICE: chromium is not installed; the browser tests of ./gui are skipped"
	@command -v node >/dev/null 2>&1 || \
		echo "NOTICE: node is not installed; the WebAssembly tests of ./web/build are skipped"
	$(GO) test -count=1 ./...
	@if [ "$$($(GO) env CGO_ENABLED)" = "1" ]; then \
		echo "$(GO) test -count=1 -race -short ./..."; \
		$(GO) test -count=1 -race -short ./...; \
	else \
		echo "NOTICE: cgo is disabled (no C compiler?); skipping go test -race"; \
	fi

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./movegen/
	$(GO) run . bench

perft:
	$(GO) run . perft -threads 0 5

fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParseCFEN$$' -fuzztime $(FUZZTIME) ./movegen/
	$(GO) test -run '^$$' -fuzz '^FuzzParseMove$$' -fuzztime $(FUZZTIME) ./movegen/
	$(GO) test -run '^$$' -fuzz '^FuzzCommandLine$$' -fuzztime $(FUZZTIME) ./protocol/
	$(GO) test -run '^$$' -fuzz '^FuzzRead$$' -fuzztime $(FUZZTIME) ./record/
	$(GO) test -run '^$$' -fuzz '^FuzzScan$$' -fuzztime $(FUZZTIME) ./datagen/
	$(GO) test -run '^$$' -fuzz '^FuzzLoad$$' -fuzztime $(FUZZTIME) ./book/
	$(GO) test -run '^$$' -fuzz '^FuzzHandlers$$' -fuzztime $(FUZZTIME) ./gui/

lint:
	@out="$$(gofmt -l .)"; if [ -n "$$out" ]; then \
		echo "gofmt -l reports unformatted files:"; echo "$$out"; exit 1; \
	fi
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./web/ ./engine/ ./protocol/
	$(GO) run $(STATICCHECK) ./...

# Release archives of a snapshot in dist/release/ (see .goreleaser.yaml):
# camelot for Linux, macOS and Windows on amd64 and arm64, the web page
# (make web), checksums. CAMELOT_COMMIT names the commit in the snapshot's
# version as `camelot version` does (GoReleaser reads no commit from a clone
# without a remote).
dist:
	CAMELOT_COMMIT="$$(git rev-parse --short=12 HEAD 2>/dev/null)$$(test -z "$$(git status --porcelain 2>/dev/null)" || echo +dirty)" \
		$(GO) run $(GORELEASER) release --snapshot --clean

# Validate .goreleaser.yaml.
release-check:
	$(GO) run $(GORELEASER) check

clean:
	rm -f $(BINARY) *.test *.out *.prof
	rm -rf dist/
