package pickle

import (
	"encoding/binary"
	"fmt"
	"github.com/kael-dev/kael/lang/lib/copyreg"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unsafe"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The pickler: Python values to the bytes of a pickle, opcode for opcode
// as CPython 3.11's pickle module writes them for protocols 2 to 5
// (Lib/pickle.py, _Pickler), so that what kael writes CPython reads, and
// for the values both have, the bytes are CPython's.

// Global is a reference to the object name of module module, which a
// pickle holds by name (GLOBAL, STACK_GLOBAL): a class or function the
// unpickler finds again. Libraries use it for the functions of their
// reductions (torch._utils._rebuild_tensor_v2) and the classes they name
// (torch.FloatStorage).
type Global struct{ Module, Name string }

// TypeName is "type": a Global stands for a class or function.
func (Global) TypeName() string { return "type" }

// String is the reference as a class prints: <class 'module.name'>.
func (g Global) String() string { return "<class '" + g.Module + "." + g.Name + "'>" }

// Reduction is what __reduce_ex__ returns: the object is Func(*Args),
// then State given to __setstate__ (or its __dict__), ListItems appended
// and DictItems set. A nil State, ListItems or DictItems is absent.
type Reduction struct {
	Func      lang.Value
	Args      lang.Tuple
	State     lang.Value
	ListItems []lang.Value
	DictItems [][2]lang.Value
}

// Pickler writes one pickle. Call is how it calls back into the language
// (__reduce_ex__, __getstate__); Lookup finds module.name for the check
// that a class or function pickled by reference is the one its name
// names. PersistentID, when set, gives the persistent ID of a value that
// is pickled by ID (nil for the others), as Pickler.persistent_id does;
// Reduce, when set, gives the reduction of a value the library knows how
// to rebuild (nil for the others), as reducer_override does.
type Pickler struct {
	Protocol     int
	Call         func(fn lang.Value, args ...lang.Value) (lang.Value, error)
	Lookup       func(module, name string) (lang.Value, error)
	PersistentID func(v lang.Value) (lang.Value, error)
	Reduce       func(v lang.Value) (*Reduction, error)
	// GlobalOf, when set, names the global a value of the library's is
	// (torch.float32), which the pickle holds by reference.
	GlobalOf func(v lang.Value) (Global, bool)

	out   []byte
	frame []byte // the current frame (protocol 4 and up), nil outside one
	memo  map[any]int
	depth int
	// modules holds the module names of the globals written so far.
	modules map[string]string
}

// maxDepth bounds the nesting dumps follows, as CPython's recursion limit
// does.
const maxDepth = 1000

// Dump returns the pickle of v.
func (p *Pickler) Dump(v lang.Value) ([]byte, error) {
	if p.Protocol > HighestProtocol {
		return nil, lang.Errorf(lang.ValueError, "pickle protocol must be <= %d", HighestProtocol)
	}
	if p.Protocol < 0 {
		return nil, lang.Errorf(lang.ValueError, "pickle protocol must be >= 0")
	}
	p.memo = map[any]int{}
	p.out = p.out[:0]
	if p.Protocol >= 2 {
		p.out = append(p.out, opProto, byte(p.Protocol))
	}
	if p.Protocol >= 4 {
		p.frame = []byte{}
	}
	if err := p.save(v, true); err != nil {
		return nil, err
	}
	p.write(opStop)
	p.commitFrame(true)
	p.frame = nil
	return p.out, nil
}

// write adds opcodes to the current frame, or to the output outside one.
func (p *Pickler) write(b ...byte) {
	if p.frame != nil {
		p.frame = append(p.frame, b...)
	} else {
		p.out = append(p.out, b...)
	}
}

func (p *Pickler) writeString(s string) {
	if p.frame != nil {
		p.frame = append(p.frame, s...)
	} else {
		p.out = append(p.out, s...)
	}
}

// commitFrame ends the current frame once it holds frameSizeTarget bytes
// (or always, when force), as CPython's _Framer.commit_frame.
func (p *Pickler) commitFrame(force bool) {
	if p.frame == nil || len(p.frame) == 0 || len(p.frame) < frameSizeTarget && !force {
		return
	}
	if len(p.frame) >= frameSizeMin {
		p.out = append(p.out, opFrame)
		p.out = binary.LittleEndian.AppendUint64(p.out, uint64(len(p.frame)))
	}
	p.out = append(p.out, p.frame...)
	p.frame = p.frame[:0]
}

// writeLarge writes a header and a payload of frameSizeTarget bytes or
// more outside any frame, as _Framer.write_large_bytes.
func (p *Pickler) writeLarge(header []byte, payload string) {
	if p.frame != nil {
		p.commitFrame(true)
		p.out = append(p.out, header...)
		p.out = append(p.out, payload...)
		return
	}
	p.write(header...)
	p.writeString(payload)
}

// identity is the key of v in the memo: what Python's id(v) is for the
// values a pickle shares; ok is false for values it never memoizes
// (numbers, None, booleans, the empty tuple).
func identity(v lang.Value) (any, bool) {
	switch x := v.(type) {
	case lang.NoneType, bool, int64, float64:
		return nil, false
	case string:
		return strKey{unsafe.StringData(x), len(x)}, true
	case lang.Bytes:
		d := x.Data()
		if len(d) == 0 {
			return strKey{nil, -1}, true
		}
		return strKey{&d[0], -1 - len(d)}, true
	case lang.Tuple:
		if len(x) == 0 {
			return nil, false
		}
		return tupleKey{&x[0], len(x)}, true
	case Global:
		return x, true
	}
	defer func() { _ = recover() }() // an uncomparable value has no identity
	m := map[any]bool{}
	m[v] = true
	return v, true
}

type strKey struct {
	p *byte
	n int
}

type tupleKey struct {
	p *lang.Value
	n int
}

// memoize records v as the next memo entry, as pickle.py's memoize.
func (p *Pickler) memoize(v lang.Value) {
	key, ok := identity(v)
	if !ok {
		return
	}
	idx := len(p.memo)
	if p.Protocol >= 4 {
		p.write(opMemoize)
	} else if p.Protocol == 0 {
		p.writeString("p" + strconv.Itoa(idx) + "\n")
	} else if idx < 256 {
		p.write(opBinPut, byte(idx))
	} else {
		p.write(opLongBinPut)
		p.write(binary.LittleEndian.AppendUint32(nil, uint32(idx))...)
	}
	p.memo[key] = idx
}

// memoGet reports v's memo entry.
func (p *Pickler) memoGet(v lang.Value) (int, bool) {
	key, ok := identity(v)
	if !ok {
		return 0, false
	}
	i, ok := p.memo[key]
	return i, ok
}

// get writes the opcode that fetches memo entry i.
func (p *Pickler) get(i int) {
	if p.Protocol == 0 {
		p.writeString("g" + strconv.Itoa(i) + "\n")
		return
	}
	if i < 256 {
		p.write(opBinGet, byte(i))
		return
	}
	p.write(opLongBinGet)
	p.write(binary.LittleEndian.AppendUint32(nil, uint32(i))...)
}

// save writes v, as pickle.py's save.
func (p *Pickler) save(v lang.Value, persistent bool) error {
	p.commitFrame(false)
	if p.depth >= maxDepth {
		return lang.Errorf(lang.RecursionError, "maximum recursion depth exceeded while pickling an object")
	}
	p.depth++
	defer func() { p.depth-- }()
	if persistent && p.PersistentID != nil {
		pid, err := p.PersistentID(v)
		if err != nil {
			return err
		}
		if pid != nil {
			if err := p.save(pid, false); err != nil {
				return err
			}
			p.write(opBinPersID)
			return nil
		}
	}
	if i, ok := p.memoGet(v); ok {
		p.get(i)
		return nil
	}
	if p.GlobalOf != nil {
		if g, ok := p.GlobalOf(v); ok {
			return p.saveGlobal(v, g.Module, g.Name)
		}
	}
	if p.Reduce != nil {
		r, err := p.Reduce(v)
		if err != nil {
			return err
		}
		if r != nil {
			return p.saveReduce(r, v)
		}
	}
	switch x := v.(type) {
	case lang.NoneType:
		p.write(opNone)
	case bool:
		switch {
		case p.Protocol < 2 && x:
			p.writeString("I01\n")
		case p.Protocol < 2:
			p.writeString("I00\n")
		case x:
			p.write(opNewTrue)
		default:
			p.write(opNewFalse)
		}
	case int64:
		p.saveInt(x)
	case lang.BigInt:
		p.saveBigInt(x.Big())
	case float64:
		if p.Protocol == 0 {
			p.writeString("F" + lang.FormatFloat(x) + "\n")
			return nil
		}
		p.write(opBinFloat)
		p.write(binary.BigEndian.AppendUint64(nil, math.Float64bits(x))...)
	case string:
		p.saveStr(x)
	case lang.Bytes:
		return p.saveBytes(x)
	case lang.Tuple:
		return p.saveTuple(x)
	case *lang.List:
		p.emptyOr(opEmptyList, opList)
		p.memoize(x)
		return p.batchAppends(append([]lang.Value(nil), x.Elems...))
	case *lang.Dict:
		keys, vals := x.Keys(), x.Values()
		items := make([][2]lang.Value, len(keys))
		for i := range keys {
			items[i] = [2]lang.Value{keys[i], vals[i]}
		}
		if k := x.Kind(); k != nil { // OrderedDict, defaultdict, Counter: their class called, then the items set
			args, setItems := lang.Tuple{}, true
			if k.Reduce != nil {
				args, setItems = k.Reduce(x)
			}
			if !setItems {
				items = nil
			}
			return p.saveReduce(&Reduction{Func: lang.TypeOf(x), Args: args, DictItems: items}, x)
		}
		p.emptyOr(opEmptyDict, opDict)
		p.memoize(x)
		return p.batchSetItems(items)
	case *lang.Set:
		return p.saveSet(x)
	case Global:
		return p.saveGlobal(x, x.Module, x.Name)
	case *lang.UserClass, *lang.Function, *lang.Builtin:
		return p.saveRef(v)
	case *lang.Instance:
		r, err := p.reduceInstance(x)
		if err != nil {
			return err
		}
		if name, ok := r.Func.(byName); ok {
			// __reduce__ returned a name: x is the global of that name
			// in its class's module.
			module, err := lang.GetAttr(x.Class(), "__module__")
			if err != nil {
				return err
			}
			mod, _ := module.(string)
			return p.saveNamed(x, mod, string(name))
		}
		return p.saveReduce(r, v)
	case *tensor.Tensor:
		return lang.Errorf(lang.TypeError, "cannot pickle 'Tensor' object").
			WithHint("kael's pickle does not write tensors; torch.save(obj, path) writes them, in PyTorch's format")
	default:
		if m, err := lang.GetAttr(v, "__reduce__"); err == nil { // a library's value (a datetime.date)
			rv, err := p.Call(m)
			if err != nil {
				return err
			}
			r, err := reductionOf(rv, "__reduce__")
			if err != nil {
				return err
			}
			return p.saveReduce(r, v)
		}
		return lang.Errorf(lang.TypeError, "cannot pickle '%s' object", lang.TypeName(v))
	}
	return nil
}

// emptyOr writes the opcode of an empty list or dict, or at protocol 0
// (which has none) MARK and the opcode that makes one of the items after
// it.
func (p *Pickler) emptyOr(empty, fromMark byte) {
	if p.Protocol == 0 {
		p.write(opMark, fromMark)
		return
	}
	p.write(empty)
}

// saveInt writes an int as BININT1, BININT2, BININT or LONG1, or at
// protocols 0 and 1 as INT's or LONG's text where needed.
func (p *Pickler) saveInt(x int64) {
	switch {
	case p.Protocol == 0 && x >= math.MinInt32 && x <= math.MaxInt32:
		p.writeString("I" + strconv.FormatInt(x, 10) + "\n")
	case p.Protocol < 2 && (x < math.MinInt32 || x > math.MaxInt32):
		p.writeString("L" + strconv.FormatInt(x, 10) + "L\n")
	case x >= 0 && x <= 0xff:
		p.write(opBinInt1, byte(x))
	case x >= 0 && x <= 0xffff:
		p.write(opBinInt2, byte(x), byte(x>>8))
	case x >= math.MinInt32 && x <= math.MaxInt32:
		p.write(opBinInt)
		p.write(binary.LittleEndian.AppendUint32(nil, uint32(int32(x)))...)
	default:
		enc := encodeLong(x)
		p.write(opLong1, byte(len(enc)))
		p.write(enc...)
	}
}

// saveBigInt writes an int beyond 64 bits as LONG1 or LONG4, or at
// protocols 0 and 1 as LONG's text.
func (p *Pickler) saveBigInt(x *big.Int) {
	if p.Protocol < 2 {
		p.writeString("L" + x.String() + "L\n")
		return
	}
	enc := encodeBigLong(x)
	if len(enc) < 256 {
		p.write(opLong1, byte(len(enc)))
	} else {
		p.write(opLong4)
		p.write(binary.LittleEndian.AppendUint32(nil, uint32(len(enc)))...)
	}
	p.write(enc...)
}

// encodeBigLong is x in the fewest little-endian two's-complement bytes,
// as pickle.encode_long.
func encodeBigLong(x *big.Int) []byte {
	n := x.BitLen()/8 + 1 // one bit more than the magnitude, for the sign
	v := new(big.Int).Set(x)
	if x.Sign() < 0 {
		v.Add(v, new(big.Int).Lsh(big.NewInt(1), uint(8*n)))
	}
	be := v.FillBytes(make([]byte, n))
	out := make([]byte, n)
	for i, c := range be {
		out[n-1-i] = c
	}
	// Drop a sign byte the value does not need: 0x00 after a byte below
	// 0x80, 0xff after one at or above it.
	for len(out) > 1 {
		last, prev := out[len(out)-1], out[len(out)-2]
		if (last == 0 && prev < 0x80) || (last == 0xff && prev >= 0x80) {
			out = out[:len(out)-1]
			continue
		}
		break
	}
	return out
}

// encodeLong is x in the fewest little-endian two's-complement bytes, as
// pickle.encode_long (nothing for 0).
func encodeLong(x int64) []byte {
	if x == 0 {
		return nil
	}
	var out []byte
	for i := 0; i < 8; i++ {
		out = append(out, byte(x>>(8*i)))
	}
	for len(out) > 1 {
		last, prev := out[len(out)-1], out[len(out)-2]
		if last == 0 && prev&0x80 == 0 || last == 0xff && prev&0x80 != 0 {
			out = out[:len(out)-1]
			continue
		}
		break
	}
	return out
}

func (p *Pickler) saveStr(s string) {
	if p.Protocol == 0 {
		p.writeString("V" + rawUnicodeEscapeText(s) + "\n")
		p.memoize(s)
		return
	}
	n := len(s)
	var header []byte
	switch {
	case n <= 0xff && p.Protocol >= 4:
		header = []byte{opShortBinUnicode, byte(n)}
	case n > math.MaxUint32 && p.Protocol >= 4:
		header = binary.LittleEndian.AppendUint64([]byte{opBinUnicode8}, uint64(n))
	default:
		header = binary.LittleEndian.AppendUint32([]byte{opBinUnicode}, uint32(n))
	}
	if n >= frameSizeTarget {
		p.writeLarge(header, s)
	} else {
		p.write(header...)
		p.writeString(s)
	}
	p.memoize(s)
}

func (p *Pickler) saveBytes(b lang.Bytes) error {
	data := b.Data()
	if p.Protocol < 3 {
		if len(data) == 0 {
			return p.saveReduce(&Reduction{Func: Global{"builtins", "bytes"}, Args: lang.Tuple{}}, b)
		}
		latin := make([]rune, len(data))
		for i, c := range data {
			latin[i] = rune(c)
		}
		return p.saveReduce(&Reduction{Func: Global{"_codecs", "encode"}, Args: lang.Tuple{string(latin), "latin1"}}, b)
	}
	n := len(data)
	var header []byte
	switch {
	case n <= 0xff:
		header = []byte{opShortBinBytes, byte(n)}
	case n > math.MaxUint32 && p.Protocol >= 4:
		header = binary.LittleEndian.AppendUint64([]byte{opBinBytes8}, uint64(n))
	default:
		header = binary.LittleEndian.AppendUint32([]byte{opBinBytes}, uint32(n))
	}
	if n > 0xff && n >= frameSizeTarget {
		p.writeLarge(header, string(data))
	} else {
		p.write(header...)
		p.write(data...)
	}
	p.memoize(b)
	return nil
}

func (p *Pickler) saveTuple(t lang.Tuple) error {
	if len(t) == 0 {
		p.emptyOr(opEmptyTuple, opTuple)
		return nil
	}
	n := len(t)
	if n <= 3 && p.Protocol >= 2 {
		for _, e := range t {
			if err := p.save(e, true); err != nil {
				return err
			}
		}
		if i, ok := p.memoGet(t); ok {
			p.write([]byte(strings.Repeat(string(rune(opPop)), n))...)
			p.get(i)
			return nil
		}
		p.write([]byte{opTuple1, opTuple2, opTuple3}[n-1])
		p.memoize(t)
		return nil
	}
	p.write(opMark)
	for _, e := range t {
		if err := p.save(e, true); err != nil {
			return err
		}
	}
	if i, ok := p.memoGet(t); ok {
		if p.Protocol == 0 {
			p.write([]byte(strings.Repeat(string(rune(opPop)), n+1))...)
		} else {
			p.write(opPopMark)
		}
		p.get(i)
		return nil
	}
	p.write(opTuple)
	p.memoize(t)
	return nil
}

func (p *Pickler) batchAppends(items []lang.Value) error {
	if p.Protocol == 0 {
		for _, x := range items {
			if err := p.save(x, true); err != nil {
				return err
			}
			p.write(opAppend)
		}
		return nil
	}
	for {
		batch := items[:min(batchSize, len(items))]
		items = items[len(batch):]
		switch {
		case len(batch) > 1:
			p.write(opMark)
			for _, x := range batch {
				if err := p.save(x, true); err != nil {
					return err
				}
			}
			p.write(opAppends)
		case len(batch) == 1:
			if err := p.save(batch[0], true); err != nil {
				return err
			}
			p.write(opAppend)
		}
		if len(batch) < batchSize {
			return nil
		}
	}
}

func (p *Pickler) batchSetItems(items [][2]lang.Value) error {
	if p.Protocol == 0 {
		for _, kv := range items {
			if err := p.save(kv[0], true); err != nil {
				return err
			}
			if err := p.save(kv[1], true); err != nil {
				return err
			}
			p.write(opSetItem)
		}
		return nil
	}
	for {
		batch := items[:min(batchSize, len(items))]
		items = items[len(batch):]
		switch {
		case len(batch) > 1:
			p.write(opMark)
			for _, kv := range batch {
				if err := p.save(kv[0], true); err != nil {
					return err
				}
				if err := p.save(kv[1], true); err != nil {
					return err
				}
			}
			p.write(opSetItems)
		case len(batch) == 1:
			if err := p.save(batch[0][0], true); err != nil {
				return err
			}
			if err := p.save(batch[0][1], true); err != nil {
				return err
			}
			p.write(opSetItem)
		}
		if len(batch) < batchSize {
			return nil
		}
	}
}

func (p *Pickler) saveSet(s *lang.Set) error {
	elems, err := lang.Collect(s)
	if err != nil {
		return err
	}
	if p.Protocol < 4 {
		name := "set"
		if s.Frozen() {
			name = "frozenset"
		}
		return p.saveReduce(&Reduction{Func: Global{"builtins", name}, Args: lang.Tuple{&lang.List{Elems: elems}}}, s)
	}
	if s.Frozen() {
		p.write(opMark)
		for _, e := range elems {
			if err := p.save(e, true); err != nil {
				return err
			}
		}
		if i, ok := p.memoGet(s); ok {
			p.write(opPopMark)
			p.get(i)
			return nil
		}
		p.write(opFrozenSet)
		p.memoize(s)
		return nil
	}
	p.write(opEmptySet)
	p.memoize(s)
	for {
		batch := elems[:min(batchSize, len(elems))]
		elems = elems[len(batch):]
		if len(batch) > 0 {
			p.write(opMark)
			for _, e := range batch {
				if err := p.save(e, true); err != nil {
					return err
				}
			}
			p.write(opAddItems)
		}
		if len(batch) < batchSize {
			return nil
		}
	}
}

// saveReduce writes the reduction r of obj, as pickle.py's save_reduce:
// a copyreg.__newobj__ reduction as NEWOBJ, any other as REDUCE, then the
// list and dict items and the state.
func (p *Pickler) saveReduce(r *Reduction, obj lang.Value) error {
	if g, ok := r.Func.(Global); ok && g == newObjGlobal {
		if len(r.Args) == 0 {
			return lang.Errorf(PicklingError, "__newobj__ arglist is empty")
		}
		if err := p.save(r.Args[0], true); err != nil {
			return err
		}
		if err := p.save(r.Args[1:], true); err != nil {
			return err
		}
		p.write(opNewObj)
	} else {
		if err := p.save(r.Func, true); err != nil {
			return err
		}
		if err := p.save(r.Args, true); err != nil {
			return err
		}
		p.write(opReduce)
	}
	if obj != nil {
		if i, ok := p.memoGet(obj); ok {
			p.write(opPop)
			p.get(i)
		} else {
			p.memoize(obj)
		}
	}
	if r.ListItems != nil {
		if err := p.batchAppends(r.ListItems); err != nil {
			return err
		}
	}
	if r.DictItems != nil {
		if err := p.batchSetItems(r.DictItems); err != nil {
			return err
		}
	}
	if r.State != nil {
		if err := p.save(r.State, true); err != nil {
			return err
		}
		p.write(opBuild)
	}
	return nil
}

// newObjGlobal is copyreg.__newobj__, which a reduction names to have the
// object made by NEWOBJ: cls.__new__(cls, *args).
var newObjGlobal = Global{"copyreg", "__newobj__"}

// saveRef writes a class or function by reference, module and qualified
// name, after checking that the name finds it again.
func (p *Pickler) saveRef(v lang.Value) error {
	if b, ok := v.(*lang.Builtin); ok {
		if same, found := lang.BuiltinName(b.Name); found && same == lang.Value(b) {
			return p.saveGlobal(v, "builtins", b.Name)
		}
		if qual := lang.ClassOf(b); strings.Contains(qual, ".") { // a library's class: datetime.date
			i := strings.LastIndexByte(qual, '.')
			return p.saveNamed(v, qual[:i], qual[i+1:])
		}
		if m := b.Module(); m != "" { // a library's function: torch.relu
			return p.saveNamed(v, m, b.Name)
		}
		return lang.Errorf(PicklingError, "Can't pickle %s: it's not found as builtins.%s", lang.Repr(v), b.Name)
	}
	module, err := lang.GetAttr(v, "__module__")
	if err != nil {
		return err
	}
	qual, err := lang.GetAttr(v, "__qualname__")
	if err != nil {
		return err
	}
	mod, _ := module.(string)
	name, _ := qual.(string)
	return p.saveNamed(v, mod, name)
}

// saveNamed writes v as the global module.name, after checking that the
// name finds v again, as pickle.py's save_global.
func (p *Pickler) saveNamed(v lang.Value, mod, name string) error {
	if strings.Contains(name, "<locals>") {
		return lang.Errorf(lang.AttributeError, "Can't pickle local object %s", lang.Repr(name))
	}
	if p.Lookup != nil {
		found, err := p.Lookup(mod, name)
		if err != nil {
			return lang.Errorf(PicklingError, "Can't pickle %s: attribute lookup %s on %s failed", lang.Repr(v), name, mod)
		}
		if found != v {
			return lang.Errorf(PicklingError, "Can't pickle %s: it's not the same object as %s.%s", lang.Repr(v), mod, name)
		}
	}
	return p.saveGlobal(v, mod, name)
}

// saveGlobal writes obj as the global module.name: STACK_GLOBAL from
// protocol 4, GLOBAL before, with Python 2's names at protocol 2 (as
// fix_imports does).
func (p *Pickler) saveGlobal(obj lang.Value, module, name string) error {
	if p.Protocol >= 4 {
		// one str per module name, as CPython's modules' names are one
		// object: a second global of the module refers to the first's
		if p.modules == nil {
			p.modules = map[string]string{}
		}
		if same, ok := p.modules[module]; ok {
			module = same
		} else {
			p.modules[module] = module
		}
		if err := p.save(module, true); err != nil {
			return err
		}
		if err := p.save(name, true); err != nil {
			return err
		}
		p.write(opStackGlobal)
	} else {
		if strings.Contains(name, ".") {
			return lang.Errorf(PicklingError, "Can't pickle %s.%s with protocol %d: a nested name needs protocol 4", module, name, p.Protocol)
		}
		if p.Protocol < 3 {
			module, name = python2Name(module, name)
		}
		p.write(opGlobal)
		p.writeString(module + "\n" + name + "\n")
	}
	p.memoize(obj)
	return nil
}

// reduceInstance is the reduction of an object of a class statement: its
// __reduce_ex__ or __reduce__ when its class defines one, else object's,
// copyreg.__newobj__ with the object's __getstate__() or __dict__; a
// function copyreg.pickle registered for its class comes first.
func (p *Pickler) reduceInstance(x *lang.Instance) (*Reduction, error) {
	if r, ok := copyreg.Reducer(x); ok { // copyreg.pickle(type(x), r)
		rv, err := p.Call(r, x)
		if err != nil {
			return nil, err
		}
		return reductionOf(rv, "reducer")
	}
	if m, ok := x.Method("__reduce_ex__"); ok {
		rv, err := p.Call(m, int64(p.Protocol))
		if err != nil {
			return nil, err
		}
		return reductionOf(rv, "__reduce_ex__")
	}
	if m, ok := x.Method("__reduce__"); ok {
		rv, err := p.Call(m)
		if err != nil {
			return nil, err
		}
		return reductionOf(rv, "__reduce__")
	}
	if isExc, _ := isException(x); isExc {
		args, err := lang.GetAttr(x, "args")
		if err != nil {
			return nil, err
		}
		r := &Reduction{Func: x.Class(), Args: args.(lang.Tuple)}
		if d := x.Dict(); d.Len() > 0 {
			r.State = d
		}
		return r, nil
	}
	if vb := x.Class().ValueBase(); vb != "" && vb != "set" && vb != "bytearray" && p.Protocol >= 2 {
		// class A(int): copyreg.__newobj__(A, 3), as __getnewargs__ or
		// __reduce_ex__ give it, with the attributes as the state
		r := &Reduction{Func: newObjGlobal, Args: lang.Tuple{x.Class(), x.Native()}}
		if d := x.Dict(); d.Len() > 0 {
			r.State = d
		}
		return r, nil
	}
	switch n := x.Native().(type) {
	case *lang.Set:
		if x.Class().ValueBase() == "set" {
			// set.__reduce__: (S, (list(s),), s.__dict__)
			elems, err := lang.Collect(n)
			if err != nil {
				return nil, err
			}
			return &Reduction{Func: x.Class(), Args: lang.Tuple{&lang.List{Elems: elems}}, State: instanceState(x)}, nil
		}
	case *lang.ByteArray:
		// bytearray.__reduce_ex__: (B, (bytes(b),), b.__dict__), and before
		// protocol 3, which has no bytes, (B, (latin-1 text, 'latin-1'), ...)
		args := lang.Tuple{lang.NewBytes(append([]byte(nil), n.Data()...))}
		if p.Protocol < 3 {
			args = lang.Tuple{latin1(n.Data()), "latin-1"}
		}
		return &Reduction{Func: x.Class(), Args: args, State: instanceState(x)}, nil
	}
	if x.Native() != nil {
		return nil, lang.Errorf(lang.TypeError, "cannot pickle '%s' object", x.Class().Name).
			WithHint("kael pickles objects of classes whose state is their attributes; %s keeps state of kael's own", x.Class().Name)
	}
	r := &Reduction{Func: newObjGlobal, Args: lang.Tuple{x.Class()}}
	if p.Protocol < 2 {
		// copyreg._reduce_ex: object's reduction before NEWOBJ.
		object, _ := lang.BuiltinName("object")
		r = &Reduction{Func: Global{"copyreg", "_reconstructor"}, Args: lang.Tuple{x.Class(), object, lang.None}}
	}
	if m, ok := x.Method("__getstate__"); ok {
		st, err := p.Call(m)
		if err != nil {
			return nil, err
		}
		if _, none := st.(lang.NoneType); !none {
			r.State = st
		}
	} else if d := x.Dict(); d.Len() > 0 {
		r.State = d
	}
	return r, nil
}

// instanceState is the __dict__ a set's or bytearray's reduction gives
// as its state: the instance's attributes, nil when it has none.
func instanceState(x *lang.Instance) lang.Value {
	if d := x.Dict(); d.Len() > 0 {
		return d
	}
	return nil
}

// latin1 is b as the str whose code points are its bytes.
func latin1(b []byte) string {
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}

// isException reports whether x is an exception object.
func isException(x *lang.Instance) (bool, error) {
	exc, _ := lang.BuiltinName("BaseException")
	ok, err := lang.IsInstance(x, exc)
	return ok, err
}

// byName is the reduction of an object whose __reduce__ returns a name:
// the object is that global of its module.
type byName string

// reductionOf checks what __reduce_ex__ or __reduce__ returned, a tuple of
// two to six items, as pickle.py's save does.
func reductionOf(rv lang.Value, method string) (*Reduction, error) {
	t, ok := rv.(lang.Tuple)
	if !ok {
		if name, isStr := rv.(string); isStr {
			return &Reduction{Func: byName(name)}, nil
		}
		return nil, lang.Errorf(PicklingError, "__reduce__ must return a string or tuple")
	}
	if len(t) < 2 || len(t) > 6 {
		return nil, lang.Errorf(PicklingError, "tuple returned by __reduce__ must contain 2 through 6 elements")
	}
	args, ok := t[1].(lang.Tuple)
	if !ok {
		return nil, lang.Errorf(PicklingError, "second item of the tuple returned by __reduce__ must be a tuple")
	}
	r := &Reduction{Func: t[0], Args: args}
	switch t[0] { // object.__reduce_ex__'s functions, which copyreg holds in CPython
	case lang.Value(lang.CopyregNewObj):
		r.Func = newObjGlobal
	case lang.Value(lang.CopyregReconstructor):
		r.Func = Global{"copyreg", "_reconstructor"}
	}
	if len(t) > 2 && t[2] != lang.None {
		r.State = t[2]
	}
	if len(t) > 3 && t[3] != lang.None {
		items, err := lang.Collect(t[3])
		if err != nil {
			return nil, err
		}
		r.ListItems = items
	}
	if len(t) > 4 && t[4] != lang.None {
		pairs, err := lang.Collect(t[4])
		if err != nil {
			return nil, err
		}
		for _, kv := range pairs {
			e, ok := lang.Elems(kv)
			if !ok || len(e) != 2 {
				return nil, lang.Errorf(lang.ValueError, "dictitems must yield (key, value) pairs")
			}
			r.DictItems = append(r.DictItems, [2]lang.Value{e[0], e[1]})
		}
	}
	if len(t) > 5 && t[5] != lang.None {
		return nil, lang.Errorf(PicklingError, "kael's pickle does not support a state_setter in %s", method)
	}
	return r, nil
}

// python2Names are fix_imports's renames for protocol 2 (the reverse of
// _compat_pickle's mappings, for the modules kael's pickles name).
var python2Modules = map[string]string{"builtins": "__builtin__", "copyreg": "copy_reg"}

func python2Name(module, name string) (string, string) {
	if m, ok := python2Modules[module]; ok {
		return m, name
	}
	return module, name
}

// rawUnicodeEscapeText is UNICODE's argument: s with backslash, NUL,
// newline, carriage return and Ctrl-Z escaped as \uXXXX, then encoded
// raw-unicode-escape (code points below 256 as one byte each, others as
// \uXXXX or \UXXXXXXXX), as pickle.py's save_str at protocol 0.
func rawUnicodeEscapeText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\\' || r == 0 || r == '\n' || r == '\r' || r == 0x1a:
			fmt.Fprintf(&b, "\\u%04x", r)
		case r < 0x100:
			b.WriteByte(byte(r))
		case r < 0x10000:
			fmt.Fprintf(&b, "\\u%04x", r)
		default:
			fmt.Fprintf(&b, "\\U%08x", r)
		}
	}
	return b.String()
}
