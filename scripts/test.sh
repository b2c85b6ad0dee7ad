#!/usr/bin/env bash
# `npm test`: lint, the type check, the contract, client and server tests, then the browser tests.
#
# The contract and client tests render in their workers and keep both cores busy: they run first, alone. The server
# tests leave a core idle a good part of their time (they wait on PostgreSQL, and jobs/crash-recovery.test.ts on its
# supervisor's rounds for a minute and more), so lint, the type check and the client's production build (which the
# browser tests load) run beside them instead of before everything. The browser tests keep both cores busy and run
# last, alone, once everything else has passed. The exit code is non-zero if any part fails, and the failed parts
# are named.
set -uo pipefail
cd "$(dirname "$0")/.."

failed=()
npx vitest run --project contract --project 'client*' || failed+=('contract and client tests')

build_log=$(mktemp)
trap 'rm -f "$build_log"' EXIT
npm run --silent lint & lint=$!
npm run --silent typecheck & typecheck=$!
npm run build --workspace client >"$build_log" 2>&1 & build=$!

npx vitest run --project 'server*' || failed+=('server tests')
wait $lint || failed+=(lint)
wait $typecheck || failed+=('type check')
wait $build || { cat "$build_log"; failed+=('client build'); }

if [ ${#failed[@]} -gt 0 ]; then
  printf -v parts '%s, ' "${failed[@]}"
  echo "npm test: failed: ${parts%, }; the browser tests were not run" >&2
  exit 1
fi

npx vitest run --project e2e
