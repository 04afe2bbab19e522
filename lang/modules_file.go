package lang

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/kael-dev/kael/lang/syntax"
)

// Modules of Python files. An import that names no registered module
// looks for a file beside the main script (kael run) or in the working
// directory (the REPL, notebooks), as Python's sys.path[0]: import model
// runs model.py, import pkg.sub runs pkg/__init__.py and then
// pkg/sub.py. A file runs once per session, in globals of its own with
// __name__ set to the module's name; the session keeps the module, as
// Python's sys.modules, so a second import binds the same object. The
// module is cached before its code runs: an import cycle finds it
// partially initialised, as in Python. A module whose code fails is
// dropped from the cache, and the import statement binds nothing.

// fileModules are the Python file modules of a session and of the modules
// it imports.
type fileModules struct {
	dir string // where to look; "" for the working directory
	// script is the main script's path (SetScript) until its code first
	// runs (initScript), then "".
	script string
	mods   map[string]*Module // by dotted name
	// shadowed caches, by name, whether a registered module has a file
	// beside the script that comes first (shadows).
	shadowed map[string]bool
	// The session's state that its module files share
	// (modules_session.go): its own modules, its arguments and what it
	// imported.
	perSession map[string]*Module
	argv       []string
	imported   *Dict
	main       *globalTable // the main session's globals, module __main__
	libState   map[any]any
	// streams are the sys.stdout, sys.stderr and sys.stdin the program
	// set, by name (session_streams.go).
	streams map[string]Value
	// atExit are the libraries' work for the end of the program
	// (session_exit.go), in the order registered, and their keys.
	atExit     []*Builtin
	atExitKeys map[any]bool
	// builtinSpecs are the __spec__ and __loader__ of kael's own modules
	// the session read, by name (modules_builtin_spec.go).
	builtinSpecs map[string][2]Value
}

// fileModule is the state of a module made from a file: its globals,
// which its attributes are.
type fileModule struct {
	globals *globalTable
	path    string
	loading bool // its code is running
}

// cannotImport is the ImportError of from m import name when m lacks name.
func (m *Module) cannotImport(name string) *Error {
	switch {
	case m.file == nil:
		err := Errorf(ImportError, "cannot import name '%s' from '%s'", name, m.Name)
		err.Hint = m.missingHint(name)
		return err
	case m.file.loading:
		return Errorf(ImportError, "cannot import name '%s' from partially initialized module '%s' (most likely due to a circular import) (%s)", name, m.Name, m.file.path)
	}
	err := Errorf(ImportError, "cannot import name '%s' from '%s' (%s)", name, m.Name, m.file.path)
	err.Hint = suggestHint(name, sortedKeys(m.attrMap()))
	return err
}

// SetScript makes the session the one of the script at path (kael run):
// __file__ is its absolute path, and import finds modules in its
// directory.
func (s *Session) SetScript(path string) {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	s.globals.set("__file__", abs)
	s.modules().dir = filepath.Dir(abs)
	s.modules().script = abs
}

func (s *Session) modules() *fileModules {
	if s.files == nil {
		s.files = &fileModules{mods: map[string]*Module{}, main: s.globals}
	}
	return s.files
}

// findModuleFile returns the file that module name (dotted) is made from
// in dir: name.py or name/__init__.py; for a directory without
// __init__.py (a namespace package), the directory and pkg set.
func findModuleFile(dir, name string) (path string, pkg, ok bool) {
	base := filepath.Join(dir, filepath.FromSlash(strings.ReplaceAll(name, ".", "/")))
	if fi, err := os.Stat(filepath.Join(base, "__init__.py")); err == nil && fi.Mode().IsRegular() {
		return filepath.Join(base, "__init__.py"), true, true
	}
	if fi, err := os.Stat(base + ".py"); err == nil && fi.Mode().IsRegular() {
		return base + ".py", false, true
	}
	if fi, err := os.Stat(base); err == nil && fi.IsDir() {
		return base, true, true
	}
	return "", false, false
}

