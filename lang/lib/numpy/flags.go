package numpy

import (
	"github.com/kael-dev/kael/lang"
)

// Flags is a.flags, NumPy's flagsobj: the array's memory layout (C and
// Fortran contiguity, worked out from its shape and strides as NumPy
// does), whether it owns its memory, and whether it may be written, the
// one flag a program sets (a.flags.writeable = False, a.setflags(write=...)).
type Flags struct{ a *Array }

var (
	_ lang.HasAttrs        = (*Flags)(nil)
	_ lang.AttrSetter      = (*Flags)(nil)
	_ lang.ItemGetter      = (*Flags)(nil)
	_ lang.SubscriptSetter = (*Flags)(nil)
	_ lang.Reprer          = (*Flags)(nil)
	_ lang.Equaler         = (*Flags)(nil)
)

// Equal is ==: the same flags.
func (f *Flags) Equal(other lang.Value) bool {
	g, ok := other.(*Flags)
	if !ok {
		return false
	}
	for _, name := range flagNames {
		x, _ := f.flag(name)
		y, _ := g.flag(name)
		if x != y {
			return false
		}
	}
	return true
}

// TypeName returns "numpy.core.multiarray.flagsobj".
func (*Flags) TypeName() string { return "numpy.core.multiarray.flagsobj" }

// flagNames maps each key of a.flags[...] to its attribute name.
var flagNames = map[string]string{
	"C": "c_contiguous", "C_CONTIGUOUS": "c_contiguous", "CONTIGUOUS": "c_contiguous",
	"F": "f_contiguous", "F_CONTIGUOUS": "f_contiguous", "FORTRAN": "f_contiguous",
	"O": "owndata", "OWNDATA": "owndata", "W": "writeable", "WRITEABLE": "writeable",
	"A": "aligned", "ALIGNED": "aligned", "X": "writebackifcopy", "WRITEBACKIFCOPY": "writebackifcopy",
	"B": "behaved", "BEHAVED": "behaved", "CA": "carray", "CARRAY": "carray", "FA": "farray", "FARRAY": "farray",
	"FNC": "fnc", "FORC": "forc",
}

// flag returns the flag of an attribute name.
func (f *Flags) flag(name string) (bool, bool) {
	a := f.a
	c, fo := a.contiguous(false), a.contiguous(true)
	behaved := !a.readonly && !a.unaligned
	switch name {
	case "c_contiguous", "contiguous":
		return c, true
	case "f_contiguous", "fortran":
		return fo, true
	case "owndata":
		return a.base == nil && !a.borrowed, true
	case "writeable":
		return !a.readonly, true
	case "aligned":
		return !a.unaligned, true
	case "writebackifcopy":
		return false, true
	case "behaved": // aligned and writeable
		return behaved, true
	case "carray":
		return c && behaved, true
	case "farray":
		return fo && !c && behaved, true
	case "fnc":
		return fo && !c, true
	case "forc":
		return fo || c, true
	}
	return false, false
}

// Attr gives the flags by name (a.flags.writeable) and num.
func (f *Flags) Attr(name string) (lang.Value, bool) {
	if name == "num" {
		n := int64(0)
		for bit, flag := range map[int64]string{0x1: "c_contiguous", 0x2: "f_contiguous", 0x4: "owndata", 0x100: "aligned", 0x400: "writeable"} {
			if v, _ := f.flag(flag); v {
				n |= bit
			}
		}
		return n, true
	}
	v, ok := f.flag(name)
	return v, ok
}

// AttrNames lists them.
func (f *Flags) AttrNames() []string {
	return []string{"aligned", "behaved", "c_contiguous", "carray", "contiguous", "f_contiguous", "farray", "fnc", "forc", "fortran", "num", "owndata", "writeable", "writebackifcopy"}
}

