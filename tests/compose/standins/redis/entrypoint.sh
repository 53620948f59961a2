#!/bin/sh
set -eu
if [ "${1:-}" = redis-server ]; then
  shift
  exec su redis -s /bin/sh -c 'exec redis-server --protected-mode no "$@"' -- redis-server "$@"
fi
exec "$@"
