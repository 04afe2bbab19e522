package lang

import (
	"bytes"
	"slices"
)

// ByteArray is Python's bytearray: bytes that change in place (append,
// extend, item and slice assignment). It is unhashable.
type ByteArray struct{ b []byte }

// TypeName returns "bytearray".
func (*ByteArray) TypeName() string { return "bytearray" }

// PyRepr is bytearray(b'...').
func (x *ByteArray) PyRepr() string { return "bytearray(" + Bytes{b: x.b}.PyRepr() + ")" }

// String is what print shows: the repr, as Python's str does.
func (x *ByteArray) String() string { return x.PyRepr() }

// Data returns the bytes x holds now (not a copy).
func (x *ByteArray) Data() []byte { return x.b }

// Equal is == with bytes or a bytearray of the same content.
func (x *ByteArray) Equal(v Value) bool {
	o, ok := bytesLike(v)
	return ok && bytes.Equal(o, x.b)
}

// Length is len(x).
func (x *ByteArray) Length() (int64, error) { return int64(len(x.b)), nil }

// Iterate yields the bytes as ints.
func (x *ByteArray) Iterate(yield func(Value) bool) error { return Bytes{b: x.b}.Iterate(yield) }

// GetSubscript is x[i] (an int) or x[lo:hi:step] (a new bytearray).
func (x *ByteArray) GetSubscript(subs []Subscript) (Value, error) {
	v, err := Bytes{b: x.b}.GetSubscript(subs)
	if err != nil {
		if len(subs) == 1 {
			if _, isInt := subs[0].Value.(int64); !isInt && !subs[0].IsSlice {
				return nil, Errorf(TypeError, "bytearray indices must be integers or slices, not %s", TypeName(subs[0].Value))
			}
		}
		return nil, err
	}
	if b, ok := v.(Bytes); ok {
		return &ByteArray{b: bytes.Clone(b.b)}, nil
	}
	return v, nil
}

// SetSubscript is x[i] = n (an int in range(256)) or x[lo:hi:step] =
// bytes (or an iterable of such ints); a slice of step 1 may change the
// length.
func (x *ByteArray) SetSubscript(subs []Subscript, value Value) error {
	if len(subs) != 1 {
		return Errorf(TypeError, "bytearray indices must be integers or slices, not tuple")
	}
	s := subs[0]
	if !s.IsSlice {
		i, err := seqIndex(s.Value, len(x.b), "bytearray")
		if err != nil {
			return err
		}
		n, ok := AsInt(value)
		if !ok {
			return Errorf(TypeError, "'%s' object cannot be interpreted as an integer", TypeName(value))
		}
		if n < 0 || n > 255 {
			return Errorf(ValueError, "byte must be in range(0, 256)")
		}
		x.b[i] = byte(n)
		return nil
	}
	if IsInt(value) || value == nil {
		return Errorf(TypeError, "can assign only bytes, buffers, or iterables of ints in range(0, 256)")
	}
	data, err := bytesOf(value)
	if err != nil {
		return err
	}
	data = bytes.Clone(data) // x[:] = x reads x before it changes
	lo, hi, step, err := SliceBounds(s, len(x.b))
	if err != nil {
		return err
	}
	if step == 1 {
		hi = max(hi, lo)
		x.b = slices.Concat(x.b[:lo], data, x.b[hi:])
		return nil
	}
	at := sliceIndices(lo, hi, step)
	if len(at) != len(data) {
		return Errorf(ValueError, "attempt to assign bytes of size %d to extended slice of size %d", len(data), len(at))
	}
	for k, i := range at {
		x.b[i] = data[k]
	}
	return nil
}

