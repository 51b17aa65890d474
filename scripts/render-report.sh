#!/usr/bin/env bash
# Renders `klondike report` in headless Chromium and checks the result.
#
#   scripts/render-report.sh [DB] [OUTDIR]
#
# Without DB, a synthetic database is made (test/support/sample-db.ts; invented numbers). Writes
# OUTDIR/report.html, OUTDIR/report.dom.html (the DOM Chromium built) and OUTDIR/report.png
# (a screenshot, to look at). Chromium runs with networking features off; the check fails if the
# HTML names any URL, if the DOM lacks the five charts or the table, or if no screenshot appears.
# Exit 0 = rendered and checked, 1 = check failed, 3 = chromium is not installed.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if [[ ! -x $CHROMIUM ]]; then
  echo "render-report: $CHROMIUM not found (apt-get install -y chromium)" >&2
  exit 3
fi
OUT=${2:-$(mktemp -d)}
mkdir -p "$OUT"
DB=${1:-}
if [[ -z $DB ]]; then
  DB=$OUT/sample.sqlite
  rm -f "$DB" "$DB-wal" "$DB-shm"
  node --import tsx -e "const m = await import('./test/support/sample-db.ts'); m.writeSampleDb(process.argv[1], 2000)" "$DB"
fi

node bin/klondike report --db "$DB" --out "$OUT/report.html"

fail() { echo "render-report: FAIL: $*" >&2; exit 1; }
# The deal links to the browser app (`klondike web`) are the only addresses allowed.
if sed -E 's#(href|action)="http://127\.0\.0\.1:5252/[^"]*"##g' "$OUT/report.html" |
  grep -Eqi '(https?|ftp|file):|//[a-z0-9.-]+\.[a-z]{2,}|@import|src=|href=|action='; then
  fail "report.html refers to something outside itself"
fi

PROFILE=$(mktemp -d)
trap 'rm -rf "$PROFILE"' EXIT
FLAGS=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
  --disable-component-update --disable-sync --disable-extensions --user-data-dir="$PROFILE"
  --host-resolver-rules="MAP * ~NOTFOUND")
URL="file://$(realpath "$OUT/report.html")"

timeout 120 "$CHROMIUM" "${FLAGS[@]}" --dump-dom "$URL" >"$OUT/report.dom.html" 2>"$OUT/chromium.log" || fail "chromium --dump-dom failed (see $OUT/chromium.log)"
svgs=$(grep -o '<svg' "$OUT/report.dom.html" | wc -l)
grep -q '<table>' "$OUT/report.dom.html" || fail "no table in the rendered DOM"
grep -q 'Winnable share' "$OUT/report.dom.html" || fail "no winnable-share chart in the rendered DOM"
grep -q 'Search nodes per deal' "$OUT/report.dom.html" || fail "no work-per-deal chart in the rendered DOM"
[[ $svgs -ge 5 ]] || fail "expected 5 charts in the rendered DOM, found $svgs"

rm -f "$OUT/report.png"
timeout 120 "$CHROMIUM" "${FLAGS[@]}" --hide-scrollbars --window-size=1400,2000 --screenshot="$OUT/report.png" "$URL" >>"$OUT/chromium.log" 2>&1 ||
  fail "chromium --screenshot failed (see $OUT/chromium.log)"
[[ -s $OUT/report.png ]] || fail "no screenshot written"
size=$(stat -c %s "$OUT/report.png")
[[ $size -gt 20000 ]] || fail "screenshot is suspiciously small ($size bytes): blank page?"

echo "render-report: OK: $svgs charts rendered; screenshot $OUT/report.png ($size bytes), DOM $OUT/report.dom.html"
