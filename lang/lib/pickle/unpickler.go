package pickle

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kael-dev/kael/lang"
)

// The unpickler: the pickle machine of CPython 3.11's pickle module
// (Lib/pickle.py, _Unpickler) over kael's values, every opcode of
// protocols 0 to 5. A pickle is input: a bad one is an UnpicklingError (or
// the error CPython raises for it), never a crash, and what it makes is
// bounded by its length, since every opcode reads at least one byte and a
// length is checked against the bytes there are before anything is made.

// Reader is where an Unpickler reads a pickle: n bytes (fewer only at the
// end of the input), or a line with its "\n".
type Reader interface {
	Read(n int) ([]byte, error)
	ReadLine() ([]byte, error)
}

// BytesReader reads a pickle from memory.
type BytesReader struct {
	data []byte
	pos  int
}

// NewBytesReader reads data.
func NewBytesReader(data []byte) *BytesReader { return &BytesReader{data: data} }

// Read returns the next n bytes, or what is left.
func (r *BytesReader) Read(n int) ([]byte, error) {
	n = min(n, len(r.data)-r.pos)
	b := r.data[r.pos : r.pos+n]
	r.pos += n
	return b, nil
}

// ReadLine returns the bytes up to and with the next "\n", or what is left.
func (r *BytesReader) ReadLine() ([]byte, error) {
	i := bytes.IndexByte(r.data[r.pos:], '\n')
	if i < 0 {
		return r.Read(len(r.data) - r.pos)
	}
	return r.Read(i + 1)
}

// Unpickler reads one pickle. Call calls a callable of the pickle (a
// class, a reduction's function) with arguments; FindClass gives the
// object module.name names (find_class); PersistentLoad, when set, the
// object a persistent ID stands for. Build, when set, may restore the
// state of an object BUILD meets that is not an object of a class
// statement (it reports whether it did).
type Unpickler struct {
	Call           func(fn lang.Value, args lang.Tuple) (lang.Value, error)
	FindClass      func(module, name string) (lang.Value, error)
	PersistentLoad func(pid lang.Value) (lang.Value, error)
	Build          func(obj, state lang.Value) (bool, error)

	in        Reader
	frame     []byte // what is left of the current frame
	inFrame   bool
	stack     []lang.Value
	metastack [][]lang.Value
	memo      map[uint64]lang.Value
	proto     int
}

// UnpicklingError, PicklingError and PickleError are pickle's errors;
// the module registers their classes (module.go).

func truncated() error { return lang.Errorf(UnpicklingError, "pickle data was truncated") }

// read returns exactly n bytes of the input, from the current frame while
// there is one.
func (u *Unpickler) read(n int) ([]byte, error) {
	if n < 0 {
		return nil, lang.Errorf(UnpicklingError, "negative byte count")
	}
	if u.inFrame {
		if len(u.frame) == 0 {
			u.inFrame = false
		} else {
			if n > len(u.frame) {
				return nil, lang.Errorf(UnpicklingError, "pickle exhausted before end of frame")
			}
			b := u.frame[:n]
			u.frame = u.frame[n:]
			return b, nil
		}
	}
	b, err := u.in.Read(n)
	if err != nil {
		return nil, err
	}
	if len(b) < n {
		return nil, truncated()
	}
	return b, nil
}

// readLine returns the next line without its "\n".
func (u *Unpickler) readLine() (string, error) {
	if u.inFrame {
		if len(u.frame) == 0 {
			u.inFrame = false
		} else {
			i := bytes.IndexByte(u.frame, '\n')
			if i < 0 {
				return "", lang.Errorf(UnpicklingError, "pickle exhausted before end of frame")
			}
			line := u.frame[:i]
			u.frame = u.frame[i+1:]
			return string(line), nil
		}
	}
	b, err := u.in.ReadLine()
	if err != nil {
		return "", err
	}
	if len(b) == 0 || b[len(b)-1] != '\n' {
		return "", truncated()
	}
	return string(b[:len(b)-1]), nil
}

