#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster:
#   bash scripts/with-postgres.sh npx vitest run --project server
# Installs Debian's postgresql when initdb is missing, starts a private cluster on 127.0.0.1 on a
# free port (data in a temporary directory), creates a database, runs the command with
# DATABASE_URL set, then stops the cluster and deletes it, whatever happens.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: bash scripts/with-postgres.sh COMMAND [ARGS...]" >&2
  exit 2
fi

find_bin() {
  # Debian keeps the server binaries outside PATH, one directory per major version; take the newest.
  local found
  found="$(command -v initdb 2>/dev/null || true)"
  if [ -n "$found" ]; then
    dirname "$(readlink -f "$found")"
    return 0
  fi
  found="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [ -n "$found" ] && [ -x "$found/initdb" ]; then
    echo "$found"
    return 0
  fi
  return 1
}

BIN="$(find_bin || true)"
if [ -z "$BIN" ]; then
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "PostgreSQL is not installed. Install Debian's 'postgresql' package (as root: apt-get update && apt-get install -y postgresql), then run this again." >&2
    exit 1
  fi
  echo "Installing PostgreSQL (apt-get install postgresql)..." >&2
  if ! { DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; }; then
    echo "Could not install PostgreSQL with apt-get. Install Debian's 'postgresql' package by hand, then run this again." >&2
    exit 1
  fi
  BIN="$(find_bin || true)"
  if [ -z "$BIN" ]; then
    echo "PostgreSQL was installed but initdb was not found under /usr/lib/postgresql/*/bin." >&2
    exit 1
  fi
fi

# initdb and postgres refuse to run as root: as root, the cluster belongs to the postgres user.
if [ "$(id -u)" -eq 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "Running as root, but there is no 'postgres' user to own the cluster (installing Debian's postgresql package creates it)." >&2
    exit 1
  fi
  as_owner() { runuser -u postgres -- "$@"; }
else
  as_owner() { "$@"; }
fi

free_port() {
  if command -v node >/dev/null 2>&1; then
    node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
  else
    local port
    for _ in $(seq 1 50); do
      port=$((20000 + RANDOM % 20000))
      if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return 0; fi
    done
    return 1
  fi
}

WORK="$(mktemp -d "${TMPDIR:-/tmp}/suki-pg.XXXXXX")"
DATA="$WORK/data"
PASSWORD="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
printf '%s\n' "$PASSWORD" >"$WORK/pwfile"
if [ "$(id -u)" -eq 0 ]; then chown -R postgres: "$WORK"; fi
chmod 700 "$WORK"

cleanup() {
  local status=$?
  if [ -f "$DATA/postmaster.pid" ]; then
    as_owner "$BIN/pg_ctl" -D "$DATA" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

as_owner "$BIN/initdb" -D "$DATA" -U postgres --auth=scram-sha-256 --pwfile="$WORK/pwfile" --encoding=UTF8 --locale=C.UTF-8 >"$WORK/initdb.log" 2>&1 || {
  cat "$WORK/initdb.log" >&2
  echo "initdb failed." >&2
  exit 1
}

# A throwaway cluster: loopback only, sockets in the temp dir, durability off for speed.
started=""
for _ in 1 2 3; do
  PORT="$(free_port)"
  if as_owner "$BIN/pg_ctl" -D "$DATA" -l "$WORK/server.log" -w -t 30 \
    -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$WORK -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null; then
    started=1
    break
  fi
done
if [ -z "$started" ]; then
  cat "$WORK/server.log" >&2 || true
  echo "PostgreSQL did not start." >&2
  exit 1
fi

PGPASSWORD="$PASSWORD" "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres suki
export DATABASE_URL="postgres://postgres:$PASSWORD@127.0.0.1:$PORT/suki"
echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') running on 127.0.0.1:$PORT (throwaway cluster)" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
