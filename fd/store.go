package fd

import (
	"fmt"
	"time"

	"github.com/inka-tool/inka/budget"
)

// Event says how a variable's domain changed. A propagator subscribes to
// the weakest event it needs: an event wakes the subscribers of every event
// it implies (a fixed variable has also changed bounds and domain).
type Event uint8

const (
	// EvFix: the variable became fixed (one value left).
	EvFix Event = iota
	// EvBnd: its minimum or maximum changed (or EvFix).
	EvBnd
	// EvDom: any value was removed (or EvBnd).
	EvDom
	numEvents
)

// Status is what a propagator reports after a run.
type Status uint8

const (
	// AtFixpoint: running again now would prune nothing (the propagator is
	// idempotent for this run); it runs again when a watched event fires.
	AtFixpoint Status = iota
	// NotFixpoint: the propagator may prune more if run again; the kernel
	// reschedules it if it changed any domain during the run.
	NotFixpoint
	// Subsumed: the constraint holds for every value left (or was replaced
	// by what the propagator posted): never run it again on this branch.
	Subsumed
	// Failed: no solution is left.
	Failed
)

// Cost orders the propagation queue: every queued propagator of a lower
// cost runs before any of a higher cost, as in Gecode, so that cheap
// pruning is done before an expensive propagator looks at the domains.
type Cost uint8

const (
	CostUnary Cost = iota
	CostBinary
	CostTernary
	CostLinear
	CostQuadratic
	// CostExpensive is for propagators that search (constructive
	// disjunction, refutation): they run last.
	CostExpensive
	numCosts
)

// Propagator is the pruning half of a constraint. Propagate reads and
// narrows domains through the Store and its Vars and returns its status.
// A propagator may post new constraints and create variables from inside
// Propagate, and may push a choice point to try constraints in a sub-store
// (see Store.Push); whatever it does is undone when the enclosing choice
// point is popped.
type Propagator interface {
	Propagate(s *Store) Status
}

// Prop is the kernel's record of an installed propagator.
type Prop struct {
	p       Propagator
	cost    Cost
	queued  bool
	dead    bool // subsumed on this branch (trailed)
	running bool // inside its own Propagate: not rescheduled by its own changes
}

// Propagator returns the user propagator.
func (p *Prop) Propagator() Propagator { return p.p }

// Var is a finite-domain integer variable of one Store.
type Var struct {
	s     *Store
	id    int
	dom   Domain
	stamp uint64 // choice point at which dom was last saved on the trail
	subs  [numEvents][]*Prop
	name  string
}

// Stats counts what the solver did. Constraints is the paper's #c (calls of
// Store.Post, including those made by propagators), Prunings its #pr (each
// time a domain is reduced). Nodes counts the alternatives the search
// tried (Engine), Failures those that failed.
type Stats struct {
	Constraints  int64
	Prunings     int64
	Propagations int64
	Nodes        int64
	Failures     int64
	Time         time.Duration
}

func (st Stats) String() string {
	return fmt.Sprintf("constraints=%d prunings=%d propagations=%d nodes=%d failures=%d time=%v",
		st.Constraints, st.Prunings, st.Propagations, st.Nodes, st.Failures, st.Time)
}

type domSave struct {
	x     *Var
	dom   Domain
	stamp uint64
}

type undoKind uint8

const (
	undoUnwatch undoKind = iota
	undoInt
	undoBool
	undoFunc
	undoRevive
	undoDiffEdge // the last edge y → x of the difference graph (iv = x, jv = y: nodes)
	undoDiffNe   // the last disequality of the difference graph
)

type undoEntry struct {
	kind undoKind
	ev   Event
	x    *Var
	ip   *int
	iv   int
	jv   int
	bp   *bool
	bv   bool
	f    func()
	p    *Prop
}

type choicePoint struct {
	dom, undo, nvars int
	stamp            uint64
	failed           bool
	queue            []*Prop // queue contents at push, restored at pop
	trial            bool    // pushed from inside propagation
	steps            int64   // a trial's: Store.steps at the push
	cut              bool    // a trial's: stopped by TrialStepLimit
}

type propQueue struct {
	items []*Prop
	head  int
}

