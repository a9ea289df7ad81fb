#!/bin/sh
# A "compiler" with a planted fault, for measuring inka arith's minimizer:
# gcc after a source transformation that miscompiles one pattern. The fault
# is chosen by PLANTED (exported by run.sh):
#   xor   (v ^ e) with a variable v compiled as (v | e)
#   pow2  signed e / 2^k (k = 1..4) compiled as e >> k (wrong for negative e:
#         the shift rounds down, the division toward zero)
#   ice   a compiler crash ("internal compiler error") on -(~e)
fault=${PLANTED:-xor}
for a in "$@"; do
	case "$a" in
	*.c)
		case $fault in
		xor) sed -E 's/\(([a-z][0-9]+) \^ /(\1 | /g' "$a" > "$a.planted.c" ;;
		pow2) sed -E -e 's# / 2(L?L?)\)# >> 1\1)#g' -e 's# / 4(L?L?)\)# >> 2\1)#g' \
			-e 's# / 8(L?L?)\)# >> 3\1)#g' -e 's# / 16(L?L?)\)# >> 4\1)#g' "$a" > "$a.planted.c" ;;
		ice)
			if grep -q -- '(-(~' "$a"; then
				echo "$a: internal compiler error: in fold_negate_expr, at fold-const.cc:572" >&2
				exit 4
			fi
			cp "$a" "$a.planted.c" ;;
		esac
		set -- "$@" "$a.planted.c" ;;
	*) set -- "$@" "$a" ;;
	esac
	shift
done
exec gcc "$@"
