package lang

import (
	"slices"
	"strings"

	"github.com/kael-dev/kael/lang/syntax"
)

// The values annotations are made of besides classes: list[int] and
// dict[str, float] (PEP 585's types.GenericAlias) and int | None (PEP
// 604's types.UnionType), each with CPython's repr, __origin__ and
// __args__, equal when their parts are.

// GenericAlias is a builtin container class subscripted with the types
// of its elements: list[int], tuple[int, ...].
type GenericAlias struct {
	Origin Value
	Args   Tuple
}

// UnionType is X | Y of classes (None among them).
type UnionType struct{ Args Tuple }

// genericOrigins are the builtin classes that subscript into a
// GenericAlias.
var genericOrigins = map[string]bool{"list": true, "dict": true, "tuple": true, "set": true, "frozenset": true, "type": true}

// RegisterGenericClass makes the library class of the qualified name
// (registered with RegisterClass) subscript into a GenericAlias, as
// CPython's classes with __class_getitem__: collections.deque[int]. It
// must be called while the program initialises.
func RegisterGenericClass(qualified string) { genericOrigins[qualified] = true }

func (*GenericAlias) TypeName() string { return "types.GenericAlias" }
func (*UnionType) TypeName() string    { return "types.UnionType" }

// PyRepr is list[int], as CPython's.
func (g *GenericAlias) PyRepr() string {
	parts := make([]string, len(g.Args))
	for i, a := range g.Args {
		parts[i] = typeRepr(a)
	}
	if len(parts) == 0 {
		parts = []string{"()"}
	}
	return typeRepr(g.Origin) + "[" + strings.Join(parts, ", ") + "]"
}

// PyRepr is int | None, as CPython's.
func (u *UnionType) PyRepr() string {
	parts := make([]string, len(u.Args))
	for i, a := range u.Args {
		parts[i] = typeRepr(a)
	}
	return strings.Join(parts, " | ")
}

func (g *GenericAlias) String() string { return g.PyRepr() }
func (u *UnionType) String() string    { return u.PyRepr() }

// Attr gives __origin__, __args__ and __call__: calling list[int](...)
// calls list(...), as CPython's alias calls its origin.
func (g *GenericAlias) Attr(name string) (Value, bool) {
	switch name {
	case "__origin__":
		return g.Origin, true
	case "__args__":
		return g.Args, true
	case "__call__":
		return callWrapper(g.Origin), true
	}
	return nil, false
}

// AttrNames lists __args__, __call__ and __origin__.
func (g *GenericAlias) AttrNames() []string { return []string{"__args__", "__call__", "__origin__"} }

// Attr gives __args__.
func (u *UnionType) Attr(name string) (Value, bool) {
	if name == "__args__" {
		return u.Args, true
	}
	return nil, false
}

// AttrNames lists __args__.
func (u *UnionType) AttrNames() []string { return []string{"__args__"} }

// Equal is == of the origins and the arguments.
func (g *GenericAlias) Equal(v Value) bool {
	o, ok := v.(*GenericAlias)
	return ok && Equal(g.Origin, o.Origin) && Equal(g.Args, o.Args)
}

// Equal is == of the members, in any order.
func (u *UnionType) Equal(v Value) bool {
	o, ok := v.(*UnionType)
	if !ok || len(o.Args) != len(u.Args) {
		return false
	}
	for _, a := range u.Args {
		if !containsType(o.Args, a) {
			return false
		}
	}
	return true
}

// typeRepr is CPython's typing._type_repr: a class by its qualified name
// (a builtin's bare), ... for Ellipsis, None for None, else the repr.
func typeRepr(v Value) string {
	if v == None || identical(v, TypeOf(None)) {
		return "None"
	}
	if _, ok := v.(EllipsisType); ok {
		return "..."
	}
	r := Repr(v)
	if inner, ok := strings.CutPrefix(r, "<class '"); ok && strings.HasSuffix(inner, "'>") {
		return strings.TrimPrefix(strings.TrimSuffix(inner, "'>"), "builtins.")
	}
	return r
}

// genericAlias is cls[subs] for a builtin container class, ok false for
// any other value.
func genericAlias(v Value, subs []Subscript) (Value, bool) {
	if !genericOrigins[ClassOf(v)] {
		return nil, false
	}
	args := make(Tuple, 0, len(subs))
	for _, s := range subs {
		if s.IsSlice {
			return nil, false
		}
		args = append(args, s.Value)
	}
	return &GenericAlias{Origin: v, Args: args}, true
}

// isTypeOperand reports whether v may stand in X | Y of types: a class,
// None, or a GenericAlias or UnionType.
func isTypeOperand(v Value) bool {
	switch v.(type) {
	case *GenericAlias, *UnionType, *UserClass, NoneType:
		return true
	}
	if _, ok := v.(*Instance); ok {
		return false
	}
	return ClassOf(v) != ""
}

// typeUnion is a | b for two types, one of them not None: their
// UnionType, members flattened and repeated ones dropped, as CPython's.
func typeUnion(op syntax.Token, a, b Value) (Value, bool) {
	if op != syntax.PIPE || !isTypeOperand(a) || !isTypeOperand(b) || a == None && b == None {
		return nil, false
	}
	var args Tuple
	for _, v := range []Value{a, b} {
		members := Tuple{v}
		if u, ok := v.(*UnionType); ok {
			members = u.Args
		}
		for _, m := range members {
			if m == None {
				m = TypeOf(None) // as CPython keeps it in __args__
			}
			if !containsType(args, m) {
				args = append(args, m)
			}
		}
	}
	if len(args) == 1 {
		return args[0], true
	}
	return &UnionType{Args: args}, true
}

// containsType reports whether ts holds t.
func containsType(ts Tuple, t Value) bool {
	for _, x := range ts {
		if identical(x, t) || Equal(x, t) {
			return true
		}
	}
	return false
}

// HashKey makes an alias a dict key and set element, as in CPython: equal
// aliases (same origin and arguments) hash alike.
func (g *GenericAlias) HashKey() (string, error) {
	keys := make([]string, 0, len(g.Args)+1)
	for _, a := range append(Tuple{g.Origin}, g.Args...) {
		k, err := typeKey(a)
		if err != nil {
			return "", err
		}
		keys = append(keys, k)
	}
	return "GenericAlias{" + strings.Join(keys, ",") + "}", nil
}

// HashKey makes a union a dict key and set element; a union equals one of
// the same members in any order, so the members' keys are sorted.
func (u *UnionType) HashKey() (string, error) {
	keys := make([]string, len(u.Args))
	for i, a := range u.Args {
		k, err := typeKey(a)
		if err != nil {
			return "", err
		}
		keys[i] = k
	}
	slices.Sort(keys)
	return "UnionType{" + strings.Join(keys, ",") + "}", nil
}

// typeKey is the hash key of a part of an alias or union: a class
// builtin (list, int) or the ..., which kael's hashKey does not take,
// by its repr; any other value by its own key.
func typeKey(v Value) (string, error) {
	if _, ok := v.(EllipsisType); ok || ClassOf(v) != "" {
		return "type:" + typeRepr(v), nil
	}
	return hashKey(v)
}