// Store is a constraint store: variables, installed propagators, the
// propagation queue and the trail. Everything the solver knows hangs off
// a Store; there is no global state. A Store is not safe for concurrent
// use.
type Store struct {
	vars      []*Var
	queue     [numCosts]propQueue
	queued    int
	domTrail  []domSave
	undo      []undoEntry
	cps       []choicePoint
	stamp     uint64
	nextStamp uint64
	failed    bool
	changed   bool
	depth     int // nesting of Propagate calls
	diff      *diffGraph
	diffEpoch int   // counts the edges added to diff (never decreases)
	trials    int   // open choice points pushed from inside propagation
	steps     int64 // propagator runs of the outermost Propagate call, nested trials included
	rounds    int64 // outermost Propagate calls so far

	// MaxTrialDepth bounds how many sub-store trials (Push inside
	// propagation) may be nested before expensive propagators such as
	// constructive disjunction stop trying and just wait: nesting costs
	// multiply. 0 means the default (4).
	MaxTrialDepth int

	// EnumLimit bounds the number of value combinations a propagator may
	// enumerate to be domain consistent (non-linear arithmetic, bitwise
	// operations, entailment tests): below it they are exact, above it
	// they reason on bounds. 0 means the default (4096), negative means
	// never enumerate.
	EnumLimit int

	// StepLimit bounds the propagator runs of one Propagate call, those
	// of the trials it makes (nested Propagate calls) included (0: no
	// bound). Bounds reasoning on a cycle such as x < y ∧ y < x shrinks
	// the domains by one value a round and may take 2^32 rounds to fail;
	// a bounded call stops early instead and sets Incomplete. That is
	// sound (domains are only ever narrowed by correct deductions) but
	// the store may not be at a fixpoint: the propagators still queued
	// stay queued, and the next Propagate call (after the next search
	// decision, say) runs them, so that no constraint is forgotten.
	StepLimit int64
	// Incomplete is set when a Propagate call hit StepLimit or Budget.
	Incomplete bool
	// Budget, when set, is spent one step per propagator run; once it is
	// exhausted, Propagate stops early as with StepLimit.
	Budget *budget.B
	// TrialStepLimit bounds the propagator runs of a trial (a choice
	// point pushed from inside propagation; 0: no bound). A trial past it
	// stops and says so (TrialCut): its domains are not a fixpoint, and
	// only a failure it met means anything. Bounds reasoning may creep
	// inside a trial (2a + b = c ∧ 3a + b = c narrows a by a third a
	// round) only to fail, and trials are made at every propagation.
	TrialStepLimit int64

	// Stats are the counters of this store.
	Stats Stats
}

// NewStore returns an empty store.
func NewStore() *Store {
	return &Store{}
}

// NewVar creates a variable with domain [lo, hi].
func (s *Store) NewVar(lo, hi Int) *Var { return s.NewVarDom(Range(lo, hi)) }

// NewVarInt64 creates a variable with domain [lo, hi].
func (s *Store) NewVarInt64(lo, hi int64) *Var { return s.NewVarDom(RangeInt64(lo, hi)) }

// NewBool creates a 0/1 variable.
func (s *Store) NewBool() *Var { return s.NewVarDom(RangeInt64(0, 1)) }

// Const creates a variable fixed to v.
func (s *Store) Const(v Int) *Var { return s.NewVarDom(Singleton(v)) }

// ConstInt64 creates a variable fixed to v.
func (s *Store) ConstInt64(v int64) *Var { return s.Const(I64(v)) }

// NewVarDom creates a variable with domain d. An empty d fails the store.
// Variables created inside a choice point disappear when it is popped.
func (s *Store) NewVarDom(d Domain) *Var {
	x := &Var{s: s, id: len(s.vars), dom: d, stamp: s.stamp}
	s.vars = append(s.vars, x)
	if d.IsEmpty() {
		s.failed = true
	}
	return x
}

// Named sets a name for printing and returns x.
func (x *Var) Named(name string) *Var { x.name = name; return x }

// NumVars returns the number of variables.
func (s *Store) NumVars() int { return len(s.vars) }

// Vars returns the variables in creation order (do not modify).
func (s *Store) Vars() []*Var { return s.vars }

// Failed reports whether the store is known to be contradictory.
func (s *Store) Failed() bool { return s.failed }

// Fail marks the store as failed and returns false (for propagators that
// detect a contradiction themselves).
func (s *Store) Fail() bool { s.failed = true; return false }

