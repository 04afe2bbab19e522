// Package sys is Python's sys module for kael: the program's arguments
// (argv), exit (SystemExit, whose code kael run exits with), the
// session's output streams (stdout, stderr), modules, path, the
// interpreter's version and limits. sys is one module per session, as
// CPython's is one per interpreter (lang.RegisterSessionModule).
package sys

import (
	"encoding/binary"
	"math"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/traceback"
)

// The Python kael implements (lang.PythonVersion), as numbers.
var major, minor, micro = versionNumbers()

// version is sys.version: the version, then how it was built.
const version = lang.PythonVersion + " (main, kael) [Go]"

func versionNumbers() (int64, int64, int64) {
	var n [3]int64
	for i, s := range strings.SplitN(lang.PythonVersion, ".", 3) {
		n[i], _ = strconv.ParseInt(s, 10, 64)
	}
	return n[0], n[1], n[2]
}

var versionInfoType = &lang.ReturnType{Name: "version_info", Qualified: "sys.version_info",
	Fields: []string{"major", "minor", "micro", "releaselevel", "serial"}}

var floatInfoType = &lang.ReturnType{Name: "float_info", Qualified: "sys.float_info",
	Fields: []string{"max", "max_exp", "max_10_exp", "min", "min_exp", "min_10_exp", "dig", "mant_dig", "epsilon", "radix", "rounds"}}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// byteOrder is sys.byteorder: the machine's.
func byteOrder() string {
	var b [2]byte
	binary.NativeEndian.PutUint16(b[:], 1)
	if b[0] == 1 {
		return "little"
	}
	return "big"
}

// executable is sys.executable: the path of the kael binary.
func executable() string {
	p, err := os.Executable()
	if err != nil {
		return ""
	}
	return p
}

// build makes the sys module of session s (nil: the one help shows).
func build(s *lang.Session) *lang.Module {
	argv, importDir := []string{""}, ""
	var modules lang.Value = lang.NewDict()
	if s != nil {
		argv, importDir = s.Argv(), s.ImportDir()
		modules = s.ImportedModules()
	}
	argList := make([]lang.Value, len(argv))
	for i, a := range argv {
		argList[i] = a
	}
	stdout, stderr, stdin := &stream{name: "<stdout>", mode: "w"}, &stream{name: "<stderr>", mode: "w", toStderr: true}, &stream{name: "<stdin>", mode: "r"}
	m := &lang.Module{Name: "sys", Attrs: map[string]lang.Value{
		"argv":               &lang.List{Elems: argList},
		"orig_argv":          &lang.List{Elems: append([]lang.Value{executable()}, argList...)},
		"path":               &lang.List{Elems: []lang.Value{importDir}},
		"modules":            modules,
		"stdout":             stdout,
		"stderr":             stderr,
		"stdin":              stdin,
		"__stdout__":         stdout,
		"__stderr__":         stderr,
		"__stdin__":          stdin,
		"excepthook":         excepthook,
		"__excepthook__":     excepthook,
		"breakpointhook":     breakpointhook,
		"__breakpointhook__": breakpointhook,
		"version":            version,
		"version_info":       lang.NewNamedTuple(versionInfoType, major, minor, micro, "final", int64(0)),
		"hexversion":         int64(major<<24 | minor<<16 | micro<<8 | 0xf<<4),
		"platform":           platform(),
		"byteorder":          byteOrder(),
		"executable":         executable(),
		"maxsize":            int64(math.MaxInt64),
		"float_info": lang.NewNamedTuple(floatInfoType, math.MaxFloat64, int64(1024), int64(308),
			2.2250738585072014e-308, int64(-1021), int64(-307), int64(15), int64(53), 2.220446049250313e-16, int64(2), int64(1)),
		"exit": lang.NewBuiltin(lang.AsValue, "exit(status=None)", "Ends the program by raising SystemExit(status): kael run exits with status (None is 0, an int that status, anything else is printed on stderr and the status is 1). In the REPL and a notebook it ends the cell, not the session.", func(a *lang.Args) (lang.Value, error) {
			return nil, lang.NewSystemExit(a.Value("status"))
		}),
		"exc_info": lang.NewBuiltin(lang.AsValue, "exc_info()", "The exception being handled as (type, value, traceback), or (None, None, None) outside an except clause.", func(a *lang.Args) (lang.Value, error) {
			x := a.HandledException()
			if x == lang.None {
				return lang.Tuple{lang.None, lang.None, lang.None}, nil
			}
			var tb lang.Value = lang.None
			if t := lang.ExceptionTraceback(x); t != nil {
				tb = t
			}
			return lang.Tuple{lang.TypeOf(x), x, tb}, nil
		}),
		"exception": lang.NewBuiltin(lang.AsValue, "exception()", "The exception being handled, or None outside an except clause.", func(a *lang.Args) (lang.Value, error) {
			return a.HandledException(), nil
		}),
		"_getframe": lang.NewBuiltin(lang.AsValue, "_getframe(depth=0, /)", "The frame object of the calling function (depth 0) or of the one depth calls out from it: f_code, f_lineno, f_locals, f_globals and f_back (f_locals follows a function's frame until its call ends; f_lineno stays the line of this call); ValueError when the stack is not that deep.", func(a *lang.Args) (lang.Value, error) {
			depth := a.Int("depth")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return a.Frame(depth)
		}),
		"getrecursionlimit": lang.NewBuiltin(lang.AsValue, "getrecursionlimit()", "The deepest nesting of calls before RecursionError: kael's guard of 500 calls, or a lower limit set with setrecursionlimit.", func(a *lang.Args) (lang.Value, error) {
			return int64(a.Session().RecursionLimit()), nil
		}),
		"setrecursionlimit": lang.NewBuiltin(lang.AsValue, "setrecursionlimit(limit)", "Sets the deepest nesting of calls before RecursionError; kael's own guard (500 calls) bounds it, so a higher limit has the guard's effect.", func(a *lang.Args) (lang.Value, error) {
			v := a.Value("limit")
			n, ok := v.(int64)
			if b, isBool := v.(bool); isBool {
				n, ok = 0, true
				if b {
					n = 1
				}
			}
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(v))
			}
			if n < 1 {
				return nil, lang.Errorf(lang.ValueError, "recursion limit must be greater or equal than 1")
			}
			a.SetRecursionLimit(int(min(n, math.MaxInt32)))
			return lang.None, nil
		}),
		"getsizeof": getsizeof,
		"getdefaultencoding": lang.NewBuiltin(lang.AsValue, "getdefaultencoding()", "'utf-8', the encoding of kael's text.", func(a *lang.Args) (lang.Value, error) {
			return "utf-8", nil
		}),
	}}
	for name, v := range interpAttrs() {
		m.Attrs[name] = v
	}
	// A program may replace the streams (test.support.captured_stderr
	// does) and the excepthook; the session writes print's output and
	// tracebacks to the streams set.
	// sys.argv too, which argparse reads when it parses.
	m.Settable = map[string]bool{"stdout": true, "stderr": true, "stdin": true, "excepthook": true, "breakpointhook": true, "argv": true}
	own := map[string]*stream{"stdout": stdout, "stderr": stderr, "stdin": stdin}
	m.OnSet = func(name string, v lang.Value) error {
		if s != nil && own[name] != nil {
			if v == lang.Value(own[name]) {
				v = nil
			}
			s.SetStdStream(name, v)
		}
		return nil
	}
	if s == nil {
		// The module help and the language reference show: the values
		// that belong to a session or a machine, described.
		for name, doc := range map[string]string{
			"argv":                 "the program's arguments: the script and what follows it (kael run script.py a b); [''] in the REPL and notebooks",
			"orig_argv":            "the kael binary's path and the program's arguments",
			"path":                 "[the main script's directory], or [''] in the REPL and notebooks",
			"modules":              "the dict of the session's imported modules, by name",
			"executable":           "the path of the kael binary",
			"prefix":               "the directory above the kael binary's",
			"exec_prefix":          "the directory above the kael binary's",
			"base_prefix":          "the directory above the kael binary's",
			"base_exec_prefix":     "the directory above the kael binary's",
			"builtin_module_names": "the names of the modules linked into kael, a tuple",
			"stdlib_module_names":  "CPython 3.11's standard library module names, a frozenset",
		} {
			m.Attrs[name] = memberDoc(doc)
		}
	}
	return m
}

