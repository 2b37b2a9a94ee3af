#!/usr/bin/env bash
# deploy/test.sh: builds and runs what deploy/ describes on this machine, then removes all it made.
# Needs root on Debian 12 or later (it installs podman, runc, debootstrap and podman-compose with
# apt-get) and the local PostgreSQL server on 127.0.0.1:5432 (as `bash .ci/run` starts it); no image
# registry: the base images are made with debootstrap from the Debian mirror. Not part of `npm test`.
#   sudo deploy/test.sh
# Prints one line per step with its time. PAYMENTS_TEST_BASE and PAYMENTS_TEST_RUNTIME_BASE name
# base images made before (by this script: see `base`) to skip making them; those are kept.
set -euo pipefail
cd "$(dirname "$0")/.."
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
WORK=$(mktemp -d /var/tmp/payments-deploy-test.XXXXXX)
NAME=payments-test-$$
IMAGE=localhost/$NAME
POSTGRES_IMAGE=localhost/$NAME-postgres
DATABASE=payments_test_$$
PORT_EMBEDDED=18180 PORT_POSTGRES=18181 API_1_PORT=18281 API_2_PORT=18282
CLIENT_ID=sandbox_deploytest$$ CLIENT_SECRET=$(head -c 24 /dev/urandom | base64 | tr -d '/+=')
KEY=$(head -c 32 /dev/urandom | base64)
BASE=${PAYMENTS_TEST_BASE:-localhost/$NAME-base}
RUNTIME_BASE=${PAYMENTS_TEST_RUNTIME_BASE:-${PAYMENTS_TEST_BASE:-localhost/$NAME-runtime}}
# What the machine needs of podman: runc (crun's cgroup mode is refused) and lower default limits.
export CONTAINERS_CONF=$WORK/containers.conf
printf '[containers]\ndefault_ulimits = ["nofile=4096:4096", "nproc=4096:4096"]\n[engine]\nruntime = "runc"\n' > "$CONTAINERS_CONF"

cleanup() {
  set +e
  if command -v podman >/dev/null; then
    [ -f "$WORK/compose/compose.yaml" ] && (cd "$WORK/compose" && podman-compose -p "$NAME" down -v) >/dev/null 2>&1
    [ -f "$WORK/play.yaml" ] && podman kube down "$WORK/play.yaml" >/dev/null 2>&1
    podman ps -a --format '{{.Names}}' | grep "^$NAME" | xargs -r podman rm -f -v >/dev/null 2>&1
    podman volume ls --format '{{.Name}}' | grep "^$NAME" | xargs -r podman volume rm -f >/dev/null 2>&1
    podman network ls --format '{{.Name}}' | grep "^$NAME" | xargs -r podman network rm -f >/dev/null 2>&1
    podman secret rm "$NAME" >/dev/null 2>&1
    podman rmi -f "$IMAGE" "$POSTGRES_IMAGE" >/dev/null 2>&1
    [ -z "${PAYMENTS_TEST_BASE:-}" ] && podman rmi -f "$BASE" "$RUNTIME_BASE" >/dev/null 2>&1
    # The pause image and the network podman makes for `kube play`, unless they were there before.
    [ -n "$PAUSE_IMAGE_BEFORE" ] || podman images -q localhost/podman-pause | xargs -r podman rmi -f >/dev/null 2>&1
    [ -n "$KUBE_NETWORK_BEFORE" ] || podman network rm -f podman-default-kube-network >/dev/null 2>&1
  fi
  mountpoint -q "$WORK/root/proc" && umount "$WORK/root/proc"
  psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $DATABASE" >/dev/null 2>&1
  rm -rf "$WORK"
}
PAUSE_IMAGE_BEFORE=$(command -v podman >/dev/null && podman images -q localhost/podman-pause 2>/dev/null || true)
KUBE_NETWORK_BEFORE=$(command -v podman >/dev/null && podman network ls -q --filter name=^podman-default-kube-network$ 2>/dev/null || true)
trap cleanup EXIT

# Runs one step in a subshell that stops at its first failure, its output in a log shown only if
# it fails; prints its name and time.
step() {
  local name=$1 started status
  shift
  started=$(date +%s.%N)
  set +e
  (set -e; "$@") >"$WORK/step.log" 2>&1
  status=$?
  set -e
  if [ "$status" != 0 ]; then
    printf 'FAIL %s\n' "$name"
    tail -n 60 "$WORK/step.log"
    exit 1
  fi
  printf 'ok   %-62s %6.1f s\n' "$name" "$(echo "$(date +%s.%N) - $started" | bc)"
  [ ! -s "$WORK/note" ] || { sed 's/^/       /' "$WORK/note"; : >"$WORK/note"; }
}
note() { echo "$*" >>"$WORK/note"; }

