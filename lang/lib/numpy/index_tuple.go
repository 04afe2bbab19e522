package numpy

import "github.com/kael-dev/kael/lang"

// tupleSubscripts is a[t] for a tuple t as a[t[0], t[1], ...], which
// Python passes alike: a[(1, 2, Ellipsis)] is a[1, 2, ...], a 0-d view,
// as np.nditer builds its views.
func tupleSubscripts(subs []lang.Subscript) []lang.Subscript {
	if len(subs) != 1 || subs[0].IsSlice {
		return subs
	}
	tup, ok := subs[0].Value.(lang.Tuple)
	if !ok {
		return subs
	}
	out := make([]lang.Subscript, len(tup))
	for i, v := range tup {
		out[i] = lang.Subscript{Value: v}
	}
	return out
}
