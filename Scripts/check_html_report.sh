#!/usr/bin/env bash
# Opens the HTML report of Examples/ in headless Chromium: the page must render every finding
# (its script counts them once it has run) and a screenshot is taken. Skipped, with a note, when
# no Chromium is installed.
#
#   Scripts/check_html_report.sh [KEYCHAIN_LINT_BINARY] [SCREENSHOT.png]
set -euo pipefail
cd "$(dirname "$0")/.."

binary=${1:-.build/debug/keychain-lint}
browser=""
for candidate in chromium chromium-browser google-chrome google-chrome-stable; do
  if command -v "$candidate" >/dev/null 2>&1; then browser=$(command -v "$candidate"); break; fi
done
if [ -z "$browser" ]; then
  echo "note: no Chromium found (chromium, chromium-browser, google-chrome); skipping the HTML report check"
  exit 0
fi
if [ ! -x "$binary" ]; then
  echo "error: $binary is not an executable; build first (swift build)" >&2
  exit 1
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
screenshot=${2:-$out/report.png}
# Exit 1 means "findings", which Examples/ must have; 2 would be an error.
"$binary" scan Examples --no-cache --format html --output "$out/report.html" 2>/dev/null || [ $? -eq 1 ]
expected=$("$binary" scan Examples --no-cache --format json 2>/dev/null | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["findings"]))' || true)

flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$out/profile")
"$browser" "${flags[@]}" --dump-dom "file://$out/report.html" > "$out/dom.html" 2>/dev/null
shown=$(grep -o '<output id="shown">[0-9]* of [0-9]* shown</output>' "$out/dom.html" || true)
articles=$(grep -o '<article class="finding ' "$out/dom.html" | wc -l | tr -d ' ')
if [ "$shown" != "<output id=\"shown\">$expected of $expected shown</output>" ] || [ "$articles" != "$expected" ]; then
  echo "error: the HTML report did not render its $expected findings in Chromium (articles: $articles; counter: ${shown:-none})" >&2
  exit 1
fi
"$browser" "${flags[@]}" --window-size=1280,2400 --screenshot="$screenshot" "file://$out/report.html" >/dev/null 2>&1
size=$(wc -c < "$screenshot" | tr -d ' ')
if [ "$size" -lt 20000 ]; then
  echo "error: the screenshot of the HTML report is $size bytes: nothing rendered?" >&2
  exit 1
fi
echo "HTML report: $expected findings rendered in $("$browser" --version 2>/dev/null | head -1); screenshot $size bytes${2:+ at $2}"