# Waits until CONTAINER has logged PATTERN (at most SECONDS), failing at once if it stopped.
logged() {
  local container=$1 pattern=$2 limit=$3
  for _ in $(seq $((limit * 5))); do
    podman logs "$container" 2>&1 | grep -q "$pattern" && return 0
    [ "$(podman inspect "$container" --format '{{.State.Running}}')" = true ] || break
    sleep 0.2
  done
  podman logs "$container"
  return 1
}

# Waits until URL answers 2xx (at most SECONDS), then notes how long it took since STARTED.
ready() {
  local url=$1 limit=$2 started=$3 what=$4
  for _ in $(seq $((limit * 10))); do
    if curl -sf -o /dev/null "$url"; then
      note "$what: ready $(printf '%.1f' "$(echo "$(date +%s.%N) - $started" | bc)") s after start"
      return 0
    fi
    sleep 0.1
  done
  echo "$url not ready after $limit s"
  return 1
}

packages() {
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q podman runc debootstrap podman-compose curl bc python3-yaml postgresql-client
}

# The bases: Debian 13 (its nodejs is 20.19) as a root file system. debootstrap cannot configure
# npm in its first stage, so npm comes after, with apt inside the root; the runtime base has none.
base() {
  [ -z "${PAYMENTS_TEST_BASE:-}" ] || return 0
  debootstrap --variant=minbase --include=nodejs,ca-certificates trixie "$WORK/root" "$MIRROR"
  chroot "$WORK/root" apt-get clean
  tar -C "$WORK/root" -c . | podman import - "$RUNTIME_BASE"
  cp /etc/resolv.conf "$WORK/root/etc/resolv.conf"
  mount -t proc proc "$WORK/root/proc"
  chroot "$WORK/root" apt-get install -y -q --no-install-recommends npm
  chroot "$WORK/root" apt-get clean
  umount "$WORK/root/proc"
  tar -C "$WORK/root" -c . | podman import - "$BASE"
  rm -rf "$WORK/root"
}

# The machine reaches the npm registry through its own CA: mounted and named for this build only.
image() {
  podman build --layers=false --format docker -f deploy/Containerfile -t "$IMAGE" \
    --build-arg BASE="$BASE" --build-arg RUNTIME_BASE="$RUNTIME_BASE" \
    -v /etc/ssl/certs/ca-certificates.crt:/etc/ssl/certs/ca-certificates.crt:ro \
    --build-arg npm_config_cafile=/etc/ssl/certs/ca-certificates.crt .
  note "image: $(podman image inspect "$IMAGE" --format '{{.Size}}' | awk '{printf "%.0f MB", $1 / 1e6}'), runtime base $(podman image inspect "$RUNTIME_BASE" --format '{{.Size}}' | awk '{printf "%.0f MB", $1 / 1e6}')"
}

# The embedded database in a volume: first start, a SIGKILL (the next start finds the lock its
# predecessor left, naming PID 1 as it does itself), the HEALTHCHECK, and a SIGTERM ending with 0.
embedded() {
  local started
  started=$(date +%s.%N)
  podman run -d --name "$NAME-embedded" --network host -e PORT=$PORT_EMBEDDED -v "$NAME-data:/data" "$IMAGE"
  ready "http://127.0.0.1:$PORT_EMBEDDED/readyz" 120 "$started" "embedded, first start"
  podman healthcheck run "$NAME-embedded"
  podman kill "$NAME-embedded" && podman wait "$NAME-embedded"
  started=$(date +%s.%N)
  podman start "$NAME-embedded"
  ready "http://127.0.0.1:$PORT_EMBEDDED/readyz" 120 "$started" "embedded, after SIGKILL"
  podman stop -t 30 "$NAME-embedded"
  [ "$(podman inspect "$NAME-embedded" --format '{{.State.ExitCode}}')" = 0 ]
}

