package lang

import (
	"context"
	"sort"
	"strings"
)

// Modules written in Python. A library whose classes Python code
// subclasses and whose behaviour is Python's own control flow (unittest)
// is clearest as Python text: the library registers the text, and each
// session runs it once, the first time the session imports the module, as
// it runs a module file (modules_file.go), in globals of its own with
// __name__ set to the module's name. Its functions and classes belong to
// that session, as those of a module file do. Errors in its code show the
// file name "<frozen NAME>", as CPython names the modules it carries
// inside its executable.

// RegisterSourceModule makes the module name importable from src, Python
// code run once per session (and once more, in a session of its own, for
// what help(), completion and the language reference show). It must be
// called while the program initialises; registering a name twice panics.
func RegisterSourceModule(name, doc, src string) {
	e := &moduleEntry{name: name, doc: doc, source: src}
	e.build = func() *Module { return helpSourceModule(e) }
	register(e)
}

// RegisterSourceSubmodule is RegisterSourceModule for a module under a
// built-in one that is its parent's attribute as soon as the parent is
// imported, as a package's __init__ imports its submodules: a session
// runs its code the first time a program reads the attribute.
func RegisterSourceSubmodule(name, doc, src string) {
	e := &moduleEntry{name: name, doc: doc, source: src, parentAttr: true}
	e.build = func() *Module { return helpSourceModule(e) }
	register(e)
}

// builtinModuleDir is dir(m) for a built-in module m in the session: its
// attributes and the submodules that are its attributes there, as
// interp.getAttr finds them: the source submodules registered as m's
// attributes (RegisterSourceSubmodule) and those the session imported.
func (in *interp) builtinModuleDir(m *Module) []string {
	names := attrNames(m)
	seen := map[string]bool{}
	for _, n := range names {
		seen[n] = true
	}
	mods := in.s.modules().mods
	for _, last := range submodules(m.Name) {
		full := m.Name + "." + last
		if seen[last] {
			continue
		}
		e, ok := lookupEntry(full)
		if _, imported := mods[full]; imported || ok && e.parentAttr {
			names = append(names, last)
			seen[last] = true
		}
	}
	sort.Strings(names)
	return names
}

// sourceFilename is the name a source module's code has in errors and
// tracebacks.
func sourceFilename(name string) string { return "<frozen " + name + ">" }

// sourceModule returns the session's module of the source module entry
// e, running its code the first time.
func (in *interp) sourceModule(e *moduleEntry) (*Module, error) {
	files := in.s.modules()
	if m, ok := files.mods[e.name]; ok {
		return m, nil
	}
	filename := sourceFilename(e.name)
	m := &Module{Name: e.name, Doc: e.doc, Attrs: map[string]Value{}, file: &fileModule{globals: newGlobalTable(), path: filename}}
	g := m.file.globals
	g.set("__name__", e.name)
	parent, _, _ := cutLast(e.name)
	g.set("__package__", parent)
	g.set("__doc__", e.doc)
	// import a.b imports a first, as CPython's import does, so that b is
	// a's attribute however the first import of a.b came
	if _, ok := files.mods[parent]; parent != "" && !ok {
		if _, err := in.importIn(parent); err != nil {
			return nil, err
		}
		if m, ok := files.mods[e.name]; ok { // the parent's code imported it
			return m, nil
		}
	}
	files.mods[e.name] = m
	if err := in.initSourceModuleSpec(m); err != nil {
		delete(files.mods, e.name)
		return nil, err
	}
	if err := in.runModuleSource(m, filename, e.source); err != nil {
		delete(files.mods, e.name)
		return nil, err
	}
	if spec, _ := g.get("__spec__"); spec == None {
		if err := in.initSourceModuleSpec(m); err != nil {
			delete(files.mods, e.name)
			return nil, err
		}
	}
	// a submodule becomes an attribute of its parent, written in Python
	// too, as import a.b makes a.b reachable (the parent is imported by
	// then when the submodule's code imports it)
	if _, last, dotted := cutLast(e.name); dotted {
		if pm, ok := files.mods[parent]; ok && pm.file != nil {
			pm.file.globals.set(last, m)
		}
	}
	return m, nil
}

// helpSourceModule builds the module of entry e in a session of its own,
// for help() and the reference: its globals, less the modules it
// imported, the objects it made (whose reprs differ from run to run) and
// its private names, as attributes.
func helpSourceModule(e *moduleEntry) *Module {
	s := NewSession(IO{})
	m := &Module{Name: e.name, Doc: e.doc, Attrs: map[string]Value{}}
	in := newInterp(context.Background(), s, "", "", &cellCode{})
	sm, err := in.sourceModule(e)
	if err != nil {
		// The text is the library's own and its tests run it: a failure
		// here is a bug, shown in help rather than hidden.
		m.Doc = e.doc + "\n\n(the module failed to load: " + err.Error() + ")"
		return m
	}
	for _, name := range sm.file.globals.bound() {
		if strings.HasPrefix(name, "_") {
			continue
		}
		if v, ok := sm.file.globals.get(name); ok {
			switch v.(type) {
			case *Module, *Instance:
			default:
				m.Attrs[name] = v
			}
		}
	}
	return m
}
