package sys

import (
	"math"
	"path/filepath"

	"github.com/kael-dev/kael/lang"
)

// The interpreter's facts beside the version: flags, int_info, hash_info,
// implementation, the encodings and the hooks a program asks about, with
// CPython 3.11's values where kael behaves as CPython does and kael's own
// where it does not (kael's str hash is FNV-1a with no seed, so
// hash_randomization is 0 and hash_info.algorithm 'fnv').

var flagsType = &lang.ReturnType{Name: "flags", Qualified: "sys.flags",
	Fields: []string{"debug", "inspect", "interactive", "optimize", "dont_write_bytecode", "no_user_site", "no_site", "ignore_environment", "verbose", "bytes_warning", "quiet", "hash_randomization", "isolated", "dev_mode", "utf8_mode", "warn_default_encoding", "safe_path", "int_max_str_digits"}}

var intInfoType = &lang.ReturnType{Name: "int_info", Qualified: "sys.int_info",
	Fields: []string{"bits_per_digit", "sizeof_digit", "default_max_str_digits", "str_digits_check_threshold"}}

var hashInfoType = &lang.ReturnType{Name: "hash_info", Qualified: "sys.hash_info",
	Fields: []string{"width", "modulus", "inf", "nan", "imag", "algorithm", "hash_bits", "seed_bits", "cutoff"}}

// implementation is sys.implementation, a namespace as CPython's.
type implementation struct{ attrs map[string]lang.Value }

var _ lang.HasAttrs = (*implementation)(nil)

var implFields = []string{"name", "cache_tag", "version", "hexversion"}

func (i *implementation) Attr(name string) (lang.Value, bool) {
	v, ok := i.attrs[name]
	return v, ok
}

func (i *implementation) AttrNames() []string { return implFields }

func (i *implementation) TypeName() string { return "types.SimpleNamespace" }

func (i *implementation) PyRepr() string {
	s := "namespace("
	for k, f := range implFields {
		if k > 0 {
			s += ", "
		}
		s += f + "=" + lang.Repr(i.attrs[f])
	}
	return s + ")"
}

// prefix is sys.prefix: the directory above the one of the kael binary,
// as CPython's is above its bin/.
func prefix() string {
	if p := executable(); p != "" {
		return filepath.Dir(filepath.Dir(p))
	}
	return ""
}

