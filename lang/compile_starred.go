package lang

import "github.com/kael-dev/kael/lang/syntax"

// Starred targets: a, *rest = xs binds rest to a list of the elements the
// other targets leave over, as in Python. The parser allows one starred
// element in each tuple or list of targets.

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
	elems, err := unpackElems(v)
	if err != nil {
		return nil, err
	}
	if len(elems) < n-1 {
		return nil, newErrorf(ValueError, "not enough values to unpack (expected at least %d, got %d)", n-1, len(elems))
	}
	after := n - 1 - star // the targets after the starred one
	out := make([]Value, 0, n)
	out = append(out, elems[:star]...)
	rest := elems[star : len(elems)-after]
	out = append(out, &List{Elems: append([]Value(nil), rest...)})
	return append(out, elems[len(elems)-after:]...), nil
}
