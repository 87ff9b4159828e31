#!/usr/bin/env bash
# Start the machine's PostgreSQL cluster if it is not answering; the tests
# need it on 127.0.0.1:5432 with trust auth.
set -u
if pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then exit 0; fi
if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
fi
for _ in $(seq 1 30); do
  pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null && exit 0
  sleep 1
done
echo "PostgreSQL is not reachable on 127.0.0.1:5432" >&2
exit 1
