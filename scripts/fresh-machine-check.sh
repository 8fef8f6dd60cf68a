#!/usr/bin/env bash
# The README's two commands on a fresh clone of this repository's HEAD, in a mount namespace where
# Debian's PostgreSQL and Chromium are absent (tmpfs over their folders, no `postgres` account) and
# the system's binaries are hidden from the tests, as on a machine with Node and npm only.
# Needs root (unshare -m, mount) on Linux. Usage: scripts/fresh-machine-check.sh [workdir]
set -euo pipefail
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
work=${1:-$(mktemp -d /tmp/slant-fresh-XXXXXX)}
git clone -q "$repo" "$work/clone"
grep -v '^postgres:' /etc/passwd > "$work/passwd"
cd "$work/clone"
unshare -m bash -c '
  set -euo pipefail
  for d in /usr/lib/postgresql /usr/lib/chromium; do [ -d "$d" ] && mount -t tmpfs none "$d"; done
  mount --bind "'"$work"'/passwd" /etc/passwd
  export SLANT_TEST_SYSTEM_BINARIES=0 NODE_LLAMA_CPP_SKIP_DOWNLOAD=true
  start=$(date +%s); npm ci --no-audit --no-fund > "'"$work"'/npm-ci.log" 2>&1
  echo "npm ci: $(( $(date +%s) - start )) s, node_modules $(du -sh node_modules | cut -f1)"
  start=$(date +%s); rc=0; npm test > "'"$work"'/npm-test.log" 2>&1 || rc=$?
  echo "npm test: exit $rc, $(( $(date +%s) - start )) s (log: '"$work"'/npm-test.log)"
  grep -E "Test Files|Tests  " "'"$work"'/npm-test.log" || true
  exit $rc
'