func (u *Unpickler) readUint(n int) (uint64, error) {
	b, err := u.read(n)
	if err != nil {
		return 0, err
	}
	var x uint64
	for i := n - 1; i >= 0; i-- {
		x = x<<8 | uint64(b[i])
	}
	return x, nil
}

// readSized reads a length of n bytes, then that many bytes.
func (u *Unpickler) readSized(n int) ([]byte, error) {
	size, err := u.readUint(n)
	if err != nil {
		return nil, err
	}
	if size > math.MaxInt32*8 {
		return nil, truncated()
	}
	return u.read(int(size))
}

func (u *Unpickler) push(v lang.Value) { u.stack = append(u.stack, v) }

func (u *Unpickler) pop() (lang.Value, error) {
	if len(u.stack) == 0 {
		return nil, lang.Errorf(UnpicklingError, "unpickling stack underflow")
	}
	v := u.stack[len(u.stack)-1]
	u.stack = u.stack[:len(u.stack)-1]
	return v, nil
}

func (u *Unpickler) top() (lang.Value, error) {
	if len(u.stack) == 0 {
		return nil, lang.Errorf(UnpicklingError, "unpickling stack underflow")
	}
	return u.stack[len(u.stack)-1], nil
}

// popMark returns the items above the topmost mark and removes them and
// the mark.
func (u *Unpickler) popMark() ([]lang.Value, error) {
	if len(u.metastack) == 0 {
		return nil, lang.Errorf(UnpicklingError, "could not find MARK")
	}
	items := u.stack
	u.stack = u.metastack[len(u.metastack)-1]
	u.metastack = u.metastack[:len(u.metastack)-1]
	return items, nil
}

// Load reads one pickle from r and returns the object it holds.
func (u *Unpickler) Load(r Reader) (lang.Value, error) {
	u.in, u.stack, u.metastack, u.memo, u.frame, u.inFrame = r, nil, nil, map[uint64]lang.Value{}, nil, false
	for i := 1; ; i++ {
		if err := lang.PollInterrupt(i); err != nil {
			return nil, err
		}
		op, err := u.read(1)
		if err != nil {
			if i == 1 && lang.ToError(err).Msg == "pickle data was truncated" {
				return nil, lang.Errorf(lang.EOFError, "Ran out of input")
			}
			return nil, err
		}
		if op[0] == opStop {
			v, err := u.pop()
			if err != nil {
				return nil, err
			}
			return v, nil
		}
		if err := u.step(op[0]); err != nil {
			return nil, err
		}
	}
}

