#!/usr/bin/env bash
# npm run test:compose: starts docker-compose.yml as it is written, at a public https address other
# than localhost, and drives it with Chromium (tests/compose/composeStack.spec.ts); then removes it.
# Needs a Docker engine and Compose (`docker compose`, or the older `docker-compose`). Where no image
# registry is reachable (this project's machines), COMPOSE_STANDINS=on (the default) builds local
# stand-ins for the stack's images first (tests/compose/buildStandins.sh); COMPOSE_STANDINS=off
# pulls the real ones.
set -euo pipefail
cd "$(dirname "$0")/../.."

docker info >/dev/null 2>&1 || { echo "test:compose: needs a running Docker engine (see README, Deploying)" >&2; exit 1; }
if docker compose version >/dev/null 2>&1; then compose=(docker compose); else compose=(docker-compose); fi
project=staffingcheck
# As another machine reaches it: by a name, over https (Caddy's own authority: the name is private).
export PUBLIC_URL=https://staffing.test:8443 PUBLIC_PORT=8443 PROXY_OPTIONS=local_certs SEED_DEMO=true

if [ "${COMPOSE_STANDINS:-on}" = on ]; then bash tests/compose/buildStandins.sh; fi

down() { "${compose[@]}" -p "$project" down -v --remove-orphans >/dev/null 2>&1 || true; }
# COMPOSE_KEEP=1 leaves the stack running afterwards (to look at it, or to run the spec again).
[ "${COMPOSE_KEEP:-0}" = 1 ] || trap down EXIT
down
started=$(date +%s)
"${compose[@]}" -p "$project" up -d --build
echo "stack up (every health check passing) in $(($(date +%s) - started)) s"
for _ in $(seq 60); do
  curl -fsk --resolve staffing.test:8443:127.0.0.1 "$PUBLIC_URL/api/health" >/dev/null && break
  sleep 1
done

export APP1_CONTAINER=$("${compose[@]}" -p "$project" ps -q app1)
export APP2_CONTAINER=$("${compose[@]}" -p "$project" ps -q app2)
export PROXY_CONTAINER=$("${compose[@]}" -p "$project" ps -q proxy)
export APP_IMAGE=$(docker inspect --format '{{.Image}}' "$APP1_CONTAINER")
npx playwright test -c tests/compose/playwright.config.ts
