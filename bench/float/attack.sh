#!/bin/sh
# Attacks the unreachability proofs of testdata/float (see attack.c): every
# float for the functions of a float, N inputs (default 10^7) for those of
# doubles; exits 1 on a wrong proof. About two minutes on one core.
#
#   bench/float/attack.sh [N]
set -e
root=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gcc -std=c11 -O0 -ffp-contract=off -o "$tmp/attack" "$root/bench/float/attack.c" -lm
"$tmp/attack" "$@"
