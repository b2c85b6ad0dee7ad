#!/bin/sh
# The official postgres image's contract, in short: a cluster made on first start with POSTGRES_USER
# (default postgres) / POSTGRES_PASSWORD and database POSTGRES_DB, reachable from any address by password.
set -eu
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
mkdir -p "$PGDATA" /var/run/postgresql
chown postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\n' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}" > /tmp/pwfile
  chown postgres /tmp/pwfile
  runuser -u postgres -- initdb -D "$PGDATA" -U "$user" --pwfile=/tmp/pwfile --auth-host=scram-sha-256 --auth-local=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  rm -f /tmp/pwfile
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$db" != "postgres" ]; then
    echo "CREATE DATABASE \"$db\" OWNER \"$user\";" | runuser -u postgres -- postgres --single -D "$PGDATA" -j postgres >/dev/null
  fi
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D "$PGDATA"
