# SHARC: the two commands are `make demo` and `make test`.
GO ?= go
BIN := bin/sharc
# VERSION names the build in `sharc version`, warcinfo records and WACZ
# packages (make build VERSION=1.2.0); unset, internal/version falls back to
# 0.1.0-dev and the VCS revision Go stamps into the binary.
VERSION ?=
# REVISION is the commit the build names (with ".dirty" for uncommitted
# changes), read from git here because Go stamps none in a git worktree
# (its .git is a file) nor with -buildvcs=false; set it by hand when
# building from an export without git.
REVISION ?= $(shell rev=$$(git rev-parse HEAD 2>/dev/null) && { git diff --quiet HEAD 2>/dev/null && echo $$rev || echo $$rev.dirty; })
LDFLAGS := $(if $(VERSION),-X github.com/sharc-archive/sharc/internal/version.linked=$(VERSION)) $(if $(REVISION),-X github.com/sharc-archive/sharc/internal/version.linkedRevision=$(REVISION))

.PHONY: all build test demo vet lint tidy bench bench-crawl bench-scale bench-cores bench-commit bench-cluster bench-coord bench-abuse clean pg chromium js compose promtool image replay-assets

all: build

build:
	$(GO) build -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/sharc

vet:
	$(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1)

# STATICCHECK_VERSION pins staticcheck; `go run pkg@version` fetches it
# from the module proxy once (then the module cache), so every machine
# lints with the same checks and the module's go.mod stays free of tool
# dependencies.
STATICCHECK_VERSION := v0.8.2

# lint fails on any staticcheck finding.
lint:
	$(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION) ./...

# tidy fails when go.mod or go.sum differ from what `go mod tidy` writes.
tidy:
	@GO=$(GO) scripts/check-tidy.sh

# pg makes sure the local PostgreSQL (127.0.0.1:5432, trust auth) is up.
pg:
	@scripts/ensure-postgres.sh

# chromium makes sure Debian's chromium is there for the report's browser test
# and the replay test (replaytest).
chromium:
	@scripts/ensure-chromium.sh

# compose makes sure docker-compose is there to validate docker-compose.yml
# (configs/deploy/deploy_test.go).
compose:
	@scripts/ensure-compose.sh

# promtool makes sure Prometheus's promtool is there to check the alert
# rules and a /metrics scrape (daemon/monitoring_test.go, metrics_test.go).
promtool:
	@scripts/ensure-promtool.sh

# image builds the daemon's container image (Dockerfile) with Docker or
# Podman, whichever is installed.
image:
	@if command -v docker >/dev/null 2>&1; then docker build -t sharc:latest .; \
	elif command -v podman >/dev/null 2>&1; then podman build -t sharc:latest .; \
	else echo "make image needs docker or podman" >&2; exit 1; fi

# js installs the pinned npm packages from their committed lockfiles: the
# independent WACZ reader and ReplayWeb.page (tests/js: webrecorder's
# warcio, replaytest) and the OpenAPI linter (tests/openapi, Redocly CLI;
# daemon/contract_test.go runs it).
js:
	@if command -v npm >/dev/null 2>&1 && command -v node >/dev/null 2>&1; then \
		npm ci --prefix tests/js --no-audit --no-fund && npm ci --prefix tests/openapi --no-audit --no-fund; \
	else echo "note: node/npm not found; the warcio cross-check, the replay test and the OpenAPI lint will be skipped"; fi

# replay-assets UPDATES the committed ReplayWeb.page build in daemon/console/replay/
# from tests/js's lockfile (docs/console.md, "Vendoring"); builds need not run it.
replay-assets:
	@scripts/vendor-replay.sh

test: vet lint tidy pg chromium js compose promtool
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
# scale"). Knobs: SMALL, BIG, STORES, WORKERS, BASELINE (a git revision
# whose build makes each capture again, right after).
bench-scale:
	scripts/bench-scale.sh

# bench-cores crawls the test site (its own process) at GOMAXPROCS 1, 2,
# 4, … nproc, on one host and on fifty, and prints pages/s, CPU per page,
# parallel efficiency and the block and mutex profiles (docs/benchmarks.md,
# "Core scaling"; knobs PAGES, HOSTS_LIST, PROCS_LIST, WORKERS, TIMEOUT).
bench-cores:
	scripts/bench-cores.sh

# bench-commit alternates BenchmarkCommitScale between the store code of
# git revisions REVS (default: the work tree; "." names it) and prints
# rows/s and, on PostgreSQL, the server's CPU per commit
# (docs/benchmarks.md, "At capture scale"). Knobs: REVS, BACKEND
# (postgres or sqlite), COMMITS, PAIRS.
REVS ?= .
bench-commit:
	scripts/bench-commit-ab.sh $(REVS)

# bench-cluster crawls 12 politeness-bound loopback hosts with 1, 2 and 3
# `sharc crawl --node` processes on one PostgreSQL, then times the takeover
# of a SIGKILLed node's hosts (docs/benchmarks.md, "Cluster").
bench-cluster:
	SHARC_BENCH_CLUSTER=1 SHARC_TEST_PG=$${SHARC_TEST_PG:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable} \
		$(GO) test -count=1 -timeout 20m -run '^TestClusterBench$$' -v ./cmd/sharc/

# bench-coord times what one node of a cluster reads each poll in a
# capture of 10^6 hosts on 50 nodes, against the queries of a72097f on the
# same rows, interleaved (docs/benchmarks.md, "Cluster coordination at
# 10^6 hosts"). Knob: POLLS (polls per round).
POLLS ?= 20
bench-coord:
	SHARC_BENCH_COORD=1 SHARC_TEST_PG=$${SHARC_TEST_PG:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable} \
		$(GO) test -count=1 -timeout 30m -run '^$$' -bench '^BenchmarkClusterPoll$$' -benchtime $(POLLS)x ./store/

# bench-abuse floods a real `sharc serve` on loopback with 20,000
# unauthenticated slow-body connections from several 127.x addresses and
# prints /healthz and authorised API latency (p99, max), the daemon's RSS
# and fds and the load average (docs/benchmarks.md, "Slow-body flood").
# Knobs: CONNS, SOURCES, DURATION, TRICKLE, PORT, BASELINE.
bench-abuse:
	scripts/bench-abuse.sh

clean:
	rm -rf bin demo-output
