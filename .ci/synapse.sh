# Sourced by .ci/run: installs Synapse (the Matrix homeserver, from PyPI)
# into a virtual environment cached under ~/.cache/redscience, starts a
# throw-away server on a free loopback port with SQLite, registers the
# bot's account and two test users, and exports what the Matrix tests
# need. The server is stopped and its files deleted when the calling
# script exits, whatever the result.
#
# Run directly (`.ci/synapse.sh`), it starts the same server, prints the
# settings for a `.env` and keeps it running until Ctrl-C.

SYNAPSE_VENV="${SYNAPSE_VENV:-$HOME/.cache/redscience/synapse-venv}"
SYNAPSE_PACKAGE="${SYNAPSE_PACKAGE:-matrix-synapse}"

if ! "$SYNAPSE_VENV/bin/python" -c 'import synapse' >/dev/null 2>&1; then
    # Debian splits venv support (ensurepip) into python3-venv.
    if ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
        echo "== installing python3-venv (Debian packages)"
        if [ "$(id -u)" -eq 0 ]; then SUDO=(); else SUDO=(sudo); fi
        "${SUDO[@]}" apt-get update -qq
        DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq python3-venv >/dev/null
    fi
    echo "== installing $SYNAPSE_PACKAGE into $SYNAPSE_VENV (cached for later runs)"
    rm -rf "$SYNAPSE_VENV"
    mkdir -p "$(dirname "$SYNAPSE_VENV")"
    python3 -m venv "$SYNAPSE_VENV"
    "$SYNAPSE_VENV/bin/pip" install -q "$SYNAPSE_PACKAGE"
fi

SYNAPSE_DIR="$(mktemp -d)"
SYNAPSE_PID=""

synapse_stop() {
    if [ -n "$SYNAPSE_PID" ]; then
        kill "$SYNAPSE_PID" 2>/dev/null || true
        for _ in $(seq 1 50); do
            kill -0 "$SYNAPSE_PID" 2>/dev/null || break
            sleep 0.1
        done
        kill -9 "$SYNAPSE_PID" 2>/dev/null || true
    fi
    rm -rf "$SYNAPSE_DIR"
}
# Keep whatever the caller already does at exit (the PostgreSQL cluster).
SYNAPSE_PREV_TRAP="$(trap -p EXIT | sed -E "s/^trap -- '(.*)' EXIT$/\1/")"
trap "synapse_stop; ${SYNAPSE_PREV_TRAP:-:}" EXIT

# The first loopback port from 58008 on that nothing answers.
SYNAPSE_PORT=58008
while (exec 3<>"/dev/tcp/127.0.0.1/$SYNAPSE_PORT") 2>/dev/null; do
    SYNAPSE_PORT=$((SYNAPSE_PORT + 1))
done

(
    cd "$SYNAPSE_DIR"
    "$SYNAPSE_VENV/bin/python" -m synapse.app.homeserver --server-name localhost \
        --config-path homeserver.yaml --generate-config --report-stats=no >/dev/null
    "$SYNAPSE_VENV/bin/python" - "$SYNAPSE_PORT" <<'PY'
import re, sys
port = sys.argv[1]
s = open('homeserver.yaml').read()
# Loopback only, client API only, no federation, nothing reaches matrix.org.
s = s.replace("port: 8008", "port: " + port)
s = re.sub(r"bind_addresses: \[[^\]]*\]", "bind_addresses: ['127.0.0.1']", s)
s = s.replace("    - ::1\n", "").replace("      - federation\n", "")
s = s.replace('trusted_key_servers:\n  - server_name: "matrix.org"\n', "")
many = "{per_second: 1000, burst_count: 1000}"
s += f"""
trusted_key_servers: []
suppress_key_server_warning: true
# Tests register their own users; this server only listens on loopback.
enable_registration: true
enable_registration_without_verification: true
rc_login: {{address: {many}, account: {many}, failed_attempts: {many}}}
rc_message: {many}
rc_registration: {many}
rc_joins: {{local: {many}, remote: {many}}}
rc_invites: {{per_room: {many}, per_user: {many}, per_issuer: {many}}}
rc_key_requests: {many}
rc_3pid_validation: {many}
rc_room_creation: {many}
rc_presence: {{per_user: {many}}}
rc_delayed_event_mgmt: {many}
"""
open('homeserver.yaml', 'w').write(s)
PY
    sed -i 's/level: INFO/level: WARNING/' localhost.log.config
)

"$SYNAPSE_VENV/bin/python" -m synapse.app.homeserver --config-path "$SYNAPSE_DIR/homeserver.yaml" \
    >"$SYNAPSE_DIR/synapse.out" 2>&1 &
SYNAPSE_PID=$!
SYNAPSE_URL="http://127.0.0.1:$SYNAPSE_PORT"
# Whether the server answers (Python's, so that curl is not needed).
synapse_up() {
    "$SYNAPSE_VENV/bin/python" -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=2)' \
        "$SYNAPSE_URL/_matrix/client/versions" >/dev/null 2>&1
}
for _ in $(seq 1 300); do
    synapse_up && break
    kill -0 "$SYNAPSE_PID" 2>/dev/null || break
    sleep 0.2
done
if ! synapse_up; then
    echo "Synapse did not start:" >&2
    cat "$SYNAPSE_DIR/synapse.out" "$SYNAPSE_DIR"/homeserver.log 2>/dev/null | tail -30 >&2
    exit 1
fi

# The bot's account and two people, for trying the bot by hand.
for account in redscience:redscience-pw alice:alice-pw bob:bob-pw; do
    "$SYNAPSE_VENV/bin/register_new_matrix_user" -c "$SYNAPSE_DIR/homeserver.yaml" \
        -u "${account%%:*}" -p "${account#*:}" --no-admin "$SYNAPSE_URL" >/dev/null
done

# The Matrix scenario tests run against this server (they register users
# of their own), and fail instead of skipping.
export REDSCIENCE_TEST_MATRIX="$SYNAPSE_URL"
export REDSCIENCE_REQUIRE_MATRIX=1
echo "== Synapse $("$SYNAPSE_VENV/bin/python" -c 'import synapse; print(synapse.__version__)') on $SYNAPSE_URL (throw-away)"

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    cat <<ENV
Synapse runs until Ctrl-C. For the bot, put in .env:
MATRIX_HOMESERVER=$SYNAPSE_URL
MATRIX_USER=@redscience:localhost
MATRIX_PASSWORD=redscience-pw
Then sign in with any Matrix client (or the load script) as alice / alice-pw or
bob / bob-pw at $SYNAPSE_URL, invite @redscience:localhost and write "!rs help".
ENV
    wait "$SYNAPSE_PID"
fi
