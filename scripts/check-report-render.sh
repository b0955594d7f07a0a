#!/usr/bin/env bash
# Render a report directory's report.html with headless Chromium and save a screenshot, to
# check by eye that the page (inline SVG plots, tables) renders offline.
#
#   scripts/check-report-render.sh DIR [PNG]
#
# Writes DIR/report.html first if it is missing (with the fleetlab binary on PATH, or
# $FLEETLAB). The screenshot goes to PNG (default DIR/report.png). Needs Debian's `chromium`
# (apt-get install -y chromium). Chromium is kept off the network: the page needs none.
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
    echo "usage: $0 REPORT_DIR [SCREENSHOT.png]" >&2
    exit 2
fi
dir=$1
png=${2:-$dir/report.png}
page=$dir/report.html
if [[ ! -f $page ]]; then
    "${FLEETLAB:-fleetlab}" report "$dir"
fi
browser=$(command -v chromium || command -v chromium-browser || true)
if [[ -z $browser ]]; then
    echo "chromium not found: apt-get install -y chromium" >&2
    exit 2
fi
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
"$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --window-size=1200,3000 \
    --screenshot="$(realpath -m "$png")" "file://$(realpath "$page")" 2>/dev/null
if [[ ! -s $png ]]; then
    echo "no screenshot written: $png" >&2
    exit 1
fi
echo "screenshot: $png"
