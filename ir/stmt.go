package ir

// Op is the operator of a Unary or Binary statement.
type Op int

// Operators. Arithmetic, bitwise and shift operators work on operands
// already converted by the front end: both operands of a Binary arithmetic
// or comparison operator have the same type (the usual arithmetic
// conversions were made explicit with Conv statements), except shifts,
// whose right operand keeps its own promoted type, and pointer arithmetic
// (see PtrAdd) and pointer difference (Sub of two pointers, giving a long
// counted in elements).
const (
	Add Op = iota
	Sub
	Mul
	Div // truncates toward zero
	Rem // sign of the dividend
	Shl
	Shr // arithmetic for signed operands
	And
	Or
	Xor
	Eq // comparisons give an int 0 or 1
	Ne
	Lt
	Le
	Gt
	Ge
	Neg  // unary -
	BNot // unary ~
	LNot // unary !: int 1 if the operand is 0 (or NULL), else 0
)

var opNames = [...]string{"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "==", "!=", "<", "<=", ">", ">=", "-", "~", "!"}

func (o Op) String() string { return opNames[o] }

// IsComparison reports whether o is ==, !=, <, <=, > or >=.
func (o Op) IsComparison() bool { return o >= Eq && o <= Ge }

// Stmt is an elementary statement or a structured control statement.
// See doc.go for the table of statements.
type Stmt interface {
	Position() Pos
	stmt()
}

// At is embedded in every statement: the source position it comes from.
type At struct{ Pos Pos }

// Position returns the source position of the statement.
func (a At) Position() Pos { return a.Pos }
func (At) stmt()           {}

// Copy is `Dst = Src`: scalar copy (integer or pointer, same type), or a
// whole aggregate copy (struct, union, array) when both are aggregate
// variables of the same type.
type Copy struct {
	At
	Dst *Var
	Src Value
	// Volatile marks the read of a volatile-qualified object (Src): the
	// front end reads such an object only by a Copy or a Load of its
	// own, so that each read is one statement (see Load.Volatile).
	Volatile bool
}

// Unary is `Dst = Op X` with Op one of Neg, BNot, LNot.
type Unary struct {
	At
	Dst *Var
	Op  Op
	X   Value
}

// Binary is `Dst = X Op Y`.
type Binary struct {
	At
	Dst  *Var
	Op   Op
	X, Y Value
}

// Conv is `Dst = (Dst.Typ) X`: an integer conversion (truncation, sign or
// zero extension, conversion to _Bool), or a pointer conversion that keeps
// the address (array decay, to and from void*, qualifier changes), or the
// conversion of a null pointer constant to a pointer type.
type Conv struct {
	At
	Dst *Var
	X   Value
}

// AddrOf is `Dst = &Var`: the address of a whole variable.
type AddrOf struct {
	At
	Dst *Var
	Var *Var
}

// FieldAddr is `Dst = &Ptr->Field`: Ptr points to a struct or union, Field
// indexes its Fields.
type FieldAddr struct {
	At
	Dst   *Var
	Ptr   Value
	Field int
}

// PtrAdd is `Dst = Ptr + Index`: pointer arithmetic in units of the
// pointee type of Ptr (array indexing `&a[i]` is `PtrAdd(decay(&a), i)`).
// Index is a signed long (the front end converts it).
type PtrAdd struct {
	At
	Dst   *Var
	Ptr   Value
	Index Value
}

// Load is `Dst = *Ptr`: a scalar, or a whole struct or union (Dst an
// aggregate variable of the pointee type).
type Load struct {
	At
	Dst *Var
	Ptr Value
	// Volatile marks the read of a volatile-qualified object: the value
	// may change between two reads by means the program does not show
	// (hardware, a signal handler, another thread). The interpreter reads
	// memory; a proof must hold for any value read.
	Volatile bool
	// Shared marks the read of a byte a bit-field shares with others, to
	// rewrite it (frontend/bitfield.go): an indeterminate byte reads as
	// 0, as the other bits are only kept (a heap object's bytes never
	// written; gcc keeps whatever they hold).
	Shared bool
}

// Store is `*Ptr = Src`: a scalar, or a whole struct or union (Src an
// aggregate variable of the pointee type).
type Store struct {
	At
	Ptr Value
	Src Value
	// Init marks the store of a local's initializer: it may write the
	// read-only leaves of the object being initialized (`const int a[2] =
	// {x, y};`), which no other store may (Leaf.Const).
	Init bool
}

// Call is `Dst = Callee(Args...)` (Dst nil when the result is unused or
// void). Exactly one of Func (a function defined in the file), Extern (a
// function only declared) and Ptr (a call through a function pointer:
// `(*Ptr)(Args...)`, a value of pointer-to-function type) is set.
type Call struct {
	At
	Dst    *Var
	Func   *Func
	Extern *Extern
	Ptr    Value
	Args   []Value
	// Excluded, on a call through a pointer left in the last else of a
	// dispatch (InlineWith), lists the functions dispatched before it:
	// the call runs only when Ptr points to none of them.
	Excluded []*Var
}

// FuncType returns the type of the function called.
func (c *Call) FuncType() *Type {
	switch {
	case c.Func != nil:
		return c.Func.Type()
	case c.Extern != nil:
		return c.Extern.Type()
	}
	return c.Ptr.Type().Elem
}

// If is `if (Cond) Then else Else`. Cond is a scalar: true when non-zero
// (non-null). Dec, when set, says which source decision this test
// evaluates; If statements created only for lowering have no Dec.
type If struct {
	At
	Cond       Value
	Then, Else []Stmt
	Dec        *DecRef
}

// While is the only loop: `loop { Pre; if (!Cond) break; Body }`. Pre
// computes the condition, so that the condition is evaluated at the loop
// head each time (as the paper's w combinator expects). Dec, when set, is
// the source decision evaluated by each test of Cond.
type While struct {
	At
	Pre  []Stmt
	Cond Value
	Body []Stmt
	Dec  *DecRef
}

// Return ends the function, with Val (nil for void). A lowered function
// body has exactly one Return, its last statement, and it returns the
// function's Result variable: early returns are lowered to assignments of
// Result and control flags.
type Return struct {
	At
	Val Value
}

// Assert is `assert(Cond)` as the program has it (not compiled out with
// NDEBUG): the execution stops with an assertion failure when Cond is zero.
// The condition is also a decision (kind DecAssert): Dec says which.
//
// With UB set it is a precondition of the C library instead (a model's
// __inka_require, package libc): when Cond is zero the run has undefined
// behaviour, UB saying which ("memcpy: the objects overlap"); it is no
// decision (Dec is nil).
type Assert struct {
	At
	Cond Value
	Dec  *DecRef
	UB   string
}

// Unsupported is a construct inka does not model, at the point where a run
// would execute it: a floating-point operation, a call through a function
// pointer, an access to a bit-field, malloc, a cast from an integer to a
// pointer, ... What names the construct ("floating-point constant").
//
// A run that reaches it stops there with an "unsupported" outcome; the
// constraint model cuts the path there and records the reason, so that no
// test and no proof rests on what the construct would do. The code after
// it is lowered as usual, for the paths that do not go through it. Dst,
// when set, is the variable the construct would compute (a temporary the
// code that follows reads): it is defined but has no known value.
type Unsupported struct {
	At
	What string
	Dst  *Var
}

// DecisionKind says which source construct a decision or condition comes from.
type DecisionKind int

const (
	DecIf     DecisionKind = iota // if (c)
	DecWhile                      // while (c)
	DecFor                        // for (...; c; ...)
	DecDo                         // do ... while (c)
	DecSwitch                     // switch (e): one outcome per case label, default, or "no case"
	DecAnd                        // operand of a chain a && b && c but the last: true means the next operand is evaluated
	DecOr                         // operand of a chain a || b || c but the last: false means the next operand is evaluated
	DecCond                       // c ? a : b
	DecAssert                     // assert(c)
	// DecCondition is a condition of a decision (DO-178C: a boolean
	// expression without && or ||, such as `alt > 1000` or `!armed`),
	// lowered to a test of its own when the front end identifies
	// conditions (frontend.Options.Conditions; see CondExpr).
	DecCondition
	// DecExpr is a chain of && or || outside a controlling expression
	// (`ok = a && b;`, `return x > 0 || y;`): a decision of DO-178C's,
	// with conditions, recorded only when the front end identifies
	// conditions.
	DecExpr
)

var decKindNames = [...]string{"if", "while", "for", "do", "switch", "&&", "||", "?:", "assert", "cond", "expr"}

func (k DecisionKind) String() string { return decKindNames[k] }

// IsDecision reports whether decisions of this kind are goals of the
// all-decisions criterion (whole conditions of if, loops and switch).
func (k DecisionKind) IsDecision() bool { return k <= DecSwitch }

// Decision is a decision or condition of the source. Its identity is its
// position (the first character of the condition, or of the switch's
// controlling expression).
type Decision struct {
	Index    int // index in Func.Decisions
	Kind     DecisionKind
	Pos      Pos
	End      Pos      // just after the last character of the condition (for source instrumentation)
	Text     string   // source text of the condition
	Outcomes []string // "true", "false" for two-way decisions; "case 3", "default", "no case" for a switch
	Func     *Func
	// Conds is the boolean structure of the decision over its conditions,
	// when the front end identifies conditions (frontend.Options.Conditions)
	// and the decision is two-way; nil otherwise.
	Conds *CondExpr
}

// ID returns the stable identifier of an outcome, "file:line:col:outcome",
// as used in goals and in the JSON output. A condition (&&, ||, ?:) may
// start at the same position as the decision that contains it
// (`if (a && b)`: the condition a and the decision a && b), so its
// identifier names its kind: "file:line:col:&&:true", "...:||:false",
// "...:?:true".
func (d *Decision) ID(outcome int) string {
	switch d.Kind {
	case DecAnd, DecOr:
		return d.Pos.String() + ":" + d.Kind.String() + ":" + d.Outcomes[outcome]
	case DecCond:
		return d.Pos.String() + ":?:" + d.Outcomes[outcome]
	case DecCondition, DecExpr:
		return d.Pos.String() + ":" + d.Kind.String() + ":" + d.Outcomes[outcome]
	}
	return d.Pos.String() + ":" + d.Outcomes[outcome]
}

// DecRef links a lowered test to a source decision: when the test is true
// the decision takes outcome True, when false it takes outcome False. An
// outcome of -1 means this test alone does not decide the outcome (a switch
// is lowered to a chain of tests, one per case label, whose last else is
// "default" or "no case").
type DecRef struct {
	D           *Decision
	True, False int
}

// Extern is a function declared in the file but not defined there: calls to
// it are answered by a stub (an input of the test), unless it is a C
// library function (System; see library.go).
type Extern struct {
	Name   string
	Result *Type // VoidType for void functions
	Params []*Type
	// ConstPointee[i] is set when parameter i points to const-qualified
	// data (`const char *s`): a stub never writes through it.
	ConstPointee []bool
	Variadic     bool
	Pos          Pos // the declaration
	// System: declared by a system header (<stdlib.h>, ...): a function
	// of the C library, whose behaviour is specified, never a free input.
	System bool
}

// Type returns the function type of e.
func (e *Extern) Type() *Type { return FuncType(e.Result, e.Params, e.Variadic) }

// NoReturn reports whether a call to e never returns: the C library
// functions that end the program (the interpreter stops the run there).
func (e *Extern) NoReturn() bool {
	switch e.Name {
	case "abort", "exit", "_Exit", "quick_exit", "__assert_fail", "__assert", "__assert_rtn":
		return true
	}
	return false
}

// WriteArg returns the index of the parameter through which a stub of e
// stores a value (its first pointer-to-integer parameter that does not
// point to const), or -1. The
// stubs of inka's tests (testgen) and of its gcc drivers agree on it: a
// call stores one fresh value in the integer its write argument points
// to, when that argument is not NULL.
func (e *Extern) WriteArg() int {
	for i, p := range e.Params {
		if p.IsPointer() && p.Elem.IsInteger() && !(i < len(e.ConstPointee) && e.ConstPointee[i]) {
			return i
		}
	}
	return -1
}

// Func is a lowered function.
type Func struct {
	Name      string
	Pos       Pos
	ResultTyp *Type  // VoidType for void functions
	Params    []*Var // in order
	Locals    []*Var // locals, temps, flags (not Params, not Result)
	Result    *Var   // nil for void functions
	Body      []Stmt
	Decisions []*Decision
	Variadic  bool
	// Library: the model of a C library function (package libc), lowered
	// from inka's C sources rather than the user's: it has no decisions,
	// and undefined behaviour in it is reported at the call.
	Library bool
}

// Type returns the function type of f.
func (f *Func) Type() *Type {
	params := make([]*Type, len(f.Params))
	for i, v := range f.Params {
		params[i] = v.Typ
	}
	return FuncType(f.ResultTyp, params, f.Variadic)
}

// Program is the lowered form of the part of a translation unit that a
// function needs: the functions it calls that are defined in the file
// (transitively), the globals they use, the externs they call.
type Program struct {
	File    string
	Funcs   []*Func // Funcs[0] is the entry function
	Globals []*Var  // globals, statics and string literals used
	Externs []*Extern
	NumVars int // Var IDs are 0..NumVars-1
	// DataModel is the target's (the front end's Options.DataModel): the
	// types of the program are laid out for it.
	DataModel DataModel
}

// Func returns the function named name, or nil.
func (p *Program) Func(name string) *Func {
	for _, f := range p.Funcs {
		if f.Name == name {
			return f
		}
	}
	return nil
}
