package interp

import (
	"math"
	"strconv"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// Output. The C library's models write standard output and standard error
// through three primitives the front end and the models call
// (libc/src/inka.h), and the field around the bytes of a %s: __inka_output(stream, c) writes a byte,
// __inka_output_text(stream, c1, ..., cn) the bytes of a piece of a
// printf format, and __inka_output_int(stream, spec, width, prec, v) one
// integer conversion of printf (the format's flags and conversion letter
// in spec, ir.OutputMinus and its kin), __inka_output_float(stream, spec,
// width, prec, v) a floating-point one (%f %e %g, exactly rounded as
// glibc does), __inka_output_errno(stream, e) perror's message for e. The run records what they write (Result.Stdout,
// Result.Stderr); the program cannot read it back, so for the analysis
// they do nothing. A call of the library that writes output inka does not
// format (a printf with a %f, fwrite) leaves the output unknown
// (Result.OutputLost).

// outputFuncs are the C library's functions that write to a stream: a call
// the front end did not lower to the primitives leaves the output unknown.
var outputFuncs = map[string]bool{
	"printf": true, "fprintf": true, "vprintf": true, "vfprintf": true, "dprintf": true,
	"puts": true, "fputs": true, "putchar": true, "fputc": true, "putc": true,
	"fwrite": true, "perror": true, "putchar_unlocked": true, "putc_unlocked": true,
	"fputc_unlocked": true, "fputs_unlocked": true, "fwrite_unlocked": true, "write": true,
}

// output runs the output primitive e (reports whether e is one).
func (m *machine) output(e *ir.Extern, args []Val) bool {
	var text string
	switch e.Name {
	case "__inka_output":
		text = string([]byte{byte(args[1].Bits)})
	case "__inka_output_text":
		b := make([]byte, len(args)-1)
		for i, a := range args[1:] {
			b[i] = byte(a.Bits)
		}
		text = string(b)
	case "__inka_output_int":
		text = FormatInt(int(args[1].Int64()), int(args[2].Int64()), int(args[3].Int64()), args[4].Bits)
	case "__inka_output_float":
		text = FormatFloat(int(args[1].Int64()), int(args[2].Int64()), int(args[3].Int64()), args[4].Float64())
	case "__inka_output_errno":
		text = ErrnoMessage(int64(int32(args[1].Bits)))
	case "__inka_output_field":
		m.field = &field{spec: int(args[1].Int64()), width: int(args[2].Int64())}
		return true
	case "__inka_output_end":
		if f := m.field; f != nil {
			m.field = nil
			text = pad(f.text, f.width, f.spec&ir.OutputMinus != 0, false, "")
		}
	default:
		if outputFuncs[e.Name] {
			m.res.OutputLost = true
		}
		return false
	}
	if f := m.field; f != nil {
		f.text += text
		return true
	}
	if args[0].Int64() == 2 {
		m.res.Stderr += text
	} else {
		m.res.Stdout += text
	}
	return true
}

// field is a field of printf being written: its bytes are padded at its
// end (__inka_output_field, __inka_output_end).
type field struct {
	spec, width int
	text        string
}

// FormatInt formats v as printf's integer (or %c) conversion spec does
// with width and precision (prec < 0: none): v is the argument converted to
// the conversion's type, then to 64 bits (sign-extended for %d and %i).
func FormatInt(spec, width, prec int, v uint64) string {
	conv := byte(spec & 0xff)
	if conv == 'c' {
		return pad(string([]byte{byte(v)}), width, spec&ir.OutputMinus != 0, false, "")
	}
	sign := ""
	u := v
	if conv == 'd' || conv == 'i' {
		switch {
		case int64(v) < 0:
			sign, u = "-", -v
		case spec&ir.OutputPlus != 0:
			sign = "+"
		case spec&ir.OutputSpace != 0:
			sign = " "
		}
	}
	base := 10
	switch conv {
	case 'o':
		base = 8
	case 'x', 'X':
		base = 16
	}
	digits := strconv.FormatUint(u, base)
	if conv == 'X' {
		digits = strings.ToUpper(digits)
	}
	if prec == 0 && u == 0 {
		digits = ""
	}
	if len(digits) < prec {
		digits = strings.Repeat("0", prec-len(digits)) + digits
	}
	if spec&ir.OutputHash != 0 {
		switch {
		case conv == 'o' && !strings.HasPrefix(digits, "0"):
			digits = "0" + digits
		case conv == 'x' && u != 0:
			sign = "0x"
		case conv == 'X' && u != 0:
			sign = "0X"
		}
	}
	// '0' pads between the sign and the digits, unless a precision is given
	zero := spec&ir.OutputZero != 0 && prec < 0
	return pad(digits, width, spec&ir.OutputMinus != 0, zero, sign)
}

// pad justifies sign+s in width: with spaces on the left (or right, left
// true), or zeros between sign and s.
func pad(s string, width int, left, zero bool, sign string) string {
	n := width - len(sign) - len(s)
	switch {
	case n <= 0:
		return sign + s
	case left:
		return sign + s + strings.Repeat(" ", n)
	case zero:
		return sign + strings.Repeat("0", n) + s
	}
	return strings.Repeat(" ", n) + sign + s
}

// FormatFloat formats v as printf's conversion spec (f F e E g G) does with
// width and precision (prec < 0: 6), as glibc does: the decimal digits
// exactly rounded from v's binary value, ties to even (strconv rounds the
// same way), "inf" and "nan" with their sign ("-nan" for a NaN whose sign
// bit is set), padded with spaces, never zeros.
func FormatFloat(spec, width, prec int, v float64) string {
	conv := byte(spec & 0xff)
	upper := conv == 'F' || conv == 'E' || conv == 'G'
	sign := ""
	switch {
	case math.Signbit(v):
		sign = "-"
	case spec&ir.OutputPlus != 0:
		sign = "+"
	case spec&ir.OutputSpace != 0:
		sign = " "
	}
	left := spec&ir.OutputMinus != 0
	if math.IsInf(v, 0) || math.IsNaN(v) {
		s := "inf"
		if math.IsNaN(v) {
			s = "nan"
		}
		if upper {
			s = strings.ToUpper(s)
		}
		return pad(s, width, left, false, sign)
	}
	if prec < 0 {
		prec = 6
	}
	hash := spec&ir.OutputHash != 0
	a := math.Abs(v)
	var s string
	switch conv | 0x20 {
	case 'f':
		s = strconv.FormatFloat(a, 'f', prec, 64)
		if hash && prec == 0 {
			s += "."
		}
	case 'e':
		s = expForm(a, prec, hash)
	default: // g
		if prec == 0 {
			prec = 1
		}
		x := exponent(strconv.FormatFloat(a, 'e', prec-1, 64))
		switch {
		case x == prec && exponent(strconv.FormatFloat(a, 'e', 40, 64)) == prec-1:
			// glibc chose the form on the exponent before rounding
			// (prec-1: the f form with no fraction digit), then the
			// rounding carried into a new digit: the e form with no
			// fraction digit ("%#g" of 999999.5 is "1.e+06", where C
			// says "1.00000e+06")
			s = expForm(a, 0, hash)
		case x < -4 || x >= prec:
			s = expForm(a, prec-1, hash)
		default:
			s = strconv.FormatFloat(a, 'f', prec-1-x, 64)
			if hash && !strings.Contains(s, ".") {
				s += "."
			}
		}
		if !hash {
			s = trimFraction(s)
		}
	}
	if upper {
		s = strings.ToUpper(s)
	}
	return pad(s, width, left, spec&ir.OutputZero != 0, sign)
}

// exponent is the exponent of s, a number in the e form.
func exponent(s string) int {
	x, _ := strconv.Atoi(s[strings.IndexByte(s, 'e')+1:])
	return x
}

// expForm is a in the form d.ddde±dd with prec digits after the point (a
// point without digits when hash).
func expForm(a float64, prec int, hash bool) string {
	s := strconv.FormatFloat(a, 'e', prec, 64)
	if hash && prec == 0 {
		i := strings.IndexByte(s, 'e')
		s = s[:i] + "." + s[i:]
	}
	return s
}

// trimFraction removes the trailing zeros of the fraction of s (in its
// mantissa when s has an exponent), and the point when nothing is left
// after it: %g without #.
func trimFraction(s string) string {
	exp := ""
	if i := strings.IndexByte(s, 'e'); i >= 0 {
		s, exp = s[:i], s[i:]
	}
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s + exp
}
