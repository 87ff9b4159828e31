#!/usr/bin/env bash
# Runs every fuzz target of the repository for SECONDS each (default 20)
# and rewrites the fuzz table of docs/robustness.md with what each did:
#   scripts/fuzz-all.sh [SECONDS [TARGET...]]
# With TARGETs (e.g. FuzzRetryAfter), only those run again; the other rows
# stay as they were. Corpus entries a run finds interesting stay in Go's
# cache; a failing input is written to the package's testdata/fuzz, the row
# says FAIL and the run's output goes to standard error. Minimizing a new
# input is cut at 1 s: a run whose time ran out while a worker minimized
# ended in "context deadline exceeded", a FAIL without a failing input.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-20}
shift || true
targets="$*"
only=" $targets "
doc=docs/robustness.md
rows=$(mktemp)
trap 'rm -f "$rows"' EXIT
load=$(cut -d' ' -f1-3 /proc/loadavg)
grep -rlE '^func Fuzz[A-Za-z0-9_]+\(' --include='*_test.go' . | sort | while read -r file; do
  pkg=$(dirname "$file")
  for name in $(grep -oE '^func Fuzz[A-Za-z0-9_]+' "$file" | cut -d' ' -f2); do
    row="| \`${pkg#./}\` | \`$name\` |"
    if [ "$only" != "  " ] && [[ "$only" != *" $name "* ]] && grep -qF "$row" "$doc"; then
      grep -F "$row" "$doc" | head -1 >>"$rows"
      continue
    fi
    out=$(go test -run '^$' -fuzz "^${name}\$" -fuzztime "${secs}s" -fuzzminimizetime 1s "$pkg" 2>&1 || true)
    execs=$(grep -oE 'execs: [0-9]+' <<<"$out" | tail -1 | cut -d' ' -f2)
    result=PASS
    grep -q '^ok' <<<"$out" || { result=FAIL; printf '%s %s:\n%s\n' "$pkg" "$name" "$out" >&2; }
    printf '%s %s s | %s | %s |\n' "$row" "$secs" "${execs:-0}" "$result" >>"$rows"
  done
done
{
  echo "<!-- fuzz-table:begin (scripts/fuzz-all.sh $secs${targets:+ for $targets only}; $(date -u +%Y-%m-%d), load average at start of the last run $load) -->"
  echo "| package | target | time | execs | result |"
  echo "|---|---|---|---|---|"
  cat "$rows"
  echo "<!-- fuzz-table:end -->"
} >"$rows.table"
awk -v table="$rows.table" '
  /<!-- fuzz-table:begin/ { while ((getline line < table) > 0) print line; skip = 1; next }
  /<!-- fuzz-table:end -->/ { skip = 0; next }
  !skip { print }
' "$doc" >"$doc.new" && mv "$doc.new" "$doc"
rm -f "$rows.table"
echo "updated $doc"
