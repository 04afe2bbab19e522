package lang

import (
	"slices"
	"sync"
	"sync/atomic"
)

// Libraries defined on first use. A large library (lang/torch: some 3,300
// builtins, its classes, method tables and modules) registers the function
// that defines it with RegisterLibrary instead of defining everything in
// its init function, so that a program that never reaches it (a NumPy
// program, a micrograd program) does not carry its tables in the heap
// every collection marks.
//
// The engine runs the registered definitions once, all of them, the first
// time a lookup misses in its tables: a global name no table has
// (zeros, torch), an import of a module the registry lacks (import
// torch), an attribute or method of a tensor, a builtin or tensor method a
// library asks for by name (LookupBuiltin, TensorMethod). Listings
// (Builtins, Methods, help and completion) load first, so that they list
// what a program can reach; ModuleNames lists the modules a library
// declares without defining it, and the builtins module (BuiltinNames)
// holds Python's names alone, all of them the engine's.
// A hit never loads: the engine's own names (print, object, list's
// methods) are found before any library is defined. The import of a
// module a library declares defines that library alone (import numpy
// leaves torch undefined); a library whose values another library's
// code can make without an import defines itself first (LoadLibrary).

var (
	librariesMu      sync.Mutex
	libraryDefs      []libraryDef
	librariesLoaded  atomic.Bool
	librariesLoading atomic.Bool
)

// libraryDef is one library RegisterLibrary registered.
type libraryDef struct {
	name    string
	modules []string
	define  func()
	done    bool // define has run (or is running)
}

// RegisterLibrary registers define, which makes the library's
// registrations (NewBuiltin, RegisterModule, RegisterClass, ...): it runs
// once, on the first lookup that misses in the engine's tables (see
// above), or when LoadLibraries is called. name is the library's name;
// modules are the dotted names of the importable modules define
// registers, listed before it runs (ModuleNames). It must be called while
// the program initialises.
func RegisterLibrary(name string, modules []string, define func()) {
	librariesMu.Lock()
	defer librariesMu.Unlock()
	if librariesLoaded.Load() {
		// registered after a load (a library's init that looked a
		// name up first): defined now, as it would have been eagerly
		define()
		return
	}
	libraryDefs = append(libraryDefs, libraryDef{name: name, modules: modules, define: define})
}

// LoadLibraries runs the definitions of the registered libraries that
// have not run yet. A host that starts sessions on several goroutines at
// once calls it first (the engine's tables are plain maps, written only
// while libraries are defined); a single session need not.
func LoadLibraries() { loadLibraries() }

// LibrariesDefined reports whether the registered libraries have been
// defined, all of them: a program that has not reached one runs without
// them.
func LibrariesDefined() bool { return librariesLoaded.Load() }

// LibraryDefined reports whether the library registered as name has been
// defined (true for a name never registered: nothing is pending).
func LibraryDefined(name string) bool {
	if librariesLoaded.Load() {
		return true
	}
	librariesMu.Lock()
	defer librariesMu.Unlock()
	for _, l := range libraryDefs {
		if l.name == name {
			return l.done
		}
	}
	return true
}

// LoadLibrary defines the library registered as name, if it is not
// defined yet: a library's hook that other code reaches without its
// module (the array Tensor.numpy() makes) calls it before using the
// library's tables.
func LoadLibrary(name string) {
	loadLibraryWhere(func(l *libraryDef) bool { return l.name == name })
}

// loadLibraries runs the pending definitions, once. A lookup inside a
// definition (a library copying one of its own builtins) does not load
// again.
func loadLibraries() {
	if librariesLoaded.Load() || librariesLoading.Load() {
		return
	}
	librariesMu.Lock()
	defer librariesMu.Unlock()
	if librariesLoaded.Load() {
		return
	}
	librariesLoading.Store(true)
	defer librariesLoading.Store(false)
	for i := 0; i < len(libraryDefs); i++ { // a definition may register another
		if !libraryDefs[i].done {
			libraryDefs[i].done = true
			libraryDefs[i].define()
		}
	}
	libraryDefs = nil
	librariesLoaded.Store(true)
}

// loadLibraryWhere defines the first pending library match accepts and
// reports whether there was one. Like loadLibraries, it does nothing
// inside a definition.
func loadLibraryWhere(match func(l *libraryDef) bool) bool {
	if librariesLoaded.Load() || librariesLoading.Load() {
		return false
	}
	librariesMu.Lock()
	defer librariesMu.Unlock()
	if librariesLoaded.Load() {
		return false
	}
	for i := range libraryDefs {
		l := &libraryDefs[i]
		if l.done || !match(l) {
			continue
		}
		librariesLoading.Store(true)
		defer librariesLoading.Store(false)
		l.done = true
		l.define()
		if !slices.ContainsFunc(libraryDefs, func(l libraryDef) bool { return !l.done }) {
			libraryDefs = nil
			librariesLoaded.Store(true)
		}
		return true
	}
	return false
}

// loadModuleLibrary defines the pending library that declares the module
// name and reports whether there was one.
func loadModuleLibrary(name string) bool {
	return loadLibraryWhere(func(l *libraryDef) bool { return slices.Contains(l.modules, name) })
}

// pendingModules returns the modules the libraries not yet defined
// declare.
func pendingModules() []string {
	if librariesLoaded.Load() {
		return nil
	}
	librariesMu.Lock()
	defer librariesMu.Unlock()
	var out []string
	for _, l := range libraryDefs {
		if !l.done {
			out = append(out, l.modules...)
		}
	}
	return out
}

// loadOnMiss is called where a lookup missed: it defines the libraries
// when they are not defined yet and reports whether it did, so that the
// caller looks again.
func loadOnMiss() bool {
	if librariesLoaded.Load() || librariesLoading.Load() {
		return false
	}
	loadLibraries()
	return true
}

// lateGlobal is the predefined value of a global name the compiler did not
// find ahead of time (definedGlobal): looked up, defining the libraries,
// when the name is read, and kept once found. Compiled code may run on
// several goroutines, so it is kept atomically.
type lateGlobal struct{ v atomic.Pointer[Value] }

// get returns the value of name, or nil when nothing predefines it.
func (l *lateGlobal) get(name string) Value {
	if p := l.v.Load(); p != nil {
		return *p
	}
	v, ok := globalValue(name)
	if !ok {
		return nil
	}
	l.v.Store(&v)
	return v
}

// lateTensorMethod is the tensor method of a call site's name (x.add(y)),
// looked up at the site's first tensor receiver: the tensor methods are a
// library's, defined on first use. nil when the name is a tensor attribute
// (x.shape(...) reads the attribute) or no method.
type lateTensorMethod struct {
	done atomic.Bool
	m    atomic.Pointer[Builtin]
}

func (l *lateTensorMethod) get(name string) *Builtin {
	if l.done.Load() {
		return l.m.Load()
	}
	loadLibraries()
	if _, isAttr := attributes[name]; !isAttr {
		l.m.Store(methods[name])
	}
	l.done.Store(true)
	return l.m.Load()
}
