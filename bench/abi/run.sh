#!/usr/bin/env bash
# The inka abi campaign: gcc x clang x tcc at -O0 and -O2, 10,000 random
# tests per feature set (with and without __int128/__float128) and the
# whole PFSA suite, the 40 largest failure groups minimized.
#
#   bash bench/abi/run.sh [DIR] [RANDOM]
#
# Writes DIR/report.txt, DIR/report.json and the reproducers under
# DIR/repro. It takes hours on two cores; it runs under nice.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dir=${1:-/tmp/inka-abi-campaign}
random=${2:-10000}

for cc in gcc clang tcc; do
	command -v "$cc" >/dev/null || { echo "$cc not found (apt-get install $cc)" >&2; exit 2; }
done
mkdir -p "$dir"
(cd "$root" && go build -o "$dir/inka" ./cmd/inka)
# Exit status 1 means failures were found: that is the result, not an error.
nice -n 19 "$dir/inka" abi --cc gcc,clang,tcc --opt O0,O2 --random "$random" --pfsa \
	--seed 1 --minimize 40 --jobs 2 --dir "$dir/work" --json "$dir/report.json" \
	>"$dir/report.txt" || [ $? -eq 1 ]
head -40 "$dir/report.txt"
