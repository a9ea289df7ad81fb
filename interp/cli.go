package interp

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// StubTable answers extern calls from lists of answers: the k-th call to
// f (from 0) returns StubTable[f][k], or 0 past the end of the list.
type StubTable map[string][]StubAnswer

// Func returns the StubFunc of the table.
func (t StubTable) Func() StubFunc {
	return func(c StubCall) StubAnswer {
		if as := t[c.Callee]; c.Index < len(as) {
			return as[c.Index]
		}
		return StubAnswer{}
	}
}

// ParseInputs parses the --args / --globals syntax of `inka run` into
// Inputs. Each spec is a comma-separated list of PATH=VALUE:
//
//	i=5,j=-3,p[0]=7,s.f=0x10,q=NULL,c='a',u=4294967295,g()=7,g()=8
//
// PATH is an access path (see Inputs.Values). VALUE is an integer
// (decimal, 0x hex, 0 octal, 0b binary, with an optional sign and C
// suffixes u/l), a character constant ('a', '\n', '\x41', '\0'), true or
// false, or NULL for a pointer input; for a function-pointer input, &F
// points it to function F of the file (by default it points to its own
// callback *PATH, whose calls are answered as an extern's). "f()=V" gives
// the return value of the next call to the extern function f (the first
// f()= is the first call's; "*cb()=V" answers the callback of input cb);
// "f()=&f()#0" makes it return the fresh object f()#0 (see
// StubAnswer.Object), whose leaves are inputs too ("f()#0[0].n=3").
// Several specs (the --args and --globals lists) are merged.
func ParseInputs(specs ...string) (Inputs, error) {
	in := Inputs{Values: map[string]Val{}, Null: map[string]bool{}, Funcs: map[string]string{}}
	stubs := StubTable{}
	for _, spec := range specs {
		items, err := splitTopLevel(spec)
		if err != nil {
			return in, err
		}
		for _, item := range items {
			item = strings.TrimSpace(item)
			if item == "" {
				continue
			}
			eq := strings.IndexByte(item, '=')
			if eq <= 0 {
				return in, fmt.Errorf("bad input %q: want PATH=VALUE", item)
			}
			key, val := strings.TrimSpace(item[:eq]), strings.TrimSpace(item[eq+1:])
			if strings.HasSuffix(key, "()") {
				name := strings.TrimSuffix(key, "()")
				if obj := ReturnedPointer(val); obj != "" {
					stubs[name] = append(stubs[name], StubAnswer{Object: obj})
					continue
				}
				v, err := ParseValue(val)
				if err != nil {
					return in, fmt.Errorf("input %s: %w", key, err)
				}
				stubs[name] = append(stubs[name], StubAnswer{Return: v})
				continue
			}
			if _, dup := in.Values[key]; dup || in.Null[key] {
				return in, fmt.Errorf("input %s given twice", key)
			}
			if val == "NULL" || val == "null" {
				in.Null[key] = true
				continue
			}
			if f, ok := strings.CutPrefix(val, "&"); ok {
				if !strings.HasPrefix(f, "*") { // &*cb is the default
					in.Funcs[key] = f
				}
				continue
			}
			v, err := ParseValue(val)
			if err != nil {
				return in, fmt.Errorf("input %s: %w", key, err)
			}
			in.Values[key] = v
		}
	}
	if len(stubs) > 0 {
		in.Stub = stubs.Func()
	}
	return in, nil
}

// splitTopLevel splits s at the commas outside character constants.
func splitTopLevel(s string) ([]string, error) {
	var out []string
	start, quoted := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++
		case c == '\'':
			quoted = !quoted
		case c == ',' && !quoted:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	if quoted {
		return nil, fmt.Errorf("unterminated character constant in %q", s)
	}
	return append(out, s[start:]), nil
}

// ParseValue parses one integer value of the ParseInputs syntax: the
// result is typed long long, or unsigned long long above LLONG_MAX.
func ParseValue(s string) (Val, error) {
	switch s {
	case "true":
		return Int(1), nil
	case "false":
		return Int(0), nil
	}
	if strings.HasPrefix(s, "'") {
		r, err := parseChar(s)
		return Int(r), err
	}
	if v, ok, err := parseFloat(s); ok {
		return v, err
	}
	neg := false
	body := s
	if strings.HasPrefix(body, "-") || strings.HasPrefix(body, "+") {
		neg = body[0] == '-'
		body = body[1:]
	}
	body = strings.TrimRight(body, "uUlL")
	base := 10
	switch {
	case strings.HasPrefix(body, "0x") || strings.HasPrefix(body, "0X"):
		base, body = 16, body[2:]
	case strings.HasPrefix(body, "0b") || strings.HasPrefix(body, "0B"):
		base, body = 2, body[2:]
	case len(body) > 1 && body[0] == '0':
		base, body = 8, body[1:]
	}
	u, err := strconv.ParseUint(body, base, 64)
	if err != nil || body == "" {
		return Val{}, fmt.Errorf("bad integer %q", s)
	}
	if !neg {
		if u > math.MaxInt64 {
			return Uint(u), nil
		}
		return Int(int64(u)), nil
	}
	if u > 1<<63 {
		return Val{}, fmt.Errorf("integer %s is below -2^63", s)
	}
	return Int(int64(-u)), nil
}

