#!/usr/bin/env bash
# One PostgreSQL cluster against two, on this machine: the same write load (a payment row and its
# event, with the event's transaction id and a NOTIFY, as the service writes them) from CLIENTS
# connections on one cluster, then from CLIENTS/2 connections on each of two clusters at once.
# Figures for docs/scaling-beyond-one-database.md. Run as root (the clusters run as postgres) or
# as a user that may run initdb. Usage: bash bench/clusters.sh [seconds] [clients]
set -euo pipefail
SECONDS_EACH=${1:-20}
CLIENTS=${2:-8}
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
WORK=$(mktemp -d)
AS=(); [ "$(id -u)" = 0 ] && AS=(runuser -u postgres --) && chown postgres "$WORK"
PORTS=(55491 55492)

cleanup() {
  for n in 0 1; do "${AS[@]}" "$BIN/pg_ctl" -D "$WORK/c$n" -m immediate stop >/dev/null 2>&1 || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

for n in 0 1; do
  "${AS[@]}" "$BIN/initdb" -D "$WORK/c$n" -U postgres --auth=trust --no-sync >/dev/null
  printf "port = %s\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\nshared_buffers = '128MB'\nmax_connections = 50\n" "${PORTS[$n]}" "$WORK" >> "$WORK/c$n/postgresql.conf"
  "${AS[@]}" "$BIN/pg_ctl" -D "$WORK/c$n" -l "$WORK/c$n.log" -w start >/dev/null
  "${AS[@]}" "$BIN/psql" -h 127.0.0.1 -p "${PORTS[$n]}" -U postgres -q -c "
    CREATE TABLE payments (id bigserial PRIMARY KEY, platform_id text NOT NULL, amount_minor bigint NOT NULL, reference text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE events (id bigserial PRIMARY KEY, platform_id text NOT NULL, type text NOT NULL, data jsonb NOT NULL, tx_id xid8 NOT NULL DEFAULT pg_current_xact_id());"
done
cat > "$WORK/write.sql" <<'SQL'
\set platform random(1, 100)
BEGIN;
INSERT INTO payments (platform_id, amount_minor, reference) VALUES ('plt_' || :platform, 1250, 'bench') RETURNING id \gset
INSERT INTO events (platform_id, type, data) VALUES ('plt_' || :platform, 'payment_succeeded', jsonb_build_object('id', :id));
SELECT pg_notify('events', '');
COMMIT;
SQL
chmod a+r "$WORK/write.sql"

bench() { "${AS[@]}" "$BIN/pgbench" -h 127.0.0.1 -p "$1" -U postgres -n -f "$WORK/write.sql" -c "$2" -j "$2" -T "$SECONDS_EACH" postgres 2>/dev/null | awk '/^tps/ {print int($3)}'; }

one=$(bench "${PORTS[0]}" "$CLIENTS")
half=$((CLIENTS / 2))
bench "${PORTS[0]}" "$half" > "$WORK/a" & bench "${PORTS[1]}" "$half" > "$WORK/b" & wait
a=$(cat "$WORK/a"); b=$(cat "$WORK/b")
echo "cores: $(nproc); ${SECONDS_EACH} s per run"
echo "one cluster, $CLIENTS clients: $one transactions/s"
echo "two clusters, $half clients each: $a + $b = $((a + b)) transactions/s ($(awk "BEGIN {printf \"%.2f\", ($a + $b) / $one}")x)"
