#!/bin/sh
set -eu
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
mkdir -p "$PGDATA" && chown postgres:postgres "$PGDATA" && chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\n' "$POSTGRES_PASSWORD" > /tmp/pwfile && chown postgres /tmp/pwfile
  su postgres -c "initdb -D '$PGDATA' -U '$POSTGRES_USER' --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256" >/dev/null
  rm /tmp/pwfile
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    su postgres -c "postgres --single -D '$PGDATA' postgres" <<SQL >/dev/null
CREATE DATABASE "$POSTGRES_DB" OWNER "$POSTGRES_USER";
SQL
  fi
fi
exec su postgres -c "exec postgres -D '$PGDATA' -c listen_addresses='*'"
