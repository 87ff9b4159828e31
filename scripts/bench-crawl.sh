#!/usr/bin/env bash
# make bench-crawl: SHARC against the tools people use, on real sites
# nobody here wrote, loopback only (docs/benchmarks.md, "Crawl benchmark").
#
# Sites: Debian's python3.11-doc and postgresql-doc-15 HTML, served by
# Debian's nginx on 127.0.0.1, each once as one host ("one") and once with
# every relative link rewritten onto 50 loopback hosts 127.0.0.1–50
# ("fifty", sharc-bench spread). For each, in ROUNDS interleaved rounds
# (the order of the tools rotates every round):
#   a  sharc crawl, politeness off, SQLite store
#   b  the same with a PostgreSQL store (SHARC_BENCH_PG; the server's CPU
#      is counted apart, from /proc)
#   c  wget --recursive --warc-file over the same scope
#   d  fetch-only ceiling: sharc-bench fetch of SHARC's 2xx URL set
#   e  fetch + WARC-gzip ceiling: the same through SHARC's WARC writer
# and prints, per tool, the medians of pages/s, MB/s, CPU ms per page and
# peak RSS, the ratios the issue's targets are stated in, and the URLs
# wget captured that SHARC did not (there must be none: exit 1 otherwise).
#
# Knobs: ROUNDS (3), SITES ("python pgdoc"), LAYOUTS ("one fifty"),
# WORKERS (16), SHARC_BENCH_PG (postgres://postgres@127.0.0.1:5432),
# BASELINE (a git revision: adds tool f, sharc crawl built from that
# revision on SQLite, to every round, for an A/B of two versions).
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-3}
SITES=${SITES:-"python pgdoc"}
LAYOUTS=${LAYOUTS:-"one fifty"}
WORKERS=${WORKERS:-16}
PGURL=${SHARC_BENCH_PG:-postgres://postgres@127.0.0.1:5432}
HOSTS=50

need=()
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
command -v wget >/dev/null || need+=(wget)
[ -x /usr/bin/time ] || need+=(time)
[ -d /usr/share/doc/python3.11/html ] || need+=(python3.11-doc)
[ -d /usr/share/doc/postgresql-doc-15/html ] || need+=(postgresql-doc-15)
if [ ${#need[@]} -gt 0 ]; then
	echo "installing ${need[*]}"
	apt-get install -y "${need[@]}" >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y "${need[@]}" >/dev/null; }
fi
scripts/ensure-postgres.sh

work=$(mktemp -d /tmp/sharc-bench-crawl.XXXXXX)
chmod 755 "$work"
echo "work dir: $work"
go build -o "$work/sharc" ./cmd/sharc
go build -o "$work/sharc-bench" ./cmd/sharc-bench
if [ -n "${BASELINE:-}" ]; then
	git worktree add -q --detach "$work/baseline-src" "$BASELINE"
	(cd "$work/baseline-src" && go build -o "$work/sharc-baseline" ./cmd/sharc)
	git worktree remove --force "$work/baseline-src"
fi

declare -A SRC=([python]=/usr/share/doc/python3.11/html [pgdoc]=/usr/share/doc/postgresql-doc-15/html)
declare -A PORT=([python/one]=18081 [pgdoc/one]=18082 [python/fifty]=18083 [pgdoc/fifty]=18084)
declare -A ROOT

servers=""
for site in $SITES; do
	for layout in $LAYOUTS; do
		port=${PORT[$site/$layout]}
		if [ "$layout" = one ]; then
			ROOT[$site/$layout]=${SRC[$site]}
		else
			ROOT[$site/$layout]=$work/www/$site-$layout
			"$work/sharc-bench" spread -src "${SRC[$site]}" -dst "${ROOT[$site/$layout]}" -port "$port" -hosts $HOSTS
		fi
		servers+="server { listen $port; root ${ROOT[$site/$layout]}; }"$'\n'
	done
done
cat >"$work/nginx.conf" <<EOF
worker_processes 2;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  include /etc/nginx/mime.types;
  keepalive_requests 100000;
  $servers
}
EOF
nginx -e "$work/nginx-error.log" -p "$work" -c "$work/nginx.conf"
trap 'kill "$(cat "$work/nginx.pid")" 2>/dev/null || true' EXIT

ua='sharc-bench/1.0 (+http://127.0.0.1/bench)'
clk=$(getconf CLK_TCK)
source scripts/pg-ticks.sh # pg_ticks

hostsD=$(seq -s, -f '127.0.0.%g' 1 $HOSTS)

job() { # job NAME SEED PORT LAYOUT DIR STORE
	local prefixes="[\"127.0.0.1:$3)/\"]"
	[ "$4" = fifty ] && prefixes="[$(seq -s, -f "\"127.0.0.%g:$3)/\"" 1 $HOSTS)]"
	cat <<EOF
