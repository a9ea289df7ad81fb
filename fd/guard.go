package fd

import "fmt"

// ---- guarded constraints ----

// Implies is the guarded constraint c1 → c2 of CLP(FD): when c1 becomes
// entailed, c2 is posted; when c1 becomes disentailed, the guard is
// dropped; otherwise it waits for a change of c1's variables. It does not
// reason backwards (¬c2 does not imply ¬c1): write Implies(Not(c2), Not(c1))
// as well for that, as the paper's combinators do.
func Implies(c1, c2 Constraint) Constraint { return &guardC{cond: c1, body: c2} }

type guardC struct{ cond, body Constraint }

func (g *guardC) Vars() []*Var   { return uniqueVars(g.cond.Vars(), g.body.Vars()) }
func (g *guardC) String() string { return "(" + g.cond.String() + " → " + g.body.String() + ")" }
func (g *guardC) Check(val Valuation) bool {
	return !g.cond.Check(val) || g.body.Check(val)
}

func (g *guardC) Entailed(s *Store) Truth {
	tc := g.cond.Entailed(s)
	if tc == Disentailed {
		return Entailed
	}
	tb := g.body.Entailed(s)
	if tb == Entailed {
		return Entailed
	}
	if tc == Entailed && tb == Disentailed {
		return Disentailed
	}
	return Unknown
}

func (g *guardC) Post(s *Store) bool {
	pr := s.AddPropagator(&guardProp{g: g}, CostLinear)
	s.WatchAll(pr, EvDom, g.cond.Vars()...)
	return true
}

type guardProp struct{ g *guardC }

func (p *guardProp) Propagate(s *Store) Status {
	switch p.g.cond.Entailed(s) {
	case Entailed:
		// Fire: the body joins the store (undone with the choice point
		// that is open now, like everything posted during propagation).
		if !s.Post(p.g.body) {
			return Failed
		}
		return Subsumed
	case Disentailed:
		return Subsumed
	}
	return AtFixpoint
}

// ---- reification ----

// Reify is b ⇔ c for a 0/1 variable b: b = 1 posts c, b = 0 posts ¬c, and
// c entailed (disentailed) fixes b to 1 (0). Any constraint can be
// reified; its negation is posted with Not.
func Reify(b *Var, c Constraint) Constraint { return &reifC{b: b, c: c} }

// ReifyCmp is b ⇔ (x rel y).
func ReifyCmp(b, x *Var, rel Rel, y *Var) Constraint { return Reify(b, Cmp(x, rel, y)) }

// ReifyLinear is b ⇔ (Σ a·x rel c).
func ReifyLinear(b *Var, a []Int, x []*Var, rel Rel, c Int) Constraint {
	return Reify(b, Linear(a, x, rel, c))
}

type reifC struct {
	b *Var
	c Constraint
}

func (r *reifC) Vars() []*Var   { return uniqueVars([]*Var{r.b}, r.c.Vars()) }
func (r *reifC) String() string { return r.b.Name() + " ⇔ " + r.c.String() }
func (r *reifC) Check(val Valuation) bool {
	b := val(r.b)
	if b != zero && b != one {
		return false
	}
	return (b == one) == r.c.Check(val)
}

func (r *reifC) Entailed(s *Store) Truth {
	if r.b.dom.max.Less(zero) || one.Less(r.b.dom.min) || r.b.dom.Bound(zero, one).IsEmpty() {
		return Disentailed
	}
	t := r.c.Entailed(s)
	if !r.b.IsFixed() || t == Unknown {
		return Unknown
	}
	if (r.b.dom.min == one) == (t == Entailed) {
		return Entailed
	}
	return Disentailed
}

func (r *reifC) Post(s *Store) bool {
	if !r.b.SetBounds(zero, one) {
		return false
	}
	pr := s.AddPropagator(&reifProp{r: r}, CostLinear)
	s.Watch(pr, r.b, EvFix)
	s.WatchAll(pr, EvDom, r.c.Vars()...)
	return true
}

type reifProp struct{ r *reifC }

func (p *reifProp) Propagate(s *Store) Status {
	b, c := p.r.b, p.r.c
	if b.IsFixed() {
		post := c
		if b.dom.min.IsZero() {
			post = Not(c)
		}
		if !s.Post(post) {
			return Failed
		}
		return Subsumed
	}
	switch c.Entailed(s) {
	case Entailed:
		if !b.Assign(one) {
			return Failed
		}
		return Subsumed
	case Disentailed:
		if !b.Assign(zero) {
			return Failed
		}
		return Subsumed
	}
	return AtFixpoint
}

