#!/usr/bin/env bash
# Reproduces the Python-tool rows of docs/interop.md: makes two demo
# captures of the changing test site (capture.revisit_request conditional,
# as in configs/demo.yaml, and full) and checks them with warcio (Python),
# cdxj-indexer, pywb (wb-manager, wayback on loopback) and py-wacz:
#   scripts/interop-python.sh [WORKDIR]
# It installs nothing. warcio, cdxj-indexer, wb-manager, wayback and wacz
# must be on PATH and warcio importable by $PYTHON (default python3); which
# versions were used for the documented run is in docs/interop.md. Not part
# of `make test`: CI has none of these tools.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in warcio cdxj-indexer wb-manager wayback wacz; do
  command -v "$tool" >/dev/null || { echo "interop-python: $tool not on PATH (see docs/interop.md)" >&2; exit 2; }
done
work=${1:-$(mktemp -d)}
mkdir -p "$work"
go build -o "$work/sharc" ./cmd/sharc
"$work/sharc" demo --out "$work/conditional" >"$work/conditional.log" 2>&1
# The same job with plain GETs for revisits: unchanged pages become
# identical-payload-digest revisits instead of server-not-modified ones.
sed 's/^  estimated_size: auto$/  estimated_size: auto\n  revisit_request: full/' configs/demo.yaml >"$work/demo-full.yaml"
grep -q 'revisit_request: full' "$work/demo-full.yaml"
"$work/sharc" demo --job "$work/demo-full.yaml" --out "$work/full" >"$work/full.log" 2>&1
echo "captures and logs in $work"
exec "${PYTHON:-python3}" scripts/interop_python.py --sharc "$work/sharc" --work "$work" "$work/conditional" "$work/full"