name: $1
seeds: [$2]
user_agent: "$ua"
workers: $WORKERS
scope: {surt_prefixes: $prefixes, max_hops: 200}
politeness: {delay: 0s, delay_factor: 0, per_host: $((3 * WORKERS))}
fetch: {allow_addresses: [127.0.0.0/8]}
warc: {dir: $5/warcs, prefix: $1}
store: $6
EOF
}

timed() { # timed OUT CMD... : wall user sys maxrss_kib into OUT
	/usr/bin/time -f '%e %U %S %M' -o "$1" "${@:2}"
}

results=$work/results.tsv
: >"$results"
run() { # run SITE LAYOUT TOOL ROUND
	local site=$1 layout=$2 tool=$3 r=$4 port=${PORT[$1/$2]}
	local seed="http://127.0.0.1:$port/index.html" dir="$work/runs/$site-$layout-$tool-$r"
	mkdir -p "$dir"
	local pages extra=0 t0 t1
	case $tool in
	a | b | f)
		local store="sqlite:$dir/sharc.db" bin="$work/sharc"
		[ "$tool" = f ] && bin="$work/sharc-baseline"
		if [ "$tool" = b ]; then
			psql "$PGURL/postgres" -qc 'DROP DATABASE IF EXISTS sharc_bench' -c 'CREATE DATABASE sharc_bench' >/dev/null
			store="$PGURL/sharc_bench?sslmode=disable"
			t0=$(pg_ticks)
		fi
		job "bench-$tool" "$seed" "$port" "$layout" "$dir" "$store" >"$dir/job.yaml"
		timed "$dir/time" "$bin" crawl "$dir/job.yaml" >"$dir/out" 2>"$dir/err"
		[ "$tool" = b ] && { t1=$(pg_ticks); extra=$(( (t1 - t0) * 1000 / clk )); }
		"$work/sharc-bench" urls -crawllog "$(ls "$dir"/warcs/*/logs/crawl*.log | head -1)" >"$dir/urls"
		[ -s "$work/urls-$site-$layout" ] || cp "$dir/urls" "$work/urls-$site-$layout"
		;;
	c)
		local span=()
		[ "$layout" = fifty ] && span=(-H -D "$hostsD")
		timed "$dir/time" wget -r -l inf -nv -o "$dir/wget.log" --user-agent="$ua" "${span[@]}" \
			--warc-file="$dir/wget" -P "$dir/files" -nH --delete-after "$seed" || true
		"$work/sharc-bench" urls -wgetlog "$dir/wget.log" >"$dir/urls"
		;;
	d | e)
		local list="$work/urls-$site-$layout" warc=()
		[ "$tool" = e ] && warc=(-warc "$dir/warcs")
		timed "$dir/time" "$work/sharc-bench" fetch -urls "$list" -workers "$WORKERS" "${warc[@]}" >"$dir/out"
		cp "$list" "$dir/urls"
		;;
	esac
	pages=$(wc -l <"$dir/urls")
	read -r wall user sys rss < <(tail -1 "$dir/time")
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$site" "$layout" "$tool" "$r" "$pages" "$wall" "$user" "$sys" "$rss" "$extra" >>"$results"
	echo "  $site/$layout $tool round $r: $pages pages in ${wall}s"
}