// step runs one opcode other than STOP.
func (u *Unpickler) step(op byte) error {
	switch op {
	case opProto:
		b, err := u.read(1)
		if err != nil {
			return err
		}
		if b[0] > HighestProtocol {
			return lang.Errorf(lang.ValueError, "unsupported pickle protocol: %d", b[0])
		}
		u.proto = int(b[0])
	case opFrame:
		n, err := u.readUint(8)
		if err != nil {
			return err
		}
		if u.inFrame && len(u.frame) > 0 {
			return lang.Errorf(UnpicklingError, "beginning of a new frame before end of current frame")
		}
		if n > math.MaxInt32*8 {
			return truncated()
		}
		u.inFrame = false
		b, err := u.read(int(n))
		if err != nil {
			return err
		}
		u.frame, u.inFrame = b, true
	case opMark:
		u.metastack = append(u.metastack, u.stack)
		u.stack = nil
	case opPop:
		if len(u.stack) > 0 {
			u.stack = u.stack[:len(u.stack)-1]
		} else if _, err := u.popMark(); err != nil {
			return lang.Errorf(UnpicklingError, "unpickling stack underflow")
		}
	case opPopMark:
		_, err := u.popMark()
		return err
	case opDup:
		v, err := u.top()
		if err != nil {
			return err
		}
		u.push(v)
	case opNone:
		u.push(lang.None)
	case opNewTrue:
		u.push(true)
	case opNewFalse:
		u.push(false)
	case opBinInt:
		x, err := u.readUint(4)
		if err != nil {
			return err
		}
		u.push(int64(int32(uint32(x))))
	case opBinInt1:
		x, err := u.readUint(1)
		if err != nil {
			return err
		}
		u.push(int64(x))
	case opBinInt2:
		x, err := u.readUint(2)
		if err != nil {
			return err
		}
		u.push(int64(x))
	case opLong1, opLong4:
		width := 1
		if op == opLong4 {
			width = 4
		}
		n, err := u.readUint(width)
		if err != nil {
			return err
		}
		if op == opLong4 && int32(uint32(n)) < 0 {
			return lang.Errorf(UnpicklingError, "LONG pickle has negative byte count")
		}
		b, err := u.read(int(n))
		if err != nil {
			return err
		}
		v, err := decodeLong(b)
		if err != nil {
			return err
		}
		u.push(v)
	case opInt:
		line, err := u.readLine()
		if err != nil {
			return err
		}
		switch line {
		case "00":
			u.push(false)
		case "01":
			u.push(true)
		default:
			v, err := textInt(line)
			if err != nil {
				return err
			}
			u.push(v)
		}
	case opLong:
		line, err := u.readLine()
		if err != nil {
			return err
		}
		v, err := textInt(strings.TrimSuffix(line, "L"))
		if err != nil {
			return err
		}
		u.push(v)
	case opBinFloat:
		x, err := u.read(8)
		if err != nil {
			return err
		}
		u.push(math.Float64frombits(binary.BigEndian.Uint64(x)))
	case opFloat:
		line, err := u.readLine()
		if err != nil {
			return err
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(line), 64)
		if err != nil && !strings.Contains(err.Error(), "range") {
			return lang.Errorf(lang.ValueError, "could not convert string to float: %s", lang.Repr(line))
		}
		u.push(f)
	case opShortBinUnicode, opBinUnicode, opBinUnicode8:
		b, err := u.readSized(map[byte]int{opShortBinUnicode: 1, opBinUnicode: 4, opBinUnicode8: 8}[op])
		if err != nil {
			return err
		}
		s, err := decodeUTF8(b)
		if err != nil {
			return err
		}
		u.push(s)
	case opUnicode:
		line, err := u.readLine()
		if err != nil {
			return err
		}
		s, err := rawUnicodeEscape(line)
		if err != nil {
			return err
		}
		u.push(s)
	case opShortBinBytes, opBinBytes, opBinBytes8:
		b, err := u.readSized(map[byte]int{opShortBinBytes: 1, opBinBytes: 4, opBinBytes8: 8}[op])
		if err != nil {
			return err
		}
		u.push(lang.NewBytes(bytes.Clone(b)))
	case opByteArray8:
		return lang.Errorf(UnpicklingError, "kael has no bytearray, which this pickle holds")
	case opNextBuffer, opReadonlyBuffer:
		return lang.Errorf(UnpicklingError, "pickle stream refers to out-of-band data but no *buffers* argument was given")
	case opShortBinString, opBinString:
		width := 1
		if op == opBinString {
			width = 4
		}
		if op == opBinString {
			n, err := u.readUint(4)
			if err != nil {
				return err
			}
			if int32(uint32(n)) < 0 {
				return lang.Errorf(UnpicklingError, "BINSTRING pickle has negative byte count")
			}
			b, err := u.read(int(n))
			if err != nil {
				return err
			}
			return u.pushPython2Str(b)
		}
		b, err := u.readSized(width)
		if err != nil {
			return err
		}
		return u.pushPython2Str(b)
	case opString:
		line, err := u.readLine()
		if err != nil {
			return err
		}
		if len(line) < 2 || line[0] != line[len(line)-1] || line[0] != '\'' && line[0] != '"' {
			return lang.Errorf(UnpicklingError, "the STRING opcode argument must be quoted")
		}
		b, err := escapeDecode(line[1 : len(line)-1])
		if err != nil {
			return err
		}
		return u.pushPython2Str(b)
	case opEmptyTuple:
		u.push(lang.Tuple{})
	case opTuple1, opTuple2, opTuple3:
		n := int(op-opTuple1) + 1
		if len(u.stack) < n {
			return lang.Errorf(UnpicklingError, "unpickling stack underflow")
		}
		t := append(lang.Tuple{}, u.stack[len(u.stack)-n:]...)
		u.stack = u.stack[:len(u.stack)-n]
		u.push(t)
	case opTuple:
		items, err := u.popMark()
		if err != nil {
			return err
		}
		u.push(append(lang.Tuple{}, items...))
	case opEmptyList:
		u.push(&lang.List{})
	case opList:
		items, err := u.popMark()
		if err != nil {
			return err
		}
		u.push(&lang.List{Elems: append([]lang.Value(nil), items...)})
	case opEmptyDict:
		u.push(lang.NewDict())
	case opDict:
		items, err := u.popMark()
		if err != nil {
			return err
		}
		d := lang.NewDict()
		if err := u.setItems(d, items); err != nil {
			return err
		}
		u.push(d)
	case opEmptySet:
		s, _ := lang.NewSet(nil, false)
		u.push(s)
	case opFrozenSet:
		items, err := u.popMark()
		if err != nil {
			return err
		}
		s, err := lang.NewSet(items, true)
		if err != nil {
			return err
		}
		u.push(s)
	case opAppend:
		v, err := u.pop()
		if err != nil {
			return err
		}
		return u.appends([]lang.Value{v})
	case opAppends:
		items, err := u.popMark()
		if err != nil {
			return err
		}
		return u.appends(items)
	case opSetItem:
		if len(u.stack) < 3 {
			return lang.Errorf(UnpicklingError, "unpickling stack underflow")
		}
		items := u.stack[len(u.stack)-2:]
		u.stack = u.stack[:len(u.stack)-2]
		d, _ := u.top()
		return u.setItems(d, items)
	case opSetItems:
		items, err := u.popMark()
		if err != nil {
			return err
		}
		d, err := u.top()
		if err != nil {
			return err
		}
		return u.setItems(d, items)
	case opAddItems:
		items, err := u.popMark()
		if err != nil {
			return err
		}
		s, err := u.top()
		if err != nil {
			return err
		}
		set, ok := s.(*lang.Set)
		if !ok || set.Frozen() {
			return lang.Errorf(UnpicklingError, "ADDITEMS needs a set, not %s", lang.TypeName(s))
		}
		for _, e := range items {
			if err := set.Add(e); err != nil {
				return err
			}
		}
	case opGet:
		line, err := u.readLine()
		if err != nil {
			return err
		}
		i, err := strconv.ParseUint(line, 10, 64)
		if err != nil {
			return lang.Errorf(lang.ValueError, "invalid literal for int() with base 10: %s", lang.Repr(line))
		}
		return u.memoGet(i)
	case opBinGet:
		i, err := u.readUint(1)
		if err != nil {
			return err
		}
		return u.memoGet(i)
	case opLongBinGet:
		i, err := u.readUint(4)
		if err != nil {
			return err
		}
		return u.memoGet(i)
	case opPut:
		line, err := u.readLine()
		if err != nil {
			return err
		}
		i, err := strconv.ParseInt(line, 10, 64)
		if err != nil {
			return lang.Errorf(lang.ValueError, "invalid literal for int() with base 10: %s", lang.Repr(line))
		}
		if i < 0 {
			return lang.Errorf(lang.ValueError, "negative PUT argument")
		}
		return u.memoPut(uint64(i))
	case opBinPut:
		i, err := u.readUint(1)
		if err != nil {
			return err
		}
		return u.memoPut(i)
	case opLongBinPut:
		i, err := u.readUint(4)
		if err != nil {
			return err
		}
		if int32(uint32(i)) < 0 {
			return lang.Errorf(lang.ValueError, "negative LONG_BINPUT argument")
		}
		return u.memoPut(i)
	case opMemoize:
		return u.memoPut(uint64(len(u.memo)))
	case opGlobal:
		module, err := u.readLine()
		if err != nil {
			return err
		}
		name, err := u.readLine()
		if err != nil {
			return err
		}
		return u.pushGlobal(module, name)
	case opStackGlobal:
		name, err := u.pop()
		if err != nil {
			return err
		}
		module, err := u.pop()
		if err != nil {
			return err
		}
		ms, ok1 := module.(string)
		ns, ok2 := name.(string)
		if !ok1 || !ok2 {
			return lang.Errorf(UnpicklingError, "STACK_GLOBAL requires str")
		}
		return u.pushGlobal(ms, ns)
	case opExt1, opExt2, opExt4:
		code, err := u.readUint(map[byte]int{opExt1: 1, opExt2: 2, opExt4: 4}[op])
		if err != nil {
			return err
		}
		return lang.Errorf(lang.ValueError, "unregistered extension code %d", int32(uint32(code)))
	case opReduce:
		args, err := u.pop()
		if err != nil {
			return err
		}
		fn, err := u.pop()
		if err != nil {
			return err
		}
		t, ok := args.(lang.Tuple)
		if !ok {
			return lang.Errorf(UnpicklingError, "REDUCE argument must be a tuple, not %s", lang.TypeName(args))
		}
		v, err := u.Call(fn, t)
		if err != nil {
			return err
		}
		u.push(v)
	case opNewObj:
		args, err := u.pop()
		if err != nil {
			return err
		}
		cls, err := u.pop()
		if err != nil {
			return err
		}
		t, ok := args.(lang.Tuple)
		if !ok {
			return lang.Errorf(UnpicklingError, "NEWOBJ expected an arg tuple.")
		}
		v, err := u.newObject(cls, t)
		if err != nil {
			return err
		}
		u.push(v)
	case opNewObjEx:
		kwargs, err := u.pop()
		if err != nil {
			return err
		}
		args, err := u.pop()
		if err != nil {
			return err
		}
		cls, err := u.pop()
		if err != nil {
			return err
		}
		t, ok := args.(lang.Tuple)
		if d, isDict := kwargs.(*lang.Dict); !ok || !isDict || d.Len() > 0 {
			return lang.Errorf(UnpicklingError, "NEWOBJ_EX with keyword arguments is not supported by kael's pickle")
		}
		v, err := u.newObject(cls, t)
		if err != nil {
			return err
		}
		u.push(v)
	case opInst:
		module, err := u.readLine()
		if err != nil {
			return err
		}
		name, err := u.readLine()
		if err != nil {
			return err
		}
		cls, err := u.findClass(module, name)
		if err != nil {
			return err
		}
		args, err := u.popMark()
		if err != nil {
			return err
		}
		return u.instantiate(cls, args)
	case opObj:
		items, err := u.popMark()
		if err != nil {
			return err
		}
		if len(items) == 0 {
			return lang.Errorf(UnpicklingError, "unpickling stack underflow")
		}
		return u.instantiate(items[0], items[1:])
	case opBuild:
		state, err := u.pop()
		if err != nil {
			return err
		}
		obj, err := u.top()
		if err != nil {
			return err
		}
		return u.build(obj, state)
	case opPersID:
		line, err := u.readLine()
		if err != nil {
			return err
		}
		pid, err := decodeASCII(line)
		if err != nil {
			return lang.Errorf(UnpicklingError, "persistent IDs in protocol 0 must be ASCII strings")
		}
		return u.persistent(pid)
	case opBinPersID:
		pid, err := u.pop()
		if err != nil {
			return err
		}
		return u.persistent(pid)
	default:
		return lang.Errorf(UnpicklingError, "invalid load key, %s.", loadKey(op))
	}
	return nil
}

