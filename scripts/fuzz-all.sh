#!/usr/bin/env bash
# Runs every fuzz target of the repository for SECONDS each (default 20)
# and rewrites the fuzz table of docs/robustness.md with what each did:
#   scripts/fuzz-all.sh [SECONDS]
# Corpus entries a run finds interesting stay in Go's cache; a failing
# input is written to the package's testdata/fuzz and the row says FAIL.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-20}
doc=docs/robustness.md
rows=$(mktemp)
trap 'rm -f "$rows"' EXIT
load=$(cut -d' ' -f1-3 /proc/loadavg)
grep -rlE '^func Fuzz[A-Za-z0-9_]+\(' --include='*_test.go' . | sort | while read -r file; do
  pkg=$(dirname "$file")
  for name in $(grep -oE '^func Fuzz[A-Za-z0-9_]+' "$file" | cut -d' ' -f2); do
    out=$(go test -run '^$' -fuzz "^${name}\$" -fuzztime "${secs}s" "$pkg" 2>&1 || true)
    execs=$(grep -oE 'execs: [0-9]+' <<<"$out" | tail -1 | cut -d' ' -f2)
    result=PASS
    grep -q '^ok' <<<"$out" || result=FAIL
    printf '| `%s` | `%s` | %s s | %s | %s |\n' "${pkg#./}" "$name" "$secs" "${execs:-0}" "$result" >>"$rows"
  done
done
{
  echo "<!-- fuzz-table:begin (scripts/fuzz-all.sh $secs; $(date -u +%Y-%m-%d), load average at start $load) -->"
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
