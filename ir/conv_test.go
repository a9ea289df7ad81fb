package ir

import "testing"

// The usual arithmetic conversions of C11 6.3.1.8 on LP64.
func TestUsualArith(t *testing.T) {
	for _, c := range []struct{ a, b, want *Type }{
		{CharType, UShortType, IntType},
		{BoolType, BoolType, IntType},
		{IntType, UIntType, UIntType},
		{LongType, UIntType, LongType},
		{LongLongType, ULongType, ULongLongType},
		{LongType, ULongLongType, ULongLongType},
		{ULongType, LongLongType, ULongLongType},
		{LongType, LongLongType, LongLongType},
		{UShortType, UShortType, IntType},
	} {
		if got := UsualArith(c.a, c.b); got != c.want {
			t.Errorf("UsualArith(%s, %s) = %s, want %s", c.a, c.b, got, c.want)
		}
		if got := UsualArith(c.b, c.a); got != c.want {
			t.Errorf("UsualArith(%s, %s) = %s, want %s", c.b, c.a, got, c.want)
		}
	}
}
