#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1 (trust auth, data in a temp dir) and prints
# the TEST_DATABASE_URL for it. Usage: eval "$(bash scripts/pg-throwaway.sh start)"; ... ; bash scripts/pg-throwaway.sh stop
# PostgreSQL refuses to run as root, so as root the cluster belongs to the 'postgres' system user.
set -euo pipefail
# A free port unless PGPORT is given: a cluster left over on a fixed port must not break the run.
PGPORT="${PGPORT:-$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}"
PGDIR="${PGDIR:-/tmp/fresh-pg-$PGPORT}"
# stop needs the same PGDIR/PGPORT as start: start exports them for the caller.
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bindir" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
# From /: the postgres user may not enter the caller's directory (a private temporary clone), and its
# shell said so on every call.
as_owner() { if [ "$(id -u)" = 0 ]; then (cd / && su postgres -s /bin/bash -c "$*"); else bash -c "$*"; fi; }
case "${1:-start}" in
  start)
    rm -rf "$PGDIR"; mkdir -p "$PGDIR"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$PGDIR"
    as_owner "'$bindir/initdb' -D '$PGDIR/data' -A trust -U postgres -E UTF8 --no-locale >/dev/null"
    as_owner "'$bindir/pg_ctl' -D '$PGDIR/data' -l '$PGDIR/log' -w -o \"-p $PGPORT -k $PGDIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200\" start >/dev/null"
    echo "export PGPORT=$PGPORT PGDIR=$PGDIR TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PGPORT/postgres"
    ;;
  stop)
    as_owner "'$bindir/pg_ctl' -D '$PGDIR/data' -m fast stop >/dev/null" || true
    rm -rf "$PGDIR"
    ;;
esac
