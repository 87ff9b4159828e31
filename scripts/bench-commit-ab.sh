#!/usr/bin/env bash
# scripts/bench-commit-ab.sh REV... : commit A/B of store code
# (docs/benchmarks.md, "At capture scale"). Builds the store package's test
# binary at each git revision (HEAD's work tree for "."), then runs
# BenchmarkCommitScale with each in turn, PAIRS rounds, and prints per run
# the benchmark's rows/s, its first and last thousand commits, and, on
# PostgreSQL, the CPU the server spent per commit (every postgres process
# plus what the postmaster reaped, from /proc, as scripts/bench-crawl.sh
# counts it).
# Alternating the binaries within one run is what makes their figures
# comparable on a shared machine. Loopback only.
#
# Knobs: BACKEND (postgres, or sqlite: a fresh file in a temporary
# folder), COMMITS (3000; 10000 is 10^6 records), PAIRS (5),
# SHARC_TEST_PG (postgres://postgres@127.0.0.1:5432/test?sslmode=disable).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: $0 REV [REV...] (. = the work tree)" >&2; exit 2; }
COMMITS=${COMMITS:-3000}
PAIRS=${PAIRS:-5}
export SHARC_TEST_PG=${SHARC_TEST_PG:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable}
export SHARC_BENCH_BACKEND=${BACKEND:-postgres}
case $SHARC_BENCH_BACKEND in
postgres) scripts/ensure-postgres.sh ;;
sqlite) ;;
*) echo "BACKEND must be postgres or sqlite" >&2; exit 2 ;;
esac

work=$(mktemp -d /tmp/sharc-commit-ab.XXXXXX)
names=()
for rev in "$@"; do
	name=$(echo "$rev" | tr -c 'A-Za-z0-9\n' '_')
	if [ "$rev" = . ]; then
		go test -c -o "$work/$name.test" ./store
	else
		git worktree add -q --detach "$work/src" "$rev"
		(cd "$work/src" && go test -c -o "$work/$name.test" ./store)
		git worktree remove --force "$work/src"
	fi
	names+=("$name")
done

clk=$(getconf CLK_TCK)
[ "$SHARC_BENCH_BACKEND" = sqlite ] || source scripts/pg-ticks.sh # pg_ticks

uptime
for i in $(seq 1 "$PAIRS"); do
	for name in "${names[@]}"; do
		t0=0 t1=0
		[ "$SHARC_BENCH_BACKEND" = sqlite ] || t0=$(pg_ticks)
		out=$("$work/$name.test" -test.run '^$' -test.bench CommitScale -test.benchtime "${COMMITS}x" 2>&1 | grep '^Benchmark') || { echo "$name failed" >&2; exit 1; }
		[ "$SHARC_BENCH_BACKEND" = sqlite ] || t1=$(pg_ticks)
		echo "$out" | awk -v v="$name" -v ms=$(( (t1 - t0) * 1000 / clk )) -v n="$COMMITS" \
			'{for (i = 1; i < NF; i++) m[$(i+1)] = $i
			  printf "%-12s rows/s %s  first %s  last %s ms/commit", v, m["rows/s"], m["first-ms/commit"], m["last-ms/commit"]
			  if (ENVIRON["SHARC_BENCH_BACKEND"] == "postgres") printf "  server %.2f ms/commit", ms / n
			  printf "\n"}'
	done
done
uptime
rm -rf "$work"
