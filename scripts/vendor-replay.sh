#!/bin/sh
# vendor-replay.sh copies ReplayWeb.page's own static build (ui.js, sw.js
# and its licence) from tests/js/node_modules, which `npm ci` installed
# from tests/js/package-lock.json (so npm checked each file's integrity
# against the lockfile), into console/replay/, where `go build` embeds it
# (console/replay.go). The files (2 MB) are not committed: a build
# without them serves a console whose replay page says how to add them.
# Run by `make replay-assets`.
set -eu
cd "$(dirname "$0")/.."
rwp=tests/js/node_modules/replaywebpage
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	echo "note: node/npm not found; the console is built without replay (and its browser test skips replay)"
	exit 0
fi
if [ ! -f "$rwp/ui.js" ]; then
	npm ci --prefix tests/js --no-audit --no-fund
fi
want=$(node -e 'console.log(require("./tests/js/package-lock.json").packages["node_modules/replaywebpage"].version)')
have=$(node -e 'console.log(require("./'"$rwp"'/package.json").version)')
if [ "$want" != "$have" ]; then
	echo "vendor-replay: node_modules has replaywebpage $have, the lockfile $want: run npm ci --prefix tests/js" >&2
	exit 1
fi
for f in ui.js sw.js LICENSE; do
	cp "$rwp/$f" "console/replay/$f"
done
echo "$have" > console/replay/VERSION
echo "vendor-replay: ReplayWeb.page $have in console/replay ($(du -ch console/replay/ui.js console/replay/sw.js | tail -1 | cut -f1))"
