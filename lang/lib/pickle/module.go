// Package pickle is Python's pickle module: dumps, loads, dump and load
// of Python values in CPython 3.11's pickle format, protocols 2 to 5 when
// writing and 0 to 5 when reading, with objects of classes by reference
// (module and qualified name), __reduce__, __reduce_ex__, __getstate__ and
// __setstate__, and the memo that keeps shared and recursive structures
// as they were. Its Go API (Pickler, Unpickler, Global, Reduction) is what
// torch.save and torch.load build PyTorch's format on.
//
// Unpickling finds a pickle's classes and functions among what kael has:
// Python's builtins, kael's modules, and the classes and functions of the
// program and of its module files; kael cannot import CPython's modules,
// so a pickle naming one (numpy, pandas) is a ModuleNotFoundError.
package pickle

import (
	"strings"

	"github.com/kael-dev/kael/lang"
)

// The exception classes of pickle: PickleError (an Exception), and
// PicklingError and UnpicklingError deriving from it.
const (
	PickleError     lang.ErrorKind = "PickleError"
	PicklingError   lang.ErrorKind = "PicklingError"
	UnpicklingError lang.ErrorKind = "UnpicklingError"
)

var (
	pickleErrorClass     = lang.RegisterExceptionClass(PickleError, "pickle", "PickleError", "Exception")
	picklingErrorClass   = lang.RegisterExceptionClass(PicklingError, "pickle", "PicklingError", PickleError)
	unpicklingErrorClass = lang.RegisterExceptionClass(UnpicklingError, "pickle", "UnpicklingError", PickleError)
)

// NewPickler is a pickler for the code calling the builtin a: it calls
// back through a and looks names up as unpickling in a's session would.
func NewPickler(a *lang.Args, protocol int) *Pickler {
	return &Pickler{
		Protocol: protocol,
		Call:     func(fn lang.Value, args ...lang.Value) (lang.Value, error) { return a.Call(fn, args...) },
		Lookup:   func(module, name string) (lang.Value, error) { return lookup(a, module, name) },
	}
}

// NewUnpickler is an unpickler for the code calling the builtin a, with
// FindClass finding what kael has (FindClass).
func NewUnpickler(a *lang.Args) *Unpickler {
	return &Unpickler{
		Call:      func(fn lang.Value, args lang.Tuple) (lang.Value, error) { return a.Call(fn, args...) },
		FindClass: func(module, name string) (lang.Value, error) { return FindClass(a, module, name) },
	}
}

// FindClass is find_class: the object module.name among what kael has.
// It adds the few objects CPython's pickles name that kael has no module
// for: copyreg._reconstructor (objects of protocols 0 and 1) and
// copyreg.__newobj__,
// _codecs.encode (bytes of protocol 2), and collections.OrderedDict (a
// dict, where kael has no collections module).
func FindClass(a *lang.Args, module, name string) (lang.Value, error) {
	if v, ok := compatObjects[module+"."+name]; ok {
		if module != "collections" {
			return v, nil
		}
		if found, err := lookup(a, module, name); err == nil {
			return found, nil
		}
		return v, nil
	}
	return lookup(a, module, name)
}

// lookup finds module.name: a builtin, a global of the program
// (__main__), or a member of a module kael can import; a dotted name is
// followed attribute by attribute.
func lookup(a *lang.Args, module, qualname string) (lang.Value, error) {
	parts := strings.Split(qualname, ".")
	var v lang.Value
	var where string
	switch module {
	case "builtins":
		where = "<module 'builtins' (built-in)>"
		b, ok := lang.BuiltinName(parts[0])
		if !ok {
			return nil, cannotGet(qualname, where)
		}
		v = b
	case "__main__":
		where = "<module '__main__'>"
		g, ok := a.Session().Get(parts[0])
		if !ok {
			return nil, cannotGet(qualname, where)
		}
		v = g
	default:
		m, err := a.Import(module)
		if err != nil {
			e := lang.ToError(err)
			if e.Kind == lang.ModuleNotFoundError {
				e = lang.Errorf(lang.ModuleNotFoundError, "%s", e.Msg).
					WithHint("the pickle names %s.%s; kael unpickles the classes of its own modules and of the program, and cannot import CPython's", module, qualname)
			}
			return nil, e
		}
		where = "<module '" + module + "'>"
		got, err := lang.GetAttr(m, parts[0])
		if err != nil {
			return nil, cannotGet(qualname, where)
		}
		v = got
	}
	for _, p := range parts[1:] {
		got, err := lang.GetAttr(v, p)
		if err != nil {
			return nil, cannotGet(qualname, where)
		}
		v = got
	}
	return v, nil
}

