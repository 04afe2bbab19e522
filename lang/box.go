package lang

import "unsafe"

// Boxing of ints and floats on the hot paths of loops and arithmetic.
//
// Putting an int64 or float64 into a Value (an interface) allocates 8
// bytes for every value outside 0..255: in `s = s + i * 2` that allocation
// was about half the time of the loop (pprof: runtime.convT64 under
// mallocgcTiny). A session instead hands out the 8-byte cells of a slab
// it allocates once per boxSlabLen values, and builds the interface
// pointing at one cell, as the runtime itself does for small ints
// (runtime.staticuint64s). A cell is written once, before the interface
// to it exists, and never again, so the value an interface holds never
// changes; the garbage collector sees an ordinary interior pointer into
// the slab and keeps the slab alive while any of its values is in use.
//
// The cost of the scheme is that one live value keeps its whole slab
// (boxSlabLen*8 bytes) alive; values made one after another, as a loop
// makes them, are mostly dropped together.

// boxSlabLen is the number of values one slab holds.
const boxSlabLen = 32

// boxSlabs are a session's current slabs of int and float cells.
type boxSlabs struct {
	ints   boxSlab[int64]
	floats boxSlab[float64]
}

// boxSlab is the slab being handed out, n cells of it so far.
type boxSlab[T int64 | float64] struct {
	cells *[boxSlabLen]T
	n     int
}

// box returns v as a Value whose type word is typ, in the slab's next
// cell.
func (b *boxSlab[T]) box(v T, typ unsafe.Pointer) Value {
	if b.cells == nil || b.n == boxSlabLen {
		b.cells, b.n = new([boxSlabLen]T), 0
	}
	p := &b.cells[b.n]
	b.n++
	*p = v
	return *(*Value)(unsafe.Pointer(&eface{typ: typ, data: unsafe.Pointer(p)}))
}

// eface is the layout of an empty interface (runtime.eface).
type eface struct {
	typ  unsafe.Pointer
	data unsafe.Pointer
}

// boxOf returns the data word of v's interface: for a boxed number, the
// cell holding it.
func boxOf(v Value) unsafe.Pointer { return (*eface)(unsafe.Pointer(&v)).data }

// ifaceType returns the type word of v's interface.
func ifaceType(v any) unsafe.Pointer { return (*eface)(unsafe.Pointer(&v)).typ }

var (
	int64Type   = ifaceType(int64(0))
	float64Type = ifaceType(float64(0))
)

// boxInt returns v as a Value, without an allocation of its own, in the
// slabs of session s (nil: none). A function, not a method of interp, so
// that it is inlined.
func boxInt(s *Session, v int64) Value {
	if uint64(v) >= smallIntCount {
		return boxLargeInt(s, v)
	}
	return smallInts[v] // what runtime.convT64 returns, without its call
}

// smallInts are the ints 0..smallIntCount-1 as Values.
var smallInts = func() (t [smallIntCount]Value) {
	for i := range t {
		t[i] = int64(i)
	}
	return t
}()

// boxLargeInt is boxInt for ints outside smallInts.
func boxLargeInt(s *Session, v int64) Value {
	if s == nil {
		return v // no session to hold a slab
	}
	return s.boxes.ints.box(v, int64Type)
}

const smallIntCount = 256

// boxFloat returns v as a Value, without an allocation of its own, in the
// slabs of session s (nil: none).
func boxFloat(s *Session, v float64) Value {
	if s == nil {
		return v
	}
	return s.boxes.floats.box(v, float64Type)
}

// pairBox is a tuple of two and its elements in one allocation.
type pairBox struct {
	t    Tuple
	elem [2]Value
}

var tupleType = ifaceType(Tuple(nil))

// pair returns the tuple (a, b) as a Value in one allocation, where
// Tuple{a, b} boxed into an interface takes two (the elements, then the
// slice header, runtime.convTslice): the interface points at the header
// of a pairBox whose slice is its own elements.
func pair(a, b Value) Value {
	p := &pairBox{elem: [2]Value{a, b}}
	p.t = p.elem[:]
	return *(*Value)(unsafe.Pointer(&eface{typ: tupleType, data: unsafe.Pointer(&p.t)}))
}