// importIn returns the module name, for an import run in in: a
// registered module, else a file module of the session, else the
// registry's ModuleNotFoundError.
func (in *interp) importIn(name string) (*Module, error) {
	if err := in.importDepth(name); err != nil {
		return nil, err
	}
	if m := in.placedModule(name); m != nil {
		return m, nil
	}
	m, err := in.importName(name)
	if err == nil && in != nil && in.s != nil {
		in.s.noteImported(name, m)
	}
	return m, err
}

// placedModule is the module a program put in sys.modules under name
// (sys.modules['fake'] = types.ModuleType('fake')), which an import of
// name binds, as CPython's finds sys.modules' entry first; nil when there
// is none.
func (in *interp) placedModule(name string) *Module {
	if in == nil || in.s == nil || in.s.modules().imported == nil {
		return nil
	}
	v, ok, _ := in.s.modules().imported.Get(name)
	if m, isModule := v.(*Module); ok && isModule {
		return m
	}
	return nil
}

// framesPerPackage is how many calls CPython's importlib nests for each
// package of a dotted name (_gcd_import, _find_and_load,
// _find_and_load_unlocked, _call_with_frames_removed).
const framesPerPackage = 4

// importDepth refuses, as CPython does, a dotted name whose packages nest
// more calls than the recursion depth left: import a.a.a... of 16,000
// parts is a RecursionError at once (CPython's, limit 1000, comes past 247
// parts; kael's guard of 500 calls past 124), never a walk through every
// parent.
func (in *interp) importDepth(name string) error {
	left := MaxDepth
	if in != nil {
		left -= in.depth
	}
	if parts := strings.Count(name, ".") + 1; parts*framesPerPackage > left {
		return Errorf(RecursionError, "maximum recursion depth exceeded").
			WithHint("importing a name of %d parts nests %d imports of its packages; the recursion limit allows %d", parts, parts, left/framesPerPackage)
	}
	return nil
}

// cpythonBuiltins are the modules that no file beside a script shadows in
// CPython 3.11 and that kael has: those it builds in
// (sys.builtin_module_names of Debian's python3.11), which its
// BuiltinImporter finds before sys.path, and those its own startup and
// site.py import before the script runs (abc, codecs, io; os, stat,
// posixpath, genericpath), which an import finds in sys.modules.
var cpythonBuiltins = map[string]bool{
	"array": true, "atexit": true, "binascii": true, "builtins": true,
	"cmath": true, "errno": true, "gc": true, "itertools": true,
	"marshal": true, "math": true, "posix": true, "sys": true,
	"time": true, "unicodedata": true, "zlib": true,
	"abc": true, "codecs": true, "io": true, "os": true, "posixpath": true,
	"genericpath": true, "stat": true,
}

// shadows reports whether a file beside the script makes top-level module
// name, as sys.path[0] comes before the standard library and the installed
// packages in CPython: a program's own utils.py, or its own stand-in for a
// package kael lacks (torchvision), is the module it imports. Only a
// script's directory shadows (kael run); the REPL's and notebooks'
// working directory does not, so that a stray file there cannot replace
// torch or json. A file module already imported is one by definition; the
// answer for a name is looked up once per session.
func (f *fileModules) shadows(name string) bool {
	if f.dir == "" || strings.Contains(name, ".") || cpythonBuiltins[name] {
		return false
	}
	if _, ok := f.mods[name]; ok {
		return true
	}
	if v, ok := f.shadowed[name]; ok {
		return v
	}
	path, _, found := findModuleFile(f.dir, name)
	if found && !strings.HasSuffix(path, ".py") && providedModule(name) {
		// A directory without __init__.py is a namespace package's
		// portion, which CPython imports only when no module or regular
		// package of the name is found anywhere on sys.path: kael's own
		// modules are on it, so an empty numpy/ beside the script does
		// not hide NumPy.
		found = false
	}
	if f.shadowed == nil {
		f.shadowed = map[string]bool{}
	}
	f.shadowed[name] = found
	return found
}

// providedModule reports whether name is a module kael provides, already
// registered or declared by a library not yet defined (without defining
// it); a module registered as unavailable is not.
func providedModule(name string) bool {
	if e, ok := registeredEntry(name); ok {
		return e.unavailable == nil
	}
	return slices.Contains(pendingModules(), name)
}

// importName is importIn without noting the module in sys.modules.
func (in *interp) importName(name string) (*Module, error) {
	// A file beside the script comes first, so that importing the
	// program's own utils.py defines no library (libraries.go).
	shadowed := in != nil && in.s != nil && in.s.modules().shadows(name)
	e, ok := registeredEntry(name)
	if !ok && !shadowed {
		e, ok = lookupEntry(name)
	}
	if shadowed {
		ok = false
	}
	if ok || in == nil || in.s == nil {
		if ok && e.source != "" && in != nil && in.s != nil {
			return in.sourceModule(e)
		}
		if ok && e.perSession != nil && e.unavailable == nil && in != nil && in.s != nil {
			return in.s.sessionModule(e), nil
		}
		return importModule(name)
	}
	files := in.s.modules()
	if m, ok := files.mods[name]; ok {
		return m, nil
	}
	parent, last, dotted := cutLast(name)
	var pm *Module
	if dotted {
		var err error
		if pm, err = in.importIn(parent); err != nil {
			return nil, err
		}
		if m, ok := files.mods[name]; ok { // the parent's code imported it
			return m, nil
		}
		if pm.file == nil {
			return importModule(name)
		}
	}
	path, pkg, ok := findModuleFile(files.dir, name)
	if !ok {
		if pm != nil {
			if strings.HasSuffix(pm.file.path, ".py") && filepath.Base(pm.file.path) != "__init__.py" {
				return nil, Errorf(ModuleNotFoundError, "No module named '%s'; '%s' is not a package", name, parent).withName(name, nil)
			}
			return nil, Errorf(ModuleNotFoundError, "No module named '%s'", name).withName(name, nil)
		}
		return importModule(name)
	}
	m := &Module{Name: name, Attrs: map[string]Value{}, file: &fileModule{globals: newGlobalTable(), path: path}}
	if err := in.initFileModule(m, name, path, pkg); err != nil {
		return nil, err
	}
	if !strings.HasSuffix(path, ".py") { // a namespace package
		files.mods[name] = m
		m.Doc = "namespace package " + name
	} else {
		files.mods[name] = m
		if err := in.runModuleFile(m, path); err != nil {
			delete(files.mods, name)
			return nil, err
		}
	}
	if pm != nil && pm.file != nil {
		pm.file.globals.set(last, m)
	}
	return m, nil
}

// runModuleFile runs the code of the file at path in m's globals.
func (in *interp) runModuleFile(m *Module, path string) error {
	src, err := ReadScript(path)
	if err != nil {
		return Errorf(ImportError, "cannot read %s: %v", path, err)
	}
	return in.runModuleSource(m, path, src)
}

// runModuleSource runs src, the code of module m (named filename in its
// errors), in m's globals, as a call from the import in in.
func (in *interp) runModuleSource(m *Module, path, src string) error {
	child := &Session{globals: m.file.globals, io: in.s.io, files: in.s.files}
	code, cerr := child.compileSource(path, src)
	if cerr != nil {
		return cerr
	}
	if doc, ok := moduleDocstring(code); ok { // as the docstring's statement binds it in CPython
		m.file.globals.set("__doc__", doc)
	}
	cin := newInterp(in.ctx, child, src, path, code)
	// The module's code runs as a call from the import: it counts toward
	// the recursion limit and the stack budget of the frames below it.
	cin.depth, cin.weight, cin.back = in.depth+1, in.weight, in
	child.hookIn = cin
	m.file.loading = true
	defer func() { m.file.loading = false }()
	if _, err := cin.execCell(code); err != nil {
		return cin.errorAt(child.takeHookErr(err), cin.stmtSpan())
	}
	if err := child.takeHookErr(nil); err != nil {
		return err
	}
	return nil
}

// moduleDocstring is the docstring of a module's code: the string its
// first statement is, if it is one.
func moduleDocstring(code *cellCode) (string, bool) {
	if len(code.nodes) == 0 {
		return "", false
	}
	if es, ok := code.nodes[0].(*syntax.ExprStmt); ok {
		if s, ok := es.X.(*syntax.StringLit); ok && !s.Bytes {
			return s.Value, true
		}
	}
	return "", false
}

