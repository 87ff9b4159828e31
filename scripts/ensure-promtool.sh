#!/usr/bin/env bash
# The monitoring configs (configs/prometheus-alerts.yml, its unit tests) and
# the daemon's /metrics scrape are checked with Prometheus's promtool
# (Debian's prometheus package: 19 MB download). Install it when it is
# missing and we may (root with apt); otherwise those promtool checks skip
# and say why (the metric-name checks run anyway). --no-install-recommends
# keeps node_exporter out; no Prometheus server is started (none is needed).
set -u
command -v promtool >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's prometheus package for promtool…" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null) \
    || echo "could not install prometheus (promtool); the promtool checks will skip" >&2
fi
exit 0
