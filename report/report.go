// Package report writes the answers of testgen for people (text) and for
// tools: the inka/v1 JSON schema of ../shared/docs/design.md, whose field
// names are stable (fields are only ever added).
package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/testgen"
)

// Schema is the version tag of the JSON output.
const Schema = "inka/v1"

// Run is one inka/v1 object.
type Run struct {
	Schema    string            `json:"schema"`
	File      string            `json:"file"`
	Function  string            `json:"function"`
	Criterion string            `json:"criterion,omitempty"`
	Goals     []Goal            `json:"goals"`
	Tests     []Test            `json:"tests"`
	Domains   map[string]string `json:"domains,omitempty"`
	Stats     Stats             `json:"stats"`
	// Options are the options the tests were made with: the shape of the
	// inputs must be known to run them again (inka harness --from).
	Options *Options `json:"options,omitempty"`
	// Skipped lists the functions of the file left out because inka cannot
	// take them (cover without --func), with the reason.
	Skipped []Skipped `json:"skipped,omitempty"`
	// Functions are the lines of the definitions of the functions the run
	// answers for (lcov's FN records, the HTML report's function table).
	Functions []FuncSpan `json:"functions,omitempty"`
	// MCDCForm is the form of MC/DC of a run of criterion mcdc
	// ("masking" or "unique-cause"), and Decisions the decisions of a
	// condition, decision-condition or mcdc run with their conditions
	// (mcdc.go).
	MCDCForm  string         `json:"mcdc_form,omitempty"`
	Decisions []MCDCDecision `json:"decisions,omitempty"`
	// Error is why the run made no answer at all ("file:line:col: message":
	// a syntax error, a refused function, no goal on the line), so that
	// JSON output is one inka/v1 object whatever happens.
	Error string `json:"error,omitempty"`
}

// Failed returns the inka/v1 object of a run that answered nothing, with
// the message that says why (fn may be "").
func Failed(file, fn, msg string) *Run {
	return &Run{Schema: Schema, File: file, Function: fn, Goals: []Goal{}, Tests: []Test{}, Error: msg}
}

// Skipped is a function left out of a run.
type Skipped struct {
	Function string `json:"function"`
	Reason   string `json:"reason"`
}

// FuncSpan is where a function is defined: its first line (the
// declarator) and its last (the closing brace).
type FuncSpan struct {
	Name    string `json:"name"`
	Line    int    `json:"line"`
	EndLine int    `json:"end_line"`
}

// Options records the options of a run that its tests depend on, and its
// budgets.
type Options struct {
	ArrayLen        int    `json:"array_len"`
	MaxLen          int    `json:"max_len,omitempty"`
	MaxDepth        int    `json:"max_depth"`
	UseInitializers bool   `json:"use_initializers"`
	MaxUnroll       int    `json:"max_unroll"`
	MaxInline       int    `json:"max_inline"`
	Steps           int64  `json:"steps"`
	TimeoutMS       int64  `json:"timeout_ms"`
	TotalTimeoutMS  int64  `json:"total_timeout_ms,omitempty"`
	Seed            uint64 `json:"seed"`
	Engine          string `json:"engine,omitempty"`
	PrepassSteps    int64  `json:"prepass_steps,omitempty"`
	// DataModel is the target's data model when it is not LP64 ("ILP32").
	DataModel string `json:"data_model,omitempty"`
}

// Goal is one goal and its answer.
type Goal struct {
	ID        string `json:"id"`
	Function  string `json:"function,omitempty"`
	Kind      string `json:"kind"` // "decision" or "statement"
	Line      int    `json:"line"`
	Column    int    `json:"column,omitempty"`
	Condition string `json:"condition,omitempty"`
	Outcome   any    `json:"outcome,omitempty"` // true/false, or a switch label text
	Status    string `json:"status"`
	Reason    string `json:"reason,omitempty"`
	Test      *int   `json:"test,omitempty"`
	// Engine is the solver that answered: "fd", "sat" (gini), or
	// "constant" (a condition that never takes the outcome).
	Engine string `json:"engine,omitempty"`
	// Decision is the id of the decision of a condition (kinds
	// "condition" and "mcdc"); Pair the two tests that show an MC/DC
	// goal's condition independent and Vectors their evaluations of the
	// decision (mcdc.go).
	Decision string   `json:"decision,omitempty"`
	Pair     []int    `json:"pair,omitempty"`
	Vectors  []string `json:"vectors,omitempty"`
}