// GetItem is a.flags['C_CONTIGUOUS'] and the other keys.
func (f *Flags) GetItem(key lang.Value) (lang.Value, error) {
	k, _ := key.(string)
	name, ok := flagNames[k]
	if !ok {
		return nil, lang.Errorf(lang.KeyError, "'Unknown flag'")
	}
	v, _ := f.flag(name)
	return v, nil
}

// SetAttr sets writeable (and accepts aligned); the others are read-only.
func (f *Flags) SetAttr(name string, v lang.Value) error {
	switch name {
	case "writeable", "aligned", "writebackifcopy":
		on, err := lang.Truth(v)
		if err != nil {
			return err
		}
		return f.a.setFlag(name, on)
	}
	if _, ok := f.flag(name); ok || name == "num" {
		return lang.Errorf(lang.AttributeError, "attribute '%s' of 'numpy.core.multiarray.flagsobj' objects is not writable", name)
	}
	return lang.Errorf(lang.AttributeError, "'numpy.core.multiarray.flagsobj' object has no attribute '%s'", name)
}

// SetSubscript is a.flags['WRITEABLE'] = False.
func (f *Flags) SetSubscript(subs []lang.Subscript, v lang.Value) error {
	k := ""
	if len(subs) == 1 && !subs[0].IsSlice {
		k, _ = subs[0].Value.(string)
	}
	switch name := flagNames[k]; name {
	case "writeable", "aligned", "writebackifcopy":
		on, err := lang.Truth(v)
		if err != nil {
			return err
		}
		return f.a.setFlag(name, on)
	}
	return lang.Errorf(lang.KeyError, "'Unknown flag'")
}

// PyRepr is NumPy's listing of the six flags.
func (f *Flags) PyRepr() string {
	s := ""
	for _, name := range []string{"C_CONTIGUOUS", "F_CONTIGUOUS", "OWNDATA", "WRITEABLE", "ALIGNED", "WRITEBACKIFCOPY"} {
		v, _ := f.flag(flagNames[name])
		s += "  " + name + " : " + map[bool]string{true: "True", false: "False"}[v] + "\n"
	}
	return s
}

// String is str(a.flags), the same listing.
func (f *Flags) String() string { return f.PyRepr() }

// setFlag sets writeable (NumPy refuses to make a view of a read-only
// array writeable), aligned (only recorded: kael's memory is always
// aligned for its dtype) or writebackifcopy (only False).
func (a *Array) setFlag(name string, on bool) error {
	switch name {
	case "writeable":
		if on && a.base != nil && a.base.readonly {
			return lang.Errorf(lang.ValueError, "cannot set WRITEABLE flag to True of this array")
		}
		a.readonly = !on
	case "aligned":
		a.unaligned = !on
	case "writebackifcopy":
		if on {
			return lang.Errorf(lang.ValueError, "cannot set WRITEBACKIFCOPY flag to True")
		}
	}
	return nil
}

// writable refuses a write to a read-only array with NumPy's message for
// the kind of write ("assignment destination is read-only", "output array
// is read-only").
func (a *Array) writable(msg string) error {
	if a.readonly {
		return lang.Errorf(lang.ValueError, "%s", msg)
	}
	return nil
}

const (
	assignReadOnly = "assignment destination is read-only"
	outputReadOnly = "output array is read-only"
)

// contiguous reports whether the array's elements lie in row-major order
// (or column-major, with fortran), by NumPy's rule: dimensions of size 1
// do not count, an empty array is both, and a dimension read backwards
// has a negative stride, so it is neither.
func (a *Array) contiguous(fortran bool) bool {
	shape, strides := a.store.Shape(), a.store.Strides()
	if a.store.Numel() == 0 {
		return true
	}
	want := 1
	for i := range shape {
		d := len(shape) - 1 - i
		if fortran {
			d = i
		}
		if shape[d] == 1 {
			continue
		}
		if strides[d] != want || a.flip.has(d) {
			return false
		}
		want *= shape[d]
	}
	return true
}
