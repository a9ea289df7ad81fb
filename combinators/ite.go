// Package combinators implements the constraint combinators of Gotlieb,
// Denmat and Botella as fd constraints, with the operational semantics of
// their Definitions 1-4:
//
//	Ite   ite(c, v0, v1, v2, C_then, C_else)     Definition 1 (if/else)
//	Ite + Lazy                                    Definition 2 (w, a loop unfolded lazily)
//	PhiU  X = Φu(P, [P1..Pn], [V1..Vn])           Definition 3 (use through a pointer)
//	PhiD  [X1..Xn] = Φd(P, [P1..Pn], DP, [V1..Vn]) Definition 4 (definition through a pointer)
//
// The φ equalities of an ite (v2 = v0, v2 = v1) are given as constraints
// of its branches. A loop w(c, v0, v1, v2, C_body) is an Ite whose then
// branch holds a Lazy constraint that instantiates the next iteration
// (fresh variables, the paper's substitution mechanism) only when it is
// posted or tried; package model builds it.
//
// The combinators know nothing of C: they are built on package fd alone.
package combinators

import (
	"fmt"
	"strings"

	"github.com/inka-tool/inka/fd"
)

// Options tune the combinators of one model.
type Options struct {
	// MaxTrial is the depth of nested sub-store trials a combinator may
	// open for refutation and constructive disjunction (rules 3-5 of
	// Definition 1). 0 disables trials (only entailment by domains);
	// the default, 1, tries both branches of an ite outside any trial.
	MaxTrial int
	// Trials counts the sub-store trials made.
	Trials int64
	// Active lists the ites posted on the current search branch, in the
	// order they were posted (trailed): a search may branch on their
	// conditions.
	Active []*Ite
	// Choices lists the Any constraints of the current search branch that
	// must hold (Z = 1) with several places left (trailed): where a goal is
	// reached is a choice a search may make first (Any.Choose).
	Choices []*Any
	// TrialLazies is the number of lazy constraints (loop iterations) a
	// trial may build; trialLazies counts down inside the current one.
	TrialLazies int
	trialLazies int
	// TrialBudget bounds the ites that make trials in one propagation (an
	// outermost fd.Store.Propagate call; 0: DefaultTrialBudget). Past it
	// the others wait for the next propagation: with many undecided ites
	// on the same inputs (a long else-if ladder), each trial wakes the
	// constraints of all of them, and trying every ite at every
	// propagation costs the square of their number. Waiting only prunes
	// less.
	TrialBudget int
	round       int64 // the propagation the budget is counted in
	trialsLeft  int
}

// DefaultTrialBudget is the default Options.TrialBudget.
const DefaultTrialBudget = 4

// spendTrial reports whether an ite may make its trials now, and counts
// them.
func (o *Options) spendTrial(s *fd.Store) bool {
	if r := s.Round(); r != o.round {
		o.round, o.trialsLeft = r, o.TrialBudget
		if o.trialsLeft <= 0 {
			o.trialsLeft = DefaultTrialBudget
		}
	}
	if o.trialsLeft <= 0 {
		return false
	}
	o.trialsLeft--
	return true
}