// ---- variable access ----

// ID is the variable's index in its store.
func (x *Var) ID() int       { return x.id }
func (x *Var) Store() *Store { return x.s }
func (x *Var) Dom() Domain   { return x.dom }
func (x *Var) Min() Int      { return x.dom.min }
func (x *Var) Max() Int      { return x.dom.max }
func (x *Var) Size() Int     { return x.dom.size }

// IsFixed reports whether one value is left.
func (x *Var) IsFixed() bool { return x.dom.size == one }

// Val is the value of a fixed variable (its minimum otherwise).
func (x *Var) Val() Int { return x.dom.min }

// Contains reports v ∈ dom(x).
func (x *Var) Contains(v Int) bool { return x.dom.contains(v) }

// Degree is the number of live propagators watching x.
func (x *Var) Degree() int {
	n := 0
	for e := range x.subs {
		for _, p := range x.subs[e] {
			if !p.dead {
				n++
			}
		}
	}
	return n
}

func (x *Var) String() string {
	name := x.name
	if name == "" {
		name = fmt.Sprintf("_%d", x.id)
	}
	if x.IsFixed() {
		return name + "=" + x.dom.min.String()
	}
	return name + "∈" + x.dom.String()
}

// Name returns the variable's name ("_N" if unnamed).
func (x *Var) Name() string {
	if x.name == "" {
		return fmt.Sprintf("_%d", x.id)
	}
	return x.name
}

// ---- domain updates ----
//
// Each returns false when the domain became empty; the store is then
// failed, and a propagator should return Failed.

// SetMin removes the values below v.
func (x *Var) SetMin(v Int) bool {
	if v.Leq(x.dom.min) {
		return true
	}
	if x.dom.max.Less(v) {
		return x.s.Fail()
	}
	if x.dom.ivs == nil {
		return x.setRange(v, x.dom.max)
	}
	return x.update(x.dom.Bound(v, x.dom.max))
}

// SetMax removes the values above v.
func (x *Var) SetMax(v Int) bool {
	if x.dom.max.Leq(v) {
		return true
	}
	if v.Less(x.dom.min) {
		return x.s.Fail()
	}
	if x.dom.ivs == nil {
		return x.setRange(x.dom.min, v)
	}
	return x.update(x.dom.Bound(x.dom.min, v))
}

// SetBounds narrows x to [lo, hi].
func (x *Var) SetBounds(lo, hi Int) bool {
	if lo.Leq(x.dom.min) && x.dom.max.Leq(hi) {
		return true
	}
	if x.dom.ivs == nil {
		lo, hi = Max2(lo, x.dom.min), Min2(hi, x.dom.max)
		if hi.Less(lo) {
			return x.s.Fail()
		}
		return x.setRange(lo, hi)
	}
	return x.update(x.dom.Bound(lo, hi))
}

// Assign fixes x to v.
func (x *Var) Assign(v Int) bool {
	if !x.dom.contains(v) {
		return x.s.Fail()
	}
	if x.dom.size == one {
		return true
	}
	x.save()
	x.dom = Domain{min: v, max: v, size: one}
	x.notify(EvFix)
	return true
}

// setRange is the fast path of the bound updates for a domain without
// holes: [lo, hi] is a non-empty strict sub-range of it. It writes the
// fields in place instead of building and copying a Domain value.
func (x *Var) setRange(lo, hi Int) bool {
	x.save()
	x.dom.min, x.dom.max = lo, hi
	x.dom.size = hi.Sub(lo).Inc()
	if lo == hi {
		x.notify(EvFix)
	} else {
		x.notify(EvBnd)
	}
	return true
}

// AssignInt64 fixes x to v.
func (x *Var) AssignInt64(v int64) bool { return x.Assign(I64(v)) }

// Remove removes v.
func (x *Var) Remove(v Int) bool {
	if !x.dom.contains(v) {
		return true
	}
	return x.update(x.dom.Remove(v))
}

// RemoveRange removes [lo, hi].
func (x *Var) RemoveRange(lo, hi Int) bool {
	if hi.Less(x.dom.min) || x.dom.max.Less(lo) || hi.Less(lo) {
		return true
	}
	return x.update(x.dom.RemoveRange(lo, hi))
}

