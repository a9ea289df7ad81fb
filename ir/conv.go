package ir

// Integer conversions of C11 6.3.1, on the types of either data model. The front
// end makes them explicit as Conv statements; package arith uses them to
// type the expressions it generates.

// Promote is the integer promotion: integer types of rank below int become
// int (every value of _Bool, char, short and their unsigned versions fits
// in an int on LP64 and ILP32); an enum promotes to its underlying type; other
// types are unchanged.
func Promote(t *Type) *Type {
	if t.IsInteger() && t.Rank() < IntType.Rank() {
		return IntType
	}
	if t.IsInteger() && t.Tag != "" {
		return modelOf(t).IntType(t.Kind)
	}
	return t
}

// UsualArith is the common type of the usual arithmetic conversions of
// two arithmetic types: both operands of a binary arithmetic, bitwise or
// comparison operator (and the second and third operands of ?:) are
// converted to it. double if either is double, else float if either is
// float, else the integer type C11 6.3.1.8 gives.
func UsualArith(a, b *Type) *Type {
	switch {
	case a.Kind == Double || b.Kind == Double:
		return DoubleType
	case a.Kind == Float || b.Kind == Float:
		return FloatType
	}
	a, b = Promote(a), Promote(b)
	if a.Kind == b.Kind {
		return a
	}
	if a.IsSigned() == b.IsSigned() {
		if a.Rank() >= b.Rank() {
			return a
		}
		return b
	}
	s, us := a, b
	if !s.IsSigned() {
		s, us = b, a
	}
	if us.Rank() >= s.Rank() {
		return us
	}
	if s.Bits() > us.Bits() {
		return s
	}
	return Unsigned(s)
}

// Unsigned is the unsigned integer type corresponding to integer type t
// (t itself if it is unsigned; unsigned char for char).
func Unsigned(t *Type) *Type {
	switch t.Kind {
	case Char:
		return UCharType
	case Short:
		return UShortType
	case Int:
		return UIntType
	case Long:
		return modelOf(t).IntType(ULong)
	case LongLong:
		return modelOf(t).IntType(ULongLong)
	}
	return modelOf(t).IntType(t.Kind)
}
