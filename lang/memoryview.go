package lang

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"strings"
)

// MemoryView is Python's memoryview of bytes or a bytearray: a
// one-dimensional view of its items, with slices of any step (views of
// the same bytes), item and slice assignment into a bytearray, cast to
// another native format ('B', 'I', 'd', ...), release and with.
type MemoryView struct {
	src      Value // Bytes or *ByteArray
	off      int   // the byte offset of item 0 in src
	stride   int   // the bytes from one item to the next (negative: backwards)
	n        int   // the number of items
	format   string
	size     int // the bytes of an item (itemsize)
	readonly bool
	released bool
}

// newMemoryView is a view of all of src's bytes as unsigned bytes.
func newMemoryView(src Value) *MemoryView {
	b, _ := bytesLike(src)
	_, ro := src.(Bytes)
	return &MemoryView{src: src, stride: 1, n: len(b), format: "B", size: 1, readonly: ro}
}

// memoryFormats are the item sizes of the native formats memoryview
// casts to (struct's, on a 64-bit Linux machine).
var memoryFormats = map[string]int{
	"b": 1, "B": 1, "c": 1, "?": 1, "h": 2, "H": 2, "i": 4, "I": 4, "l": 8, "L": 8,
	"q": 8, "Q": 8, "n": 8, "N": 8, "f": 4, "d": 8, "e": 2, "P": 8,
}

// TypeName returns "memoryview".
func (*MemoryView) TypeName() string { return "memoryview" }

// PyRepr is <memory at 0x...>, as CPython's (the address is kael's);
// <released memory at 0x...> after release().
func (m *MemoryView) PyRepr() string {
	if m.released {
		return fmt.Sprintf("<released memory at %#x>", ID(m))
	}
	return fmt.Sprintf("<memory at %#x>", ID(m))
}

// String is the repr.
func (m *MemoryView) String() string { return m.PyRepr() }

// errReleased is CPython's error for a use of a released view.
func errReleased() *Error {
	return Errorf(ValueError, "operation forbidden on released memoryview object")
}

// check is the error for a use of a released view, or nil.
func (m *MemoryView) check() error {
	if m.released {
		return errReleased()
	}
	return nil
}

// contiguous reports whether the view's items lie next to each other
// in order.
func (m *MemoryView) contiguous() bool { return m.stride == m.size || m.n <= 1 }

// item is the bytes of item i in b, the source's bytes now (nil where a
// bytearray has shrunk under the view).
func (m *MemoryView) item(b []byte, i int) []byte {
	at := m.off + i*m.stride
	if at < 0 || at+m.size > len(b) {
		return nil
	}
	return b[at : at+m.size]
}

// data is the bytes the view sees now, in its order (a copy when the
// view has a step; a bytearray may have shrunk).
func (m *MemoryView) data() []byte {
	b, _ := bytesLike(m.src)
	if m.contiguous() {
		lo := min(m.off, len(b))
		return b[lo:min(m.off+m.n*m.size, len(b))]
	}
	out := make([]byte, 0, m.n*m.size)
	for i := range m.n {
		out = append(out, m.item(b, i)...)
	}
	return out
}

// Buffer is the view's memory as the buffer protocol exports it to a
// library (torch.frombuffer): the bytes of its source it covers, not a
// copy, and whether it may be written; ok is false for a released view
// or one whose items are not next to each other in order.
func (m *MemoryView) Buffer() (data []byte, writable, ok bool) {
	if m.released || !m.contiguous() {
		return nil, false, false
	}
	return m.data(), !m.readonly, true
}

// value is the Python value of the item bytes p in the view's format.
func (m *MemoryView) value(p []byte) Value {
	le := binary.LittleEndian
	switch m.format {
	case "b":
		return int64(int8(p[0]))
	case "c":
		return Bytes{b: []byte{p[0]}}
	case "?":
		return p[0] != 0
	case "h":
		return int64(int16(le.Uint16(p)))
	case "H":
		return int64(le.Uint16(p))
	case "i":
		return int64(int32(le.Uint32(p)))
	case "I":
		return int64(le.Uint32(p))
	case "l", "q", "n":
		return int64(le.Uint64(p))
	case "L", "Q", "N", "P":
		return uintValue(le.Uint64(p))
	case "f":
		return float64(math.Float32frombits(le.Uint32(p)))
	case "d":
		return math.Float64frombits(le.Uint64(p))
	case "e":
		return halfToFloat(le.Uint16(p))
	}
	return int64(p[0])
}

// uintValue is an unsigned 64-bit value as a Python int.
func uintValue(u uint64) Value {
	if u <= math.MaxInt64 {
		return int64(u)
	}
	return IntFromBig(new(big.Int).SetUint64(u))
}

// halfToFloat is the float16 bits h as a float64.
func halfToFloat(h uint16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	exp, frac := int(h>>10&0x1f), float64(h&0x3ff)
	switch exp {
	case 0:
		return sign * math.Ldexp(frac, -24)
	case 0x1f:
		if frac != 0 {
			return math.NaN()
		}
		return math.Inf(int(sign))
	}
	return sign * math.Ldexp(1+frac/1024, exp-15)
}

// encodeItem is v as the bytes of an item in the view's format, with
// CPython's errors for a value of the wrong type or range.
func (m *MemoryView) encodeItem(v Value) ([]byte, error) {
	p := make([]byte, m.size)
	le := binary.LittleEndian
	invalidType := Errorf(TypeError, "memoryview: invalid type for format '%s'", m.format)
	invalidValue := Errorf(ValueError, "memoryview: invalid value for format '%s'", m.format)
	switch m.format {
	case "c":
		b, ok := v.(Bytes)
		if !ok || len(b.b) != 1 {
			return nil, invalidType
		}
		return []byte{b.b[0]}, nil
	case "?":
		t, err := Truth(v)
		if t {
			p[0] = 1
		}
		return p, err
	case "f", "d", "e":
		f, ok := AsFloat(v)
		if !ok || isTensor(v) {
			return nil, invalidType
		}
		switch m.format {
		case "f":
			le.PutUint32(p, math.Float32bits(float32(f)))
		case "d":
			le.PutUint64(p, math.Float64bits(f))
		default:
			return nil, Errorf(notImplemented, "memoryview: format e not supported")
		}
		return p, nil
	}
	n, ok := AsInt(v)
	if !ok || isTensor(v) {
		if _, big := v.(BigInt); big && strings.ContainsAny(m.format, "LQNP") {
			return nil, invalidValue
		}
		return nil, invalidType
	}
	bits := uint(8 * m.size)
	signed := strings.ContainsAny(m.format, "bhilqn")
	if signed && bits < 64 && (n < -(1<<(bits-1)) || n >= 1<<(bits-1)) || !signed && (n < 0 || bits < 64 && n >= 1<<bits) {
		return nil, invalidValue
	}
	switch m.size {
	case 1:
		p[0] = byte(n)
	case 2:
		le.PutUint16(p, uint16(n))
	case 4:
		le.PutUint32(p, uint32(n))
	default:
		le.PutUint64(p, uint64(n))
	}
	return p, nil
}

// Equal is == with bytes, a bytearray or a memoryview of the same items.
func (m *MemoryView) Equal(v Value) bool {
	if m.released {
		return v == Value(m)
	}
	if o, ok := v.(*MemoryView); ok {
		if o.released {
			return false
		}
		if o.format == m.format {
			return bytes.Equal(o.data(), m.data())
		}
		return Equal(m.tolist(), o.tolist())
	}
	o, ok := bytesLike(v)
	if m.format != "B" && ok {
		return Equal(m.tolist(), newMemoryView(Bytes{b: o}).tolist())
	}
	return ok && bytes.Equal(o, m.data())
}

// HashKey is a read-only view's of 'B', 'b' or 'c' items of bytes: that
// of the bytes it shows, so that it finds the same dict entry; a writable
// view, a view of other items or a released one is CPython's ValueError,
// a read-only view of a bytearray its TypeError.
func (m *MemoryView) HashKey() (string, error) {
	switch {
	case m.released:
		return "", errReleased()
	case !m.readonly:
		return "", Errorf(ValueError, "cannot hash writable memoryview object")
	case m.format != "B" && m.format != "b" && m.format != "c":
		return "", Errorf(ValueError, "memoryview: hashing is restricted to formats 'B', 'b' or 'c'")
	}
	if _, err := hashKey(m.src); err != nil {
		return "", err // CPython hashes the object too: a bytearray's toreadonly()
	}
	return Bytes{b: m.data()}.HashKey()
}

// DelSubscript is del m[i]: a view cannot change its length, CPython's
// TypeError (after its errors for a released or read-only view).
func (m *MemoryView) DelSubscript([]Subscript) (func() error, error) {
	switch {
	case m.released:
		return nil, errReleased()
	case m.readonly:
		return nil, Errorf(TypeError, "cannot modify read-only memory")
	}
	return nil, Errorf(TypeError, "cannot delete memory")
}

// tolist is the items as a list.
func (m *MemoryView) tolist() *List {
	b, _ := bytesLike(m.src)
	out := make([]Value, 0, m.n)
	for i := range m.n {
		if p := m.item(b, i); p != nil {
			out = append(out, m.value(p))
		}
	}
	return &List{Elems: out}
}

// Length is len(m): the number of items.
func (m *MemoryView) Length() (int64, error) { return int64(m.n), m.check() }

// Iterate yields the items.
func (m *MemoryView) Iterate(yield func(Value) bool) error {
	if err := m.check(); err != nil {
		return err
	}
	for _, v := range m.tolist().Elems {
		if !yield(v) {
			break
		}
	}
	return nil
}

// Enter is with's start: the view itself.
func (m *MemoryView) Enter() (Value, error) { return m, m.check() }

// Exit releases the view at the end of with.
func (m *MemoryView) Exit() { m.released = true }

// GetSubscript is m[i] (an item) or m[lo:hi:step] (a view of the same
// bytes).
func (m *MemoryView) GetSubscript(subs []Subscript) (Value, error) {
	if err := m.check(); err != nil {
		return nil, err
	}
	if len(subs) != 1 {
		return nil, Errorf(TypeError, "memoryview: invalid slice key")
	}
	s := subs[0]
	if !s.IsSlice {
		i, err := m.index(s.Value)
		if err != nil {
			return nil, err
		}
		b, _ := bytesLike(m.src)
		p := m.item(b, i)
		if p == nil {
			return nil, Errorf(IndexError, "index out of bounds on dimension 1")
		}
		return m.value(p), nil
	}
	return m.slice(s)
}

// index resolves the item index v, with memoryview's errors.
func (m *MemoryView) index(v Value) (int, error) {
	i, err := seqIndex(v, m.n, "memoryview")
	if err != nil {
		if IsInt(v) {
			return 0, Errorf(IndexError, "index out of bounds on dimension 1")
		}
		return 0, Errorf(TypeError, "memoryview: invalid slice key")
	}
	return i, nil
}

// slice is m[s], a view of the same bytes.
func (m *MemoryView) slice(s Subscript) (*MemoryView, error) {
	lo, hi, step, err := SliceBounds(s, m.n)
	if err != nil {
		return nil, err
	}
	v := *m
	v.off, v.stride, v.n = m.off+lo*m.stride, m.stride*step, len(sliceIndices(lo, hi, step))
	return &v, nil
}

// SetSubscript is m[i] = v or m[lo:hi:step] = bytes-like of as many
// items, on a view of a bytearray; bytes are read-only.
func (m *MemoryView) SetSubscript(subs []Subscript, value Value) error {
	if err := m.check(); err != nil {
		return err
	}
	ba, ok := m.src.(*ByteArray)
	if !ok || m.readonly {
		return Errorf(TypeError, "cannot modify read-only memory")
	}
	if len(subs) != 1 {
		return Errorf(TypeError, "memoryview: invalid slice key")
	}
	if subs[0].IsSlice {
		dst, err := m.slice(subs[0])
		if err != nil {
			return err
		}
		src, ok := value.(*MemoryView)
		if !ok {
			b, isBytes := bytesLike(value)
			if !isBytes {
				return Errorf(TypeError, "a bytes-like object is required, not '%s'", TypeName(value))
			}
			src = newMemoryView(Bytes{b: b})
		}
		if src.format != dst.format || src.n != dst.n {
			return Errorf(ValueError, "memoryview assignment: lvalue and rvalue have different structures")
		}
		data := bytes.Clone(src.data()) // m[1:] = m[:-1] reads before it writes
		for i := range dst.n {
			if p := dst.item(ba.b, i); p != nil {
				copy(p, data[i*dst.size:])
			}
		}
		return nil
	}
	i, err := m.index(subs[0].Value)
	if err != nil {
		return err
	}
	p, err := m.encodeItem(value)
	if err != nil {
		return err
	}
	if at := m.item(ba.b, i); at != nil {
		copy(at, p)
	}
	return nil
}

