# Build, test and lint targets for the camelot engine.

GO          ?= go
BINARY      := camelot
FUZZTIME    ?= 30s
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
# actionlint checks the GitHub Actions workflows in .github/workflows/.
ACTIONLINT  := github.com/rhysd/actionlint/cmd/actionlint@v1.7.12
# GoReleaser, run with go run (make dist, make release-check). v2.16.0 builds
# with Go 1.26; v2.18 needs Go 1.27, and v2.17 fetches a module from
# go.digitalxero.dev, which not every module proxy serves.
GORELEASER  := github.com/goreleaser/goreleaser/v2@v2.16.0

# make net: the next generation of VARIANT's net, generation GEN (no
# default: the command says it is missing); NETFLAGS passes more options
# (camelot net -h), e.g. NETFLAGS="-steps match" or NETFLAGS=-dry-run.
VARIANT     ?= camelot

.DEFAULT_GOAL := build

.PHONY: build test bench perft fuzz lint clean web dist release release-check generate net

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
		command -v google-chrome >/dev/null 2>&1 || command -v google-chrome-stable >/dev/null 2>&1 || \
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

# internal/wide: the engine's packages again for the 14-file grid of
# Chivalry (see internal/widegen). Run after changing any of them; a test
# fails while the copy is stale.
generate:
	$(GO) generate ./movegen

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./movegen/
	$(GO) run . bench

perft:
	$(GO) run . perft -threads 0 5

# Datagen, train, an SPRT against the current net and, when it passes, the
# install of the new net in nnue/default/ (docs/training.md). Resumable:
# run it again to go on. The work goes to net-work/VARIANT-genGEN/.
net:
	$(GO) run . net -variant $(VARIANT) -gen $(GEN) $(NETFLAGS)

# Every fuzz target of the module (each func FuzzXxx in a _test.go file),
# FUZZTIME each, after one another. A failing input is written to the
# package's testdata/fuzz/FuzzXxx/; the other targets still run, and the
# target ends by naming those that failed.
fuzz:
	@failed=""; \
	for f in $$(grep -rl --include='*_test.go' --exclude-dir=testdata --exclude-dir=dist --exclude-dir=.git '^func Fuzz' . | sort); do \
		for t in $$(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' "$$f"); do \
			pkg="./$$(dirname "$${f#./}")"; \
			echo "== $$t in $$pkg"; \
			$(GO) test -run '^$$' -fuzz "^$$t\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 5s "$$pkg" || failed="$$failed $$pkg:$$t"; \
		done; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz targets that failed:$$failed"; exit 1; fi

lint:
	@out="$$(gofmt -l .)"; if [ -n "$$out" ]; then \
		echo "gofmt -l reports unformatted files:"; echo "$$out"; exit 1; \
	fi
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./web/ ./engine/ ./protocol/
	$(GO) run $(STATICCHECK) ./...
	$(GO) run $(ACTIONLINT)
	@# testdata/actionlint/broken.yml has three mistakes; actionlint must
	@# report each of them, which shows that the check above can fail.
	@out="$$($(GO) run $(ACTIONLINT) -oneline -shellcheck= testdata/actionlint/broken.yml 2>&1)"; \
	for rule in syntax-check action expression; do \
		if ! echo "$$out" | grep -q "^testdata/actionlint/broken.yml:.*\[$$rule\]$$"; then \
			echo "actionlint did not report the [$$rule] mistake of testdata/actionlint/broken.yml:"; \
			echo "$$out"; exit 1; \
		fi; \
	done

# Release archives of a snapshot in dist/release/ (see .goreleaser.yaml):
# camelot for Linux, macOS and Windows on amd64 and arm64, the web page
# (make web), checksums. CAMELOT_COMMIT names the commit in the snapshot's
# version as `camelot version` does (GoReleaser reads no commit from a clone
# without a remote).
dist:
	CAMELOT_COMMIT="$$(git rev-parse --short=12 HEAD 2>/dev/null)$$(test -z "$$(git status --porcelain 2>/dev/null)" || echo +dirty)" \
		$(GO) run $(GORELEASER) release --snapshot --clean

# Publish a release: the archives of make dist, for the version of the tag
# at HEAD, on the project's GitHub releases page. Needs GITHUB_TOKEN; run by
# .github/workflows/release.yml when a tag v* is pushed.
release:
	$(GO) run $(GORELEASER) release --clean

# Validate .goreleaser.yaml.
release-check:
	$(GO) run $(GORELEASER) check

clean:
	rm -f $(BINARY) *.test *.out *.prof
	rm -rf dist/
