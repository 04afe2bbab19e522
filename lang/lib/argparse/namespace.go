package argparse

import (
	"strings"

	"github.com/kael-dev/kael/lang"
)

// Namespace is argparse.Namespace: attributes in a dict of their own, in
// the order they were set; vars(ns) is that dict.
type Namespace struct {
	d *lang.Dict
	// owner is the instance whose state n is, for a class deriving from
	// Namespace (bases.go); its __dict__ is d.
	owner *lang.Instance
}

var (
	_ lang.HasAttrs   = (*Namespace)(nil)
	_ lang.AttrSetter = (*Namespace)(nil)
	_ lang.Reprer     = (*Namespace)(nil)
	_ lang.Equaler    = (*Namespace)(nil)
	_ lang.DictHolder = (*Namespace)(nil)
)

func newNamespace() *Namespace { return &Namespace{d: lang.NewDict()} }

// TypeName is Namespace.
func (n *Namespace) TypeName() string { return "Namespace" }

// ClassName is argparse.Namespace.
func (n *Namespace) ClassName() string { return "argparse.Namespace" }

// VarsDict is vars(ns).
func (n *Namespace) VarsDict() *lang.Dict { return n.d }

func (n *Namespace) get(name string) (lang.Value, bool) {
	v, ok, _ := n.d.Get(name)
	return v, ok
}

func (n *Namespace) set(name string, v lang.Value) { _ = n.d.Set(name, v) }

// Attr is ns.name.
func (n *Namespace) Attr(name string) (lang.Value, bool) { return n.get(name) }

// AttrNames lists the attributes.
func (n *Namespace) AttrNames() []string {
	var names []string
	for _, k := range n.d.Keys() {
		if s, ok := k.(string); ok {
			names = append(names, s)
		}
	}
	return names
}

// SetAttr is ns.name = v.
func (n *Namespace) SetAttr(name string, v lang.Value) error {
	n.set(name, v)
	return nil
}

// Equal is ==: the same attributes with equal values.
func (n *Namespace) Equal(other lang.Value) bool {
	o, ok := namespaceOf(other)
	if !ok || o.d.Len() != n.d.Len() {
		return false
	}
	for _, k := range n.d.Keys() {
		a, _, _ := n.d.Get(k)
		b, found, _ := o.d.Get(k)
		if !found || lang.Repr(a) != lang.Repr(b) {
			return false
		}
	}
	return true
}

// PyRepr is Namespace(a=1, b='x'), with names that are not identifiers
// in a **{...} at the end, as CPython writes it.
func (n *Namespace) PyRepr() string {
	var parts []string
	star := lang.NewDict()
	for _, k := range n.d.Keys() {
		v, _, _ := n.d.Get(k)
		if s, ok := k.(string); ok && isIdentifier(s) {
			parts = append(parts, s+"="+lang.Repr(v))
		} else {
			_ = star.Set(k, v)
		}
	}
	if star.Len() > 0 {
		parts = append(parts, "**"+lang.Repr(star))
	}
	return "Namespace(" + strings.Join(parts, ", ") + ")"
}

// String is str(ns), its repr.
func (n *Namespace) String() string { return n.PyRepr() }

// isIdentifier is str.isidentifier for the names argparse makes.
func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		letter := r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x7f
		if !letter && (i == 0 || r < '0' || r > '9') {
			return false
		}
	}
	return true
}