// DelSubscript is del x[i] and del x[lo:hi:step]; the index or slice is
// resolved again when it runs, as an earlier target of the same del may
// have shortened x.
func (x *ByteArray) DelSubscript(subs []Subscript) (func() error, error) {
	if len(subs) != 1 {
		return nil, Errorf(TypeError, "bytearray indices must be integers or slices, not tuple")
	}
	s := subs[0]
	if s.IsSlice {
		if _, _, _, err := SliceBounds(s, len(x.b)); err != nil {
			return nil, err
		}
		return func() error {
			lo, hi, step, err := SliceBounds(s, len(x.b))
			if err != nil {
				return err
			}
			drop := make([]bool, len(x.b))
			for _, i := range sliceIndices(lo, hi, step) {
				drop[i] = true
			}
			kept := x.b[:0]
			for i, c := range x.b {
				if !drop[i] {
					kept = append(kept, c)
				}
			}
			x.b = kept
			return nil
		}, nil
	}
	if _, err := seqIndex(s.Value, len(x.b), "bytearray"); err != nil {
		return nil, err
	}
	return func() error {
		i, err := seqIndex(s.Value, len(x.b), "bytearray")
		if err != nil {
			return err
		}
		x.b = slices.Delete(x.b, i, i+1)
		return nil
	}, nil
}

// bytesLike is the content of bytes, a bytearray or a memoryview.
func bytesLike(v Value) ([]byte, bool) {
	switch x := v.(type) {
	case Bytes:
		return x.b, true
	case *ByteArray:
		return x.b, true
	case *MemoryView:
		return x.data(), true
	}
	return nil, false
}

// selfByteArray is the receiver of a bytearray method.
func selfByteArray(a *Args) *ByteArray { return a.Value("self").(*ByteArray) }

func init() {
	pythonClasses = append(pythonClasses, "bytearray")
	NewBuiltin(AsFunc, "bytearray(source=b'', encoding=None, errors=None)", "Mutable bytes, made as bytes() makes bytes: bytearray(n), bytearray(iterable of ints), bytearray(str, encoding), bytearray(b).", func(a *Args) (Value, error) {
		b, err := builtins["bytes"].fn(a)
		if err != nil {
			return nil, err
		}
		return &ByteArray{b: bytes.Clone(b.(Bytes).b)}, nil
	})
	defMethod("bytearray", "append(self, item)", "Adds the byte item (an int in range(256)) at the end.", func(a *Args) (Value, error) {
		x := selfByteArray(a)
		data, err := bytesOf(Tuple{a.Value("item")})
		if err != nil {
			if _, isTuple := a.Value("item").(Tuple); !isTuple && !IsInt(a.Value("item")) {
				return nil, Errorf(TypeError, "'%s' object cannot be interpreted as an integer", TypeName(a.Value("item")))
			}
			return nil, Errorf(ValueError, "byte must be in range(0, 256)")
		}
		x.b = append(x.b, data...)
		return None, nil
	})
	defMethod("bytearray", "extend(self, iterable_of_ints)", "Adds the bytes of bytes, a bytearray or an iterable of ints at the end.", func(a *Args) (Value, error) {
		x := selfByteArray(a)
		v := a.Value("iterable_of_ints")
		if IsInt(v) {
			return nil, Errorf(TypeError, "can't extend bytearray with %s", TypeName(v))
		}
		data, err := bytesOf(v)
		if err != nil {
			return nil, err
		}
		x.b = append(x.b, data...)
		return None, nil
	})
	defMethod("bytearray", "pop(self, index=-1)", "Removes and returns the byte at index (the last by default).", func(a *Args) (Value, error) {
		x := selfByteArray(a)
		if len(x.b) == 0 {
			return nil, Errorf(IndexError, "pop from empty bytearray")
		}
		i, err := seqIndex(a.Value("index"), len(x.b), "bytearray")
		if err != nil {
			return nil, Errorf(IndexError, "pop index out of range")
		}
		c := x.b[i]
		x.b = slices.Delete(x.b, i, i+1)
		return int64(c), nil
	})
	defMethod("bytearray", "insert(self, index, item)", "Inserts the byte item before index.", func(a *Args) (Value, error) {
		x := selfByteArray(a)
		i, ok := AsInt(a.Value("index"))
		if !ok {
			return nil, Errorf(TypeError, "'%s' object cannot be interpreted as an integer", TypeName(a.Value("index")))
		}
		n, ok := AsInt(a.Value("item"))
		if !ok {
			return nil, Errorf(TypeError, "'%s' object cannot be interpreted as an integer", TypeName(a.Value("item")))
		}
		if n < 0 || n > 255 {
			return nil, Errorf(ValueError, "byte must be in range(0, 256)")
		}
		if i < 0 {
			i = max(i+int64(len(x.b)), 0)
		}
		i = min(i, int64(len(x.b)))
		x.b = slices.Insert(x.b, int(i), byte(n))
		return None, nil
	})
	defMethod("bytearray", "remove(self, value)", "Removes the first byte equal to value (an int in range(256)); a ValueError when there is none.", func(a *Args) (Value, error) {
		x := selfByteArray(a)
		sub, err := bytesNeedle(a.Value("value"))
		if err != nil || IsInt(a.Value("value")) == false {
			if err == nil {
				err = Errorf(TypeError, "'%s' object cannot be interpreted as an integer", TypeName(a.Value("value")))
			}
			return nil, err
		}
		i := bytes.IndexByte(x.b, sub[0])
		if i < 0 {
			return nil, Errorf(ValueError, "value not found in bytearray")
		}
		x.b = slices.Delete(x.b, i, i+1)
		return None, nil
	})
	defMethod("bytearray", "clear(self)", "Removes every byte.", func(a *Args) (Value, error) {
		selfByteArray(a).b = nil
		return None, nil
	})
	defMethod("bytearray", "copy(self)", "A new bytearray with the same bytes.", func(a *Args) (Value, error) {
		return &ByteArray{b: bytes.Clone(selfByteArray(a).b)}, nil
	})
	defMethod("bytearray", "reverse(self)", "Reverses the bytes in place.", func(a *Args) (Value, error) {
		slices.Reverse(selfByteArray(a).b)
		return None, nil
	})
	defMethod("bytearray", "decode(self, encoding='utf-8', errors='strict')", "The text the bytes spell, as bytes.decode.", func(a *Args) (Value, error) {
		enc, errs := a.Str("encoding"), a.Str("errors")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return decodeBytes(selfByteArray(a).b, enc, errs)
	})
	defMethod("bytearray", hexSig, "The bytes as two lowercase hex digits each, as bytes.hex (sep, bytes_per_sep too).", func(a *Args) (Value, error) {
		return hexArgs(a, selfByteArray(a).b)
	})
}