// loadKey is an opcode byte as CPython's "invalid load key" shows it.
func loadKey(op byte) string {
	if op >= 0x20 && op < 0x7f {
		return "'" + string(rune(op)) + "'"
	}
	return fmt.Sprintf("'\\x%02x'", op)
}

func (u *Unpickler) memoGet(i uint64) error {
	v, ok := u.memo[i]
	if !ok {
		return lang.Errorf(UnpicklingError, "Memo value not found at index %d", i)
	}
	u.push(v)
	return nil
}

func (u *Unpickler) memoPut(i uint64) error {
	v, err := u.top()
	if err != nil {
		return err
	}
	u.memo[i] = v
	return nil
}

func (u *Unpickler) findClass(module, name string) (lang.Value, error) {
	if u.proto < 3 {
		module, name = python3Name(module, name)
	}
	if u.FindClass == nil {
		return nil, lang.Errorf(UnpicklingError, "global '%s.%s' is forbidden", module, name)
	}
	return u.FindClass(module, name)
}

func (u *Unpickler) pushGlobal(module, name string) error {
	v, err := u.findClass(module, name)
	if err != nil {
		return err
	}
	u.push(v)
	return nil
}

func (u *Unpickler) persistent(pid lang.Value) error {
	if u.PersistentLoad == nil {
		return lang.Errorf(UnpicklingError, "A load persistent id instruction was encountered, but no persistent_load function was specified.")
	}
	v, err := u.PersistentLoad(pid)
	if err != nil {
		return err
	}
	u.push(v)
	return nil
}