func cannotGet(name, where string) error {
	return lang.Errorf(lang.AttributeError, "Can't get attribute '%s' on %s", name, where)
}

// compatObjects are the objects of CPython's modules that pickles name and
// kael has no module for, by module.name.
var compatObjects = map[string]lang.Value{
	"copyreg._reconstructor": lang.CopyregReconstructor,
	"copyreg.__newobj__":     lang.CopyregNewObj,
	"_codecs.encode": lang.NewBuiltin(lang.AsValue, "encode(obj, encoding='utf-8', errors='strict')", "obj encoded as bytes, as _codecs.encode does for protocol 2's bytes (latin1) and UTF-8.", func(a *lang.Args) (lang.Value, error) {
		s := a.Str("obj")
		enc := strings.ReplaceAll(strings.ToLower(a.Str("encoding")), "-", "")
		if err := a.Err(); err != nil {
			return nil, err
		}
		switch enc {
		case "latin1", "latin_1", "iso88591":
			out := make([]byte, 0, len(s))
			for i, r := range []rune(s) {
				if r > 0xff {
					return nil, lang.Errorf(lang.ValueError, "'latin-1' codec can't encode character %s in position %d: ordinal not in range(256)", lang.Repr(string(r)), i)
				}
				out = append(out, byte(r))
			}
			return lang.NewBytes(out), nil
		case "utf8", "utf_8":
			return lang.NewBytes([]byte(s)), nil
		}
		return nil, lang.Errorf(lang.LookupError, "unknown encoding: %s", a.Str("encoding"))
	}),
	"collections.OrderedDict": lang.NewBuiltin(lang.AsValue, "OrderedDict(*items)", "A dict of the (key, value) pairs items: what a pickled collections.OrderedDict becomes where kael has no collections module.", func(a *lang.Args) (lang.Value, error) {
		d := lang.NewDict()
		for _, it := range a.Value("items").(lang.Tuple) {
			pairs, err := lang.Collect(it)
			if err != nil {
				return nil, err
			}
			for _, kv := range pairs {
				e, ok := lang.Elems(kv)
				if !ok || len(e) != 2 {
					return nil, lang.Errorf(lang.ValueError, "OrderedDict needs (key, value) pairs")
				}
				if err := d.Set(e[0], e[1]); err != nil {
					return nil, err
				}
			}
		}
		return d, nil
	}),
}

// protocolArg reads dumps's protocol: None is the default, a negative
// number the highest.
func protocolArg(a *lang.Args) (int, error) {
	if a.IsNone("protocol") {
		return DefaultProtocol, nil
	}
	p := a.Int("protocol")
	if err := a.Err(); err != nil {
		return 0, err
	}
	switch {
	case p < 0:
		return HighestProtocol, nil
	case p > HighestProtocol:
		return 0, lang.Errorf(lang.ValueError, "pickle protocol must be <= %d", HighestProtocol)
	}
	return p, nil
}

func dumps(a *lang.Args) ([]byte, error) {
	if !a.IsNone("buffer_callback") {
		return nil, lang.Errorf(lang.ValueError, "kael's pickle keeps every buffer in the pickle: buffer_callback is not supported")
	}
	proto, err := protocolArg(a)
	if err != nil {
		return nil, err
	}
	return NewPickler(a, proto).Dump(a.Value("obj"))
}

func load(a *lang.Args, r Reader) (lang.Value, error) {
	if enc := a.Str("encoding"); enc != "ASCII" && enc != "ascii" {
		return nil, lang.Errorf(lang.ValueError, "kael's pickle reads Python 2 strings as ASCII only, not %s", enc)
	}
	if b, ok := a.Value("buffers").(lang.Tuple); !ok || len(b) > 0 {
		return nil, lang.Errorf(lang.ValueError, "kael's pickle does not take out-of-band buffers")
	}
	return NewUnpickler(a).Load(r)
}

// fileReader reads a pickle from a Python file object through its read
// and readline methods, in bounded pieces, so that load leaves the file
// just after the pickle, as CPython's does.
type fileReader struct {
	a              *lang.Args
	read, readline lang.Value
}

