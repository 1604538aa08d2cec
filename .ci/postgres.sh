# Sourced by .ci/run: starts a throw-away PostgreSQL cluster on a free
# loopback port under a temporary directory, exports DATABASE_URL for the
# tests, and stops and deletes the cluster when the calling script exits,
# whatever the result. Installs PostgreSQL from the Debian packages if absent.

pg_bindir() {
    local dir
    for dir in "$(pg_config --bindir 2>/dev/null || true)" /usr/lib/postgresql/*/bin; do
        if [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
            echo "$dir"
            return
        fi
    done
}

PG_BIN="$(pg_bindir)"
if [ -z "$PG_BIN" ]; then
    echo "== installing PostgreSQL (Debian packages)"
    if [ "$(id -u)" -eq 0 ]; then SUDO=(); else SUDO=(sudo); fi
    "${SUDO[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq postgresql >/dev/null
    PG_BIN="$(pg_bindir)"
    [ -n "$PG_BIN" ] || { echo "PostgreSQL did not install" >&2; exit 1; }
fi

# initdb refuses to run as root: run the cluster as the postgres user then.
PG_AS=()
if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    PG_AS=(runuser -u postgres --)
fi

PG_DIR="$(mktemp -d)"
[ ${#PG_AS[@]} -eq 0 ] || chown postgres "$PG_DIR"

pg_stop() {
    "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
}
trap pg_stop EXIT

# The first loopback port from 55432 on that nothing answers.
PG_PORT=55432
while (exec 3<>"/dev/tcp/127.0.0.1/$PG_PORT") 2>/dev/null; do
    PG_PORT=$((PG_PORT + 1))
done

"${PG_AS[@]}" "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres -A trust -E UTF8 --locale=C \
    --no-sync >/dev/null
"${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_DIR -c max_connections=200" \
    start >/dev/null || { cat "$PG_DIR/server.log" >&2; exit 1; }
"${PG_AS[@]}" "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -q -d postgres \
    -c "CREATE DATABASE redscience_ci" >/dev/null

export DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/redscience_ci"
# The storage tests fail instead of quietly testing SQLite alone.
export REDSCIENCE_REQUIRE_POSTGRES=1
echo "== PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT (throw-away)"
