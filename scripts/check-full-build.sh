#!/usr/bin/env bash
# `npm run check:full-build`, right after `npm run build` with the same settings: builds the same day's site again
# with --full and compares it with dist/, file for file. An incremental build must publish exactly what a full
# build publishes; a difference means it kept a stale page. The full build runs in a copy of the project, offline
# from a copy of .cache/ (the very answers the incremental build used), so nothing published or cached changes.
# Any difference is listed, also in $GITHUB_STEP_SUMMARY when set (GitHub Actions), and the script exits 1.
# docs/deployment.md, "What the workflow guarantees".
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d dist ] || [ ! -d .cache ]; then
  echo "check:full-build: dist/ and .cache/ must come from a build first (npm run build)" >&2
  exit 1
fi

copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
cp -R .eleventy.js package.json tsconfig.json src templates content scripts .cache "$copy/"
if [ -f .env ]; then cp .env "$copy/"; fi
ln -s "$PWD/node_modules" "$copy/node_modules"

echo "Building the same site with --full in $copy, offline from a copy of .cache/ ..."
# The full build's own summary would read as the published build's: it writes none.
(cd "$copy" && ASTRO_OFFLINE=1 GITHUB_STEP_SUMMARY='' npm run --silent build -- --full)

status=0
differences=$(diff -rq dist "$copy/dist") || status=$?
if [ "$status" -eq 0 ]; then
  message="Full-build check: dist/ is the same, file for file, as a --full build of the same day ($(find dist -type f | wc -l) files)."
  echo "$message"
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then printf '%s\n\n' "$message" >>"$GITHUB_STEP_SUMMARY"; fi
  exit 0
fi

differences=${differences//"$copy/dist"/full-build}
{
  echo '### Full-build check FAILED: the incremental build differs from a `--full` build'
  echo
  echo '`dist` is the incremental build, `full-build` a `--full` build of the same day from the same cached answers. The workflow stops here: nothing is uploaded or deployed (docs/deployment.md).'
  echo
  echo '```'
  echo "$differences"
  echo '```'
} >"$copy/report.md"
cat "$copy/report.md" >&2
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$copy/report.md" >>"$GITHUB_STEP_SUMMARY"; fi
exit 1
