#!/usr/bin/env bash
# The HTML report of a large run, as a browser sees it: covers every C file
# of testdata (but testdata/unsupported) to JSON, renders them as one page
# with inka report, and times headless chromium's parse and layout of it
# (performance.now() after forcing layout, from a script added to a copy),
# side by side with the page of trityp.c alone, three times each.
# Needs chromium (apt-get install chromium). Takes about 2 minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-/tmp/inka-report-bench}
mkdir -p "$out/json"
go build -o "$out/inka" ./cmd/inka
for f in $(find testdata -name '*.c' | grep -v unsupported | sort); do
  nice -n 19 "$out/inka" cover "$f" --format json --steps 1000000 --total-timeout 60s \
    > "$out/json/$(echo "$f" | tr / _).json" 2>/dev/null || true
done
time "$out/inka" report "$out"/json/*.json -o "$out/all.html" --title "inka: all of testdata"
"$out/inka" cover testdata/paper/trityp.c --format html > "$out/small.html"
echo "all.html: $(wc -c < "$out/all.html") bytes, $(gzip -c "$out/all.html" | wc -c) gzipped"
probe='<script>document.body.offsetHeight; document.body.setAttribute("data-ms", performance.now().toFixed(0));</script></body>'
for f in small all; do sed "s|</body>|$probe|" "$out/$f.html" > "$out/$f.t.html"; done
for i in 1 2 3; do
  for f in small all; do
    ms=$(timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$out/profile" \
      --dump-dom "file://$out/$f.t.html" 2>/dev/null | grep -o 'data-ms="[0-9]*"')
    echo "$f.html: parse and layout $ms ms"
  done
done
