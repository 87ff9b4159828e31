#!/usr/bin/env bash
# make bench-cores: does a capture's rate grow with cores and with hosts?
# (docs/benchmarks.md, "Core scaling"; issue 33). Needs only Go and this
# repository: no network, no PostgreSQL, loopback only.
#
# It builds a static (CGO_ENABLED=0) sharc and sharc-bench, serves the
# built-in test site (sharc-bench sites, package testsite) in a process of
# its own, PAGES pages in all, spread over each host count of HOSTS_LIST on
# 127.0.0.1 … 127.0.0.N, and crawls it with `sharc crawl` (SQLite store in
# a temp dir, politeness off) once per GOMAXPROCS of PROCS_LIST. It prints
# per run: pages/s (fetched over the crawl time of the summary), CPU ms
# per page (user + system of the whole crawler process, from the kernel's
# rusage of the waited-for child: crawl, store and quality report), the
# parallel efficiency (pages/s at N over N × pages/s at the first
# GOMAXPROCS, scaled when that is not 1) and the 1-minute load average at
# the end of the run, and the serial time per page: the wall time of the
# group committer's slower stage per committed exchange, and the larger
# of the two stages' CPU time per exchange (the summary's serial line; its
# split by step is echoed per run). Then, unless PROFILE=0, one more run per host count
# at the largest GOMAXPROCS with `sharc crawl --profile-dir` (every block
# and contention recorded: slower, so not timed) and the top entries of
# its block and mutex profiles (go tool pprof -top -cum), with their totals per
# page (delay summed over goroutines, not yet the serial time per page).
#
# Knobs: PAGES (20000), HOSTS_LIST ("1 50"), PROCS_LIST (1 2 4 … below
# nproc, and nproc), WORKERS (64), PER_HOST (3 × WORKERS for one host,
# max(8, 3 × WORKERS / hosts) for more: a worker's fetch and its two
# pages waiting for their commit), TIMEOUT (600, seconds per crawl; the
# crawl is interrupted then and the row marked), PROFILE (1), TOP (15,
# profile entries shown), PORT (18300), BIN_DIR (prebuilt static sharc and
# sharc-bench to use instead of building them; PROFILE needs go tool pprof).
set -euo pipefail
cd "$(dirname "$0")/.."

GO=${GO:-go}
PAGES=${PAGES:-20000}
HOSTS_LIST=${HOSTS_LIST:-"1 50"}
WORKERS=${WORKERS:-64}
TIMEOUT=${TIMEOUT:-600}
PROFILE=${PROFILE:-1}
TOP=${TOP:-15}
PORT=${PORT:-18300}
cores=$(nproc)
if [ -z "${PROCS_LIST:-}" ]; then
	PROCS_LIST=""
	for ((p = 1; p < cores; p *= 2)); do PROCS_LIST+="$p "; done
	PROCS_LIST+=$cores
fi

work=$(mktemp -d /tmp/sharc-bench-cores.XXXXXX)
echo "work dir: $work"
if [ -n "${BIN_DIR:-}" ]; then
	# Static binaries built elsewhere (a machine with more cores and no Go).
	cp "$BIN_DIR/sharc" "$BIN_DIR/sharc-bench" "$work/"
else
	CGO_ENABLED=0 $GO build -o "$work/sharc" ./cmd/sharc
	CGO_ENABLED=0 $GO build -o "$work/sharc-bench" ./cmd/sharc-bench
fi

site_pid=""
stop_site() {
	[ -n "$site_pid" ] || return 0
	kill "$site_pid" 2>/dev/null || true
	wait "$site_pid" 2>/dev/null || true
	site_pid=""
}
trap stop_site EXIT

# start_site HOSTS: serves PAGES/HOSTS pages on each of HOSTS hosts and
# waits (bounded) until every root URL is printed, i.e. listening.
start_site() {
	local hosts=$1 per=$((PAGES / $1))
	[ "$per" -ge 1 ] || { echo "PAGES=$PAGES is below $hosts hosts" >&2; exit 1; }
	"$work/sharc-bench" sites -hosts "$hosts" -port "$PORT" -pages "$per" >"$work/seeds-$hosts" 2>"$work/site-$hosts.err" &
	site_pid=$!
	for _ in $(seq 200); do
		[ "$(wc -l <"$work/seeds-$hosts")" -ge "$hosts" ] && return 0
		kill -0 "$site_pid" 2>/dev/null || break
		sleep 0.05
	done
	echo "test site did not start:" >&2
	cat "$work/site-$hosts.err" >&2
	exit 1
}

job() { # job HOSTS DIR
	local per=${PER_HOST:-}
	if [ -z "$per" ]; then
		# A worker's fetch and the two pages it may have waiting for
		# their commit (crawler.pendingPerWorker) each hold a host slot.
		per=$((3 * WORKERS))
		[ "$1" -gt 1 ] && per=$((3 * WORKERS / $1 > 8 ? 3 * WORKERS / $1 : 8))
	fi
	cat <<YAML
name: cores
seeds: [$(paste -sd, "$work/seeds-$1")]
user_agent: "sharc-bench/1.0 (+http://127.0.0.1/bench)"
workers: $WORKERS
scope: {max_hops: 100}
politeness: {delay: 0s, delay_factor: 0, per_host: $per}
fetch: {allow_addresses: [127.0.0.0/8]}
warc: {dir: $2/warcs, prefix: cores}
store: sqlite:$2/sharc.db
YAML
}