// Test is one test: inputs, stub answers, and what the replay saw.
type Test struct {
	ID       int            `json:"id"`
	Function string         `json:"function,omitempty"`
	Args     map[string]any `json:"args"`
	Globals  map[string]any `json:"globals"`
	Objects  map[string]any `json:"objects"`
	// ArrayLen is the number of elements of the test's input objects
	// whose elements hold no pointer (strings, buffers), when it is not
	// the run's (Options.ArrayLen): inka gives longer inputs to the goals
	// that need them, up to --max-len (interp.Inputs.Len).
	ArrayLen int `json:"array_len,omitempty"`
	// Depth is the number of levels of the test's linked input objects,
	// when it is deeper than the run's (Options.MaxDepth): the levels
	// past max_depth have objects of one element where their elements
	// hold pointers (interp.Inputs.Depth). inka gives deeper inputs to
	// the goals that need them, up to ir.MaxInputDepth.
	Depth int                   `json:"depth,omitempty"`
	Stubs map[string][]StubCall `json:"stubs"`
	// AllocFail lists the allocations that return NULL in this test
	// (malloc, calloc and realloc in the order the run makes them, from
	// 0: interp.Inputs.AllocFail); Leaks the heap objects the run
	// neither freed nor can reach when it returns (reported, no failure).
	AllocFail []int    `json:"alloc_fail,omitempty"`
	Leaks     []string `json:"leaks,omitempty"`
	// ObjectsFromMalloc: the objects behind the pointer inputs (Objects)
	// are allocated by the caller with malloc, as the function frees or
	// reallocs them (ir.FreesInputs; the harness mallocs them).
	ObjectsFromMalloc bool `json:"objects_from_malloc,omitempty"`
	Return            any  `json:"return,omitempty"`
	// Stops says how a test that does not return ends: only the test of
	// an assertion's failure (inka reach FILE:LINE:false on an assert).
	Stops string `json:"stops,omitempty"`
	// Stdout and Stderr are what the run writes to standard output and
	// standard error through the C library's printf, puts, putchar,
	// fputs and fputc, a character per byte (Latin-1: a byte of 0x80 or
	// more is U+0080..U+00FF, so that any bytes fit a JSON string);
	// absent when it writes none, or when a call wrote output inka does
	// not format (OutputLost: both absent then).
	Stdout string         `json:"stdout,omitempty"`
	Stderr string         `json:"stderr,omitempty"`
	Final  map[string]any `json:"final,omitempty"`
	Covers []string       `json:"covers"`
	// argOrder lists the keys of Args in parameter order: the JSON object
	// and the text list them so.
	argOrder []string
}

// MarshalJSON writes the test with its args in parameter order (a JSON
// object keeps the order it is written in for every reader an IDE uses).
func (t Test) MarshalJSON() ([]byte, error) {
	type plain Test
	b, err := marshal(plain(t))
	if err != nil {
		return nil, err
	}
	// The args come right after the id and the function (a name, no
	// quote in it): put them in order there.
	sorted, err := marshal(t.Args)
	if err != nil {
		return nil, err
	}
	inOrder, err := ordered{t.argOrder, t.Args}.MarshalJSON()
	if err != nil {
		return nil, err
	}
	key := []byte(`"args":`)
	return bytes.Replace(b, append(key, sorted...), append(key, inOrder...), 1), nil
}

// marshal is json.Marshal without HTML escaping ("&x" stays "&x"), as
// WriteJSON writes.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// ordered is a JSON object written with its keys in a given order (keys
// not in it follow, sorted).
type ordered struct {
	keys []string
	m    map[string]any
}