// Intersect narrows x to dom(x) ∩ d.
func (x *Var) Intersect(d Domain) bool {
	if d.IsRange() {
		return x.SetBounds(d.min, d.max)
	}
	nd := x.dom.Intersect(d)
	if nd.size == x.dom.size {
		return !nd.IsEmpty() || x.s.Fail()
	}
	return x.update(nd)
}

// Exclude narrows x to dom(x) \ d.
func (x *Var) Exclude(d Domain) bool {
	nd := x.dom.Minus(d)
	if nd.size == x.dom.size {
		return true
	}
	return x.update(nd)
}

// update installs a strictly smaller domain: trails the old one (once per
// choice point), counts the pruning and wakes the subscribers.
func (x *Var) update(nd Domain) bool {
	s := x.s
	if nd.size.IsZero() {
		return s.Fail()
	}
	if nd.size == x.dom.size {
		return true // nd ⊆ dom(x) always, so the same size means no change
	}
	x.save()
	ev := EvDom
	if nd.size == one {
		ev = EvFix
	} else if nd.min != x.dom.min || nd.max != x.dom.max {
		ev = EvBnd
	}
	x.dom = nd
	x.notify(ev)
	return true
}

// save trails the domain once per choice point.
func (x *Var) save() {
	s := x.s
	if x.stamp != s.stamp {
		s.domTrail = append(s.domTrail, domSave{x, x.dom, x.stamp})
		x.stamp = s.stamp
	}
}

// notify counts the pruning and wakes the subscribers of ev and weaker.
func (x *Var) notify(ev Event) {
	s := x.s
	s.Stats.Prunings++
	s.changed = true
	for e := ev; e < numEvents; e++ {
		for _, p := range x.subs[e] {
			if !p.queued && !p.dead && !p.running {
				s.enqueue(p)
			}
		}
	}
}

// ---- propagators and queue ----

// AddPropagator installs p with the given cost and schedules it once. Use
// Watch on the returned Prop to subscribe it to variable events. Inside a
// choice point the installation is undone on Pop.
func (s *Store) AddPropagator(p Propagator, cost Cost) *Prop {
	if cost >= numCosts {
		cost = numCosts - 1
	}
	pr := &Prop{p: p, cost: cost}
	s.enqueue(pr)
	return pr
}

// Watch subscribes p to event ev of x.
func (s *Store) Watch(p *Prop, x *Var, ev Event) {
	s.mustBeLive(x)
	x.subs[ev] = append(x.subs[ev], p)
	// A variable created inside the innermost choice point vanishes with
	// it, so only older variables need their subscription undone.
	if n := len(s.cps); n > 0 && x.id < s.cps[n-1].nvars {
		s.undo = append(s.undo, undoEntry{kind: undoUnwatch, x: x, ev: ev})
	}
}

// mustBeLive panics on a variable of another store, or one created in a
// choice point popped since: its number may now be another variable's,
// and a propagator posted on it would silently constrain the wrong one.
// A caller that caches variables across choice points must drop them on
// undo (OnUndo); this check finds the one that forgot.
func (s *Store) mustBeLive(x *Var) {
	if x.s != s || x.id >= len(s.vars) || s.vars[x.id] != x {
		panic(fmt.Sprintf("fd: variable %s (#%d) used after the choice point that created it was popped, or from another store", x, x.id))
	}
}

// WatchAll subscribes p to event ev of every variable in xs.
func (s *Store) WatchAll(p *Prop, ev Event, xs ...*Var) {
	for _, x := range xs {
		s.Watch(p, x, ev)
	}
}

func (s *Store) enqueue(p *Prop) {
	q := &s.queue[p.cost]
	q.items = append(q.items, p)
	p.queued = true
	s.queued++
}

func (s *Store) dequeue() *Prop {
	if s.queued == 0 {
		return nil
	}
	for c := range s.queue {
		q := &s.queue[c]
		if q.head < len(q.items) {
			p := q.items[q.head]
			q.items[q.head] = nil
			q.head++
			if q.head == len(q.items) {
				q.items = q.items[:0]
				q.head = 0
			}
			p.queued = false
			s.queued--
			return p
		}
	}
	return nil
}

