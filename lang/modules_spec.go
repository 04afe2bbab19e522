package lang

import (
	"path/filepath"
	"strings"
)

// The attributes CPython's import gives a module of a Python file before
// its code runs (importlib._bootstrap._init_module_attrs): __doc__ None
// until a docstring sets it, __package__, __file__ (None for a namespace
// package), __path__ of a package (its directory, the list that
// __spec__.submodule_search_locations is), and __spec__ and __loader__,
// which importlib's ModuleSpec and loaders are: a library makes them
// (SetImportSpecs; lang/lib/importlib). Without one, __spec__ and
// __loader__ are None, as types.ModuleType's.

// importSpecs makes the __spec__ of module name imported from path (a
// .py file, a package's __init__.py, or a namespace package's directory),
// and its loader; nil until a library sets it.
var importSpecs func(a *Args, name, path string, pkg bool) (spec, loader Value, err error)

// SetImportSpecs sets the function that makes the __spec__ and __loader__
// of the modules an import makes from Python files: importlib's
// ModuleSpec and SourceFileLoader. It must be called while the program
// initialises.
func SetImportSpecs(f func(a *Args, name, path string, pkg bool) (spec, loader Value, err error)) {
	importSpecs = f
}

// initFileModule sets the module attributes of m, module name made from
// path (pkg: a package, regular or namespace), as CPython's import does
// before the module's code runs.
func (in *interp) initFileModule(m *Module, name, path string, pkg bool) error {
	// The attributes hold the absolute path, as CPython's finder makes
	// from the working directory where the REPL or a notebook looks.
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	g := m.file.globals
	g.set("__name__", name)
	g.set("__doc__", None)
	if pkg {
		g.set("__package__", name)
	} else {
		parent, _, _ := cutLast(name)
		g.set("__package__", parent)
	}
	namespace := !strings.HasSuffix(path, ".py")
	var spec, loader Value = None, None
	if importSpecs != nil && in != nil && in.s != nil {
		var err error
		if spec, loader, err = importSpecs(&Args{in: in}, name, path, pkg); err != nil {
			return err
		}
	}
	g.set("__loader__", loader) // in CPython's order
	g.set("__spec__", spec)
	if namespace { // CPython's order: a namespace package's __file__ first
		g.set("__file__", None) // no file, the name bound
	}
	if pkg {
		var locations Value
		if spec != None {
			if v, err := getAttr(spec, "submodule_search_locations"); err == nil && v != None {
				locations = v
			}
		}
		if locations == nil {
			dir := path
			if !namespace {
				dir = filepath.Dir(path)
			}
			locations = &List{Elems: []Value{dir}}
		}
		g.set("__path__", locations)
	}
	if !namespace {
		g.set("__file__", path)
	}
	return nil
}

// initScript binds, before the main script's code first runs, the
// attributes CPython's __main__ has from the script: __doc__, its
// docstring (when it has one), and __loader__, the SourceFileLoader of
// the script (named '__main__'); __spec__ stays None.
func (in *interp) initScript(code *cellCode) error {
	f := in.s.files
	if f == nil || f.script == "" || in.s.globals != f.main {
		return nil
	}
	path := f.script
	f.script = ""
	if doc, ok := moduleDocstring(code); ok {
		in.s.globals.set("__doc__", doc)
	}
	if importSpecs == nil {
		return nil
	}
	_, loader, err := importSpecs(&Args{in: in}, "__main__", path, false)
	if err != nil {
		return err
	}
	in.s.globals.set("__loader__", loader)
	return nil
}