func (o ordered) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range o.sortedKeys() {
		if i > 0 {
			b.WriteByte(',')
		}
		kj, err := marshal(k)
		if err != nil {
			return nil, err
		}
		vj, err := marshal(o.m[k])
		if err != nil {
			return nil, err
		}
		b.Write(kj)
		b.WriteByte(':')
		b.Write(vj)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

// sortedKeys returns the keys of o.m: those of o.keys in their order, then
// the others in natural order (line[2] before line[10]).
func (o ordered) sortedKeys() []string {
	var out []string
	seen := map[string]bool{}
	for _, k := range o.keys {
		if _, ok := o.m[k]; ok && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	var rest []string
	for k := range o.m {
		if !seen[k] {
			rest = append(rest, k)
		}
	}
	sort.Slice(rest, func(i, j int) bool { return naturalLess(rest[i], rest[j]) })
	return append(out, rest...)
}

// naturalLess orders strings as text, except that runs of digits compare
// as numbers: the elements of an input array are listed in index order
// (buf[9] before buf[10]), as a person reads them.
func naturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digitRun(a), digitRun(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			if da != db { // equal values: fewer leading zeros first
				return da < db
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

// digitRun is the length of the run of ASCII digits that starts s.
func digitRun(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// StubCall is one call of an extern as the replay made it.
type StubCall struct {
	Args   []any `json:"args"`
	Return any   `json:"return"`
	// Write is the value the call stores through its write argument
	// (ir.Extern.WriteArg), when it stores one.
	Write any `json:"write,omitempty"`
	// Void marks the calls of a void callee (their return is null, as a
	// NULL pointer's is): only the text output uses it.
	Void bool `json:"-"`
}

// Stats are the solver's figures.
type Stats struct {
	TimeMS       int64 `json:"time_ms"`
	Constraints  int64 `json:"constraints"`
	Prunings     int64 `json:"prunings"`
	Nodes        int64 `json:"nodes"`
	Failures     int64 `json:"failures"`
	Propagations int64 `json:"propagations"`
	Trials       int64 `json:"trials"`
	Steps        int64 `json:"steps"`
	// SATTicks counts gini's work in ticks of 20,000 propagations,
	// SATSolves its calls; Engines the goals each engine answered.
	SATTicks  int64          `json:"sat_ticks"`
	SATSolves int64          `json:"sat_solves"`
	Engines   map[string]int `json:"engines"`
	// PrepassRuns and PrepassSteps are the runs of the concrete pre-pass
	// of cover and the interpreter steps they took ("prepass" in Engines
	// counts the goals it covered).
	PrepassRuns  int64 `json:"prepass_runs,omitempty"`
	PrepassSteps int64 `json:"prepass_steps,omitempty"`
}

// JSONValue writes an interpreter value as JSON: an integer as a number
// when a double holds it exactly, else a decimal string; a float or double
// as a string, the C hexadecimal floating constant of its exact value
// ("0x1.8p+1", "-0x0p+0", "inf", "nan"); NULL as null; other pointers as
// "&path".
func JSONValue(v interp.Val) any {
	if v.Typ == nil {
		return 0
	}
	if v.IsPointer() {
		if v.IsNull() {
			return nil
		}
		return v.String()
	}
	if v.Typ.IsFloat() {
		// exact: a C hexadecimal floating constant (docs/json.md)
		return ir.HexFloat(v.Typ, v.Bits)
	}
	if v.Typ.IsSigned() {
		x := v.Int64()
		if x >= -(1<<53) && x <= 1<<53 {
			return x
		}
		return strconv.FormatInt(x, 10)
	}
	x := v.Uint64()
	if x <= 1<<53 {
		return x
	}
	return strconv.FormatUint(x, 10)
}

func outcomeJSON(g testgen.Goal) any {
	o := g.Dec.Outcomes[g.Outcome]
	switch o {
	case "true":
		return true
	case "false":
		return false
	}
	return o
}

func goalJSON(g testgen.Goal, fn string, status testgen.Status, reason string, test int, engine string) Goal {
	out := Goal{ID: g.ID(), Function: fn, Status: status.String(), Reason: reason}
	if status != testgen.Unknown {
		out.Engine = engine
	}
	if g.Kind == testgen.DecisionGoal {
		out.Kind = "decision"
		out.Line, out.Column = g.Dec.Pos.Line, g.Dec.Pos.Col
		out.Condition = g.Dec.Text
		out.Outcome = outcomeJSON(g)
	} else {
		out.Kind = "statement"
		out.Line = g.Line
	}
	if test >= 0 {
		t := test
		out.Test = &t
	}
	return out
}

func testJSON(id int, fn string, t *testgen.Test, covers []string) Test {
	out := Test{ID: id, Function: fn, Args: map[string]any{}, Globals: map[string]any{}, Objects: map[string]any{},
		Stubs: map[string][]StubCall{}, Covers: covers, argOrder: t.ArgOrder, ArrayLen: t.Inputs.Len, Depth: t.Inputs.Depth}
	if out.Covers == nil {
		out.Covers = []string{}
	}
	for k, v := range t.Args {
		out.Args[k] = JSONValue(v)
	}
	for k, v := range t.Globals {
		out.Globals[k] = JSONValue(v)
	}
	for k, v := range t.Objects {
		out.Objects[k] = JSONValue(v)
	}
	out.AllocFail = t.AllocFail
	if r := t.Result; r != nil {
		out.ObjectsFromMalloc = r.ObjectsFromMalloc && len(t.Objects) > 0
		for _, l := range r.Leaks {
			out.Leaks = append(out.Leaks, l.String())
		}
		for _, c := range r.StubCalls {
			sc := StubCall{Args: []any{}, Void: c.Return.Typ == nil || c.Return.Typ.Kind == ir.Void}
			if !sc.Void {
				sc.Return = JSONValue(c.Return)
			}
			for _, a := range c.Args {
				sc.Args = append(sc.Args, JSONValue(a))
			}
			if ws := t.StubWrites[c.Callee]; c.Index < len(ws) && ws[c.Index].Set {
				sc.Write = JSONValue(ws[c.Index].Val)
			}
			out.Stubs[c.Callee] = append(out.Stubs[c.Callee], sc)
		}
		if r.Outcome == interp.Returned && r.Return.Typ != nil {
			out.Return = JSONValue(r.Return)
		}
		if r.Outcome != interp.Returned {
			what := r.Outcome.String()
			if r.Msg != "" {
				what = r.Msg
			}
			out.Stops = fmt.Sprintf("%s: %s", r.Pos, what)
		}
		if !r.OutputLost {
			out.Stdout, out.Stderr = latin1(r.Stdout), latin1(r.Stderr)
		}
	}
	return out
}

// latin1 is the string of the bytes of s, a character each (Output).
func latin1(s string) string {
	r := make([]rune, len(s))
	for i := 0; i < len(s); i++ {
		r[i] = rune(s[i])
	}
	return string(r)
}

// Output returns the bytes of a test's Stdout or Stderr (a character per
// byte).
func Output(s string) []byte {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r))
	}
	return b
}

func statsJSON(s testgen.Stats, goals []Goal) Stats {
	out := Stats{TimeMS: s.Time.Milliseconds(), Constraints: s.Constraints, Prunings: s.Prunings,
		Nodes: s.Nodes, Failures: s.Failures, Propagations: s.Propagations, Trials: s.Trials, Steps: s.Steps,
		SATTicks: s.SATTicks, SATSolves: s.SATSolves, Engines: map[string]int{},
		PrepassRuns: s.PrepassRuns, PrepassSteps: s.PrepassSteps}
	for _, g := range goals {
		if g.Engine != "" {
			out.Engines[g.Engine]++
		}
	}
	return out
}

// FromReach builds the inka/v1 object of `inka reach`.
func FromReach(file, fn string, r *testgen.GoalResult) *Run {
	run := &Run{Schema: Schema, File: file, Function: fn, Domains: r.Domains, Tests: []Test{}}
	first := -1
	for i, t := range r.Tests {
		if first < 0 {
			first = i
		}
		run.Tests = append(run.Tests, testJSON(i, "", t, t.Result.Covered()))
	}
	run.Goals = []Goal{goalJSON(r.Goal, "", r.Status, r.Reason, first, r.Engine)}
	run.Stats = statsJSON(r.Stats, run.Goals)
	return run
}

// FromCover builds the inka/v1 object of `inka cover` over one or more
// functions (fn is the --func value, "" for every function of the file).
func FromCover(file, fn string, crit testgen.Criterion, covs []*testgen.Coverage) *Run {
	run := &Run{Schema: Schema, File: file, Function: fn, Criterion: string(crit), Goals: []Goal{}, Tests: []Test{}}
	var total testgen.Stats
	for _, c := range covs {
		base := len(run.Tests)
		name := ""
		if fn == "" {
			name = c.Function
		}
		for i, t := range c.Tests {
			run.Tests = append(run.Tests, testJSON(base+i, name, t, c.Covers[i]))
		}
		for _, g := range c.Goals {
			test := -1
			if g.Test >= 0 {
				test = base + g.Test
			}
			run.Goals = append(run.Goals, goalJSON(g.Goal, name, g.Status, g.Reason, test, g.Engine))
		}
		total.Add(c.Stats)
	}
	run.Stats = statsJSON(total, run.Goals)
	return run
}

// WriteJSON writes run as indented JSON.
func WriteJSON(w io.Writer, run *Run) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(run)
}

// WriteText writes run for a person: one line per goal with its answer,
// the tests, and a summary.
func WriteText(w io.Writer, run *Run) {
	for _, g := range run.Goals {
		fn := ""
		if g.Function != "" {
			fn = " [" + g.Function + "]"
		}
		what := g.ID
		switch g.Kind {
		case "decision", "condition":
			what = fmt.Sprintf("%s  %q -> %v", g.ID, g.Condition, g.Outcome)
		case "mcdc":
			what = mcdcLine(g)
		}
		line := fmt.Sprintf("%-11s %s%s", g.Status, what, fn)
		if g.Test != nil {
			line += fmt.Sprintf("  (test %d)", *g.Test)
		}
		if g.Reason != "" {
			line += "  -- " + g.Reason
		}
		fmt.Fprintln(w, line)
	}
	if len(run.Domains) > 0 {
		fmt.Fprintf(w, "domains after propagation: %s\n", mapString(run.Domains))
	}
	writeMCDCText(w, run)
	for _, t := range run.Tests {
		fmt.Fprintf(w, "test %d:", t.ID)
		if t.Function != "" {
			fmt.Fprintf(w, " %s", t.Function)
		}
		fmt.Fprintln(w, testText(t))
	}
	cov, unr, unk := 0, 0, 0
	for _, g := range run.Goals {
		switch g.Status {
		case "covered":
			cov++
		case "unreachable":
			unr++
		default:
			unk++
		}
	}
	for _, s := range run.Skipped {
		fmt.Fprintf(w, "skipped %s: %s\n", s.Function, s.Reason)
	}
	sat := ""
	if n := run.Stats.Engines["sat"]; n > 0 {
		sat = fmt.Sprintf("; gini answered %d (%d ticks)", n, run.Stats.SATTicks)
	}
	fmt.Fprintf(w, "%d goals: %d covered, %d unreachable, %d unknown; %d tests; %v; #c %d, #pr %d; %d steps%s\n",
		len(run.Goals), cov, unr, unk, len(run.Tests), time.Duration(run.Stats.TimeMS)*time.Millisecond,
		run.Stats.Constraints, run.Stats.Prunings, run.Stats.Steps, sat)
}

func mapString(m map[string]string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + " in " + m[k]
	}
	return strings.Join(parts, ", ")
}