func (s *Store) clearQueue() {
	for c := range s.queue {
		q := &s.queue[c]
		for i := q.head; i < len(q.items); i++ {
			q.items[i].queued = false
			q.items[i] = nil
		}
		q.items = q.items[:0]
		q.head = 0
	}
	s.queued = 0
}

// dropQueued empties the queue of one cost (Pop gives it back).
func (s *Store) dropQueued(c Cost) {
	q := &s.queue[c]
	for i := q.head; i < len(q.items); i++ {
		q.items[i].queued = false
		q.items[i] = nil
		s.queued--
	}
	q.items = q.items[:0]
	q.head = 0
}

func (s *Store) snapshotQueue() []*Prop {
	if s.queued == 0 {
		return nil
	}
	r := make([]*Prop, 0, s.queued)
	for c := range s.queue {
		q := &s.queue[c]
		r = append(r, q.items[q.head:]...)
	}
	return r
}

// Propagate runs the queued propagators to a fixpoint. It returns false if
// the store failed. It may be called from inside a propagator (typically
// after Push and Post, to try constraints in a sub-store): the outer queue
// is kept aside by Push and given back by Pop.
func (s *Store) Propagate() bool {
	if s.failed {
		s.clearQueue()
		return false
	}
	if s.depth == 0 {
		s.steps = 0
		s.rounds++
	}
	s.depth++
	for {
		p := s.dequeue()
		if p == nil {
			break
		}
		if p.dead {
			continue
		}
		if s.steps++; (s.StepLimit > 0 && s.steps > s.StepLimit) || !s.Budget.Spend(1) {
			s.Incomplete = true
			s.enqueue(p)
			break
		}
		if s.trials > 0 && s.TrialStepLimit > 0 {
			if cp := &s.cps[len(s.cps)-1]; cp.trial && s.steps-cp.steps > s.TrialStepLimit {
				cp.cut = true
				s.enqueue(p)
				break
			}
		}
		s.Stats.Propagations++
		p.running = true
		saved := s.changed
		s.changed = false
		st := p.p.Propagate(s)
		p.running = false
		ch := s.changed
		s.changed = saved || ch
		if st == Failed || s.failed {
			s.failed = true
			s.clearQueue()
			s.depth--
			return false
		}
		switch st {
		case Subsumed:
			s.kill(p)
		case NotFixpoint:
			if ch && !p.queued {
				s.enqueue(p)
			}
		}
	}
	s.depth--
	return true
}

// Round numbers the outermost Propagate calls: propagators that ration
// expensive work (trials) per propagation read it to know when a new one
// starts.
func (s *Store) Round() int64 { return s.rounds }

// Pending reports whether propagators are queued: after a Propagate call
// cut short by StepLimit, the store is not at a fixpoint yet.
func (s *Store) Pending() bool { return s.queued > 0 }

// InPropagation reports whether a propagator is running.
func (s *Store) InPropagation() bool { return s.depth > 0 }

func (s *Store) kill(p *Prop) {
	if p.dead {
		return
	}
	p.dead = true
	if s.stamp != 0 {
		s.undo = append(s.undo, undoEntry{kind: undoRevive, p: p})
	}
}

// Post adds a constraint to the store: it installs its propagators (which
// run at the next Propagate, or later in the current one when called from
// a propagator). It returns false if the store is failed.
func (s *Store) Post(cs ...Constraint) bool {
	for _, c := range cs {
		if _, isAnd := c.(*conj); !isAnd { // count the conjuncts, not the wrapper
			s.Stats.Constraints++
		}
		if s.failed {
			return false
		}
		if !c.Post(s) {
			s.failed = true
			return false
		}
	}
	return !s.failed
}

// PostAndPropagate posts and then propagates to a fixpoint.
func (s *Store) PostAndPropagate(cs ...Constraint) bool {
	return s.Post(cs...) && s.Propagate()
}

// ---- trail and choice points ----