// excepthook is sys.excepthook and sys.__excepthook__: CPython's
// PyErr_Display, the traceback of an exception written to sys.stderr.
var excepthook = lang.NewBuiltin(lang.AsValue, "excepthook(type, value, traceback)",
	"Writes the traceback of the exception value to sys.stderr, as CPython prints an exception nobody caught; a value that is not an exception writes a TypeError line instead.",
	func(a *lang.Args) (lang.Value, error) {
		exc := a.Value("value")
		base, _ := lang.ExceptionClass("BaseException")
		if ok, _ := lang.IsInstance(exc, base); !ok {
			return lang.None, a.WriteStderr("TypeError: print_exception(): Exception expected for value, " + lang.TypeName(exc) + " found\n")
		}
		return lang.None, traceback.PrintException(a, exc)
	})

// breakpointhook is sys.breakpointhook and sys.__breakpointhook__, which
// breakpoint() calls: CPython's, reading $PYTHONBREAKPOINT at each call
// ("0": return at once; "module.function": import it and call it with
// the arguments; unimportable: a RuntimeWarning). Its default,
// pdb.set_trace, kael lacks: it warns that kael has no debugger, and the
// program goes on.
var breakpointhook = lang.NewBuiltin(lang.AsValue, "breakpointhook(*args, **kws)",
	"Called by breakpoint(): with PYTHONBREAKPOINT=0 it returns None; with PYTHONBREAKPOINT=module.function it imports that function and calls it with the arguments; otherwise, as kael has no debugger (pdb), it warns (RuntimeWarning) and returns None.",
	func(a *lang.Args) (lang.Value, error) {
		hook := os.Getenv("PYTHONBREAKPOINT")
		switch hook {
		case "0":
			return lang.None, nil
		case "", "pdb.set_trace":
			return lang.None, warn(a, "kael has no debugger (pdb): breakpoint() goes on; PYTHONBREAKPOINT=0 silences this, and a function assigned to sys.breakpointhook is called instead")
		}
		modName, attr := "builtins", hook
		if i := strings.LastIndexByte(hook, '.'); i >= 0 {
			modName, attr = hook[:i], hook[i+1:]
		}
		var fn lang.Value
		m, err := a.Import(modName)
		if err == nil {
			var ok bool
			if fn, ok = m.Attrs[attr]; !ok {
				fn, err = a.Call(builtin("getattr"), m, attr)
			}
		}
		if err != nil {
			if kind := lang.ToError(err).Kind; kind != lang.ImportError && kind != lang.ModuleNotFoundError && kind != lang.AttributeError {
				return nil, err
			}
			return lang.None, warn(a, "Ignoring unimportable $PYTHONBREAKPOINT: \""+hook+"\"")
		}
		names, vals := a.Keywords()
		return a.CallKw(fn, a.Value("args").(lang.Tuple), names, vals)
	}).CollectKeywords()

// warn issues a RuntimeWarning through the warnings module.
func warn(a *lang.Args, msg string) error {
	w, err := a.Import("warnings")
	if err != nil {
		return err
	}
	cat, _ := lang.ExceptionClass("RuntimeWarning")
	_, err = a.Call(w.Attrs["warn"], msg, cat)
	return err
}

// builtin is one of Python's builtins, by name.
func builtin(name string) lang.Value {
	b, _ := lang.LookupBuiltin(name)
	return b
}

// memberDoc stands for a member whose value depends on the session or
// the machine, in the module that help and the reference show.
type memberDoc string

func (d memberDoc) MemberDoc() string { return string(d) }
func (d memberDoc) PyRepr() string    { return "<" + string(d) + ">" }

// platform is sys.platform: 'linux', 'darwin', or Go's name elsewhere.
func platform() string {
	if runtime.GOOS == "windows" {
		return "win32"
	}
	return runtime.GOOS
}

func init() {
	lang.RegisterSessionModule("sys", "Python's sys module: argv, exit, stdout, stderr and stdin (a program may replace them), excepthook, modules, path, version and version_info, platform, maxsize, float_info, the recursion limit.", build)
	lang.RegisterMethodTable("TextIOWrapper", streamMethods)
}