const readPiece = 1 << 20

func (f *fileReader) Read(n int) ([]byte, error) {
	var out []byte
	for len(out) < n {
		v, err := f.a.Call(f.read, int64(min(readPiece, n-len(out))))
		if err != nil {
			return nil, err
		}
		b, ok := v.(lang.Bytes)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "a bytes-like object is required, not '%s'", lang.TypeName(v))
		}
		if len(b.Data()) == 0 {
			break
		}
		out = append(out, b.Data()...)
	}
	return out, nil
}

func (f *fileReader) ReadLine() ([]byte, error) {
	v, err := f.a.Call(f.readline)
	if err != nil {
		return nil, err
	}
	b, ok := v.(lang.Bytes)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "a bytes-like object is required, not '%s'", lang.TypeName(v))
	}
	return b.Data(), nil
}

var pickleModule = &lang.Module{Name: "pickle", Attrs: map[string]lang.Value{
	"HIGHEST_PROTOCOL": int64(HighestProtocol),
	"DEFAULT_PROTOCOL": int64(DefaultProtocol),
	"PickleError":      pickleErrorClass,
	"PicklingError":    picklingErrorClass,
	"UnpicklingError":  unpicklingErrorClass,
	"dumps": lang.NewBuiltin(lang.AsValue, "dumps(obj, protocol=None, *, fix_imports=True, buffer_callback=None)", "The pickle of obj as bytes, as CPython 3.11 writes it: protocol 4 by default, 0 to 5 (a negative protocol is the highest, 5). None, bools, ints, floats, str, bytes, tuples, lists, dicts, sets and frozensets, classes and functions by reference, objects of classes through __reduce_ex__, __reduce__, __getstate__ or their __dict__; shared and recursive structures stay so.", func(a *lang.Args) (lang.Value, error) {
		b, err := dumps(a)
		if err != nil {
			return nil, err
		}
		return lang.NewBytes(b), nil
	}),
	"dump": lang.NewBuiltin(lang.AsValue, "dump(obj, file, protocol=None, *, fix_imports=True, buffer_callback=None)", "Writes the pickle of obj (as dumps makes it) to file, an object with a write method: a file opened with open(path, 'wb').", func(a *lang.Args) (lang.Value, error) {
		write, err := lang.GetAttr(a.Value("file"), "write")
		if err != nil {
			return nil, lang.Errorf(lang.TypeError, "file must have a 'write' attribute")
		}
		b, err := dumps(a)
		if err != nil {
			return nil, err
		}
		_, err = a.Call(write, lang.NewBytes(b))
		return lang.None, err
	}),
	"loads": lang.NewBuiltin(lang.AsValue, "loads(data, *, fix_imports=True, encoding='ASCII', errors='strict', buffers=())", "The object the pickle data (bytes) holds, of any protocol 0 to 5. Classes and functions are found by name among the program's, its module files' and kael's modules'; a bad pickle is an UnpicklingError (or the error CPython raises for it).", func(a *lang.Args) (lang.Value, error) {
		b, ok := a.Value("data").(lang.Bytes)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "a bytes-like object is required, not '%s'", lang.TypeName(a.Value("data")))
		}
		return load(a, NewBytesReader(b.Data()))
	}),
	"load": lang.NewBuiltin(lang.AsValue, "load(file, *, fix_imports=True, encoding='ASCII', errors='strict', buffers=())", "The object of the next pickle in file, an object with read and readline methods (a file opened with open(path, 'rb')), which is left just after it, so that several pickles dumped one after another load one by one.", func(a *lang.Args) (lang.Value, error) {
		read, err1 := lang.GetAttr(a.Value("file"), "read")
		readline, err2 := lang.GetAttr(a.Value("file"), "readline")
		if err1 != nil || err2 != nil {
			return nil, lang.Errorf(lang.TypeError, "file must have 'read' and 'readline' attributes")
		}
		return load(a, &fileReader{a: a, read: read, readline: readline})
	}),
}}

func init() {
	lang.RegisterSpecialMethods("__reduce_ex__", "__reduce__", "__getstate__", "__setstate__")
	lang.RegisterModule("pickle", "Python's pickle: dumps, loads, dump and load in CPython's format, protocols 0 to 5.", func() *lang.Module { return pickleModule })
}