uptime
for site in $SITES; do
	for layout in $LAYOUTS; do
		# SHARC's URL set feeds the ceilings, so each round starts with a.
		for r in $(seq 1 "$ROUNDS"); do
			tools=(a b c d e ${BASELINE:+f})
			rest=("${tools[@]:1}")
			k=$(( (r - 1) % ${#rest[@]} ))
			order=(a "${rest[@]:$k}" "${rest[@]:0:$k}")
			for tool in "${order[@]}"; do run "$site" "$layout" "$tool" "$r"; done
		done
		bytes=$(grep -o '"bytes":[0-9]*' "$work/runs/$site-$layout-d-1/out" | cut -d: -f2)
		echo "$site $layout $bytes" >>"$work/bytes"
	done
done
uptime

summary=$work/summary.md
awk -F'\t' -v bytesfile="$work/bytes" '
function median(s,   n, a, i, j, t) {
	n = split(s, a, " ")
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
	return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
BEGIN {
	while ((getline line < bytesfile) > 0) { split(line, b, " "); body[b[1] "/" b[2]] = b[3] }
	name["a"] = "sharc crawl, SQLite"; name["b"] = "sharc crawl, PostgreSQL"; name["c"] = "wget -r --warc-file"
	name["d"] = "ceiling: fetch only"; name["e"] = "ceiling: fetch + WARC gzip"
	name["f"] = "sharc crawl at '"${BASELINE:-}"', SQLite"
}
{
	k = $1 "/" $2; key = k SUBSEP $3; sites[k] = 1
	pages[key] = pages[key] " " $5; rate[key] = rate[key] " " ($5 / $6)
	n = ($5 > 0) ? $5 : 1
	cpu[key] = cpu[key] " " (($7 + $8) * 1000 / n); rss[key] = rss[key] " " ($9 / 1024)
	pgcpu[key] = pgcpu[key] " " ($10 / n)
}
END {
	for (k in sites) {
		printf "\n### %s (%d rounds)\n\n", k, '"$ROUNDS"'
		printf "| tool | pages | pages/s | MB/s | CPU ms/page | peak RSS MiB | × wget |\n|---|---|---|---|---|---|---|\n"
		split(k, kk, "/"); npages = median(pages[k SUBSEP "d"])
		per = (npages > 0) ? body[k] / npages : 0
		w = median(rate[k SUBSEP "c"])
		for (t = 0; t < 6; t++) {
			tool = substr("abcdef", t + 1, 1); key = k SUBSEP tool
			if (!(key in rate)) continue
			r = median(rate[key]); c = median(cpu[key])
			extra = (tool == "b") ? sprintf(" (+%.2f server)", median(pgcpu[key])) : ""
			printf "| %s | %d | %.0f | %.1f | %.2f%s | %.0f | %.2f |\n", name[tool], median(pages[key]), r, r * per / 1e6, c, extra, median(rss[key]), (w > 0) ? r / w : 0
		}
		printf "\nSHARC (SQLite) reaches %.0f%% of the fetch + WARC-gzip ceiling.\n", 100 * median(rate[k SUBSEP "a"]) / median(rate[k SUBSEP "e"])
	}
}' "$results" | tee "$summary"

status=0
for site in $SITES; do
	for layout in $LAYOUTS; do
		w="$work/runs/$site-$layout-c-1/urls" s="$work/runs/$site-$layout-a-1/urls"
		missing=$(comm -23 "$w" "$s" | wc -l)
		echo
		echo "$site/$layout: wget captured $(wc -l <"$w") URLs, SHARC $(wc -l <"$s"); only wget: $missing, only SHARC: $(comm -13 "$w" "$s" | wc -l)"
		if [ "$missing" -gt 0 ]; then
			comm -23 "$w" "$s" | head -20
			status=1
		fi
	done
done
echo "results: $results; summary: $summary"
exit $status
