#!/bin/sh
# Installs the OS packages the tests need when a command they provide is missing.
# Debian/Ubuntu only (apt-get); as root directly, otherwise through sudo.
# Each line of NEEDS is "command package": the package is installed when the command is not on PATH
# (nor in PostgreSQL's versioned bin folder). Add a line when a test starts needing a new server.
set -eu

NEEDS="
mosquitto mosquitto
initdb postgresql
chromium chromium
"

missing=""
for pair in $(printf '%s' "$NEEDS" | tr ' ' ':'); do
    cmd=${pair%%:*}
    pkg=${pair#*:}
    if command -v "$cmd" >/dev/null 2>&1; then continue; fi
    if ls /usr/lib/postgresql/*/bin/"$cmd" >/dev/null 2>&1; then continue; fi
    if [ -x "/usr/sbin/$cmd" ]; then continue; fi
    missing="$missing $pkg"
done

[ -z "$missing" ] && exit 0

echo "installing OS packages the tests need:$missing"
if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "error: the tests need$missing; run as root or install sudo" >&2
    exit 2
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: the tests need$missing and this machine has no apt-get; install them by hand" >&2
    exit 2
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing
