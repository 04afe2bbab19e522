package lang

import "github.com/kael-dev/kael/lang/syntax"

// PEP 584's dict union: d | e is a new dict with d's entries then e's
// (e's value winning), for two dicts only; d |= e updates d in place with
// anything dict.update takes (a mapping or an iterable of pairs). The
// special methods __or__, __ror__ and __ior__ are dict's methods, so a
// subclass may call or override them. A subclass in a library
// (collections) gives its own operators through DictKind.Binary and
// DictKind.InPlace.

// defDictUnionMethods defines dict's __or__, __ror__ and __ior__
// (defDictMethods calls it: before the dict base class copies dict's
// methods).
func defDictUnionMethods() {
	defMethod("dict", "__or__(self, value)", "self | value: a new dict with self's entries, then value's; NotImplemented when value is not a dict.", func(a *Args) (Value, error) {
		return dictOr(a, a.Value("self"), a.Value("value"))
	})
	defMethod("dict", "__ror__(self, value)", "value | self: a new dict with value's entries, then self's; NotImplemented when value is not a dict.", func(a *Args) (Value, error) {
		return dictOr(a, a.Value("value"), a.Value("self"))
	})
	defMethod("dict", "__ior__(self, value)", "self |= value: stores value's entries (a mapping or (key, value) pairs) in self and returns self.", func(a *Args) (Value, error) {
		d := self[*Dict](a)
		return d, d.inPlaceOr(a.Value("value"))
	})
}

// dictOr is x | y for the special methods, NotImplemented unless both
// are dicts (of any subclass).
func dictOr(a *Args, x, y Value) (Value, error) {
	_, xd := containerOf(x).(*Dict)
	_, yd := containerOf(y).(*Dict)
	if !xd || !yd {
		return NotImplemented, nil
	}
	return a.in.binary(syntax.PIPE, containerOf(x), containerOf(y), a.in.stmtNode())
}

// dictUnion is a | b for two dicts: a plain dict, whatever subclass a is
// of when that subclass has no | of its own (Counter(...) | {} is a
// dict, as in CPython); ok is false for any other operands.
func dictUnion(op syntax.Token, a, b Value) (Value, bool, error) {
	x, xd := a.(*Dict)
	y, yd := b.(*Dict)
	if op != syntax.PIPE || !xd || !yd {
		return nil, false, nil
	}
	out := NewDict()
	if err := out.update(x); err != nil {
		return nil, true, err
	}
	return out, true, out.update(y)
}

// inPlaceOr is d |= v: the subclass's own in-place |, else d.update(v).
func (d *Dict) inPlaceOr(v Value) error {
	if d.kind != nil && d.kind.InPlace != nil {
		if ok, err := d.kind.InPlace(syntax.PIPE, d, v); ok || err != nil {
			return err
		}
	}
	return d.update(v)
}
