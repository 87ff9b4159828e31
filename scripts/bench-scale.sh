#!/usr/bin/env bash
# make bench-scale: does a capture stay linear and small from 10^4 to 10^6
# pages? (docs/benchmarks.md, "Capture at scale"). For each store (SQLite,
# PostgreSQL) it captures the synthetic test site (sharc testsite, one
# host, outdegree 10, a sitemap index listing every page) once at SMALL and
# once at BIG pages, politeness off, and prints pages/s of the crawl (from
# the crawl summary), peak RSS of the whole run (crawl, quality report and
# all, from /usr/bin/time) and the store's size. Loopback only.
#
# Knobs: SMALL (10000), BIG (1000000), STORES ("sqlite postgres"),
# WORKERS (16), SHARC_BENCH_PG (postgres://postgres@127.0.0.1:5432),
# BASELINE (a git revision: each capture is also made, right after, by
# sharc built from it, its row marked with the revision).
set -euo pipefail
cd "$(dirname "$0")/.."

SMALL=${SMALL:-10000}
BIG=${BIG:-1000000}
STORES=${STORES:-"sqlite postgres"}
WORKERS=${WORKERS:-16}
PGURL=${SHARC_BENCH_PG:-postgres://postgres@127.0.0.1:5432}

[ -x /usr/bin/time ] || apt-get install -y time >/dev/null
scripts/ensure-postgres.sh
work=$(mktemp -d /tmp/sharc-bench-scale.XXXXXX)
echo "work dir: $work"
go build -o "$work/sharc" ./cmd/sharc
builds=(sharc)
if [ -n "${BASELINE:-}" ]; then
	git worktree add -q --detach "$work/baseline-src" "$BASELINE"
	(cd "$work/baseline-src" && go build -o "$work/sharc-base" ./cmd/sharc)
	git worktree remove --force "$work/baseline-src"
	builds+=(sharc-base)
fi

pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
port=18190
declare -A SITE
for n in $SMALL $BIG; do
	port=$((port + 1))
	"$work/sharc" testsite --listen 127.0.0.1:$port --pages "$n" --outdegree 10 --time-unit 1h >"$work/site-$n.url" 2>/dev/null &
	pids+=($!)
	SITE[$n]=http://127.0.0.1:$port/
done
for n in $SMALL $BIG; do # wait until each site answers
	for _ in $(seq 100); do curl -sf -o /dev/null "${SITE[$n]}robots.txt" && break; sleep 0.1; done
done

# godur turns a Go duration (1h2m3.5s, 2m13.3s, 950ms) into seconds.
godur() {
	awk '{ t = 0; s = $0
		while (match(s, /^[0-9.]+(h|ms|m|s|µs)/)) {
			v = substr(s, 1, RLENGTH); s = substr(s, RLENGTH + 1); n = v + 0
			if (v ~ /ms$/) t += n / 1000; else if (v ~ /µs$/) t += n / 1e6; else if (v ~ /h$/) t += n * 3600; else if (v ~ /m$/) t += n * 60; else t += n
		}
		printf "%.3f\n", t }'
}

printf '| store | pages | crawl | pages/s | peak RSS MiB | store size |\n|---|---|---|---|---|---|\n' >"$work/summary.md"
uptime
for st in $STORES; do
	for n in $SMALL $BIG; do
	for bin in "${builds[@]}"; do
		label=$st
		[ "$bin" = sharc ] || label="$st at $BASELINE"
		dir=$work/$st-$n-$bin
		mkdir -p "$dir"
		store="sqlite:$dir/sharc.db"
		if [ "$st" = postgres ]; then
			psql "$PGURL/postgres" -qc 'DROP DATABASE IF EXISTS sharc_scale' -c 'CREATE DATABASE sharc_scale' >/dev/null 2>&1
			store="$PGURL/sharc_scale?sslmode=disable"
		fi
		cat >"$dir/job.yaml" <<EOF
name: scale
seeds: [${SITE[$n]}]
user_agent: "sharc-bench/1.0 (+http://127.0.0.1/bench)"
workers: $WORKERS
scope: {max_hops: 100}
politeness: {delay: 0s, delay_factor: 0, per_host: $WORKERS}
fetch: {allow_addresses: [127.0.0.0/8]}
warc: {dir: $dir/warcs, prefix: scale}
store: $store
EOF
		/usr/bin/time -f '%e %M' -o "$dir/time" "$work/$bin" crawl "$dir/job.yaml" >"$dir/out" 2>"$dir/err"
		fetched=$(awk '/fetched:/ {print $2}' "$dir/out")
		secs=$(awk '/stopped:/ {print $NF}' "$dir/out" | godur)
		read -r _ rss < <(tail -1 "$dir/time")
		if [ "$st" = postgres ]; then
			size=$(psql -At "$PGURL/sharc_scale" -c "SELECT pg_size_pretty(pg_database_size('sharc_scale'))")
		else
			size=$(du -h "$dir/sharc.db" | cut -f1)
		fi
		printf '| %s | %s | %ss | %.0f | %.0f | %s |\n' "$label" "$fetched" "$secs" "$(echo "$fetched $secs" | awk '{print $1 / $2}')" \
			"$(echo "$rss" | awk '{print $1 / 1024}')" "$size" | tee -a "$work/summary.md"
		rm -rf "$dir/warcs"/*/warcs/*.warc.gz # the WARCs are not measured; keep the disk
	done
	done
done
uptime
cat "$work/summary.md"
