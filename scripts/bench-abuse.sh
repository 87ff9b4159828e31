#!/usr/bin/env bash
# make bench-abuse: does `sharc serve` stay responsive under the slow-body
# flood of issue 26? (docs/benchmarks.md, "Slow-body flood"). Starts a
# real daemon (SQLite store in a temporary directory, a token) on
# 127.0.0.1:PORT, then research/benchabuse opens CONNS unauthenticated
# POST /api/v1/jobs connections (Content-Length 200000, a byte every
# TRICKLE, dialling again when closed) from SOURCES addresses 127.0.0.2…,
# one worker process each, for DURATION, and meanwhile measures /healthz
# and an authorised GET /api/v1/jobs from 127.0.0.1 (p99 and max must stay
# under 1 s), the daemon's RSS and fds, and the load average. Loopback
# only; bounded in connections and time.
#
# Knobs: CONNS (20000), SOURCES (10), DURATION (75s), TRICKLE (5s),
# PORT (18180), BASELINE (a git revision: the same flood is then run
# against sharc built from it, e.g. BASELINE=f1d4fba for the code before
# the hardening).
set -euo pipefail
cd "$(dirname "$0")/.."

CONNS=${CONNS:-20000}
SOURCES=${SOURCES:-10}
DURATION=${DURATION:-75s}
TRICKLE=${TRICKLE:-5s}
PORT=${PORT:-18180}

# The flood's workers and the daemon need more descriptors than the usual
# 1024; Go raises the soft limit to the hard one, this raises the hard one
# where allowed (root).
ulimit -Hn 65536 2>/dev/null || true
ulimit -n "$(ulimit -Hn)"

work=$(mktemp -d /tmp/sharc-bench-abuse.XXXXXX)
echo "work dir: $work; ulimit -n $(ulimit -n)"
go build -o "$work/sharc" ./cmd/sharc
go build -o "$work/benchabuse" ./research/benchabuse
builds=(sharc)
if [ -n "${BASELINE:-}" ]; then
	mkdir "$work/baseline-src"
	git archive "$BASELINE" | tar -x -C "$work/baseline-src"
	(cd "$work/baseline-src" && go build -o "$work/sharc-base" ./cmd/sharc)
	builds+=(sharc-base)
fi

pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; true' EXIT
for b in "${builds[@]}"; do
	rm -rf "$work/data" "$work/sharc.db"*
	# Only keys the code before the hardening knows too: the defaults
	# under test are the ones a fresh config gets.
	cat >"$work/sharc.yaml" <<EOF
listen: 127.0.0.1:$PORT
token: bench-token
store: sqlite:$work/sharc.db
data_dir: $work/data
EOF
	"$work/$b" serve --config "$work/sharc.yaml" 2>"$work/$b.log" &
	pid=$!
	echo
	if [ "$b" = sharc ]; then rev="work tree at $(git rev-parse --short HEAD)"; else rev="baseline $BASELINE"; fi
	echo "== $b ($rev): sharc serve pid $pid"
	timeout --kill-after=10s "$((${DURATION%s} + 60))s" \
		"$work/benchabuse" -addr "127.0.0.1:$PORT" -token bench-token -pid "$pid" \
		-conns "$CONNS" -sources "$SOURCES" -duration "$DURATION" -trickle "$TRICKLE" || echo "benchabuse failed: $?"
	kill -TERM "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	pid=
	grep -c "too many open files" "$work/$b.log" | sed 's/^/daemon log lines "too many open files": /' || true
done
