#!/bin/sh
# check-tidy.sh fails when go.mod or go.sum is not what `go mod tidy`
# writes. It tidies copies (-modfile) rather than using `go mod tidy -diff`,
# which in Go 1.26 reports go.sum lines that tidy itself writes in another
# order (golang/go#77713), so it could never pass on a tidy module.
set -eu
GO=${GO:-go}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp go.mod "$tmp/go.mod"
cp go.sum "$tmp/go.sum"
"$GO" mod tidy -modfile="$tmp/go.mod"
ok=0
diff -u go.mod "$tmp/go.mod" || ok=1
diff -u go.sum "$tmp/go.sum" || ok=1
if [ "$ok" -ne 0 ]; then
	echo "go.mod/go.sum are not tidy: run go mod tidy and commit the result" >&2
	exit 1
fi