// shareBytesMethods gives bytearray the methods of bytes it lacks (find,
// split, strip, ...): each runs on the bytearray's bytes, and the bytes
// it returns (alone or in a list) come back as bytearrays, as CPython's
// bytearray methods return bytearrays. It runs after bytes' methods are
// defined.
func shareBytesMethods() {
	for name, m := range typeMethods["bytes"] {
		if _, own := typeMethods["bytearray"][name]; own {
			continue
		}
		self := m.paramIndex("self")
		typeMethods["bytearray"][name] = &Builtin{Name: m.Name, Sig: m.Sig, Doc: m.Doc, parsed: m.sharedParams(), fn: func(a *Args) (Value, error) {
			a.vals[self] = Bytes{b: a.vals[self].(*ByteArray).b}
			r, err := m.fn(a)
			switch x := r.(type) {
			case Bytes:
				return &ByteArray{b: x.b}, err
			case *List:
				for i, e := range x.Elems {
					if b, ok := e.(Bytes); ok {
						x.Elems[i] = &ByteArray{b: b.b}
					}
				}
			case Tuple: // partition: new bytearrays, the separator's too
				for i, e := range x {
					if b, ok := bytesLike(e); ok {
						x[i] = &ByteArray{b: bytes.Clone(b)}
					}
				}
			}
			return r, err
		}}
	}
	for name, f := range classFunctions["bytes"] {
		if classFunctions["bytearray"] == nil {
			classFunctions["bytearray"] = map[string]*Builtin{}
		}
		classFunctions["bytearray"][name] = &Builtin{Name: f.Name, Sig: f.Sig, Doc: f.Doc, parsed: f.sharedParams(), fn: func(a *Args) (Value, error) {
			r, err := f.fn(a)
			if b, ok := r.(Bytes); ok && name != "maketrans" { // a table is bytes
				return &ByteArray{b: b.b}, err
			}
			return r, err
		}}
	}
}