// Ite is the ite/6 combinator of Definition 1: (c ∧ C_then ∧ v2 = v0) ∨
// (¬c ∧ C_else ∧ v2 = v1), where c is Cond ≠ 0 and the φ equalities are
// part of Then and Else.
//
// Operationally: if c is entailed the then branch is posted, if c is
// disentailed the else branch (rules 1-2); a branch that is disentailed by
// the domains, or fails when tried in a sub-store, is refuted and the
// other is posted (rules 3-4); when both survive their trial, every
// variable is narrowed to the union of the domains the two trials left
// (the constructive disjunction ⊎ of rule 5).
type Ite struct {
	Cond       *fd.Var
	Then, Else []fd.Constraint
	Opts       *Options
	// Name is for listings (e.g. the source position of the decision).
	Name string
	// Loop marks the ite of a loop iteration (then: one more iteration,
	// else: exit).
	Loop bool
	// Tag is the client's: the model sets it to the source decision the
	// ite tests (a search may prefer the outcome not covered yet).
	Tag any
	// Order is the ite's place in the execution (the model's: statement
	// indexes along the nesting, compared lexicographically).
	Order []int
	// Thin marks a branch taken only when an equality holds: 1 the then
	// branch (the condition is x == y), 2 the else branch (x != y), 0
	// neither. Without a better reason, a search tries the other branch
	// first: nearly every input is on that side, and an equality posted
	// may make bounds reasoning creep along other equalities on the same
	// inputs (2a + b = c ∧ 3a + b = c) only to fail.
	Thin int

	// side is 0 while undecided, 1 once the then branch is posted, 2 for
	// the else branch (trailed).
	side  int
	vars  []*fd.Var
	watch []*fd.Var
}

// Side reports which branch was committed on the current search branch:
// 0 none yet, 1 then, 2 else.
func (c *Ite) Side() int { return c.side }

// Vars implements fd.Constraint.
func (c *Ite) Vars() []*fd.Var {
	if c.vars == nil {
		seen := map[*fd.Var]bool{c.Cond: true}
		c.vars = []*fd.Var{c.Cond}
		for _, b := range [][]fd.Constraint{c.Then, c.Else} {
			for _, k := range b {
				for _, x := range k.Vars() {
					if !seen[x] {
						seen[x] = true
						c.vars = append(c.vars, x)
					}
				}
			}
		}
	}
	return c.vars
}

func (c *Ite) String() string {
	return fmt.Sprintf("ite(%s≠0, [%s], [%s])", c.Cond, joinC(c.Then), joinC(c.Else))
}

func joinC(cs []fd.Constraint) string {
	s := make([]string, len(cs))
	for i, k := range cs {
		s[i] = k.String()
	}
	return strings.Join(s, " ∧ ")
}

// Check implements fd.Constraint.
func (c *Ite) Check(val fd.Valuation) bool {
	b := c.Else
	if !val(c.Cond).IsZero() {
		b = c.Then
	}
	for _, k := range b {
		if !k.Check(val) {
			return false
		}
	}
	return true
}

// condTruth decides Cond ≠ 0 by its domain.
func condTruth(x *fd.Var) fd.Truth {
	if !x.Contains(fd.Int{}) {
		return fd.Entailed
	}
	if x.IsFixed() {
		return fd.Disentailed
	}
	return fd.Unknown
}

// Entailed implements fd.Constraint: known once the condition is decided
// and the branch is.
func (c *Ite) Entailed(s *fd.Store) fd.Truth {
	var b []fd.Constraint
	switch condTruth(c.Cond) {
	case fd.Entailed:
		b = c.Then
	case fd.Disentailed:
		b = c.Else
	default:
		return fd.Unknown
	}
	return conjTruth(s, b)
}

func conjTruth(s *fd.Store, cs []fd.Constraint) fd.Truth {
	t := fd.Entailed
	for _, k := range cs {
		switch k.Entailed(s) {
		case fd.Disentailed:
			return fd.Disentailed
		case fd.Unknown:
			t = fd.Unknown
		}
	}
	return t
}

// Post implements fd.Constraint.
func (c *Ite) Post(s *fd.Store) bool {
	if o := c.Opts; o != nil {
		o.Active = append(o.Active, c)
		n := len(o.Active) - 1
		s.OnUndo(func() { o.Active = o.Active[:n] })
	}
	// An ite that the domains already decide (rules 1-4) commits at once:
	// queued behind every cheaper propagator, it would be committed again
	// inside each trial made meanwhile (a trial runs what is queued), and
	// the ites of a path that a goal decides would commit one by one,
	// each narrowing the inputs a little and waking everything that
	// watches them.
	if side := c.decided(s); side != 0 {
		return c.commit(s, side) != fd.Failed
	}
	p := s.AddPropagator(&iteProp{c}, fd.CostExpensive)
	s.WatchAll(p, fd.EvDom, c.watched()...)
	return true
}