// ---- constructive disjunction ----

// Or is the constructive disjunction of alternatives (each usually an And
// of constraints), the ⊎ of the paper's Definition 1. Its propagator tries
// each live alternative in a sub-store (Push, post, propagate, Pop):
//
//   - an alternative that fails is dropped for the rest of the branch;
//   - if none is left the store fails; if exactly one is left it is
//     committed (posted) and the disjunction disappears;
//   - otherwise every variable is narrowed to the union of the domains
//     the surviving alternatives left it. Only variables that every
//     surviving trial modified can shrink (the others keep their whole
//     domain in some alternative); the trail tells which they are.
//
// The propagator is expensive: it runs after all cheaper ones. Trials
// nest (an alternative may contain other disjunctions) up to
// Store.MaxTrialDepth levels, beyond which a disjunction just waits.
func Or(alts ...Constraint) Constraint { return &disjC{alts: alts} }

type disjC struct{ alts []Constraint }

func (d *disjC) Vars() []*Var {
	var vs [][]*Var
	for _, a := range d.alts {
		vs = append(vs, a.Vars())
	}
	return uniqueVars(vs...)
}

func (d *disjC) String() string { return joinC(d.alts, " ⊎ ") }

func (d *disjC) Check(val Valuation) bool {
	for _, a := range d.alts {
		if a.Check(val) {
			return true
		}
	}
	return false
}

func (d *disjC) Entailed(s *Store) Truth {
	t := Disentailed
	for _, a := range d.alts {
		switch a.Entailed(s) {
		case Entailed:
			return Entailed
		case Unknown:
			t = Unknown
		}
	}
	return t
}

func (d *disjC) Post(s *Store) bool {
	switch len(d.alts) {
	case 0:
		return false
	case 1:
		return s.Post(d.alts[0])
	}
	p := &disjProp{alts: d.alts, dead: make([]bool, len(d.alts))}
	pr := s.AddPropagator(p, CostExpensive)
	s.WatchAll(pr, EvDom, d.Vars()...)
	return true
}

type disjProp struct {
	alts []Constraint
	dead []bool // trailed: alternative i failed on this branch
}

func (p *disjProp) kill(s *Store, i int) { s.SetBool(&p.dead[i], true) }

func (p *disjProp) Propagate(s *Store) Status {
	live := 0
	for i, a := range p.alts {
		if p.dead[i] {
			continue
		}
		switch a.Entailed(s) {
		case Entailed:
			return Subsumed
		case Disentailed:
			p.kill(s, i)
			continue
		}
		live++
	}
	if live > 1 && s.TrialDepth() < s.maxTrialDepth() {
		p.trials(s)
	}
	last := -1
	live = 0
	for i := range p.alts {
		if !p.dead[i] {
			live++
			last = i
		}
	}
	switch live {
	case 0:
		return Failed
	case 1:
		if !s.Post(p.alts[last]) {
			return Failed
		}
		return Subsumed
	}
	return AtFixpoint
}

// trials runs every live alternative in a sub-store, kills the failing ones
// and narrows the store to the union of what the survivors leave.
func (p *disjProp) trials(s *Store) {
	type acc struct {
		dom Domain
		n   int
	}
	var union map[*Var]*acc
	var order []*Var // first survivor's modified variables, for a deterministic order
	survivors := 0
	cut := false
	for i, a := range p.alts {
		if p.dead[i] {
			continue
		}
		s.Push()
		ok := s.Post(a) && s.Propagate()
		if ok && s.TrialCut() {
			cut = true // survived; its domains say nothing
		} else if ok {
			survivors++
			mod := s.Modified()
			if union == nil {
				union = make(map[*Var]*acc, len(mod))
				for _, x := range mod {
					union[x] = &acc{dom: x.dom, n: 1}
				}
				order = mod
			} else {
				for _, x := range mod {
					if u := union[x]; u != nil && u.n == survivors-1 {
						u.dom = u.dom.Union(x.dom)
						u.n++
					}
				}
			}
		}
		s.Pop()
		if !ok {
			p.kill(s, i)
		}
	}
	if survivors < 2 || cut {
		return // Propagate fails or commits, or a trial cut short narrows nothing
	}
	for _, x := range order {
		if u := union[x]; u.n == survivors {
			if !x.Intersect(u.dom) {
				return // the caller sees s.Failed()
			}
		}
	}
}

func (p *disjProp) String() string { return fmt.Sprintf("disj(%d)", len(p.alts)) }