# godur turns a Go duration (1h2m3.5s, 2m13.3s, 950ms) into seconds.
godur() {
	awk '{ t = 0; s = $0
		while (match(s, /^[0-9.]+(h|ms|m|s|µs)/)) {
			v = substr(s, 1, RLENGTH); s = substr(s, RLENGTH + 1); n = v + 0
			if (v ~ /ms$/) t += n / 1000; else if (v ~ /µs$/) t += n / 1e6; else if (v ~ /h$/) t += n * 3600; else if (v ~ /m$/) t += n * 60; else t += n
		}
		printf "%.3f\n", t }'
}

# crawl HOSTS PROCS DIR [FLAGS…]: one crawl; its CPU comes from bash's
# `times` in a subshell whose only child is the crawler (via timeout).
crawl() {
	local hosts=$1 procs=$2 dir=$3
	rm -rf "$dir"
	mkdir -p "$dir"
	job "$hosts" "$dir" >"$dir/job.yaml"
	(
		rc=0
		GOMAXPROCS=$procs timeout -s INT "$TIMEOUT" "$work/sharc" crawl "${@:4}" "$dir/job.yaml" >"$dir/out" 2>"$dir/err" || rc=$?
		echo "$rc" >"$dir/rc"
		times >"$dir/times"
	)
	cut -d' ' -f1 /proc/loadavg >"$dir/load"
	rm -rf "$dir"/warcs/*/warcs "$dir"/sharc.db* # the WARCs are not measured; keep the disk
}

results=$work/results.tsv
: >"$results"
echo "load average: $(cut -d" " -f1-3 /proc/loadavg)"
for hosts in $HOSTS_LIST; do
	start_site "$hosts"
	for procs in $PROCS_LIST; do
		dir=$work/run-$hosts-$procs
		crawl "$hosts" "$procs" "$dir"
		fetched=$(awk '/fetched:/ {print $2}' "$dir/out")
		secs=$(awk '/stopped:/ {print $NF}' "$dir/out" | godur)
		# times' second line: the children's user and system time, 0m1.234s 0m0.567s.
		# The committer's wall time per page (crawler/serial.go), "-" from a
		# binary that predates the summary's serial line.
		serial=$(awk '/serial:/ {print $2}' "$dir/out")
		serialcpu=$(awk '/serial:/ { for (i = 1; i < NF; i++) if ($i == "CPU") print $(i + 1) }' "$dir/out")
		# Pages a group commit: the summary's "commits: N groups" line.
		groups=$(awk '/commits:/ {print $2}' "$dir/out")
		cpu=$(sed -n 2p "$dir/times" | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); t += a[1] * 60 + a[2] } printf "%.3f\n", t }')
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$hosts" "$procs" "${fetched:-0}" "${secs:-0}" "$cpu" "$(cat "$dir/load")" "$(cat "$dir/rc")" "${serial:--}" "${serialcpu:--}" "${groups:-0}" >>"$results"
		echo "  hosts $hosts GOMAXPROCS $procs: ${fetched:-0} pages in ${secs:-?}s, CPU ${cpu}s, exit $(cat "$dir/rc")"
		grep 'serial:' "$dir/out" || true
	done
	if [ "$PROFILE" != 0 ]; then
		procs=${PROCS_LIST##* }
		dir=$work/prof-$hosts-$procs
		crawl "$hosts" "$procs" "$dir" --profile-dir "$work/profiles-$hosts"
		fetched=$(awk '/fetched:/ {print $2}' "$dir/out")
		echo "$hosts $procs ${fetched:-0}" >>"$work/profiled"
	fi
	stop_site
done
echo "load average: $(cut -d" " -f1-3 /proc/loadavg)"

summary=$work/summary.md
{
	echo "PAGES=$PAGES WORKERS=$WORKERS on $cores cores ($(uname -m)); $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo
	printf '| hosts | GOMAXPROCS | pages | pages/s | CPU ms/page | parallel efficiency | serial µs/page | serial CPU µs/page | pages/group | load (1 min) |\n|---|---|---|---|---|---|---|---|---|---|\n'
	awk -F'\t' '
	{
		rate = ($4 > 0) ? $3 / $4 : 0
		if (!($1 in base)) { base[$1] = rate; bp[$1] = $2 }
		eff = (base[$1] > 0) ? rate * bp[$1] / ($2 * base[$1]) : 0
		mark = ($7 != 0) ? sprintf(" (exit %s)", $7) : ""
		group = ($10 > 0) ? sprintf("%.1f", $3 / $10) : "-"
		printf "| %s | %s | %d%s | %.0f | %.3f | %.2f | %s | %s | %s | %s |\n", $1, $2, $3, mark, rate, ($3 > 0) ? $5 * 1000 / $3 : 0, eff, $8, $9, group, $6
	}' "$results"
} | tee "$summary"

if [ "$PROFILE" != 0 ]; then
	while read -r hosts procs fetched; do
		for kind in block mutex; do
			f=$work/profiles-$hosts/$kind.pprof
			echo
			echo "### $kind profile, $hosts host(s), GOMAXPROCS $procs, $fetched pages"
			[ -s "$f" ] || { echo "(none written)"; continue; }
			$GO tool pprof -top -cum -nodecount="$TOP" "$work/sharc" "$f" 2>/dev/null >"$f.top" || true
			total=$(awk '/^Showing nodes accounting/ { for (i = 1; i <= NF; i++) if ($i == "total") print $(i - 1) }' "$f.top" | head -1)
			[ -n "$total" ] || total=$(awk '/^Duration|Total:/ {print $NF}' "$f.top" | head -1)
			echo "total delay ${total:-?} over $fetched pages, summed over goroutines"
			sed -n '/flat%/,$p' "$f.top"
		done
	done <"$work/profiled" | tee -a "$summary"
fi
echo "results: $results; summary: $summary"
