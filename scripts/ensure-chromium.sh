#!/usr/bin/env bash
# The report's HTML is tested in headless Chromium (Debian's package). Install
# it when it is missing and we may (root with apt); otherwise the browser test
# skips and says why.
set -u
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's chromium for the browser tests…" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
    || echo "could not install chromium; the browser test will skip" >&2
fi
exit 0
