package lang

import (
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// The module registry: every module an import statement can name, by its
// dotted name. A module is built on first use, once, and a registered
// module a.b becomes the attribute b of module a when a is built, so that
// import torch makes torch.nn reachable as in Python. Other files (and
// libraries, through RegisterModule) add modules with one call:
//
//	RegisterModule("tqdm", "Progress bars.", func() *Module { ... })
//
// and RegisterGlobalModule makes one reachable without an import.

// The import errors, named after Python's exceptions.
const (
	ModuleNotFoundError = tensor.ModuleNotFoundError
	ImportError         = tensor.ImportError
)

// moduleEntry is one registered module.
type moduleEntry struct {
	name  string
	doc   string
	build func() *Module
	// unavailable, when set, is the error importing the module raises:
	// a module Python code often imports that kael does not provide.
	unavailable *Error
	// perSession, when set, builds the module anew for each session
	// (RegisterSessionModule); build then makes the one shown in help.
	perSession func(*Session) *Module
	// source, when set, is the Python code of the module
	// (RegisterSourceModule), run once per session.
	source string
	// parentAttr makes a source module under a built-in one its parent's
	// attribute without an import of its own (RegisterSourceSubmodule).
	parentAttr bool

	once sync.Once
	mod  *Module
}

var (
	registryMu sync.Mutex
	registry   = map[string]*moduleEntry{}
)

// RegisterModule makes the module with the given dotted name importable.
// build returns its attributes; it runs once, the first time the module (or
// a module above it) is imported, and must not import other modules (a
// shared part belongs in a sync.OnceValue of its own). The submodules
// registered under name are added as attributes after build returns.
// Registering a name twice panics: it is a programming error.
func RegisterModule(name, doc string, build func() *Module) {
	register(&moduleEntry{name: name, doc: doc, build: build})
}

// RegisterUnavailable registers a module kael does not provide: importing
// it is a ModuleNotFoundError with msg and hint, which say what to use.
func RegisterUnavailable(name, msg, hint string) {
	register(&moduleEntry{name: name, unavailable: Errorf(ModuleNotFoundError, "%s", msg).WithHint("%s", hint)})
}

func register(e *moduleEntry) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[e.name]; dup {
		panic("module " + e.name + " registered twice")
	}
	registry[e.name] = e
}

func lookupEntry(name string) (*moduleEntry, bool) {
	e, ok := registeredEntry(name)
	if !ok && loadModuleLibrary(name) { // import numpy: the library that declares it
		e, ok = registeredEntry(name)
	}
	if !ok && loadOnMiss() { // any other miss defines them all, as a listing
		e, ok = registeredEntry(name)
	}
	return e, ok
}

func registeredEntry(name string) (*moduleEntry, bool) {
	registryMu.Lock()
	defer registryMu.Unlock()
	e, ok := registry[name]
	return e, ok
}