// watched lists the variables whose changes wake the ite's propagator:
// its condition and the variables of its branches' own constraints, a
// nested ite counting by its condition only. A change deeper down (inside
// a nested ite's branches) leaves the ite asleep: its entailment and
// trials would see it only through the nested ite, which the change
// wakes if it matters there. Sleeping through a change prunes less, never
// wrongly, and the condition is always watched, so the ite commits as
// soon as it is decided. Watching every variable of the nested branches
// instead would cost each post of an ite the size of everything below it.
func (c *Ite) watched() []*fd.Var {
	if c.watch == nil {
		seen := map[*fd.Var]bool{c.Cond: true}
		c.watch = []*fd.Var{c.Cond}
		add := func(x *fd.Var) {
			if !seen[x] {
				seen[x] = true
				c.watch = append(c.watch, x)
			}
		}
		for _, b := range [][]fd.Constraint{c.Then, c.Else} {
			for _, k := range b {
				switch k := k.(type) {
				case *Ite:
					add(k.Cond)
				case *Lazy:
				default:
					for _, x := range k.Vars() {
						add(x)
					}
				}
			}
		}
	}
	return c.watch
}

type iteProp struct{ c *Ite }

// Decide commits the ite to its then branch (then set) or its else
// branch, as a search decision: the branch's constraints are posted at
// once rather than left to the ite's propagator, so that the decision
// makes progress even when the store has not run that propagator yet (a
// propagation round cut short by fd.Store.StepLimit). It reports false
// when the store fails; the caller propagates.
func (c *Ite) Decide(s *fd.Store, then bool) bool {
	side := 2
	if then {
		side = 1
	}
	if c.side != 0 {
		return c.side == side
	}
	return c.commit(s, side) != fd.Failed
}

// commit posts branch 1 (then) or 2 (else) with the matching condition
// (3: fails).
func (c *Ite) commit(s *fd.Store, side int) fd.Status {
	if side == 3 {
		return fd.Failed
	}
	s.SetInt(&c.side, side)
	var ok bool
	if side == 1 {
		ok = c.Cond.Remove(fd.Int{}) && s.Post(c.Then...)
	} else {
		ok = c.Cond.Assign(fd.Int{}) && s.Post(c.Else...)
	}
	if !ok {
		return fd.Failed
	}
	return fd.Subsumed
}

// decided applies rules 1-4 by the domains: the branch the condition
// decides, or the one left when the other has a disentailed constraint:
// 1 then, 2 else, 3 neither (failure), 0 undecided.
func (c *Ite) decided(s *fd.Store) int {
	switch condTruth(c.Cond) {
	case fd.Entailed:
		return 1
	case fd.Disentailed:
		return 2
	}
	thenOut := conjTruth(s, c.Then) == fd.Disentailed
	elseOut := conjTruth(s, c.Else) == fd.Disentailed
	switch {
	case thenOut && elseOut:
		return 3
	case thenOut:
		return 2
	case elseOut:
		return 1
	}
	return 0
}

