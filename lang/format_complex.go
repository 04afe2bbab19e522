package lang

import (
	"math"
	"strings"
)

// formatComplex is format(c, spec) as CPython's complex.__format__ does
// it (Python/formatter_unicode.c, format_complex_internal): each part is
// formatted as a float with the spec's sign, grouping, precision and type,
// the imaginary part always signed (unless the real part is left out) and
// followed by 'j'; without a type the value looks like str(c), in
// parentheses unless the real part is +0, and a precision makes the parts
// 'g'. The width, fill and alignment then apply to the whole.
func formatComplex(c Complex, spec string) (string, error) {
	if spec == "" {
		return c.String(), nil
	}
	f, err := parseFormatSpec(spec, "complex", true)
	if err != nil {
		return "", err
	}
	switch {
	case f.fill == '0':
		return "", Errorf(ValueError, "Zero padding is not allowed in complex format specifier")
	case f.align == '=':
		return "", Errorf(ValueError, "'=' alignment flag is not allowed in complex format specifier")
	}
	switch f.typ {
	case 0, 'e', 'E', 'f', 'F', 'g', 'G', 'n':
	default:
		return "", Errorf(ValueError, "Unknown format code '%c' for object of type 'complex'", f.typ)
	}
	re, im := real(complex128(c)), imag(complex128(c))
	part := f
	part.width, part.align, part.fill = -1, '<', ' '
	shortRepr := false // the repr of each part, without a '.0'
	skipRe, parens := false, false
	if f.typ == 0 {
		if f.prec < 0 {
			shortRepr = true
		} else {
			part.typ = 'g'
		}
		if re == 0 && !math.Signbit(re) {
			skipRe = true
		} else {
			parens = true
		}
	}
	format := func(x float64, p formatSpec) (string, error) {
		s, err := p.float(x)
		if shortRepr {
			s = strings.TrimSuffix(s, ".0")
		}
		return s, err
	}
	var out strings.Builder
	if parens {
		out.WriteByte('(')
	}
	if !skipRe {
		s, err := format(re, part)
		if err != nil {
			return "", err
		}
		out.WriteString(s)
		part.sign = '+'
	}
	s, err := format(im, part)
	if err != nil {
		return "", err
	}
	out.WriteString(s)
	out.WriteByte('j')
	if parens {
		out.WriteByte(')')
	}
	return f.pad(out.String()), nil
}