# The local PostgreSQL server: the migration step, then an API and a worker.
postgres() {
  psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE $DATABASE"
  local env=(--network host -e "DATABASE_URL=postgres://postgres@127.0.0.1:5432/$DATABASE" -e "ENCRYPTION_KEY=$KEY")
  podman run --rm "${env[@]}" "$IMAGE" node dist/src/cli/main.js migrate
  local started
  started=$(date +%s.%N)
  podman run -d --name "$NAME-api" "${env[@]}" -e PORT=$PORT_POSTGRES -e WEBHOOK_WORKER=off -e JOB_WORKER=off "$IMAGE"
  ready "http://127.0.0.1:$PORT_POSTGRES/readyz" 120 "$started" "PostgreSQL"
  podman run -d --name "$NAME-worker" "${env[@]}" "$IMAGE" node dist/src/worker.js
  logged "$NAME-worker" 'background worker started' 120
  podman stop -t 30 "$NAME-api" "$NAME-worker"
  [ "$(podman inspect "$NAME-api" --format '{{.State.ExitCode}}') $(podman inspect "$NAME-worker" --format '{{.State.ExitCode}}')" = "0 0" ]
}

# The official postgres:17 image's stand-in (deploy/test/postgres.Containerfile).
postgres_image() {
  podman build --layers=false -f deploy/test/postgres.Containerfile --build-arg BASE="$RUNTIME_BASE" -t "$POSTGRES_IMAGE" deploy/test
}

compose_up() {
  mkdir -p "$WORK/compose"
  cp deploy/compose.yaml "$WORK/compose/"
  cat >"$WORK/compose/.env" <<ENV
POSTGRES_PASSWORD=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
ENCRYPTION_KEY=$KEY
BASE_URL=http://127.0.0.1:$API_1_PORT
# The load below is one client's: no per-client limit in the way.
RATE_LIMIT_PER_SECOND=0
METRICS_TOKEN=metrics-token-of-the-deploy-test
SANDBOX_CLIENT_ID=$CLIENT_ID
SANDBOX_CLIENT_SECRET=$CLIENT_SECRET
PAYMENTS_IMAGE=$IMAGE
POSTGRES_IMAGE=$POSTGRES_IMAGE
API_1_PORT=$API_1_PORT
API_2_PORT=$API_2_PORT
ENV
  local started
  started=$(date +%s.%N)
  (cd "$WORK/compose" && podman-compose -p "$NAME" up -d)
  ready "http://127.0.0.1:$API_1_PORT/readyz" 180 "$started" "compose: api-1"
  ready "http://127.0.0.1:$API_2_PORT/readyz" 180 "$started" "compose: api-2"
  logged "${NAME}_worker_1" 'background worker started' 120
  [ "$(podman inspect "${NAME}_migrate_1" --format '{{.State.ExitCode}}')" = 0 ]
}

# A card payment through the API and the page's API; its webhook reaches a receiver on the compose network.
compose_payment() {
  podman run -d --name "$NAME-receiver" --network "${NAME}_default" "$IMAGE" node -e \
    "require('node:http').createServer((q, s) => { let b = ''; q.on('data', (c) => (b += c)); q.on('end', () => { console.log(b); s.end(); }); }).listen(3000)"
  local paid
  paid=$(node deploy/test/payment.mjs "http://127.0.0.1:$API_1_PORT" "$CLIENT_ID" "$CLIENT_SECRET" "http://$NAME-receiver:3000/webhooks")
  echo "$paid"
  case "${paid#* }" in captured | completed) ;; *) return 1 ;; esac
  for _ in $(seq 600); do
    podman logs "$NAME-receiver" | grep payment_succeeded | grep -q "${paid% *}" && { note "payment $paid, its payment_succeeded webhook received"; return 0; }
    sleep 0.1
  done
  return 1
}

# api-1 stopped (SIGTERM: not ready, drain, exit) while load goes through a balancer that follows
# /readyz: every request is answered 200, by api-1 until the balancer drops it, and api-1 exits 0.
compose_stop_replica() {
  node deploy/test/load.mjs 12 8 "$CLIENT_ID" "$CLIENT_SECRET" "http://127.0.0.1:$API_1_PORT/sandbox" \
    "http://127.0.0.1:$API_1_PORT" "http://127.0.0.1:$API_2_PORT" >"$WORK/load.json" &
  local load=$!
  sleep 3
  podman stop -t 30 "${NAME}_api-1_1"
  wait $load
  cat "$WORK/load.json"
  note "load while api-1 stopped: $(cat "$WORK/load.json")"
  [ "$(podman inspect "${NAME}_api-1_1" --format '{{.State.ExitCode}}')" = 0 ]
  python3 - "$WORK/load.json" <<'PY'
import json, sys
counts = json.load(open(sys.argv[1]))
for backend, answers in counts.items():
    assert set(answers) == {'200'} and answers['200'] > 0, (backend, answers)
PY
}