// moduleNames returns the names of the registered modules, sorted.
func moduleNames(available bool) []string {
	registryMu.Lock()
	defer registryMu.Unlock()
	var names []string
	for name, e := range registry {
		if !available || e.unavailable == nil {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// importModule returns the module with the given dotted name, building it
// on first use. An unknown name is a ModuleNotFoundError with a did-you-mean
// hint.
func importModule(name string) (*Module, error) {
	e, ok := lookupEntry(name)
	if !ok {
		err := Errorf(ModuleNotFoundError, "No module named '%s'", name).withName(name, nil)
		parent, last, dotted := cutLast(name)
		switch hint := suggestHint(name, moduleNames(false)); {
		case hint != "":
			err.Hint = hint
		case dotted:
			if m, perr := importModule(parent); perr == nil {
				err.Hint = m.missingHint(last)
				if err.Hint == "" {
					err.WithHint("the submodules of %s are %s", parent, strings.Join(submodules(parent), ", "))
				}
			}
		default:
			err.WithHint("kael's modules are %s", strings.Join(topLevelModules(), ", "))
		}
		return nil, err
	}
	if e.unavailable != nil {
		err := *e.unavailable
		return nil, &err
	}
	e.once.Do(func() {
		m := e.build()
		if m.Name == "" {
			m.Name = name
		}
		if m.Doc == "" {
			m.Doc = e.doc
		}
		if m.Attrs == nil {
			m.Attrs = map[string]Value{}
		}
		for _, sub := range submodules(name) {
			if se, _ := lookupEntry(name + "." + sub); se != nil && se.source != "" {
				// a module written in Python is the session's own: it
				// becomes an attribute where a session imports it
				// (interp.getAttr), and building it here would run
				// its imports inside this build
				continue
			}
			if _, has := m.Attrs[sub]; !has {
				// A registered, available module always imports;
				// should one not, it is left out, not a panic.
				if sm, err := importModule(name + "." + sub); err == nil {
					m.Attrs[sub] = sm
				}
			}
		}
		e.mod = m
	})
	return e.mod, nil
}

// cutLast splits a.b.c into a.b and c.
func cutLast(name string) (parent, last string, ok bool) {
	i := strings.LastIndexByte(name, '.')
	if i < 0 {
		return "", name, false
	}
	return name[:i], name[i+1:], true
}

// missingHint is the hint for a name m lacks: the closest name it has, or
// the module's own hint.
func (m *Module) missingHint(name string) string {
	if h := suggestHint(name, sortedKeys(m.Attrs)); h != "" {
		return h
	}
	return m.MissingHint
}

// submodules lists the names of the registered submodules of parent.
func submodules(parent string) []string {
	var out []string
	for _, n := range moduleNames(true) {
		if rest, ok := strings.CutPrefix(n, parent+"."); ok && !strings.Contains(rest, ".") {
			out = append(out, rest)
		}
	}
	return out
}

// ModuleNames lists the importable modules, sorted: sys.builtin_module_names.
func ModuleNames() []string {
	names := moduleNames(true)
	if pending := pendingModules(); len(pending) > 0 { // listed, not defined
		names = append(names, pending...)
		sort.Strings(names)
		names = slices.Compact(names)
	}
	return names
}

// topLevelModules lists the importable modules without a dot in their name.
func topLevelModules() []string {
	var out []string
	for _, n := range moduleNames(true) {
		if !strings.Contains(n, ".") && !strings.HasPrefix(n, "_") {
			out = append(out, n)
		}
	}
	return out
}

// globalModules are the modules reachable without an import, by global
// name (F) to dotted module name (torch.nn.functional), as libraries
// register them with RegisterGlobalModule.
var (
	globalModulesMu sync.Mutex
	globalModules   = map[string]string{}
)

// RegisterGlobalModule makes the registered module path reachable without
// an import, as the global name: lang/torch registers torch, F
// (torch.nn.functional) and optim (torch.optim), lang/lib/math registers
// math, as kael had them before it had import. The engine predefines
// only what is registered: in a program that links neither, torch is a
// NameError as any unknown name. A module the registry does not have
// when the first global name is looked up is left out. It must be called
// while the program initialises; registering a name twice panics (a
// programming error, as RegisterModule's).
func RegisterGlobalModule(name, path string) {
	globalModulesMu.Lock()
	defer globalModulesMu.Unlock()
	if _, dup := globalModules[name]; dup {
		panic("global module " + name + " registered twice")
	}
	globalModules[name] = path
}

// binding is one name an import statement binds, and its value.
type binding struct {
	name  string
	value Value
}

// importBindings runs the import of an ImportStmt or FromImportStmt in in
// and returns the names it binds, in order; it binds nothing itself, so
// that an evaluator stores them its own way. A failing import binds
// nothing.
func importBindings(in *interp, st syntax.Stmt) ([]binding, error) {
	switch st := st.(type) {
	case *syntax.ImportStmt:
		var out []binding
		for _, n := range st.Names {
			path := n.Name.String()
			m, err := in.importIn(path)
			if err != nil {
				return nil, spanned(err, n.Name.Span())
			}
			if n.As == nil && len(n.Name.Parts) > 1 {
				// import a.b binds a
				if m, err = in.importIn(n.Name.Parts[0].Name); err != nil {
					return nil, spanned(err, n.Name.Parts[0].Span())
				}
			}
			out = append(out, binding{n.Bound().Name, m})
		}
		return out, nil
	case *syntax.FromImportStmt:
		path, err := in.fromPath(st)
		if err != nil {
			return nil, spanned(err, st.Span())
		}
		if path == "__future__" {
			return nil, futureImport(st)
		}
		m, err := in.importIn(path)
		if err != nil {
			span := st.Span()
			if st.Module != nil {
				span = st.Module.Span()
			}
			return nil, spanned(err, span)
		}
		if st.Star.IsValid() {
			var out []binding
			attrs := m.attrMap()
			if all, ok := attrs["__all__"]; ok { // the names the module exports, as CPython's
				names, err := Collect(all)
				if err != nil {
					return nil, spanned(err, st.Span())
				}
				for _, n := range names {
					name, isStr := n.(string)
					if !isStr {
						return nil, spanned(Errorf(TypeError, "Item in %s.__all__ must be str, not %s", path, TypeName(n)), st.Span())
					}
					v, found := m.attr(name)
					if !found {
						return nil, spanned(Errorf(AttributeError, "module '%s' has no attribute '%s'", path, name), st.Span())
					}
					out = append(out, binding{name, v})
				}
				return out, nil
			}
			for _, name := range sortedKeys(attrs) {
				v := attrs[name]
				_, isDType := v.(tensor.DType)
				if _, shadows := builtins[name]; strings.HasPrefix(name, "_") || isDType && shadows {
					continue // torch.float, torch.bool: not in torch.__all__, so they do not shadow Python's float and bool
				}
				out = append(out, binding{name, v})
			}
			return out, nil
		}
		var out []binding
		for _, n := range st.Names {
			name := n.Name.Parts[0].Name
			v, ok := m.attr(name)
			if !ok { // from math import __spec__
				var err error
				if v, ok, err = in.builtinModuleAttr(m, name); err != nil {
					return nil, spanned(err, n.Name.Span())
				}
			}
			if !ok {
				sub, err := in.importIn(path + "." + name)
				if err != nil {
					return nil, spanned(m.cannotImport(name), n.Name.Span())
				}
				v = sub
			}
			out = append(out, binding{n.Bound().Name, v})
		}
		return out, nil
	}
	return nil, Errorf(SyntaxError, "not an import statement")
}

// futureFeatures are the names of Python's __future__ module. Every one is
// standard behaviour in Python 3, and so in kael.
var futureFeatures = []string{
	"absolute_import", "annotations", "division", "generator_stop", "generators",
	"nested_scopes", "print_function", "unicode_literals", "with_statement",
}

// futureImport checks a from __future__ import statement, which binds
// nothing: the features it names are on already.
func futureImport(st *syntax.FromImportStmt) error {
	if st.Star.IsValid() {
		return spanned(Errorf(SyntaxError, "future feature * is not defined"), st.Span())
	}
	for _, n := range st.Names {
		name := n.Name.Parts[0].Name
		switch {
		case name == "braces":
			return spanned(Errorf(SyntaxError, "not a chance"), n.Span())
		case !slices.Contains(futureFeatures, name):
			err := Errorf(SyntaxError, "future feature %s is not defined", name)
			err.Hint = suggestHint(name, futureFeatures)
			return spanned(err, n.Span())
		}
	}
	return nil
}

// spanned attaches span to err when it has no position yet.
func spanned(err error, span syntax.Span) error {
	e := ToError(err)
	if !e.Span.Start.IsValid() {
		e.Span = span
	}
	return e
}
