#!/usr/bin/env bash
# The last step of .ci/run: in a copy of this tree, `npm run build && npm prune --omit=dev` must leave
# a tree that starts with NODE_ENV=production and the required settings (`npm run start:prod`): it
# migrates a fresh database, answers /api/health/ready, signs the admin in, writes nothing into the
# build, and exits 0 on SIGTERM. The copy keeps the pruning away from this tree.
# Needs the PostgreSQL of CHECK_DATABASE_URL (default: the machine's at 127.0.0.1:5432).
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
admin_url=${CHECK_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
started=$(date +%s)
tmp=$(mktemp -d /tmp/production-tree.XXXXXX)
db="prodcheck_$$"
pid=""

node_pg() { (cd "$src" && node --input-type=module -e "$1" "$admin_url" "$db"); }
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
  node_pg 'import pg from "pg"; const c = new pg.Client(process.argv[1]); await c.connect(); await c.query(`drop database if exists "${process.argv[2]}" with (force)`); await c.end();' >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT

if ! node_pg 'import pg from "pg"; const c = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 5000 }); await c.connect(); await c.query(`create database "${process.argv[2]}"`); await c.end();'; then
  echo "production tree check: no PostgreSQL answers at $admin_url (set CHECK_DATABASE_URL): NOT CHECKED" >&2
  exit 1
fi
database_url=$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$admin_url" "$db")

echo "copying the tree to $tmp ($(( $(date +%s) - started )) s)"
tar -C "$src" --exclude=./.data --exclude=./client/e2e/screenshots --exclude=./server/dist --exclude=./client/dist --exclude=node_modules -cf - . | tar -C "$tmp" -xf -
# node_modules as hard links: fast, and pruning the copy only unlinks its own names.
for modules in node_modules */node_modules; do
  if [ -d "$src/$modules" ]; then cp -al "$src/$modules" "$tmp/$modules"; fi
done
cd "$tmp"
npm run build
echo "built ($(( $(date +%s) - started )) s)"
npm prune --omit=dev --no-audit --no-fund
echo "pruned ($(( $(date +%s) - started )) s)"
for tool in tsx vite esbuild vitest eslint; do
  if [ -e "node_modules/$tool" ]; then echo "npm prune --omit=dev left the dev tool $tool" >&2; exit 1; fi
done

port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
touch "$tmp/.before-start"
NODE_ENV=production DATABASE_URL="$database_url" SMTP_URL=smtp://127.0.0.1:2525 PUBLIC_URL=https://admin.society.example \
  SECRETS_KEY=prod-check-secrets-key-0123456789abcdef HOST=127.0.0.1 PORT="$port" DATA_DIR="$tmp/.data" SHUTDOWN_SECONDS=10 LOG_LEVEL=warn \
  ADMIN_EMAIL=prodcheck@example.org ADMIN_PASSWORD='prod-check-Password-42' \
  node --enable-source-maps server/dist/server.js &
pid=$!

ready=""
for _ in $(seq 1 120); do
  if ! kill -0 "$pid" 2>/dev/null; then echo "the production start exited before it was ready" >&2; exit 1; fi
  if node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "http://127.0.0.1:$port/api/health/ready"; then ready=1; break; fi
  sleep 0.5
done
[ -n "$ready" ] || { echo "not ready within 60 s" >&2; exit 1; }
node -e '
  fetch(process.argv[1] + "/api/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "prodcheck@example.org", password: "prod-check-Password-42" }) })
    .then(async (r) => { if (r.status !== 200) { console.error("sign-in answered", r.status, await r.text()); process.exit(1); } })
    .then(() => fetch(process.argv[1] + "/")).then((r) => { if (!r.ok) { console.error("the client answered", r.status); process.exit(1); } })
' "http://127.0.0.1:$port"
written=$(find server/dist client/dist -newer "$tmp/.before-start" | head -5)
if [ -n "$written" ]; then echo "starting wrote into the build: $written" >&2; exit 1; fi

kill -TERM "$pid"
code=0
wait "$pid" || code=$?
pid=""
if [ "$code" != 0 ]; then echo "SIGTERM: the server exited $code" >&2; exit 1; fi
echo "production tree check: built, pruned, started with NODE_ENV=production, ready, signed in, stopped cleanly ($(( $(date +%s) - started )) s)"