// cast is m.cast(format): the same bytes seen as items of format.
func (m *MemoryView) cast(format string) (*MemoryView, error) {
	f := strings.TrimPrefix(format, "@")
	size, ok := memoryFormats[f]
	if !ok || len(f) != 1 {
		return nil, Errorf(ValueError, "memoryview: destination format must be a native single character format prefixed with an optional '@'")
	}
	if !m.contiguous() {
		return nil, Errorf(TypeError, "memoryview: casts are restricted to C-contiguous views")
	}
	byteFormat := func(s string) bool { return s == "B" || s == "b" || s == "c" }
	if !byteFormat(m.format) && !byteFormat(f) {
		return nil, Errorf(TypeError, "memoryview: cannot cast between two non-byte formats")
	}
	nbytes := m.n * m.size
	if nbytes%size != 0 {
		return nil, Errorf(TypeError, "memoryview: length is not a multiple of itemsize")
	}
	v := *m
	v.format, v.size, v.stride, v.n = f, size, size, nbytes/size
	return &v, nil
}

func init() {
	pythonClasses = append(pythonClasses, "memoryview")
	NewBuiltin(AsFunc, "memoryview(object)", "A view of the bytes of bytes or a bytearray, without copying: len, m[i], m[i:j:k] (a view), m.cast('I'), tobytes(), tolist(), hex(); writing m[i] or m[i:j] changes a bytearray.", func(a *Args) (Value, error) {
		switch x := a.Value("object").(type) {
		case Bytes, *ByteArray:
			return newMemoryView(x), nil
		case *MemoryView:
			if err := x.check(); err != nil {
				return nil, err
			}
			v := *x
			return &v, nil
		}
		return nil, Errorf(TypeError, "memoryview: a bytes-like object is required, not '%s'", TypeName(a.Value("object")))
	})
	self := func(a *Args) (*MemoryView, error) {
		m := a.Value("self").(*MemoryView)
		return m, m.check()
	}
	method := func(sig, doc string, fn func(a *Args, m *MemoryView) (Value, error)) {
		defMethod("memoryview", sig, doc, func(a *Args) (Value, error) {
			m, err := self(a)
			if err != nil {
				return nil, err
			}
			return fn(a, m)
		})
	}
	method("tobytes(self, order='C')", "A copy of the bytes the view sees, in its order, as bytes.", func(_ *Args, m *MemoryView) (Value, error) {
		return Bytes{b: bytes.Clone(m.data())}, nil
	})
	method("tolist(self)", "The items the view sees, as a list (ints for 'B', floats for 'd', ...).", func(_ *Args, m *MemoryView) (Value, error) {
		return m.tolist(), nil
	})
	method(hexSig, "The bytes as two lowercase hex digits each, as bytes.hex (sep, bytes_per_sep too).", func(a *Args, m *MemoryView) (Value, error) {
		return hexArgs(a, m.data())
	})
	method("cast(self, format)", "A view of the same bytes as items of another native format: 'B', 'b', 'c', '?', 'h', 'H', 'i', 'I', 'l', 'L', 'q', 'Q', 'n', 'N', 'f', 'd'.", func(a *Args, m *MemoryView) (Value, error) {
		f, ok := a.Value("format").(string)
		if !ok {
			return nil, Errorf(TypeError, "cast() argument 'format' must be str, not %s", TypeName(a.Value("format")))
		}
		return m.cast(f)
	})
	method("toreadonly(self)", "A read-only view of the same bytes.", func(_ *Args, m *MemoryView) (Value, error) {
		v := *m
		v.readonly = true
		return &v, nil
	})
	defMethod("memoryview", "release(self)", "Releases the view: any later use is a ValueError.", func(a *Args) (Value, error) {
		a.Value("self").(*MemoryView).released = true
		return None, nil
	})
	prop := func(name string, get func(m *MemoryView) Value) {
		defProperty(name, func(v Value) Value { return get(v.(*MemoryView)) }, "memoryview")
	}
	prop("nbytes", func(m *MemoryView) Value { return int64(m.n * m.size) })
	prop("readonly", func(m *MemoryView) Value { return m.readonly })
	prop("obj", func(m *MemoryView) Value { return m.src })
	prop("format", func(m *MemoryView) Value { return m.format })
	prop("itemsize", func(m *MemoryView) Value { return int64(m.size) })
	prop("ndim", func(*MemoryView) Value { return int64(1) })
	prop("shape", func(m *MemoryView) Value { return Tuple{int64(m.n)} })
	prop("strides", func(m *MemoryView) Value { return Tuple{int64(m.stride)} })
	prop("suboffsets", func(*MemoryView) Value { return Tuple{} })
	for _, name := range []string{"contiguous", "c_contiguous", "f_contiguous"} {
		prop(name, func(m *MemoryView) Value { return m.contiguous() })
	}
}

// notImplemented is Python's NotImplementedError, for what kael's
// memoryview leaves out.
const notImplemented ErrorKind = "NotImplementedError"
