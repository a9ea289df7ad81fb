#!/bin/bash
# Random testing, inka's pre-pass alone and inka in full, side by side
# (bench/hybrid), on testdata/paper, testdata/real, testdata/memory,
# testdata/user, testdata/heap and Csmith programs (the functions func_*,
# the globals as inputs). With 10 s of random testing per function it
# takes about an hour of CPU.
#
#   bash bench/hybrid/run.sh [SEEDS [RANDOM]]     # default: 1-20, 10s
#
# Csmith (Debian's csmith) is optional: without it only testdata is run.
set -euo pipefail
cd "$(dirname "$0")/../.."
seeds=${1:-1-20}
random=${2:-10s}
for d in paper real memory user heap; do
  echo "== testdata/$d (random: $random of CPU per function)"
  go run ./bench/hybrid -random "$random" testdata/$d/*.c
done
if ! command -v csmith >/dev/null; then
  echo "csmith not installed: the Csmith programs are skipped"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
csm=()
for s in $(seq ${seeds%-*} ${seeds#*-}); do
  csmith --seed "$s" --no-bitfields --no-volatiles --no-float --no-unions --max-funcs 3 -o "$work/r$s.c"
  gcc -E -P -I/usr/include/csmith "$work/r$s.c" -o "$work/p$s.c"
  csm+=("$work/p$s.c")
done
echo "== Csmith seeds $seeds, func_* (random: $random of CPU per function)"
go run ./bench/hybrid -random "$random" -match '^func_' "${csm[@]}"
