package lang

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kael-dev/kael/lang/syntax"
)

// PyTorch's named tuples (torch.return_types): max and min along a dim,
// sort, topk, kthvalue, median, mode, aminmax and the linalg
// decompositions return a tuple whose elements are also attributes:
// x.max(1).values, torch.linalg.svd(A).Vh. Such a value unpacks, indexes,
// iterates and compares as the plain tuple of its elements (a slice of it
// is a plain tuple), isinstance(r, tuple) is true, and it prints as
// PyTorch prints it:
//
//	torch.return_types.max(
//	values=tensor([5., 6.]),
//	indices=tensor([1, 2]))

// ReturnType is one of torch.return_types: its name ("max",
// "linalg_svd") and its fields in order; or, with Module set, a class
// that collections.namedtuple made.
type ReturnType struct {
	Name   string
	Fields []string
	// Qualified, when set, is the qualified name of a structseq of Python's
	// own (sys.version_info, sys.float_info) in place of
	// torch.return_types.Name; it prints on one line, as CPython's:
	// sys.version_info(major=3, minor=11, ...).
	Qualified string
	// Module is the module of a collections.namedtuple class
	// ("__main__"): its values print as Point(x=1, y=2).
	Module string
	// Class is type(v) when set (a namedtuple's class).
	Class Value
	// Methods are bound to a value read through it (_asdict, _replace);
	// Attrs are class attributes read through a value (_fields).
	Methods map[string]*Builtin
	Attrs   map[string]Value
}

// ClassName is the qualified class name, torch.return_types.max.
func (t *ReturnType) ClassName() string {
	if t.Qualified != "" {
		return t.Qualified
	}
	if t.Module != "" {
		return t.Module + "." + t.Name
	}
	return "torch.return_types." + t.Name
}

// returnTypePrefix starts the class name of every return type.
const returnTypePrefix = "torch.return_types."

// NamedTuple is a value of a torch.return_types class.
type NamedTuple struct {
	Type  *ReturnType
	Elems Tuple
}

// NewNamedTuple returns the NewNamedTuple tuple of type t with elems, one per field.
func NewNamedTuple(t *ReturnType, elems ...Value) *NamedTuple {
	if len(elems) != len(t.Fields) {
		panic(fmt.Sprintf("lang: %s takes %d fields, not %d", t.ClassName(), len(t.Fields), len(elems)))
	}
	return &NamedTuple{Type: t, Elems: Tuple(elems)}
}

// TypeName returns the qualified class name, torch.return_types.max, which
// type() shows.
func (n *NamedTuple) TypeName() string {
	if n.Type.Module != "" {
		return n.Type.Name
	}
	return n.Type.ClassName()
}

// ClassName is the qualified class name.
func (n *NamedTuple) ClassName() string { return n.Type.ClassName() }

// PyType is type(n): its class, nil for a return type (named by
// ClassName).
func (n *NamedTuple) PyType() Value { return n.Type.Class }

// Attr returns the element of a field, a class attribute or a bound
// method; tuple's methods (count, index) work on the elements.
func (n *NamedTuple) Attr(name string) (Value, bool) {
	if i := slices.Index(n.Type.Fields, name); i >= 0 {
		return n.Elems[i], true
	}
	if v, ok := n.Type.Attrs[name]; ok {
		return v, true
	}
	if m, ok := n.Type.Methods[name]; ok {
		return &BoundMethod{Recv: n, Method: m}, true
	}
	if m, ok := typeMethods["tuple"][name]; ok && n.Type.Module != "" {
		return &BoundMethod{Recv: n.Elems, Method: m}, true
	}
	return nil, false
}

// SetAttr refuses assignment: a named tuple is immutable, with
// CPython's messages for a namedtuple's field and other names.
func (n *NamedTuple) SetAttr(name string, v Value) error {
	switch {
	case n.Type.Module == "":
		return Errorf(AttributeError, "readonly attribute")
	case slices.Contains(n.Type.Fields, name):
		return Errorf(AttributeError, "can't set attribute")
	}
	return Errorf(AttributeError, "'%s' object has no attribute '%s'", n.Type.Name, name)
}

// AttrNames lists the fields, the class attributes and the methods.
func (n *NamedTuple) AttrNames() []string {
	names := slices.Clone(n.Type.Fields)
	names = append(names, sortedKeys(n.Type.Attrs)...)
	names = append(names, sortedKeys(n.Type.Methods)...)
	if n.Type.Module != "" {
		names = append(names, sortedKeys(typeMethods["tuple"])...)
	}
	return names
}

// PyRepr is PyTorch's layout, one field=value per line; a namedtuple's
// is Python's, Point(x=1, y=2), and CPython's own structseqs print all
// on one line.
func (n *NamedTuple) PyRepr() string {
	var b strings.Builder
	if n.Type.Module != "" {
		b.WriteString(n.Type.Name + "(")
		for i, f := range n.Type.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(f + "=" + Repr(n.Elems[i]))
		}
		b.WriteByte(')')
		return b.String()
	}
	b.WriteString(n.Type.ClassName() + "(")
	for i, f := range n.Type.Fields {
		if i > 0 {
			b.WriteByte(',')
		}
		if n.Type.Qualified == "" {
			b.WriteString("\n")
		} else if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(f + "=" + Repr(n.Elems[i]))
	}
	b.WriteByte(')')
	return b.String()
}

// String is the same as PyRepr, as str() of a structseq is its repr.
func (n *NamedTuple) String() string { return n.PyRepr() }

// Iterate yields the elements.
func (n *NamedTuple) Iterate(yield func(Value) bool) error {
	for _, e := range n.Elems {
		if !yield(e) {
			return nil
		}
	}
	return nil
}

// Equal compares as the tuple of its elements.
func (n *NamedTuple) Equal(other Value) bool {
	if o, ok := other.(*NamedTuple); ok {
		other = o.Elems
	}
	if _, ok := other.(Tuple); !ok {
		return false // a list never equals a tuple
	}
	return equal(n.Elems, other)
}

// HashKey hashes as the tuple of its elements.
func (n *NamedTuple) HashKey() (string, error) { return hashKey(n.Elems) }

// namedTupleBinary is + and * with a named tuple operand, which work on
// the tuple of its fields and give a plain tuple: r + (1,), r * 2.
func namedTupleBinary(op syntax.Token, a, b Value) (Value, bool, error) {
	x, xNamed := a.(*NamedTuple)
	y, yNamed := b.(*NamedTuple)
	if !xNamed && !yNamed {
		return nil, false, nil
	}
	if xNamed {
		a = x.Elems
	}
	if yNamed {
		b = y.Elems
	}
	return sequenceBinary(op, a, b)
}

// isReturnType reports whether a class name is one of torch.return_types,
// subclasses of tuple.
func isReturnType(class string) bool {
	return strings.HasPrefix(class, returnTypePrefix) || structseqs[class]
}

// structseqs are the class names of Python's own structseqs
// (ReturnType.Qualified), which are tuples too.
var structseqs = map[string]bool{"sys.version_info": true, "sys.float_info": true}
