package sys

import (
	"github.com/kael-dev/kael/lang"
)

// sys.getsizeof: CPython 3.11's sizes (64-bit) for the builtin values,
// computed from what decides them there: an int's 30-bit digits, a str's
// widest character, a container's length. A list, dict or set's size
// depends in CPython on how it was built (its spare room); kael gives
// the size of one built by appending or inserting its elements one by
// one (a comprehension, a literal of a list, a loop of append or add).

// preHeader is what CPython 3.11 adds to __sizeof__ for a program's
// instances: the garbage collector's header and the managed dict's
// pointers.
const preHeader = 32

func init() { lang.RegisterDunder("__sizeof__") }

// sizeOf is getsizeof(v) for the values whose size is CPython's; ok is
// false for the others.
func sizeOf(v lang.Value) (int64, bool) {
	switch x := v.(type) {
	case lang.NoneType:
		return 16, true
	case bool:
		return 28, true
	case float64:
		return 24, true
	case lang.Complex:
		return 32, true
	case string:
		return strSize(x), true
	case lang.Bytes:
		return 33 + int64(len(x.Data())), true
	case *lang.ByteArray:
		n, _ := lang.Len(x)
		if k, _ := n.(int64); k > 0 {
			return 57 + k, true
		}
		return 56, true
	case lang.Tuple:
		return 40 + 8*int64(len(x)), true
	case *lang.List:
		return 56 + 8*listAllocated(len(x.Elems)), true
	case lang.Range, *lang.Range:
		return 48, true
	case *lang.Set:
		return setSize(x.Len()), true
	case *lang.Dict:
		if lang.TypeName(x) == "dict" {
			return dictSize(x), true
		}
	}
	if b, ok := lang.BigOf(v); ok && lang.IsInt(v) {
		digits := int64((b.BitLen() + 29) / 30)
		return 24 + 4*max(1, digits), true
	}
	return 0, false
}

// strSize is a compact str's: its header, by its widest character, and
// a character's width, with the final NUL.
func strSize(s string) int64 {
	widest := rune(0)
	n := int64(0)
	for _, r := range s {
		widest = max(widest, r)
		n++
	}
	switch {
	case widest < 0x80:
		return 49 + n
	case widest < 0x100:
		return 73 + n
	case widest < 0x10000:
		return 74 + 2*n
	}
	return 76 + 4*n
}

// listAllocated is the room of a list after n appends, CPython's
// list_resize step by step.
func listAllocated(n int) int64 {
	allocated := 0
	for size := 1; size <= n; size++ {
		if size <= allocated {
			continue
		}
		next := (size + size>>3 + 6) &^ 3
		if size-(size-1) > next-size {
			next = (size + 3) &^ 3
		}
		allocated = next
	}
	return int64(allocated)
}

// setSize is a set's after n adds: the small table inside the object
// until the table holds 5 of 8, then tables of 16-byte entries that grow
// to the power of 2 above 4 times the entries when 3/5 full.
func setSize(n int) int64 {
	mask, fill := 7, 0
	for i := 0; i < n; i++ {
		fill++
		if fill*5 >= mask*3 {
			want := fill * 4
			if fill > 50000 {
				want = fill * 2
			}
			size := 8
			for size <= want {
				size <<= 1
			}
			mask = size - 1
		}
	}
	if mask == 7 {
		return 216
	}
	return 216 + 16*int64(mask+1)
}

// dictSize is a dict's after inserting its keys: 64 for an empty one
// (its keys shared), else the object and a keys table of 2**k slots
// whose index bytes widen with it and whose 2/3 usable entries are 16
// bytes when every key is a str, else 24.
func dictSize(d *lang.Dict) int64 {
	n := d.Len()
	if n == 0 {
		return 64
	}
	entry := int64(16)
	for _, k := range d.Keys() {
		if _, ok := k.(string); !ok {
			entry = 24
			break
		}
	}
	size := 8
	for used := 0; used < n; used++ {
		if used == size*2/3 { // full: grow to the power of 2 at least 3*used
			for size < used*3 {
				size <<= 1
			}
		}
	}
	index := int64(1)
	switch {
	case size > 1<<31:
		index = 8
	case size > 1<<15:
		index = 4
	case size > 1<<7:
		index = 2
	}
	return 96 + index*int64(size) + entry*int64(size*2/3)
}

// getsizeof is sys.getsizeof(object[, default]).
var getsizeof = lang.NewBuiltin(lang.AsValue, "getsizeof(object, default=None, /)",
	"The size of object in bytes, as CPython 3.11 on a 64-bit machine gives it for the builtin values (an int by its digits, a str by its widest character, a list, dict or set as built by adding its elements one by one); an object is its __sizeof__(), object's or its class's, plus 32 (16 with __slots__, 0 for object()). The size of the object itself, not of what it refers to (a tensor's data is not counted).",
	func(a *lang.Args) (lang.Value, error) {
		v := a.Value("object")
		if n, ok := sizeOf(v); ok {
			return n, nil
		}
		if x, ok := v.(*lang.Instance); ok {
			header := int64(preHeader)
			if _, err := lang.GetAttr(v, "__dict__"); err != nil {
				header = 16 // __slots__ without __dict__: the collector's header alone
			}
			if x.IsBareObject() {
				header = 0 // object() is no collected object
			}
			if m, err := lang.GetAttr(v, "__sizeof__"); err == nil {
				r, err := a.Call(m)
				if err != nil {
					if !a.IsNone("default") && raisesTypeError(err) {
						return a.Value("default"), nil
					}
					return nil, err
				}
				n, ok := r.(int64)
				if _, isBool := r.(bool); isBool {
					n, ok = 0, true
					if r == true {
						n = 1
					}
				}
				if !ok {
					return nil, lang.Errorf(lang.TypeError, "an integer is required")
				}
				if n < 0 {
					return nil, lang.Errorf(lang.ValueError, "__sizeof__() should return >= 0")
				}
				return n + header, nil
			}
			return int64(56), nil // a plain instance, its dict kept apart
		}
		return otherSize(v), nil
	})

// otherSize is the size of the values CPython sizes by their type alone:
// CPython's where kael's value stands for one of its (a function, a
// class, a module, a tensor as PyTorch 1.13 gives it), else 56, a plain
// instance's.
func otherSize(v lang.Value) int64 {
	if lang.ClassOf(v) != "" { // a builtin or a library's class: CPython's static types
		return 424
	}
	switch lang.TypeName(v) {
	case "function":
		return 152
	case "builtin_function", "method", "builtin_function_or_method":
		return 72
	case "module":
		return 72
	case "Tensor":
		return 80
	}
	if c, ok := v.(*lang.UserClass); ok {
		if mod, _ := lang.GetAttr(c, "__module__"); mod == lang.Value("builtins") {
			return 424 // the exception classes
		}
		return 1688
	}
	return 56
}

// raisesTypeError reports whether err raises a TypeError (or a class
// derived from it), which getsizeof's default stands in for.
func raisesTypeError(err error) bool {
	typeError, _ := lang.ExceptionClass("TypeError")
	ok, _ := lang.IsInstance(lang.ExceptionOf(err), typeError)
	return ok
}
