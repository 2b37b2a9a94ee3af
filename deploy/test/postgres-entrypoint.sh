#!/bin/sh
# First start on an empty volume: the cluster, POSTGRES_USER with POSTGRES_PASSWORD, POSTGRES_DB.
set -eu
BIN=/usr/lib/postgresql/17/bin
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s' "$POSTGRES_PASSWORD" > /tmp/password
  "$BIN/initdb" -D "$PGDATA" -U "$POSTGRES_USER" --pwfile=/tmp/password --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm /tmp/password
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  "$BIN/pg_ctl" -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  psql -U "$POSTGRES_USER" -d postgres -c "CREATE DATABASE \"$POSTGRES_DB\"" >/dev/null
  "$BIN/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null
fi
exec "$BIN/postgres" -D "$PGDATA" -c listen_addresses='*'