// Push opens a choice point. Every change made after it (domains,
// variables, propagators, subscriptions, trailed state, failure) is undone
// by the matching Pop. Push and Pop may be used from inside a propagator,
// nested: the propagation queue is saved at Push and restored at Pop, so the
// enclosing propagation goes on as if the trial never happened. The queued
// propagators stay queued inside the sub-store too, so that a trial reaches
// the fixpoint the store would, except those of CostExpensive: the other
// disjunctions waiting for their turn are left out of a trial (unless the
// trial wakes them), or else every trial would run them all, and a store
// with n of them would make n² runs of them to reach its fixpoint. A trial
// that leaves them out fails less often and narrows less, soundly.
func (s *Store) Push() {
	s.cps = append(s.cps, choicePoint{
		dom:    len(s.domTrail),
		undo:   len(s.undo),
		nvars:  len(s.vars),
		stamp:  s.stamp,
		failed: s.failed,
		queue:  s.snapshotQueue(),
		trial:  s.depth > 0,
		steps:  s.steps,
	})
	if s.depth > 0 {
		s.trials++
		s.dropQueued(CostExpensive)
	}
	s.nextStamp++
	s.stamp = s.nextStamp
}

// Pop undoes everything since the matching Push.
func (s *Store) Pop() {
	n := len(s.cps) - 1
	cp := &s.cps[n]
	for i := len(s.undo) - 1; i >= cp.undo; i-- {
		u := &s.undo[i]
		switch u.kind {
		case undoUnwatch:
			l := u.x.subs[u.ev]
			l[len(l)-1] = nil
			u.x.subs[u.ev] = l[:len(l)-1]
		case undoInt:
			*u.ip = u.iv
		case undoBool:
			*u.bp = u.bv
		case undoFunc:
			u.f()
		case undoRevive:
			u.p.dead = false
		case undoDiffEdge, undoDiffNe:
			s.diff.undo(u.kind, u.iv, u.jv)
		}
		*u = undoEntry{}
	}
	s.undo = s.undo[:cp.undo]
	for i := len(s.domTrail) - 1; i >= cp.dom; i-- {
		t := &s.domTrail[i]
		t.x.dom = t.dom
		t.x.stamp = t.stamp
		t.x = nil
	}
	s.domTrail = s.domTrail[:cp.dom]
	for i := cp.nvars; i < len(s.vars); i++ {
		s.vars[i] = nil
	}
	s.vars = s.vars[:cp.nvars]
	s.clearQueue()
	for _, p := range cp.queue {
		if !p.queued {
			s.enqueue(p)
		}
	}
	s.failed = cp.failed
	s.stamp = cp.stamp
	if cp.trial {
		s.trials--
	}
	s.cps = s.cps[:n]
}

// TrialCut reports whether the innermost trial was stopped by
// TrialStepLimit.
func (s *Store) TrialCut() bool {
	n := len(s.cps)
	return n > 0 && s.cps[n-1].cut
}

// Level is the number of open choice points.
func (s *Store) Level() int { return len(s.cps) }

// TrialDepth is the number of choice points opened from inside propagation
// that are still open (sub-store trials in progress).
func (s *Store) TrialDepth() int { return s.trials }

func (s *Store) maxTrialDepth() int {
	if s.MaxTrialDepth <= 0 {
		return 4
	}
	return s.MaxTrialDepth
}

// Modified returns the variables whose domain changed since the innermost
// Push (each once; variables created since then are not included). This is
// what constructive disjunction reads to know which variables a trial
// narrowed.
func (s *Store) Modified() []*Var {
	if len(s.cps) == 0 {
		return nil
	}
	cp := s.cps[len(s.cps)-1]
	r := make([]*Var, 0, len(s.domTrail)-cp.dom)
	for i := cp.dom; i < len(s.domTrail); i++ {
		r = append(r, s.domTrail[i].x)
	}
	return r
}

// SetInt sets *p = v, restoring the old value when the current choice point
// is popped. Propagators use it for their own state ("this guard fired").
func (s *Store) SetInt(p *int, v int) {
	if s.stamp != 0 {
		s.undo = append(s.undo, undoEntry{kind: undoInt, ip: p, iv: *p})
	}
	*p = v
}

// SetBool is SetInt for a bool.
func (s *Store) SetBool(p *bool, v bool) {
	if s.stamp != 0 {
		s.undo = append(s.undo, undoEntry{kind: undoBool, bp: p, bv: *p})
	}
	*p = v
}

// OnUndo registers f to run when the current choice point is popped (at the
// root, where nothing is ever popped, f is dropped).
func (s *Store) OnUndo(f func()) {
	if s.stamp != 0 {
		s.undo = append(s.undo, undoEntry{kind: undoFunc, f: f})
	}
}
