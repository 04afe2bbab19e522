package lang

import "github.com/kael-dev/kael/lang/syntax"

// Dicts of a subclass implemented in Go: collections' Counter,
// defaultdict and OrderedDict are dicts (isinstance(c, dict), json.dumps,
// every dict operation and method on the engine's fast paths) whose Kind
// adds what the subclass changes: its class, its methods
// (RegisterTypeMethod under Kind.Name, looked up before dict's), what a
// missing key gives (__missing__), its repr, its == and its operators.

// DictKind describes a dict subclass. Every field but Name and Class may
// be nil: the dict's own behaviour stays.
type DictKind struct {
	// Name is type(d).__name__ and the key of its methods' table.
	Name string
	// Mutated is the message of the RuntimeError of an iterator whose
	// dict changed under it, where the subclass's iterator has its own
	// (OrderedDict's); "" for dict's.
	Mutated string
	// Class is the qualified class, as RegisterClass gave it to the
	// class's constructor: type(d) is that builtin.
	Class string
	// Missing gives d[key] for a key d lacks, as __missing__.
	Missing func(d *Dict, key Value) (Value, error)
	// Repr is repr(d); elem is repr of an element, inside the guard
	// against a dict that holds itself.
	Repr func(d *Dict, elem func(Value) string) string
	// Equal is d == other when it decides (ok), else dict's ==.
	Equal func(d *Dict, other Value) (eq, ok bool)
	// Binary is d op other (reflected: other op d), ok false when the
	// subclass has no such operator.
	Binary func(op syntax.Token, d *Dict, other Value, reflected bool) (Value, bool, error)
	// Attr is d.name for an attribute that is not a method
	// (defaultdict's default_factory); SetAttr assigns one, handled false
	// when d has no such attribute.
	Attr    func(d *Dict, name string) (Value, bool)
	SetAttr func(d *Dict, name string, v Value) (handled bool, err error)
	// AttrNames lists the attributes Attr gives, for dir() and completion.
	AttrNames []string
	// CopyState is the state of a copy of d (copy.copy, d.copy()); nil
	// shares it.
	CopyState func(state Value) Value
	// Unary is op d (+d, -d), ok false when the subclass has none.
	Unary func(op syntax.Token, d *Dict) (Value, bool, error)
	// InPlace is d op= other changing d (Counter's |=), ok false when the
	// subclass has no such operator of its own.
	InPlace func(op syntax.Token, d *Dict, other Value) (bool, error)
	// Reduce gives the arguments of the class call that rebuilds d
	// (pickle), and whether the items are then set one by one:
	// defaultdict's (default_factory,) and true, Counter's (dict(d),) and
	// false. nil is () and true.
	Reduce func(d *Dict) (args Tuple, setItems bool)
}

// NewDictOf returns an empty dict of the subclass kind, holding state
// (a defaultdict's default_factory).
func NewDictOf(kind *DictKind, state Value) *Dict {
	d := NewDict()
	d.kind, d.state = kind, state
	return d
}

// EmptyCopy returns an empty dict of d's subclass, with a copy of its
// state: what a copy of d starts from.
func (d *Dict) EmptyCopy() *Dict {
	if d.kind == nil {
		return NewDict()
	}
	state := d.state
	if d.kind.CopyState != nil {
		state = d.kind.CopyState(state)
	}
	return NewDictOf(d.kind, state)
}

// Kind returns the subclass d belongs to, nil for a plain dict.
func (d *Dict) Kind() *DictKind { return d.kind }

// State returns what NewDictOf gave d.
func (d *Dict) State() Value { return d.state }

// SetState replaces d's state.
func (d *Dict) SetState(v Value) { d.state = v }

// MoveToEnd moves key to the end of d's order (last) or its start; it
// reports whether d has the key.
func (d *Dict) MoveToEnd(key Value, last bool) (bool, error) {
	v, found, err := d.Get(key)
	if err != nil || !found {
		return false, err
	}
	if _, err := d.Delete(key); err != nil {
		return false, err
	}
	if last {
		return true, d.Set(key, v)
	}
	keys, vals := d.Keys(), d.Values()
	d.Clear()
	if err := d.Set(key, v); err != nil {
		return false, err
	}
	for i, k := range keys {
		if err := d.Set(k, vals[i]); err != nil {
			return false, err
		}
	}
	return true, nil
}

// Clear removes every entry of d.
func (d *Dict) Clear() {
	if d.ns != nil {
		d.ns.clear()
	}
	d.keys, d.vals, d.index, d.ints, d.shared, d.order, d.next = nil, nil, map[any]int{}, intIndex{}, nil, nil, 0
}

// missingKey is d[key] for a key d lacks: the subclass's Missing, else
// a KeyError.
func (d *Dict) missingKey(key Value) (Value, error) {
	if d.kind != nil && d.kind.Missing != nil {
		return d.kind.Missing(d, key)
	}
	return nil, keyError(key)
}

// kindMethod returns the subclass's method name of d, if it has one.
func kindMethod(d *Dict, name string) *Builtin {
	if d.kind == nil {
		return nil
	}
	return typeMethods[d.kind.Name][name]
}

// dictKindBinary applies a subclass's operator when an operand is a dict
// of a subclass that has one.
func dictKindBinary(op syntax.Token, a, b Value) (Value, bool, error) {
	if d, ok := a.(*Dict); ok && d.kind != nil && d.kind.Binary != nil {
		if r, ok, err := d.kind.Binary(op, d, b, false); ok || err != nil {
			return r, true, err
		}
	}
	if d, ok := b.(*Dict); ok && d.kind != nil && d.kind.Binary != nil {
		if r, ok, err := d.kind.Binary(op, d, a, true); ok || err != nil {
			return r, true, err
		}
	}
	return nil, false, nil
}

// dictKindEqual is d == other for a dict of a subclass with an == of its
// own (either side), ok false to compare as dicts.
func dictKindEqual(d *Dict, other Value) (eq, ok bool) {
	if d.kind != nil && d.kind.Equal != nil {
		if eq, ok := d.kind.Equal(d, other); ok {
			return eq, true
		}
	}
	if o, isDict := other.(*Dict); isDict && o.kind != nil && o.kind.Equal != nil {
		return o.kind.Equal(o, d)
	}
	return false, false
}
