package lang

// Where an instance keeps the values of its attributes. An instance of a
// user class is the object a Python program makes most of (a micrograd
// Value per operation), so it is one allocation of 80 bytes: its class,
// its layout (the names, class_layout.go) and instanceSlots values. An
// instance of a class that keeps a native state (UserClass.keepsNative:
// an exception's arguments, an nn.Module's registry) keeps that state in
// its last slot, nativeSlot, and the values of its first attributes in
// the others; a plain class's instance uses all of them for attributes.
// An instance with more attributes keeps all their values in a
// spilledValues that slots[0] holds, and one whose __dict__ the program
// read keeps the dict there (layout dictLayout); the layout tells which
// (layout.spill), so that slots[0] is never read as an attribute value
// then.

// instanceSlots is how many values an instance keeps inline.
const instanceSlots = 4

// nativeSlot is where an instance of a class that keeps a native state
// keeps it.
const nativeSlot = instanceSlots - 1

// inlineSlots returns how many attribute values an instance of c keeps
// inline.
func (c *UserClass) inlineSlots() int {
	if c.keepsNative {
		return nativeSlot
	}
	return instanceSlots
}

// attrSlots returns the slots where x keeps attribute values (or where
// they are): all but the native state's.
func (x *Instance) attrSlots() []Value { return x.slots[:x.cls.inlineSlots()] }

// Native returns the state x's native base keeps (an nn.Module's
// registry, an autograd.Function's ctx, an exception's arguments); nil
// for an instance of a plain class, or one whose state is not set.
func (x *Instance) Native() any {
	if x.cls.keepsNative {
		return x.slots[nativeSlot]
	}
	return nil
}

// SetNative sets the state Native returns. x's class must keep one: have
// a native base, or be made in Go (NewClass, MustNewClass), or derive
// from such a class; setting nil is allowed for any instance.
func (x *Instance) SetNative(v any) {
	if x.cls.keepsNative {
		x.slots[nativeSlot] = v
	} else if v != nil {
		panic("lang: SetNative on an instance of " + x.cls.Name + ", a class that keeps no native state")
	}
}

// spilledValues holds the attribute values of an instance with more than
// its inline slots hold.
type spilledValues struct{ vals []Value }

// values returns x's attribute values, one per name of its layout (none
// for an instance whose attributes live in its __dict__).
func (x *Instance) values() []Value {
	switch {
	case x.lay == nil || x.lay == dictLayout:
		return nil
	case !x.lay.spill:
		return x.slots[:len(x.lay.names)]
	}
	return x.slots[0].(*spilledValues).vals
}

// at returns where the value of x's i-th attribute is, for an i less than
// the number of names of x's layout.
func (x *Instance) at(i int) *Value {
	if !x.lay.spill {
		return &x.slots[i]
	}
	return &x.slots[0].(*spilledValues).vals[i]
}

// attrDict returns the dict that holds x's attributes once the program
// read x.__dict__, else nil.
func (x *Instance) attrDict() *Dict {
	if x.lay == dictLayout {
		return x.slots[0].(*Dict)
	}
	return nil
}

// setDict makes d the storage of x's attributes from now on: x.__dict__.
func (x *Instance) setDict(d *Dict) {
	clear(x.attrSlots())
	x.lay, x.slots[0] = dictLayout, d
}

// grow moves x to the layout to, which is x's layout with one name more,
// whose value is v.
func (x *Instance) grow(to *layout, v Value) {
	i := len(to.names) - 1
	switch {
	case !to.spill:
		x.slots[i] = v
	case x.lay != nil && x.lay.spill:
		s := x.slots[0].(*spilledValues)
		s.vals = append(s.vals, v)
	default:
		vals := make([]Value, i+1, 2*instanceSlots)
		copy(vals, x.slots[:i])
		vals[i] = v
		clear(x.attrSlots())
		x.slots[0] = &spilledValues{vals: vals}
	}
	x.lay = to
}

// reset gives x the layout l (nil for none) with the values vals, one per
// name of l, which x owns from now on.
func (x *Instance) reset(l *layout, vals []Value) {
	clear(x.attrSlots())
	if l != nil && l.spill {
		x.slots[0] = &spilledValues{vals: vals}
	} else {
		copy(x.attrSlots(), vals)
	}
	x.lay = l
}
