#!/usr/bin/env bash
# `npm test`: lint, the type check, the contract, server and client tests, then the browser tests.
#
# The unit tests leave a core idle about a sixth of their time (they wait on PostgreSQL), and the type check
# uses one core for two minutes: so lint, the type check and the client's production build (which the browser
# tests load) run beside the unit tests instead of before them. The browser tests keep both cores busy and run
# last, alone, once everything else has passed. The exit code is non-zero if any part fails.
set -uo pipefail
cd "$(dirname "$0")/.."

build_log=$(mktemp)
trap 'rm -f "$build_log"' EXIT

npm run --silent lint & lint=$!
npm run --silent typecheck & typecheck=$!
npm run build --workspace client >"$build_log" 2>&1 & build=$!

npx vitest run --project contract --project 'server*' --project 'client*'
unit=$?

failed=()
wait $lint || failed+=(lint)
wait $typecheck || failed+=(typecheck)
if ! wait $build; then
  cat "$build_log"
  failed+=('client build')
fi
[ $unit = 0 ] || failed+=('contract, server and client tests')

if [ ${#failed[@]} -gt 0 ]; then
  printf 'npm test: failed: %s; the browser tests were not run\n' "$(IFS=,; echo "${failed[*]}" | sed 's/,/, /g')" >&2
  exit 1
fi

npx vitest run --project e2e
