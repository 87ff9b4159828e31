#!/usr/bin/env bash
# configs/deploy/deploy_test.go validates docker-compose.yml with the real
# docker-compose (Debian's package). Install it when it is missing and we
# may (root with apt); otherwise that test skips and says why.
set -u
command -v docker-compose >/dev/null 2>&1 && exit 0
docker compose version >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's docker-compose to validate docker-compose.yml…" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker-compose >/dev/null) \
    || echo "could not install docker-compose; the compose validation will skip" >&2
fi
exit 0
