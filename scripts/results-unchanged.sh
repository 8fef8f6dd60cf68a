#!/bin/sh
# Shows that a change leaves the example configs' and the demo's results.json byte-identical:
# writes them from BASE (a commit, default main) in a temporary worktree and from this checkout,
# then diffs. Only run ids, timestamps and measured wall times are replaced before the diff
# (scripts/example-results.ts says which fields).   usage: scripts/results-unchanged.sh [BASE] [--compiled]
# --compiled: both sides run their built CLI (dist/cli/bin.js, the bundle users run; each side is
# built first) instead of their TypeScript sources.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
base=main
compiled=
for a in "$@"; do
  case "$a" in
    --compiled) compiled=--compiled ;;
    *) base=$a ;;
  esac
done
tmp=$(mktemp -d)
trap 'git -C "$here" worktree remove --force "$tmp/base" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git -C "$here" worktree add --detach "$tmp/base" "$base" >/dev/null
cp -al "$here/node_modules" "$tmp/base/node_modules"
cd "$here"
if [ -n "$compiled" ]; then
  (cd "$tmp/base" && node scripts/build.mjs --js)
  node scripts/build.mjs --js --if-stale
fi
npx tsx scripts/example-results.ts "$tmp/before" --root "$tmp/base" $compiled
npx tsx scripts/example-results.ts "$tmp/after" $compiled
diff -r "$tmp/before" "$tmp/after" && echo "results.json identical for $(ls "$tmp/after" | wc -l) runs ($base vs this checkout${compiled:+, compiled})"
