package lang

import "github.com/kael-dev/kael/lang/syntax"

// mappingproxy, CPython's read-only view of a mapping: C.__dict__ and
// vars(C) are one over the class's namespace, and types.MappingProxyType
// (MappingProxyClass) makes one over any dict. It reads as the dict
// (d[k], get, keys, values, items, copy, len, in, iteration, ==, |), and
// refuses item assignment and deletion with CPython's TypeError.

// MappingProxy is a read-only view of a dict.
type MappingProxy struct{ d *Dict }

var (
	_ Reprer           = (*MappingProxy)(nil)
	_ ItemGetter       = (*MappingProxy)(nil)
	_ Iterable         = (*MappingProxy)(nil)
	_ Sized            = (*MappingProxy)(nil)
	_ Equaler          = (*MappingProxy)(nil)
	_ SubscriptSetter  = (*MappingProxy)(nil)
	_ SubscriptDeleter = (*MappingProxy)(nil)
	_ Operand          = (*MappingProxy)(nil)
)

// NewMappingProxy returns a read-only view of d.
func NewMappingProxy(d *Dict) *MappingProxy { return &MappingProxy{d: d} }

// Dict returns the dict m shows, for a library to read.
func (m *MappingProxy) Dict() *Dict { return m.d }

// TypeName is "mappingproxy".
func (m *MappingProxy) TypeName() string { return "mappingproxy" }

// PyRepr is mappingproxy({...}).
func (m *MappingProxy) PyRepr() string { return "mappingproxy(" + Repr(m.d) + ")" }

// String is the repr.
func (m *MappingProxy) String() string { return m.PyRepr() }

// GetItem is m[key].
func (m *MappingProxy) GetItem(key Value) (Value, error) {
	v, ok, err := m.d.Get(key)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, keyError(key)
	}
	return v, nil
}

// Iterate yields the keys.
func (m *MappingProxy) Iterate(yield func(Value) bool) error {
	for _, k := range m.d.Keys() {
		if !yield(k) {
			break
		}
	}
	return nil
}

// Length is len(m).
func (m *MappingProxy) Length() (int64, error) { return int64(m.d.Len()), nil }

// Equal is m == other: the dicts' equality.
func (m *MappingProxy) Equal(other Value) bool {
	if o, ok := other.(*MappingProxy); ok {
		other = o.d
	}
	return Equal(m.d, other)
}

// SetSubscript refuses m[k] = v.
func (m *MappingProxy) SetSubscript([]Subscript, Value) error {
	return Errorf(TypeError, "'mappingproxy' object does not support item assignment")
}

// DelSubscript refuses del m[k].
func (m *MappingProxy) DelSubscript([]Subscript) (func() error, error) {
	return nil, Errorf(TypeError, "'mappingproxy' object does not support item deletion")
}

// SpecialMethodNames are the special methods a mappingproxy has from its
// protocols (SpecialMethodNamer).
func (m *MappingProxy) SpecialMethodNames() string { return "or ror getitem len iter contains" }

// BinaryOp is m | other and other | m: a new dict.
func (m *MappingProxy) BinaryOp(op syntax.Token, other Value, reflected bool) (Value, bool, error) {
	if op != syntax.PIPE {
		return nil, false, nil
	}
	if o, ok := other.(*MappingProxy); ok {
		other = o.d
	}
	od, ok := other.(*Dict)
	if !ok {
		return nil, false, nil
	}
	a, b := m.d, od
	if reflected {
		a, b = od, m.d
	}
	out := NewDict()
	for _, d := range []*Dict{a, b} {
		for _, k := range d.Keys() {
			v, _, _ := d.Get(k)
			if err := out.Set(k, v); err != nil {
				return nil, true, err
			}
		}
	}
	return out, true, nil
}

// MappingProxyClass is types.MappingProxyType: mappingproxy(mapping), a
// read-only view of a dict.
var MappingProxyClass = NewBuiltin(AsValue, "mappingproxy(mapping)", "A read-only view of the dict mapping, as C.__dict__ is of a class's namespace.",
	func(a *Args) (Value, error) {
		switch d := a.Value("mapping").(type) {
		case *Dict:
			return NewMappingProxy(d), nil
		case *MappingProxy:
			return NewMappingProxy(d.d), nil
		}
		return nil, Errorf(TypeError, "mappingproxy() argument must be a mapping, not %s", TypeName(a.Value("mapping")))
	})

func init() {
	RegisterClass(MappingProxyClass, "mappingproxy")
	proxy := func(a *Args) *MappingProxy { return a.Value("self").(*MappingProxy) }
	RegisterTypeMethod("mappingproxy", NewBuiltin(AsValue, "get(self, key, default=None, /)", "m[key] if key is in m, else default.", func(a *Args) (Value, error) {
		v, ok, err := proxy(a).d.Get(a.Value("key"))
		if err != nil || ok {
			return v, err
		}
		return a.Value("default"), nil
	}))
	for _, name := range []string{"keys", "values", "items", "copy"} {
		name := name
		RegisterTypeMethod("mappingproxy", NewBuiltin(AsValue, name+"(self)", "The mapping's "+name+"(), as the dict's.", func(a *Args) (Value, error) {
			return a.Call(&BoundMethod{Recv: proxy(a).d, Method: typeMethods["dict"][name]})
		}))
	}
}
