package lang

import "strings"

// What importlib (lang/lib/importlib) needs of the engine's imports:
// making a module of a Python file without importing it
// (module_from_spec), running its file in it (exec_module, reload), and
// telling where an import would find a module (find_spec).

// NewFileModule returns a module named name for the Python file at path,
// whose code has not run: its globals hold __name__, __file__ and
// __package__ (the parent of a dotted name), as importlib's
// module_from_spec makes one.
func NewFileModule(name, path string) *Module {
	m := &Module{Name: name, Attrs: map[string]Value{}, file: &fileModule{globals: newGlobalTable(), path: path}}
	g := m.file.globals
	g.set("__name__", name)
	g.set("__doc__", None)
	parent, _, _ := cutLast(name)
	g.set("__package__", parent)
	g.set("__file__", path)
	return m
}

// ExecModule runs the file of m, a module of a Python file, in m's
// globals, as importlib's exec_module and reload do; an ImportError when
// m has no file to run (a module of kael's own, a namespace package).
func (a *Args) ExecModule(m *Module) error {
	if m.file == nil || !strings.HasSuffix(m.file.path, ".py") {
		return Errorf(ImportError, "module %s has no Python file to run", m.Name).withName(m.Name, nil)
	}
	return a.in.runModuleFile(m, m.file.path)
}

// ModuleFile is the path of m's Python file (or package directory), ""
// for a module of kael's own.
func (m *Module) ModuleFile() string {
	if m.file == nil {
		return ""
	}
	return m.file.path
}

// FindModule tells where import name, run now, would find its module:
// found is false when nowhere; path is its Python file (a package's
// __init__.py, or its directory for a namespace package), "" for a module
// of kael's own. A dotted name's parent must have been imported.
func (a *Args) FindModule(name string) (path string, found bool) {
	files := a.in.s.modules()
	if m, ok := files.mods[name]; ok {
		return m.ModuleFile(), true
	}
	if e, ok := lookupEntry(name); ok && !files.shadows(name) {
		return "", e.unavailable == nil
	}
	if path, _, ok := findModuleFile(files.dir, name); ok {
		return path, true
	}
	return "", false
}
