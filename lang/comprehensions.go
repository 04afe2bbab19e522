package lang

// Dict and set comprehensions run as the list comprehension of their
// pairs or elements (syntax's AsListComp), whose result makes the dict or
// the set; generator expressions are list comprehensions already (the
// parser makes them so), evaluated at once.

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
