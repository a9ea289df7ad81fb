// Package fp solves constraints over IEEE 754 floating-point variables by
// projection, after Botella, Gotlieb and Michel, "Symbolic execution of
// floating-point computations" (the INKA paper's reference [9]), and
// Michel's projections that are correct under rounding.
//
// # Floats are fd variables over ordinals
//
// A float variable is an ordinary fd.Var whose values are the ordinals of
// a Format (Binary64 for C's double, Binary32 for float, Mini8 for tests):
// the floats numbered in increasing order, +0 as 0, -0 as -1, so that the
// successor of a float is ordinal + 1, and NaN as one more ordinal above
// +inf. A float domain is then an fd.Domain (an interval of floats [lo,
// hi] with -0 and +0 kept apart, holes where projections cut out a sign or
// a special value, NaN as one member), and everything fd has works
// unchanged for floats: the trail and choice points, guards, reification,
// constructive disjunction, the combinators of the INKA paper, the
// statistics, and one search engine for integer and float variables.
//
// # Constraints
//
//	Binary(op, f, z, x, y)   z = x op y, op in + - * / fmin fmax, rounded to nearest even
//	Unary(op, f, z, x)       z = -x, fabs, sqrt, floor, ceil, trunc, round
//	Fmod(f, z, x, y)         z = fmod(x, y) (weaker: sign and magnitude bounds; exact on points)
//	Convert(dst, src, z, x)  z = (float) x, (double) x
//	FromInt(dst, z, x)       z = (double) i for an integer variable
//	ToInt(src, z, x, lo, hi) z = (int) x: truncation, NaN, infinities and values out of [lo, hi] excluded (UB)
//	Compare(f, rel, x, y)    C's comparisons: false on NaN but for !=, -0 == +0; negatable
//	Bits(f, ord, bits)       the ordinal view of a bit pattern (every NaN pattern is NaN)
//
// Every operation is evaluated exactly as the hardware does (Eval2,
// Eval1, EvalFmod), and its projections are built on those evaluations
// only: the operand ranges are cut at the special values (-inf, -0, +0,
// +inf, NaN) into pieces on which the rounded operation is monotone in
// each operand (proj.go), the direct projection evaluates the corners and
// the inverse projections find the extreme operands by binary search over
// the ordinals. No real arithmetic is involved, so no projection can lose
// a float solution to rounding; on single points every projection is the
// operation itself, so a fixed assignment passes propagation exactly when
// it is a solution.
//
// Soundness is checked, as fd's integer propagators are, against
// exhaustive enumeration on the 8-bit format Mini8 (every operation,
// thousands of random boxes with holes, NaN and special values) and
// sampled on binary32 and binary64 (proj_test.go, store_test.go).
//
// # Labeling
//
// Branches gives the decisions on a float variable: +0, 1, -1, the bounds
// of its domain, NaN, then bisection at the middle ordinal — over the
// floats, not over the reals, so a double is labeled in at most 64 levels
// of bisection. BitsBranches gives the same decisions on a bit-pattern
// variable (package model keeps floats as their patterns).
//
// # Slow convergence
//
// Propagation over floats may creep (x + 1 = z ∧ z = x moves a bound by
// one unit a round): a projection applies a narrowing only when it removes
// a sixteenth of the values, fixes a variable or removes a special value
// (significant). That weakens propagation, never soundness; labeling by
// bounds and bisection goes on from there.
package fp