// attr returns m's attribute name: for a file module, its global.
func (m *Module) attr(name string) (Value, bool) {
	if m.file != nil {
		if v, ok := m.file.globals.get(name); ok {
			return v, true
		}
	}
	v, ok := m.Attrs[name]
	if !ok && name == "__name__" {
		return m.Name, true
	}
	return v, ok
}

// emptyAnnotations is m.__annotations__ when m has none: an empty dict,
// which a module of a file keeps in its globals, as CPython 3.10's module
// type makes one in the module's __dict__ on first use. A built-in
// module's attributes are shared by the sessions and stay as they are.
func (m *Module) emptyAnnotations() *Dict {
	d := NewDict()
	if m.file != nil {
		m.file.globals.set("__annotations__", d)
	}
	return d
}

// attrMap returns m's attributes, a file module's globals included.
func (m *Module) attrMap() map[string]Value {
	if m.file == nil {
		return m.Attrs
	}
	out := map[string]Value{}
	for k, v := range m.Attrs {
		out[k] = v
	}
	for _, name := range m.file.globals.bound() {
		out[name], _ = m.file.globals.get(name)
	}
	return out
}

// isDunder reports whether name is a special name such as __name__.
func isDunder(name string) bool {
	return len(name) > 4 && strings.HasPrefix(name, "__") && strings.HasSuffix(name, "__")
}

// fromPath returns the module path of from ... import: st's module, or
// for a relative import (from .a import b, from .. import c) the path
// from the package of the module the statement runs in, its __package__.
func (in *interp) fromPath(st *syntax.FromImportStmt) (string, error) {
	if st.Level == 0 {
		return st.Module.String(), nil
	}
	var pkg string
	if in != nil && in.glob != nil {
		if v, ok := in.glob.get("__package__"); ok {
			pkg, _ = v.(string)
		}
	}
	module := ""
	if st.Module != nil {
		module = st.Module.String()
	}
	return resolveRelative(pkg, st.Level, module)
}

// resolveRelative is the module a relative import of level dots names
// from package pkg: from .. import a in package p.q.r is p.q.a.
func resolveRelative(pkg string, level int, module string) (string, error) {
	if pkg == "" {
		return "", Errorf(ImportError, "attempted relative import with no known parent package")
	}
	parts := strings.Split(pkg, ".")
	if level > len(parts) {
		return "", Errorf(ImportError, "attempted relative import beyond top-level package")
	}
	path := strings.Join(parts[:len(parts)-level+1], ".")
	if module != "" {
		path += "." + module
	}
	return path, nil
}

// DelAttr checks del m.name and returns what deletes it: a global of a
// file module, or an attribute of a module that takes any
// (types.ModuleType('m'), builtins); kael's own modules' attributes are
// read-only.
func (m *Module) DelAttr(name string) (func() error, error) {
	if m.file != nil {
		if _, ok := m.file.globals.get(name); ok {
			return func() error { m.file.globals.unset(name); return nil }, nil
		}
	}
	if _, ok := m.Attrs[name]; !ok {
		return nil, Errorf(AttributeError, "'module' object has no attribute '%s'", name)
	}
	if !m.SettableAll {
		return nil, Errorf(AttributeError, "'module' object attribute '%s' is read-only", name)
	}
	return func() error {
		delete(m.Attrs, name)
		atomic.AddUint64(&m.version, 1) // the call sites that remember name read it again
		return nil
	}, nil
}

// SetAttr runs m.name = v: it assigns the global of a file module; kael's
// own modules are read-only.
func (m *Module) SetAttr(name string, v Value) error {
	if m.Settable[name] || m.SettableAll {
		if m.OnSet != nil {
			if err := m.OnSet(name, v); err != nil {
				return err
			}
		}
		m.Attrs[name] = v
		atomic.AddUint64(&m.version, 1) // the call sites that remember name read it again
		return nil
	}
	if m.file == nil {
		return Errorf(AttributeError, "'module' object attribute '%s' is read-only", name)
	}
	m.file.globals.set(name, v)
	return nil
}