compose_down() {
  (cd "$WORK/compose" && podman-compose -p "$NAME" down -v)
  podman rm -f -v "$NAME-receiver"
}

# Every manifest of the example overlay renders offline; the kinds and references are there.
kustomize() {
  kubectl kustomize deploy/k8s/overlays/example >"$WORK/rendered.yaml"
  python3 - "$WORK/rendered.yaml" <<'PY'
import sys, yaml
docs = list(yaml.safe_load_all(open(sys.argv[1])))
kinds = sorted(f"{d['kind']}/{d['metadata']['name']}" for d in docs)
print(kinds)
for want in ['Deployment/payments-api', 'Deployment/payments-worker', 'Job/payments-migrate', 'Service/payments-api', 'PodDisruptionBudget/payments-api']:
    assert want in kinds, want
assert not any(d['kind'] == 'Secret' for d in docs), 'secrets are referenced, not inlined'
api = next(d for d in docs if d['kind'] == 'Deployment' and d['metadata']['name'] == 'payments-api')
container = api['spec']['template']['spec']['containers'][0]
assert container['readinessProbe']['httpGet']['path'] == '/readyz' and container['livenessProbe']['httpGet']['path'] == '/healthz'
assert container['image'] == 'registry.example.com/payments:0.1.0' and api['spec']['replicas'] == 3
PY
}

# The base's API Deployment under `podman kube play`, its Secret (named after this run) made as
# podman keeps them (podman 4.3: a JSON map of base64 values). The embedded database (no DATABASE_URL) needs more
# memory than the limit made for PostgreSQL, so this one run has 1 GiB.
kube_play() {
  kubectl kustomize deploy/k8s/base >"$WORK/base.yaml"
  python3 - "$WORK/base.yaml" "$IMAGE" "$NAME" >"$WORK/play.yaml" <<'PY'
import sys, yaml
docs = list(yaml.safe_load_all(open(sys.argv[1])))
api = next(d for d in docs if d['kind'] == 'Deployment' and d['metadata']['name'] == 'payments-api')
api['spec']['replicas'] = 1
container = api['spec']['template']['spec']['containers'][0]
container['image'] = sys.argv[2]
container['resources']['limits']['memory'] = '1Gi'
for source in container['envFrom']:
    if 'secretRef' in source:
        source['secretRef']['name'] = sys.argv[3]
yaml.safe_dump_all([d for d in docs if d['kind'] == 'ConfigMap'] + [api], sys.stdout)
PY
  printf '{"ENCRYPTION_KEY":"%s","METRICS_TOKEN":"%s"}' "$(printf %s "$KEY" | base64 -w0)" "$(printf %s metrics-token-of-the-deploy-test | base64 -w0)" | podman secret create "$NAME" -
  local started
  started=$(date +%s.%N)
  podman kube play "$WORK/play.yaml"
  local infra address
  infra=$(podman pod inspect payments-api-pod-0 --format '{{.InfraContainerID}}')
  address=$(podman inspect "$infra" --format '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}')
  ready "http://$address:8080/readyz" 120 "$started" "kube play"
  curl -sf -H 'authorization: Bearer metrics-token-of-the-deploy-test' "http://$address:9464/metrics" | grep -q '^payments_database_up 1$'
  podman kube down "$WORK/play.yaml"
}

echo "deploy/test.sh in $WORK"
step "packages (apt-get)" packages
step "base images (debootstrap trixie, npm in the build base)" base
step "image (deploy/Containerfile)" image
step "image on the embedded database (volume, SIGKILL, restart, SIGTERM)" embedded
step "image on the local PostgreSQL (migrate, API, worker, SIGTERM)" postgres
step "PostgreSQL 17 image for compose (test stand-in)" postgres_image
step "compose up (postgres, migrate, 2 APIs, worker)" compose_up
step "compose: card payment through the API and the page, webhook" compose_payment
step "compose: api-1 stopped under load" compose_stop_replica
step "compose down" compose_down
if command -v kubectl >/dev/null; then
  step "kustomize: example overlay renders" kustomize
  step "podman kube play: the API Deployment" kube_play
else
  echo "skip kustomize and kube play: no kubectl"
fi
echo "deploy/test.sh passed"
