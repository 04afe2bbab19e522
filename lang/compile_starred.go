package lang

import (
	"errors"

	"github.com/kael-dev/kael/lang/syntax"
)

// Starred targets: a, *rest = xs binds rest to a list of the elements the
// other targets leave over, as in Python. The parser allows one starred
// element in each tuple or list of targets. Starred elements of a display
// unpack into it: [*a, b], x = *a, b.

// targetElts compiles the elements of a tuple or list target into tc.
func (c *compiler) targetElts(tc *targetCode, elts []syntax.Expr) {
	for i, e := range elts {
		if s, ok := e.(*syntax.StarredExpr); ok {
			tc.starred, tc.starAt = true, i
			e = s.X
		}
		tc.elts = append(tc.elts, c.targetCode(e))
	}
}

// unpack returns the elements of v for the elements of the tuple or list
// target tc, the starred one's as a list.
func (tc *targetCode) unpack(v Value) ([]Value, error) {
	if !tc.starred {
		return unpack(v, len(tc.elts))
	}
	return unpackStarred(v, len(tc.elts), tc.starAt)
}

// unpackStarred returns the n elements of v for targets of which the one
// at star is starred: that one gets a list of what the others leave.
func unpackStarred(v Value, n, star int) ([]Value, error) {
	elems, err := unpackElems(v, -1)
	if err != nil {
		return nil, err
	}
	if len(elems) < n-1 {
		return nil, Errorf(ValueError, "not enough values to unpack (expected at least %d, got %d)", n-1, len(elems))
	}
	after := n - 1 - star // the targets after the starred one
	out := make([]Value, 0, n)
	out = append(out, elems[:star]...)
	rest := elems[star : len(elems)-after]
	out = append(out, &List{Elems: append([]Value(nil), rest...)})
	return append(out, elems[len(elems)-after:]...), nil
}

// hasStarred reports whether one of a display's elements is starred.
func hasStarred(elts []syntax.Expr) bool {
	for _, e := range elts {
		if _, ok := e.(*syntax.StarredExpr); ok {
			return true
		}
	}
	return false
}

// unpackingDisplay compiles the elements of a tuple, list or set display
// with starred ones ([*a, b]): each starred element's iterable contributes
// its elements, in order, left to right as Python evaluates them. A value
// that cannot be iterated is CPython's "Value after * must be an
// iterable" in a tuple or list (asIterable) and the plain "is not
// iterable" in a set.
func (c *compiler) unpackingDisplay(elts []syntax.Expr, asIterable bool) func(in *interp) ([]Value, error) {
	type elt struct {
		eval    evalFn
		starred *syntax.StarredExpr
	}
	code := make([]elt, len(elts))
	for i, e := range elts {
		if s, ok := e.(*syntax.StarredExpr); ok {
			code[i] = elt{c.expr(s.X), s}
		} else {
			code[i] = elt{eval: c.expr(e)}
		}
	}
	return func(in *interp) ([]Value, error) {
		vals := make([]Value, 0, len(code))
		for _, e := range code {
			v, err := e.eval(in)
			if err != nil {
				return nil, err
			}
			if e.starred == nil {
				vals = append(vals, v)
				continue
			}
			elems, err := Collect(v)
			if asIterable && errors.Is(err, errNotIterable) {
				err = Errorf(TypeError, "Value after * must be an iterable, not %s", TypeName(v))
			}
			if err != nil {
				return nil, in.errorAt(err, e.starred.Span())
			}
			if len(vals)+len(elems) > MaxCollect {
				return nil, in.errorAt(Errorf(MemoryError, "a display of more than %d elements is too long to hold", MaxCollect), e.starred.Span())
			}
			vals = append(vals, elems...)
		}
		return vals, nil
	}
}
