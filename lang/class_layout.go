package lang

import (
	"slices"
	"sync/atomic"
)

// Layouts and inline caches: how attribute reads and writes of instances
// of user classes skip the scan of names and the class's maps.
//
// An instance's attribute names live in a layout (a "hidden class", as
// fast JavaScript and Python implementations call it), shared by every
// instance of its class that got the same attributes in the same order;
// the instance keeps only the values. The layouts of a class form a tree:
// adding an attribute moves an instance to the child of its layout for
// that name. A layout's names never change, so a site that has seen a
// layout knows where the name is for every instance with that layout.
//
// A compiled attribute read or assignment keeps the layout it last saw
// and the answer for it (attrCache, storeCache). The answer also depends
// on the classes (a property added to the class later takes precedence
// over an instance attribute), so every change to any class (an attribute
// set or deleted, bases, guards, hooks) advances classEpoch, and a cache
// answers only for the epoch it was filled in.

// classEpoch advances on every change to a class that could change what
// an attribute access of its instances does.
var classEpoch atomic.Uint64

// classChanged invalidates every inline cache.
func classChanged() { classEpoch.Add(1) }

// Limits of the layout tree of one class: an instance with more
// attributes, or a class whose instances made more layouts (attributes
// named from data, setattr(x, key, v) in a loop), gets private layouts
// that no cache keeps.
const (
	maxLayoutNames = 64
	maxLayouts     = 1024
)

// layout is the ordered names of the attributes of the instances that
// share it.
type layout struct {
	names []string // never appended to in place (cap == len)
	// private marks a layout of one instance, outside its class's tree.
	private bool
	// spill marks a layout whose instances keep their values outside
	// their slots (instance_slots.go): one of more names than an
	// instance of its class keeps inline, and dictLayout.
	spill bool
	// The children: the first in next1, the others in next.
	next1Name string
	next1     *layout
	next      map[string]*layout
}

// noLayout is the layout of an empty cache, which no instance has;
// dictLayout is the layout of every instance whose attributes live in
// its __dict__ (class_dict.go), which no cache keeps.
var noLayout, dictLayout = &layout{private: true}, &layout{private: true, spill: true}

// layouts is a class's tree of layouts.
type layouts struct {
	root  layout
	count int
}

// emptyLayout returns the layout of c's instances without attributes, the
// root of its tree. (An instance without attributes may also have none.)
func (c *UserClass) emptyLayout() *layout {
	if c.layouts == nil {
		c.layouts = &layouts{}
	}
	return &c.layouts.root
}

// with returns the layout of an instance of c with layout l (nil for
// none) once it gets the attribute name, which l does not have.
func (l *layout) with(c *UserClass, name string) *layout {
	// c's tree exists even when l is not from it: an OSError instance
	// whose class becomes FileNotFoundError keeps its layout.
	if root := c.emptyLayout(); l == nil {
		l = root
	}
	if l.next1 != nil && l.next1Name == name {
		return l.next1
	}
	if n, ok := l.next[name]; ok {
		return n
	}
	names := make([]string, len(l.names)+1)
	copy(names, l.names)
	names[len(l.names)] = name
	n := &layout{names: names, spill: len(names) > c.inlineSlots()}
	if l.private || len(names) > maxLayoutNames || c.layouts.count >= maxLayouts {
		n.private = true
		return n
	}
	c.layouts.count++
	if l.next1 == nil {
		l.next1Name, l.next1 = name, n
	} else {
		if l.next == nil {
			l.next = map[string]*layout{}
		}
		l.next[name] = n
	}
	return n
}

// layoutOf returns the layout of an instance of c with the attributes
// names, in this order.
func layoutOf(c *UserClass, names []string) *layout {
	var l *layout
	for _, n := range names {
		l = l.with(c, n)
	}
	return l
}

// index returns the position of name in l, or -1.
func (l *layout) index(name string) int {
	if l == nil {
		return -1
	}
	for i, n := range l.names {
		if n == name {
			return i
		}
	}
	return -1
}

// attrCache is the inline cache of a compiled read of an attribute of
// instances: the value of an instance with layout lay is its idx-th, or,
// with idx -1, what its native base keeps (NativeBase.Attr: an
// nn.Module's submodules and parameters). A new one is newAttrCache().
type attrCache struct {
	lay   *layout
	idx   int
	epoch uint64
}

func newAttrCache() attrCache { return attrCache{lay: noLayout} }

// get returns x's own attribute when the cache knows x's layout.
func (c *attrCache) get(x *Instance) (Value, bool) {
	if x.lay == c.lay && c.idx >= 0 && c.epoch == classEpoch.Load() {
		return *x.at(c.idx), true
	}
	return nil, false
}

// readAttr is x.name for a compiled read whose cache did not give x's own
// attribute: what the native base keeps, when the cache knows that,
// else the general lookup, after which the cache learns x's layout.
func (in *interp) readAttr(x *Instance, name string, c *attrCache) (Value, error) {
	if x.lay == c.lay && c.idx < 0 && c.epoch == classEpoch.Load() {
		if v, ok, err := x.cls.base().Attr(x, name); ok && err == nil {
			return v, nil
		}
	}
	v, err := in.instanceAttr(x, name)
	if err != nil {
		return nil, err
	}
	c.fill(x, name)
	return v, nil
}

