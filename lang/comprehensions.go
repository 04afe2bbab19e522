package lang

import "github.com/kael-dev/kael/lang/syntax"

// Dict and set comprehensions run as the list comprehension of their
// pairs or elements (syntax's AsListComp), whose result makes the dict or
// the set; generator expressions are list comprehensions already (the
// parser makes them so), evaluated at once.

// evalDictComp evaluates {k: v for ...} in the tree-walking evaluator.
func (in *interp) evalDictComp(x *syntax.DictComp) (Value, error) {
	pairs, err := in.listComp(x.AsListComp())
	if err != nil {
		return nil, err
	}
	d, err := dictFromPairs(pairs.(*List).Elems)
	return d, in.wrapNode(err, x.Key)
}

// dictFromPairs makes the dict of a dict comprehension's (key, value)
// pairs; a later key wins, as in Python.
func dictFromPairs(pairs []Value) (*Dict, error) {
	d := NewDict()
	for _, p := range pairs {
		kv := p.(Tuple)
		if err := d.Set(kv[0], kv[1]); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// evalSetComp evaluates {e for ...} in the tree-walking evaluator.
func (in *interp) evalSetComp(x *syntax.SetComp) (Value, error) {
	elems, err := in.listComp(x.AsListComp())
	if err != nil {
		return nil, err
	}
	s, _, err := setDisplay(elems.(*List).Elems)
	return s, in.wrapNode(err, x.Elt)
}
