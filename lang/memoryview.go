package lang

import (
	"bytes"
	"fmt"
)

// MemoryView is Python's memoryview of bytes or a bytearray, minimal:
// len, indexing (an int), slicing of step 1 (a view of the same bytes),
// item assignment into a bytearray, iteration, ==, tobytes, tolist, hex,
// nbytes and readonly. Its format is always 'B' (unsigned bytes).
type MemoryView struct {
	src    Value // Bytes or *ByteArray
	lo, hi int   // the window into src's bytes
}

// TypeName returns "memoryview".
func (*MemoryView) TypeName() string { return "memoryview" }

// PyRepr is <memory at 0x...>, as CPython's (the address is kael's).
func (m *MemoryView) PyRepr() string { return fmt.Sprintf("<memory at %#x>", ID(m)) }

// String is the repr.
func (m *MemoryView) String() string { return m.PyRepr() }

// data is the bytes the view sees now (a bytearray may have shrunk).
func (m *MemoryView) data() []byte {
	b, _ := bytesLike(m.src)
	hi := min(m.hi, len(b))
	return b[min(m.lo, hi):hi]
}

// Equal is == with bytes, a bytearray or a memoryview of the same bytes.
func (m *MemoryView) Equal(v Value) bool {
	if o, ok := v.(*MemoryView); ok {
		return bytes.Equal(o.data(), m.data())
	}
	o, ok := bytesLike(v)
	return ok && bytes.Equal(o, m.data())
}

// Length is len(m).
func (m *MemoryView) Length() (int64, error) { return int64(len(m.data())), nil }

// Iterate yields the bytes as ints.
func (m *MemoryView) Iterate(yield func(Value) bool) error { return Bytes{b: m.data()}.Iterate(yield) }

// GetSubscript is m[i] (an int) or m[lo:hi] (a view of the same bytes).
func (m *MemoryView) GetSubscript(subs []Subscript) (Value, error) {
	if len(subs) != 1 {
		return nil, Errorf(TypeError, "memoryview: invalid slice key")
	}
	s, d := subs[0], m.data()
	if !s.IsSlice {
		i, err := seqIndex(s.Value, len(d), "memoryview")
		if err != nil {
			if IsInt(s.Value) {
				return nil, Errorf(IndexError, "index out of bounds on dimension 1")
			}
			return nil, Errorf(TypeError, "memoryview: invalid slice key")
		}
		return int64(d[i]), nil
	}
	lo, hi, step, err := SliceBounds(s, len(d))
	if err != nil {
		return nil, err
	}
	if step != 1 {
		return nil, Errorf(notImplemented, "kael's memoryview takes slices of step 1").WithHint("copy the bytes first: m.tobytes()[::2]")
	}
	return &MemoryView{src: m.src, lo: m.lo + lo, hi: m.lo + max(hi, lo)}, nil
}

// SetSubscript is m[i] = n on a view of a bytearray; bytes are read-only.
func (m *MemoryView) SetSubscript(subs []Subscript, value Value) error {
	ba, ok := m.src.(*ByteArray)
	if !ok {
		return Errorf(TypeError, "cannot modify read-only memory")
	}
	if len(subs) != 1 || subs[0].IsSlice {
		return Errorf(notImplemented, "kael's memoryview assigns single items only").WithHint("assign into the bytearray itself")
	}
	i, err := seqIndex(subs[0].Value, len(m.data()), "memoryview")
	if err != nil {
		return Errorf(IndexError, "index out of bounds on dimension 1")
	}
	n, ok := AsInt(value)
	if !ok || n < 0 || n > 255 {
		return Errorf(TypeError, "memoryview: invalid type for format 'B'")
	}
	ba.b[m.lo+i] = byte(n)
	return nil
}

func init() {
	pythonClasses = append(pythonClasses, "memoryview")
	NewBuiltin(AsFunc, "memoryview(object)", "A view of the bytes of bytes or a bytearray, without copying: len, m[i], m[i:j] (a view), tobytes(), tolist(), hex(); writing m[i] changes a bytearray.", func(a *Args) (Value, error) {
		switch x := a.Value("object").(type) {
		case Bytes, *ByteArray:
			b, _ := bytesLike(x)
			return &MemoryView{src: x, hi: len(b)}, nil
		case *MemoryView:
			return &MemoryView{src: x.src, lo: x.lo, hi: x.hi}, nil
		}
		return nil, Errorf(TypeError, "memoryview: a bytes-like object is required, not '%s'", TypeName(a.Value("object")))
	})
	self := func(a *Args) *MemoryView { return a.Value("self").(*MemoryView) }
	defMethod("memoryview", "tobytes(self)", "A copy of the bytes the view sees, as bytes.", func(a *Args) (Value, error) {
		return Bytes{b: bytes.Clone(self(a).data())}, nil
	})
	defMethod("memoryview", "tolist(self)", "The bytes the view sees, as a list of ints.", func(a *Args) (Value, error) {
		d := self(a).data()
		out := make([]Value, len(d))
		for i, c := range d {
			out[i] = int64(c)
		}
		return &List{Elems: out}, nil
	})
	defMethod("memoryview", hexSig, "The bytes as two lowercase hex digits each, as bytes.hex (sep, bytes_per_sep too).", func(a *Args) (Value, error) {
		return hexArgs(a, self(a).data())
	})
	defProperty("nbytes", func(v Value) Value { return int64(len(v.(*MemoryView).data())) }, "memoryview")
	defProperty("readonly", func(v Value) Value { _, ro := v.(*MemoryView).src.(Bytes); return ro }, "memoryview")
	defProperty("obj", func(v Value) Value { return v.(*MemoryView).src }, "memoryview")
	defProperty("format", func(Value) Value { return "B" }, "memoryview")
	defProperty("itemsize", func(Value) Value { return int64(1) }, "memoryview")
}

// notImplemented is Python's NotImplementedError, for what kael's
// memoryview leaves out.
const notImplemented ErrorKind = "NotImplementedError"
