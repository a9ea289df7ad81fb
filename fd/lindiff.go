package fd

// Ternary linear constraints and the difference graph.
//
// t = x - y, s = x + y (C's + and - on ints, with t and s results) are
// ternary linear equalities that the difference graph (diff.go) sees only
// once one variable is fixed. Two things tie them to the graph before:
//
//   - a sign known on one variable gives the difference of the other two
//     as a fact: t = x - y with y ≥ 0 gives t - x ≤ 0, so that t > x
//     closes a negative cycle at once instead of creeping;
//   - the graph's bounds on a difference give the third variable's
//     bounds: with lo ≤ hi in the graph (a path from a comparison), t = hi
//     - lo is at least 0, which bounds reasoning on the domains of hi and
//     lo cannot see.
//
// Both apply to Σ aᵢxᵢ (= or ≤) c with three variables and unit
// coefficients, two of which form a difference (opposite coefficients).

// unitTernary reports whether the constraint has three variables with
// coefficients ±1.
func (p *linProp) unitTernary() bool {
	if len(p.x) != 3 {
		return false
	}
	for _, a := range p.a {
		if a != one && a != I64(-1) {
			return false
		}
	}
	return p.x[0] != p.x[1] && p.x[1] != p.x[2] && p.x[0] != p.x[2]
}

// ternaryDiffs gives the facts and reads the graph's bounds (see above).
func (p *linProp) ternaryDiffs(s *Store) bool {
	query := s.diff != nil && p.epoch != s.diffEpoch
	if query {
		s.SetInt(&p.epoch, s.diffEpoch)
	}
	for k := 0; k < 3; k++ {
		i, j := (k+1)%3, (k+2)%3
		if !p.a[i].Add(p.a[j]).IsZero() {
			continue
		}
		xp, xq := p.x[i], p.x[j] // the equation is (xp - xq) + a_k·w  rel  c
		if p.a[j] == one {
			xp, xq = xq, xp
		}
		w, ak := p.x[k], p.a[k]
		lo, hi := w.dom.min, w.dom.max // of a_k·w
		if ak != one {
			lo, hi = hi.Neg(), lo.Neg()
		}
		if lo.Sign() >= 0 && p.given&(1<<(2*k)) == 0 {
			s.SetInt(&p.given, p.given|1<<(2*k))
			if !s.addDiff(xp, xq, p.c.Sub(lo)) { // xp - xq ≤ c - min(a_k·w)
				return false
			}
		}
		if p.eq && hi.Sign() <= 0 && p.given&(1<<(2*k+1)) == 0 {
			s.SetInt(&p.given, p.given|1<<(2*k+1))
			if !s.addDiff(xq, xp, hi.Sub(p.c)) { // xq - xp ≤ max(a_k·w) - c
				return false
			}
		}
		if !query || w.IsFixed() {
			continue
		}
		dlo, okLo, dhi, okHi := s.diffBounds(xp, xq)
		// a_k·w = c - (xp - xq) (or ≤ for an inequality).
		var wlo, whi Int
		hasLo, hasHi := false, false
		if okLo { // a_k·w ≤ c - dlo
			if ak == one {
				whi, hasHi = p.c.Sub(dlo), true
			} else {
				wlo, hasLo = dlo.Sub(p.c), true
			}
		}
		if okHi && p.eq { // a_k·w ≥ c - dhi
			if ak == one {
				wlo, hasLo = p.c.Sub(dhi), true
			} else {
				whi, hasHi = dhi.Sub(p.c), true
			}
		}
		if (hasLo && !w.SetMin(wlo)) || (hasHi && !w.SetMax(whi)) {
			return false
		}
	}
	return true
}