// interpAttrs are the attributes of this file, added to the module.
func interpAttrs() map[string]lang.Value {
	builtins := lang.ModuleNames()
	names := make(lang.Tuple, len(builtins))
	for i, n := range builtins {
		names[i] = n
	}
	stdlib := make([]lang.Value, len(stdlibModuleNames))
	for i, n := range stdlibModuleNames {
		stdlib[i] = n
	}
	stdlibSet, err := lang.NewSet(stdlib, true)
	if err != nil {
		panic(err)
	}
	switchInterval := 0.005
	pre := prefix()
	return map[string]lang.Value{
		"flags":     lang.NewNamedTuple(flagsType, int64(0), int64(0), int64(0), int64(0), int64(1), int64(0), int64(0), int64(0), int64(0), int64(0), int64(0), int64(0), int64(0), false, int64(0), int64(0), false, int64(-1)),
		"int_info":  lang.NewNamedTuple(intInfoType, int64(30), int64(4), int64(4300), int64(640)),
		"hash_info": lang.NewNamedTuple(hashInfoType, int64(64), int64(1)<<61-1, int64(314159), int64(0), int64(1000003), "fnv", int64(64), int64(0), int64(0)),
		"implementation": &implementation{attrs: map[string]lang.Value{"name": "kael", "cache_tag": lang.None,
			"version": lang.NewNamedTuple(versionInfoType, major, minor, micro, "final", int64(0)), "hexversion": int64(major<<24 | minor<<16 | micro<<8 | 0xf<<4)}},
		"maxunicode":           int64(0x10ffff),
		"float_repr_style":     "short",
		"dont_write_bytecode":  true,
		"abiflags":             "",
		"api_version":          int64(1013),
		"platlibdir":           "lib",
		"pycache_prefix":       lang.None,
		"prefix":               pre,
		"exec_prefix":          pre,
		"base_prefix":          pre,
		"base_exec_prefix":     pre,
		"warnoptions":          &lang.List{},
		"builtin_module_names": names,
		"stdlib_module_names":  stdlibSet,
		"getfilesystemencoding": lang.NewBuiltin(lang.AsValue, "getfilesystemencoding()", "'utf-8', the encoding of file names.", func(a *lang.Args) (lang.Value, error) {
			return "utf-8", nil
		}),
		"getfilesystemencodeerrors": lang.NewBuiltin(lang.AsValue, "getfilesystemencodeerrors()", "'surrogateescape', the error handler of file names.", func(a *lang.Args) (lang.Value, error) {
			return "surrogateescape", nil
		}),
		"intern": lang.NewBuiltin(lang.AsValue, "intern(string, /)", "The string itself: kael's strings are values, so equal ones need no interning.", func(a *lang.Args) (lang.Value, error) {
			s, ok := a.Value("string").(string)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "intern() argument must be str, not %s", lang.TypeName(a.Value("string")))
			}
			return s, nil
		}),
		"get_int_max_str_digits": lang.NewBuiltin(lang.AsValue, "get_int_max_str_digits()", "4300: the most decimal digits int() and str() convert (kael's limit is fixed).", func(a *lang.Args) (lang.Value, error) {
			return int64(4300), nil
		}),
		"getswitchinterval": lang.NewBuiltin(lang.AsValue, "getswitchinterval()", "The interval setswitchinterval set, 0.005 at first (kael's threads are goroutines, which Go schedules; the value changes nothing).", func(a *lang.Args) (lang.Value, error) {
			return switchInterval, nil
		}),
		"setswitchinterval": lang.NewBuiltin(lang.AsValue, "setswitchinterval(interval, /)", "Keeps interval for getswitchinterval; it must be a positive number of seconds.", func(a *lang.Args) (lang.Value, error) {
			v := a.Value("interval")
			var f float64
			switch x := v.(type) {
			case float64:
				f = x
			case int64:
				f = float64(x)
			case bool:
				f = 0
				if x {
					f = 1
				}
			default:
				return nil, lang.Errorf(lang.TypeError, "must be real number, not %s", lang.TypeName(v))
			}
			if !(f > 0) || math.IsInf(f, 0) {
				return nil, lang.Errorf(lang.ValueError, "switch interval must be strictly positive")
			}
			switchInterval = f
			return lang.None, nil
		}),
		"gettrace": lang.NewBuiltin(lang.AsValue, "gettrace()", "None: kael runs no trace function.", func(a *lang.Args) (lang.Value, error) {
			return lang.None, nil
		}),
		"getprofile": lang.NewBuiltin(lang.AsValue, "getprofile()", "None: kael runs no profile function.", func(a *lang.Args) (lang.Value, error) {
			return lang.None, nil
		}),
		"is_finalizing": lang.NewBuiltin(lang.AsValue, "is_finalizing()", "False: a running program's interpreter is not shutting down.", func(a *lang.Args) (lang.Value, error) {
			return false, nil
		}),
		"call_tracing": lang.NewBuiltin(lang.AsValue, "call_tracing(func, args, /)", "func(*args); args must be a tuple.", func(a *lang.Args) (lang.Value, error) {
			args, ok := a.Value("args").(lang.Tuple)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "call_tracing() argument 2 must be tuple, not %s", lang.TypeName(a.Value("args")))
			}
			return a.Call(a.Value("func"), args...)
		}),
		"displayhook": lang.NewBuiltin(lang.AsValue, "displayhook(object, /)", "Writes repr(object) and a newline to sys.stdout, nothing for None, as the REPL shows a value (kael's REPL shows values itself and does not call it).", func(a *lang.Args) (lang.Value, error) {
			v := a.Value("object")
			if v == lang.None {
				return lang.None, nil
			}
			r, err := lang.ReprText(v)
			if err != nil {
				return nil, err
			}
			if f := a.Session().StdStream("stdout"); f != nil {
				write, err := lang.GetAttr(f, "write")
				if err != nil {
					return nil, err
				}
				_, err = a.Call(write, r+"\n")
				return lang.None, err
			}
			a.Write(r + "\n")
			return lang.None, nil
		}),
	}
}
