package abi

import "math/rand/v2"

// Rand is the state a generator runs with: the random source and the
// recursion budget that Smaller spends (Lindig's depth, passed behind the
// scenes so that it does not clutter the generators' interfaces).
type Rand struct {
	*rand.Rand
	Depth int
}

// NewRand returns a source for seed, reproducible across runs and Go
// versions (PCG).
func NewRand(seed uint64, depth int) *Rand {
	return &Rand{Rand: rand.New(rand.NewPCG(seed, 0x1b873593a5b8d2c1)), Depth: depth}
}

// Gen is a composable random generator of values of type T (Claessen and
// Hughes's QuickCheck generators, as Quest composes them in Lua).
type Gen[T any] func(r *Rand) T

// Unit is the generator that always returns v.
func Unit[T any](v T) Gen[T] { return func(*Rand) T { return v } }

// Choose picks a number in lo..hi, uniformly.
func Choose(lo, hi int) Gen[int] {
	return func(r *Rand) int { return lo + r.IntN(hi-lo+1) }
}

// Elements picks one of vs, uniformly.
func Elements[T any](vs ...T) Gen[T] {
	return func(r *Rand) T { return vs[r.IntN(len(vs))] }
}

// OneOf runs one of gs, picked uniformly.
func OneOf[T any](gs ...Gen[T]) Gen[T] {
	return func(r *Rand) T { return gs[r.IntN(len(gs))](r) }
}

// Weighted is a generator with its weight in Frequency.
type Weighted[T any] struct {
	W int
	G Gen[T]
}

// Frequency runs one of ws, picked with probability proportional to its
// weight: the knob that controls a distribution. Entries of weight 0 are
// never picked; at least one weight must be positive.
func Frequency[T any](ws ...Weighted[T]) Gen[T] {
	total := 0
	for _, w := range ws {
		total += w.W
	}
	return func(r *Rand) T {
		n := r.IntN(total)
		for _, w := range ws {
			if n < w.W {
				return w.G(r)
			}
			n -= w.W
		}
		panic("abi: Frequency: unreachable")
	}
}

// List runs n, then g as many times as n said.
func List[T any](n Gen[int], g Gen[T]) Gen[[]T] {
	return func(r *Rand) []T {
		k := n(r)
		out := make([]T, 0, k)
		for i := 0; i < k; i++ {
			out = append(out, g(r))
		}
		return out
	}
}

// IsZero tells whether the recursion budget is spent.
func IsZero(r *Rand) bool { return r.Depth <= 0 }

// Smaller is OneOf, with the recursion budget one smaller while the
// picked generator runs: only recursion through Smaller counts towards
// the depth, which is what makes recursive generators terminate.
func Smaller[T any](gs ...Gen[T]) Gen[T] {
	return func(r *Rand) T {
		g := gs[r.IntN(len(gs))]
		r.Depth--
		defer func() { r.Depth++ }()
		return g(r)
	}
}

// SmallerFrequency is Frequency with Smaller's budget.
func SmallerFrequency[T any](ws ...Weighted[T]) Gen[T] {
	f := Frequency(ws...)
	return func(r *Rand) T {
		r.Depth--
		defer func() { r.Depth++ }()
		return f(r)
	}
}

// Bind runs g and passes its value to f, whose generator runs next (the
// monadic bind).
func Bind[A, B any](g Gen[A], f func(A) Gen[B]) Gen[B] {
	return func(r *Rand) B { return f(g(r))(r) }
}

// Map applies f to g's values.
func Map[A, B any](g Gen[A], f func(A) B) Gen[B] {
	return func(r *Rand) B { return f(g(r)) }
}

// Lazy defers building a generator until it runs (for recursive
// definitions).
func Lazy[T any](f func() Gen[T]) Gen[T] {
	return func(r *Rand) T { return f()(r) }
}