// newObject is cls.__new__(cls, *args), for NEWOBJ.
func (u *Unpickler) newObject(cls lang.Value, args lang.Tuple) (lang.Value, error) {
	if c, ok := cls.(*lang.UserClass); ok {
		if c.ValueBase() == "" || len(args) == 0 {
			return lang.NewObject(c)
		}
		newFn, err := lang.GetAttr(c, "__new__") // class A(int): A.__new__(A, 3)
		if err != nil {
			return nil, err
		}
		return u.Call(newFn, append(lang.Tuple{c}, args...))
	}
	if !lang.Callable(cls) {
		return nil, lang.Errorf(UnpicklingError, "NEWOBJ class argument isn't a type object")
	}
	return u.Call(cls, args)
}

// instantiate is INST's and OBJ's making of an object of protocols 0 and
// 1: cls(*args), or an object made without __init__ when there are none.
func (u *Unpickler) instantiate(cls lang.Value, args []lang.Value) error {
	var v lang.Value
	var err error
	if c, ok := cls.(*lang.UserClass); ok && len(args) == 0 {
		if _, hasInitArgs := c.Lookup("__getinitargs__"); !hasInitArgs {
			v, err = lang.NewObject(c)
		}
	}
	if v == nil && err == nil {
		v, err = u.Call(cls, append(lang.Tuple{}, args...))
	}
	if err != nil {
		return err
	}
	u.push(v)
	return nil
}

// appends adds items to the list on the stack (or calls the object's
// extend or append).
func (u *Unpickler) appends(items []lang.Value) error {
	obj, err := u.top()
	if err != nil {
		return err
	}
	if l, ok := obj.(*lang.List); ok {
		if len(l.Elems)+len(items) > lang.MaxCollect {
			return lang.Errorf(lang.MemoryError, "the list of the pickle is too long")
		}
		l.Elems = append(l.Elems, items...)
		return nil
	}
	if ext, err := lang.GetAttr(obj, "extend"); err == nil {
		_, err = u.Call(ext, lang.Tuple{&lang.List{Elems: items}})
		return err
	}
	app, err := lang.GetAttr(obj, "append")
	if err != nil {
		return err
	}
	for _, x := range items {
		if _, err := u.Call(app, lang.Tuple{x}); err != nil {
			return err
		}
	}
	return nil
}

// setItems sets the key, value pairs of items in the dict d (or calls
// its __setitem__).
func (u *Unpickler) setItems(d lang.Value, items []lang.Value) error {
	if len(items)%2 != 0 {
		return lang.Errorf(UnpicklingError, "odd number of items for SETITEMS")
	}
	if dict, ok := d.(*lang.Dict); ok {
		for i := 0; i < len(items); i += 2 {
			if err := dict.Set(items[i], items[i+1]); err != nil {
				return err
			}
		}
		return nil
	}
	set, err := lang.GetAttr(d, "__setitem__")
	if err != nil {
		return lang.Errorf(lang.TypeError, "'%s' object does not support item assignment", lang.TypeName(d))
	}
	for i := 0; i < len(items); i += 2 {
		if _, err := u.Call(set, lang.Tuple{items[i], items[i+1]}); err != nil {
			return err
		}
	}
	return nil
}

// build restores obj's state, as BUILD: obj.__setstate__(state), or the
// state dict (and a (state, slotstate) pair's attributes) as its
// attributes.
func (u *Unpickler) build(obj, state lang.Value) error {
	if x, ok := obj.(*lang.Instance); ok {
		if m, has := x.Method("__setstate__"); has {
			_, err := u.Call(m, lang.Tuple{state})
			return err
		}
	}
	if u.Build != nil {
		done, err := u.Build(obj, state)
		if done || err != nil {
			return err
		}
	}
	var slots lang.Value
	if t, ok := state.(lang.Tuple); ok && len(t) == 2 {
		state, slots = t[0], t[1]
	}
	x, isObj := obj.(*lang.Instance)
	if d, ok := state.(*lang.Dict); ok {
		if !isObj {
			return lang.Errorf(lang.AttributeError, "'%s' object has no attribute '__dict__'", lang.TypeName(obj))
		}
		own := x.Dict()
		vals := d.Values()
		for i, k := range d.Keys() {
			if _, isStr := k.(string); !isStr {
				return lang.Errorf(lang.TypeError, "attribute name must be string, not '%s'", lang.TypeName(k))
			}
			if err := own.Set(k, vals[i]); err != nil {
				return err
			}
		}
	} else if state != lang.None {
		return lang.Errorf(UnpicklingError, "state is not a dictionary")
	}
	if sd, ok := slots.(*lang.Dict); ok {
		vals := sd.Values()
		for i, k := range sd.Keys() {
			name, isStr := k.(string)
			if !isStr {
				return lang.Errorf(lang.TypeError, "attribute name must be string, not '%s'", lang.TypeName(k))
			}
			if err := lang.SetAttr(obj, name, vals[i]); err != nil {
				return err
			}
		}
	} else if slots != nil && slots != lang.None {
		return lang.Errorf(UnpicklingError, "slot state is not a dictionary")
	}
	return nil
}

// pushPython2Str pushes a Python 2 str of protocols 0 to 2, decoded as
// ASCII (loads' default encoding).
func (u *Unpickler) pushPython2Str(b []byte) error {
	s, err := decodeASCII(string(b))
	if err != nil {
		return err
	}
	u.push(s)
	return nil
}

func decodeASCII(s string) (string, error) {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return "", lang.Errorf(lang.UnicodeDecodeError, "'ascii' codec can't decode byte 0x%02x in position %d: ordinal not in range(128)", s[i], i)
		}
	}
	return s, nil
}

func decodeUTF8(b []byte) (string, error) {
	if !utf8.Valid(b) {
		for i := 0; i < len(b); {
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size <= 1 {
				return "", lang.Errorf(lang.UnicodeDecodeError, "'utf-8' codec can't decode byte 0x%02x in position %d: invalid start byte", b[i], i)
			}
			i += size
		}
	}
	return string(b), nil
}

