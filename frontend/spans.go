package frontend

import "modernc.org/cc/v4"

// FunctionSpan returns the lines of the definition of function name in the
// main file, from its declarator to its closing brace (the span FunctionAt
// looks lines up in); ok is false when the main file does not define it.
// Reports use it: lcov's FN records and the HTML report's table of
// functions name a function by its first line.
func (u *Unit) FunctionSpan(name string) (first, last int, ok bool) {
	for _, fd := range u.funcs {
		if fd.Declarator.Name() == name {
			first, last = span(fd)
			return first, last, true
		}
	}
	return 0, 0, false
}

// span returns the first and last lines of a function's definition.
func span(fd *cc.FunctionDefinition) (first, last int) {
	first = fd.Declarator.Position().Line
	last = first
	if cs := fd.CompoundStatement; cs != nil {
		last = cs.Token2.Position().Line
	}
	return first, last
}
