package numpy

import (
	"github.com/kael-dev/kael/lang"
)

// Random choices and shuffles of string arrays: the numeric function run
// on the elements' positions, so that the draws are those NumPy makes for
// any array (it draws indices and takes the elements at them).

func init() {
	defineLater(func() {
		for _, name := range []string{"choice", "permutation", "shuffle"} {
			param := "a"
			if name != "choice" {
				param = "x"
			}
			if b, ok := randomFunctions[name].(*lang.Builtin); ok {
				randomFunctions[name] = strRandom(b, param, name == "shuffle")
			}
			if b, ok := randomMethods[name]; ok {
				randomMethods[name] = strRandom(b, param, name == "shuffle")
			}
			if b, ok := generatorMethods[name]; ok {
				generatorMethods[name] = strRandom(b, param, name == "shuffle")
			}
		}
	})
}

// strRandom wraps b to take text in its parameter param: a sample or a
// permutation of the positions (inPlace: shuffles the array's elements).
func strRandom(b *lang.Builtin, param string, inPlace bool) *lang.Builtin {
	numeric := b.Fn()
	return b.WithFn(func(a *lang.Args) (lang.Value, error) {
		v := a.Value(param)
		_, isStr := v.(*StrArray)
		if !isStr && (inPlace || !hasText(v)) {
			return numeric(a)
		}
		vals := a.Values()
		i := valueIndex(vals, v)
		if i < 0 {
			return numeric(a)
		}
		s, err := strArrayOf(v, false)
		if err != nil {
			return nil, err
		}
		pos, err := s.idx.Clone()
		if err != nil {
			return nil, err
		}
		vals[i] = wrapArray(pos)
		r, err := numeric(a)
		vals[i] = v
		if err != nil {
			return nil, err
		}
		if inPlace {
			shuffled, err := s.view(pos).copyOf(s.dt)
			if err != nil {
				return nil, err
			}
			return lang.None, s.SetSubscript([]lang.Subscript{{Value: lang.EllipsisType{}}}, shuffled)
		}
		return rearranged(s.view(pos), r)
	})
}

// valueIndex is the index of v, an array or a list, among a call's
// values; -1 when it is another kind of value.
func valueIndex(vals []lang.Value, v lang.Value) int {
	switch v.(type) {
	case *StrArray, *lang.List:
		for i, x := range vals {
			if y, ok := x.(*StrArray); ok && lang.Value(y) == v {
				return i
			}
			if y, ok := x.(*lang.List); ok && lang.Value(y) == v {
				return i
			}
		}
	}
	return -1
}