// decodeLong reads LONG1's and LONG4's little-endian two's complement.
func decodeLong(b []byte) (lang.Value, error) {
	if len(b) == 0 {
		return int64(0), nil
	}
	if len(b) <= 8 {
		var x uint64
		for i := len(b) - 1; i >= 0; i-- {
			x = x<<8 | uint64(b[i])
		}
		if b[len(b)-1]&0x80 != 0 && len(b) < 8 {
			x |= ^uint64(0) << (8 * len(b))
		}
		return int64(x), nil
	}
	n := new(big.Int)
	be := make([]byte, len(b))
	for i, c := range b {
		be[len(b)-1-i] = c
	}
	n.SetBytes(be)
	if b[len(b)-1]&0x80 != 0 {
		n.Sub(n, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
	}
	return lang.IntFromBig(n), nil
}

// textInt reads INT's and LONG's decimal text.
func textInt(s string) (lang.Value, error) {
	n, ok := new(big.Int).SetString(strings.TrimSpace(s), 0)
	if !ok {
		return nil, lang.Errorf(lang.ValueError, "invalid literal for int() with base 10: %s", lang.Repr(s))
	}
	return lang.IntFromBig(n), nil
}

// rawUnicodeEscape decodes UNICODE's raw-unicode-escape text: \uXXXX and
// \UXXXXXXXX escapes, every other byte a code point below 256.
func rawUnicodeEscape(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) && (s[i+1] == 'u' || s[i+1] == 'U') {
			n := 4
			if s[i+1] == 'U' {
				n = 8
			}
			if i+2+n > len(s) {
				return "", lang.Errorf(lang.UnicodeDecodeError, "'rawunicodeescape' codec can't decode bytes in position %d-%d: truncated \\uXXXX escape", i, len(s)-1)
			}
			r, err := strconv.ParseUint(s[i+2:i+2+n], 16, 32)
			if err != nil || r > utf8.MaxRune {
				return "", lang.Errorf(lang.UnicodeDecodeError, "'rawunicodeescape' codec can't decode bytes in position %d-%d: truncated \\uXXXX escape", i, i+1+n)
			}
			b.WriteRune(rune(r))
			i += 1 + n
			continue
		}
		b.WriteRune(rune(c))
	}
	return b.String(), nil
}

// escapeDecode decodes the body of a STRING opcode: Python's string
// escapes of a bytes literal.
func escapeDecode(s string) ([]byte, error) {
	var out []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		i++
		if i >= len(s) {
			return nil, lang.Errorf(lang.ValueError, "Trailing \\ in string")
		}
		switch e := s[i]; e {
		case 'n':
			out = append(out, '\n')
		case 't':
			out = append(out, '\t')
		case 'r':
			out = append(out, '\r')
		case 'a':
			out = append(out, 7)
		case 'b':
			out = append(out, 8)
		case 'f':
			out = append(out, 12)
		case 'v':
			out = append(out, 11)
		case '\\', '\'', '"':
			out = append(out, e)
		case '\n':
		case 'x':
			if i+2 >= len(s) {
				return nil, lang.Errorf(lang.ValueError, "invalid \\x escape at position %d", i-1)
			}
			v, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
			if err != nil {
				return nil, lang.Errorf(lang.ValueError, "invalid \\x escape at position %d", i-1)
			}
			out = append(out, byte(v))
			i += 2
		default:
			if e >= '0' && e <= '7' {
				v, j := 0, i
				for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
					v = v*8 + int(s[j]-'0')
					j++
				}
				out = append(out, byte(v))
				i = j - 1
				continue
			}
			out = append(out, '\\', e)
		}
	}
	return out, nil
}

// python3Names are fix_imports's renames when reading protocols 0 to 2
// (_compat_pickle's mappings for the modules kael has).
var python3Modules = map[string]string{"__builtin__": "builtins", "copy_reg": "copyreg"}

func python3Name(module, name string) (string, string) {
	if m, ok := python3Modules[module]; ok {
		return m, name
	}
	return module, name
}