func (p *iteProp) Propagate(s *fd.Store) fd.Status {
	c := p.c
	if c.side != 0 {
		return fd.Subsumed
	}
	switch side := c.decided(s); side {
	case 1, 2:
		return c.commit(s, side)
	case 3:
		return fd.Failed
	}
	if c.Opts == nil || s.TrialDepth() >= c.Opts.MaxTrial || !c.Opts.spendTrial(s) {
		return fd.AtFixpoint
	}
	// Rules 3-5 by trial: try each branch in a sub-store.
	thenDoms, thenOK := trial(s, c.Opts, func() bool { return c.Cond.Remove(fd.Int{}) && s.Post(c.Then...) })
	elseDoms, elseOK := trial(s, c.Opts, func() bool { return c.Cond.Assign(fd.Int{}) && s.Post(c.Else...) })
	switch {
	case !thenOK && !elseOK:
		return fd.Failed
	case !thenOK:
		return c.commit(s, 2)
	case !elseOK:
		return c.commit(s, 1)
	}
	if thenDoms == nil || elseDoms == nil {
		return fd.AtFixpoint // a trial cut short: nothing to join
	}
	if !join(thenDoms, elseDoms) {
		return fd.Failed
	}
	return fd.AtFixpoint
}

// trial posts what post posts in a sub-store, propagates, and returns the
// domains of the variables the trial narrowed (variables that existed
// before it), in the order the trial narrowed them, or false if the
// sub-store failed.
func trial(s *fd.Store, o *Options, post func() bool) (*narrowed, bool) {
	o.Trials++
	saved := o.trialLazies
	o.trialLazies = o.TrialLazies
	defer func() { o.trialLazies = saved }()
	s.Push()
	defer s.Pop()
	if !post() || !s.Propagate() {
		return nil, false
	}
	if s.TrialCut() {
		return nil, true // survived, but its domains say nothing
	}
	n := &narrowed{dom: map[*fd.Var]fd.Domain{}}
	for _, x := range s.Modified() {
		if _, ok := n.dom[x]; !ok {
			n.vars = append(n.vars, x)
		}
		n.dom[x] = x.Dom()
	}
	return n, true
}

// narrowed is what a trial did to the variables: their domains at its
// fixpoint, and the variables in the order it first narrowed them. The
// join follows that order, never a map's: the propagators a narrowing
// wakes, and so what the rationed trials after it see, depend on it, and
// the same run must give the same answer.
type narrowed struct {
	vars []*fd.Var
	dom  map[*fd.Var]fd.Domain
}

// join narrows every variable narrowed by both trials to the union of the
// two domains (⊎). A variable left alone by one trial keeps its domain.
func join(a, b *narrowed) bool {
	for _, x := range a.vars {
		db, ok := b.dom[x]
		if !ok {
			continue
		}
		if !x.Intersect(a.dom[x].Union(db)) {
			return false
		}
	}
	return true
}

// Lazy is a constraint whose content is built only when it is posted: the
// next iteration of a loop (fresh variables and their constraints). Build
// must post what it creates and report false on failure.
type Lazy struct {
	Build func(s *fd.Store) bool
	Name  string
	// Opts bounds the building inside trials (nil: never built there).
	Opts *Options
}

// Post implements fd.Constraint. Inside a sub-store trial (rules 3-5 of an
// ite) only the first few lazy constraints are built (Options.TrialLazies):
// a trial of a loop's "one more iteration" branch would otherwise unroll,
// by propagation alone, every iteration the domains decide, only to be
// undone, and again at every wake. A trial that leaves out a constraint
// fails less often and narrows less: it stays sound. The content is built
// when the branch is posted for good.
func (l *Lazy) Post(s *fd.Store) bool {
	if s.TrialDepth() > 0 {
		o := l.Opts
		if o == nil || o.trialLazies <= 0 {
			return true
		}
		o.trialLazies--
	}
	return l.Build(s)
}

// Entailed implements fd.Constraint: nothing is known before it is built.
func (l *Lazy) Entailed(*fd.Store) fd.Truth { return fd.Unknown }

// Check implements fd.Constraint. A lazy constraint has no variables of
// its own before it is built: the variables it creates are checked by the
// constraints it posts.
func (l *Lazy) Check(fd.Valuation) bool { return true }

// Vars implements fd.Constraint.
func (l *Lazy) Vars() []*fd.Var { return nil }

func (l *Lazy) String() string { return "lazy(" + l.Name + ")" }