// fill remembers where name is in x's layout, when reading it is reading
// x's own attribute (no class of x has attribute hooks, and x has it), or
// what x's native base keeps (nativeAttr).
func (c *attrCache) fill(x *Instance, name string) {
	if x.lay == nil || x.lay.private || x.cls.hasAttrHooks() && !ownAttrWins(x.cls, name) {
		return
	}
	if i := x.lay.index(name); i >= 0 {
		c.lay, c.idx, c.epoch = x.lay, i, classEpoch.Load()
	} else if nativeAttr(x, name) {
		c.lay, c.idx, c.epoch = x.lay, -1, classEpoch.Load()
	}
}

// nativeAttr reports whether x.name can only be an attribute that x's
// native base keeps: x has a layout (no __dict__) without name, none of
// its classes has attribute hooks or an attribute name, and the name is
// not one objectAttr makes up. The base may not have it either; reading
// it then takes the general path (__getattr__, the AttributeError).
func nativeAttr(x *Instance, name string) bool {
	if x.lay != nil && x.lay.private || x.lay == dictLayout || x.cls.base().Attr == nil ||
		x.lay.index(name) >= 0 || x.cls.hasAttrHooks() || name == "__class__" || name == "__dict__" {
		return false
	}
	_, _, inClass := x.cls.lookup(name)
	return !inClass
}

// storeCache is the inline cache of a compiled assignment to an attribute
// of instances: an instance with layout from (never nil: setCached gives
// an instance without attributes its class's empty layout first) stores the value as its idx-th; when to is not nil, the attribute is
// new and the instance moves to layout to. slot is the index into the
// instance's slots that the value goes to, or -1 when the values do not
// live there (layout.spill). A new one is newStoreCache().
type storeCache struct {
	from, to  *layout
	idx, slot int
	epoch     uint64
}

func newStoreCache() storeCache { return storeCache{from: noLayout, slot: -1} }

// set stores x.name = v when the cache knows x's layout and the value
// goes to one of x's slots.
func (c *storeCache) set(x *Instance, v Value) bool {
	if x.lay != c.from || c.epoch != classEpoch.Load() || c.slot < 0 {
		return false
	}
	x.slots[c.slot] = v
	if c.to != nil {
		x.lay = c.to
	}
	return true
}

// storePlain reports whether x.name = v is a plain store into x's own
// attributes: no class of x has attribute hooks, its base keeps no
// attributes of its own, x has no __dict__ and name is not one that
// storeAttr handles itself.
func storePlain(x *Instance, name string) bool {
	return x.lay != dictLayout && !x.cls.hasAttrHooks() && x.cls.base().SetAttr == nil &&
		name != "__class__" && name != "__dict__"
}

// storeHooksPlain reports whether x.name = v, for an x whose classes have
// attribute hooks (a property, a descriptor, __slots__), stores into x's
// own attributes all the same once the general store has allowed it: no
// class of x defines __setattr__ or has an attribute name (a property or
// a descriptor of that name), its base keeps no attributes of its own,
// and x has no __dict__. A store the general path allowed (a name of
// __slots__) is then allowed again until a class changes (classEpoch).
func storeHooksPlain(x *Instance, name string) bool {
	if x.lay == dictLayout || x.cls.base().SetAttr != nil || name == "__class__" || name == "__dict__" {
		return false
	}
	_, _, custom := x.cls.lookup("__setattr__")
	return !custom && ownAttrWins(x.cls, name)
}

// ownAttrWins reports whether reading name from an instance of c, whose
// classes have attribute hooks, gives the instance's own attribute when
// it has one: no library watches them (libraryHooks), no class of c
// defines __getattribute__ or has an attribute name (so no property or
// other descriptor of that name comes first).
func ownAttrWins(c *UserClass, name string) bool {
	if c.libraryHooks() {
		return false
	}
	if _, _, custom := c.lookup("__getattribute__"); custom {
		return false
	}
	_, _, inClass := c.lookup(name)
	return !inClass
}

// setCached runs x.name = v for a compiled assignment, through its cache.
func (in *interp) setCached(x *Instance, name string, v Value, c *storeCache) error {
	if c.set(x, v) {
		return nil
	}
	if x.lay == c.from && c.epoch == classEpoch.Load() { // a spilled layout
		if c.to == nil {
			*x.at(c.idx) = v
		} else {
			x.grow(c.to, v)
		}
		return nil
	}
	plain := storePlain(x, name)
	if !plain && !storeHooksPlain(x, name) {
		return in.setInstanceAttr(x, name, v)
	}
	if x.lay == nil {
		// The root of its class's tree, so that the cache cannot take an
		// instance of another class without attributes, whose class may
		// have hooks, for this one.
		x.lay = x.cls.emptyLayout()
	}
	from := x.lay
	if plain {
		x.set(name, v)
	} else if err := in.setInstanceAttr(x, name, v); err != nil {
		// __slots__ without name: the cache learns nothing
		return err
	}
	if from != nil && from.private || x.lay == nil || x.lay.private || x.lay == dictLayout {
		return nil
	}
	idx := from.index(name)
	to, slot := x.lay, idx
	if idx >= 0 {
		to = nil
	} else {
		slot = len(to.names) - 1
	}
	if x.lay.spill {
		slot = -1
	}
	c.from, c.to, c.idx, c.slot, c.epoch = from, to, idx, slot, classEpoch.Load()
	return nil
}

// without returns the layout of an instance of c with layout l once it
// loses its i-th attribute.
func (l *layout) without(c *UserClass, i int) *layout {
	return layoutOf(c, slices.Delete(slices.Clone(l.names), i, i+1))
}
