#!/bin/sh
# vendor-replay.sh UPDATES the ReplayWeb.page build committed in
# daemon/console/replay/ (ui.js, sw.js, its LICENSE, VERSION and SHA256SUMS),
# which `go build` embeds (daemon/console/replay.go): every build replays, with
# nothing fetched at run time. It takes the files of the npm package
# `replaywebpage` that `npm ci` installed from tests/js/package-lock.json
# (so npm checked their integrity against the lockfile). To move to a new
# ReplayWeb.page: bump it in tests/js/package.json, `npm install --prefix
# tests/js`, run this (`make replay-assets`), commit daemon/console/replay/.
# daemon/console/replay_vendor_test.go fails when VERSION is not the lockfile's
# or a file's sha256 is not SHA256SUMS's, so the copy cannot drift.
set -eu
cd "$(dirname "$0")/.."
rwp=tests/js/node_modules/replaywebpage
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	echo "vendor-replay: node and npm are needed to update daemon/console/replay/ (the committed copy is used as is)" >&2
	exit 1
fi
want=$(node -e 'console.log(require("./tests/js/package-lock.json").packages["node_modules/replaywebpage"].version)')
have=$(node -e 'try { console.log(require("./'"$rwp"'/package.json").version) } catch (e) { console.log("none") }')
if [ "$want" != "$have" ]; then
	npm ci --prefix tests/js --no-audit --no-fund
	have=$(node -e 'console.log(require("./'"$rwp"'/package.json").version)')
fi
if [ "$want" != "$have" ]; then
	echo "vendor-replay: node_modules has replaywebpage $have, the lockfile $want" >&2
	exit 1
fi
for f in ui.js sw.js LICENSE; do
	cp "$rwp/$f" "daemon/console/replay/$f"
done
echo "$have" > daemon/console/replay/VERSION
(cd daemon/console/replay && sha256sum ui.js sw.js LICENSE VERSION > SHA256SUMS)
echo "vendor-replay: ReplayWeb.page $have in daemon/console/replay ($(du -ch daemon/console/replay/ui.js daemon/console/replay/sw.js | tail -1 | cut -f1)); commit daemon/console/replay/"