// parseChar parses a C character constant (its value as a signed char,
// as gcc gives it).
func parseChar(s string) (int64, error) {
	if len(s) < 3 || s[len(s)-1] != '\'' {
		return 0, fmt.Errorf("bad character constant %s", s)
	}
	b := s[1 : len(s)-1]
	if b[0] != '\\' {
		if len(b) != 1 {
			return 0, fmt.Errorf("bad character constant %s", s)
		}
		return int64(int8(b[0])), nil
	}
	if len(b) < 2 {
		return 0, fmt.Errorf("bad character constant %s", s)
	}
	simple := map[byte]int64{'n': '\n', 't': '\t', 'r': '\r', '0': 0, '\\': '\\', '\'': '\'', '"': '"', 'a': 7, 'b': 8, 'f': 12, 'v': 11, '?': '?'}
	if v, ok := simple[b[1]]; ok && len(b) == 2 {
		return v, nil
	}
	var u uint64
	var err error
	switch {
	case b[1] == 'x':
		u, err = strconv.ParseUint(b[2:], 16, 8)
	case b[1] >= '0' && b[1] <= '7':
		u, err = strconv.ParseUint(b[1:], 8, 8)
	default:
		err = fmt.Errorf("unknown escape")
	}
	if err != nil {
		return 0, fmt.Errorf("bad character constant %s", s)
	}
	return int64(int8(u)), nil
}

// Fprint writes a readable account of a run: its outcome, the return
// value, the decision outcomes taken in order (by ID,
// file:line:col:outcome), the stub calls, the final values of globals and
// of the objects behind pointer inputs, and any undefined behaviour with
// its position. The output is stable (the tests use it as a golden).
func Fprint(w io.Writer, r *Result) {
	switch r.Outcome {
	case Returned:
		if len(r.ReturnLeaves) > 0 {
			parts := make([]string, len(r.ReturnLeaves))
			for i, lv := range r.ReturnLeaves {
				parts[i] = lv.Path + " = " + lv.Val.String()
			}
			fmt.Fprintf(w, "returned {%s}\n", strings.Join(parts, ", "))
		} else if r.Return.Typ != nil {
			fmt.Fprintf(w, "returned %s\n", r.Return)
		} else {
			fmt.Fprintln(w, "returned")
		}
	case UB:
		fmt.Fprintf(w, "%s: undefined behaviour in %s: %s: %s\n", r.UB.Pos, r.UB.Func, r.UB.Kind, r.UB.Msg)
	default:
		fmt.Fprintf(w, "%s: %s: %s\n", r.Pos, r.Outcome, r.Msg)
	}
	if len(r.Trace) > 0 {
		fmt.Fprintln(w, "decisions:")
		for _, s := range r.Trace {
			fmt.Fprintf(w, "  %s  %s\n", s.ID(), s.Dec.Text)
		}
	}
	if len(r.StubCalls) > 0 {
		fmt.Fprintln(w, "calls to undefined functions:")
		for _, c := range r.StubCalls {
			args := make([]string, len(c.Args))
			for i, a := range c.Args {
				args[i] = a.String()
			}
			ret := ""
			if c.Return.Typ != nil {
				ret = " = " + c.Return.String()
			}
			fmt.Fprintf(w, "  %s: %s(%s)%s  [call %d]\n", c.Pos, c.Callee, strings.Join(args, ", "), ret, c.Index)
		}
	}
	if len(r.Final) > 0 {
		fmt.Fprintln(w, "final values:")
		for _, lv := range r.Final {
			fmt.Fprintf(w, "  %s = %s\n", lv.Path, lv.Val)
		}
	}
}

// Command is `inka run`: it runs fn of p on the inputs given in the
// --args and --globals syntax (see ParseInputs) and prints the result to w
// (see Fprint). The error is for bad inputs and the interpreter's own
// problems; what the program did, undefined behaviour included, is printed
// and returned.
func Command(w io.Writer, p *ir.Program, fn, args, globals string, cfg Config) (*Result, error) {
	in, err := ParseInputs(args, globals)
	if err != nil {
		return nil, err
	}
	res, err := Run(p, fn, in, cfg)
	if err != nil {
		return nil, err
	}
	Fprint(w, res)
	return res, nil
}