// nonZero returns the entries of m whose value is not the integer 0
// (NULL pointers are kept: they are not the default of a pointer input).
func nonZero(m map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		if fmt.Sprint(v) != "0" {
			out[k] = v
		}
	}
	return out
}

func valuesString(o ordered) string {
	keys := o.sortedKeys()
	parts := make([]string, len(keys))
	for i, k := range keys {
		v := o.m[k]
		if v == nil {
			v = "NULL"
		}
		parts[i] = fmt.Sprintf("%s=%v", k, v)
	}
	return strings.Join(parts, " ")
}

// testText is the inputs of test t, its stubs' answers and how it ends, as
// the text output writes them after "test N: function" (a leading space).
func testText(t Test) string {
	var w strings.Builder
	if len(t.Args) > 0 {
		fmt.Fprintf(&w, " %s", valuesString(ordered{t.argOrder, t.Args}))
	}
	// Input objects can have thousands of leaves: the text lists the
	// ones that are not 0 (JSON has them all).
	if g := nonZero(t.Globals); len(g) > 0 {
		fmt.Fprintf(&w, " globals %s", valuesString(ordered{m: g}))
	}
	if t.ArrayLen > 0 {
		fmt.Fprintf(&w, " (buffers of %d elements)", t.ArrayLen)
	}
	if t.Depth > 0 {
		fmt.Fprintf(&w, " (linked inputs %d levels deep)", t.Depth)
	}
	if o := nonZero(t.Objects); len(o) > 0 {
		fmt.Fprintf(&w, " objects %s", valuesString(ordered{m: o}))
	}
	names := make([]string, 0, len(t.Stubs))
	for name := range t.Stubs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		calls := t.Stubs[name]
		var parts []string
		void := true
		for _, c := range calls {
			p := fmt.Sprint(c.Return)
			switch {
			case c.Void:
				p = "-"
			case c.Return == nil:
				p, void = "NULL", false
			default:
				void = false
			}
			if c.Write != nil {
				p += fmt.Sprintf(" (storing %v)", c.Write)
			}
			parts = append(parts, p)
		}
		if void && len(parts) > 0 && !strings.Contains(strings.Join(parts, ""), "storing") {
			fmt.Fprintf(&w, " %s called %d×", name, len(calls))
			continue
		}
		fmt.Fprintf(&w, " %s returns %s", name, strings.Join(parts, ", "))
	}
	if t.ObjectsFromMalloc {
		fmt.Fprintf(&w, " (objects from malloc)")
	}
	if len(t.AllocFail) > 0 {
		ks := make([]string, len(t.AllocFail))
		for i, k := range t.AllocFail {
			ks[i] = fmt.Sprintf("#%d", k)
		}
		fmt.Fprintf(&w, " allocation %s fails", strings.Join(ks, ", "))
	}
	if t.Return != nil {
		fmt.Fprintf(&w, " -> returns %v", t.Return)
	}
	if t.Stops != "" {
		fmt.Fprintf(&w, " -> %s", t.Stops)
	}
	if len(t.Leaks) > 0 {
		fmt.Fprintf(&w, " (leaks: %s)", strings.Join(t.Leaks, "; "))
	}
	return w.String()
}
