# SHARC: the two commands are `make demo` and `make test`.
GO ?= go
BIN := bin/sharc

.PHONY: all build test demo vet bench bench-crawl bench-scale clean pg chromium js

all: build

build:
	$(GO) build -o $(BIN) ./cmd/sharc

vet:
	$(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1)

# pg makes sure the local PostgreSQL (127.0.0.1:5432, trust auth) is up.
pg:
	@scripts/ensure-postgres.sh

# chromium makes sure Debian's chromium is there for the report's browser test.
chromium:
	@scripts/ensure-chromium.sh

# js installs the pinned npm packages of the independent WACZ reader
# (tests/js, webrecorder's warcio) from the committed lockfile.
js:
	@if command -v npm >/dev/null 2>&1 && command -v node >/dev/null 2>&1; then npm ci --prefix tests/js --no-audit --no-fund; else echo "note: node/npm not found; the warcio cross-check (wacz/warcio_test.go) will be skipped"; fi

test: vet pg chromium js
	SHARC_TEST_PG=$${SHARC_TEST_PG:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable} $(GO) test -count=1 -timeout 40m ./...

demo: build
	./$(BIN) demo --out demo-output

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# bench-crawl compares sharc crawl (SQLite and PostgreSQL) with wget and two
# ceilings on Debian's Python and PostgreSQL docs served by nginx on
# loopback (docs/benchmarks.md, "Crawl benchmark"). Knobs: ROUNDS, SITES,
# LAYOUTS, WORKERS.
bench-crawl:
	scripts/bench-crawl.sh

# bench-scale captures the test site at 10^4 and 10^6 pages on SQLite and
# PostgreSQL: pages/s and peak RSS (docs/benchmarks.md, "Capture at
# scale"). Knobs: SMALL, BIG, STORES, WORKERS.
bench-scale:
	scripts/bench-scale.sh

clean:
	rm -rf bin demo-output
