// Package importlib is Python's importlib (module.py): import_module,
// reload and invalidate_caches; importlib.util (util.py):
// spec_from_file_location, module_from_spec and find_spec; and
// importlib.machinery (machinery.py): ModuleSpec, SourceFileLoader,
// NamespaceLoader and the suffixes. Its Go part, _importlib, asks the
// engine to import, make and run file modules; importSpec makes the
// __spec__ and __loader__ of the modules the engine imports.
package importlib

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/os"  // util.py and machinery.py import os
	_ "github.com/kael-dev/kael/lang/lib/sys" // module.py and util.py import sys
)

var (
	//go:embed module.py
	source string
	//go:embed util.py
	utilSource string
	//go:embed machinery.py
	machinerySource string
)

// module is the argument name of a, a module.
func module(a *lang.Args, name string) (*lang.Module, error) {
	m, ok := a.Value(name).(*lang.Module)
	if !ok {
		return nil, a.WrongType(name, "module", a.Value(name))
	}
	return m, nil
}

var goModule = &lang.Module{Name: "_importlib", Attrs: map[string]lang.Value{
	"import_module": lang.NewBuiltin(lang.AsValue, "import_module(name)", "Imports the module name (absolute) and returns it.",
		func(a *lang.Args) (lang.Value, error) {
			name := a.Str("name")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return a.Import(name)
		}),
	"new_module": lang.NewBuiltin(lang.AsValue, "new_module(name, path)", "A module named name for the Python file path, its code not run.",
		func(a *lang.Args) (lang.Value, error) {
			name, path := a.Str("name"), a.Str("path")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return lang.NewFileModule(name, path), nil
		}),
	"exec_module": lang.NewBuiltin(lang.AsValue, "exec_module(module)", "Runs the module's Python file in it.",
		func(a *lang.Args) (lang.Value, error) {
			m, err := module(a, "module")
			if err != nil {
				return nil, err
			}
			return lang.None, a.ExecModule(m)
		}),
	"module_file": lang.NewBuiltin(lang.AsValue, "module_file(module)", "The path of the module's Python file, '' for a module of kael's own.",
		func(a *lang.Args) (lang.Value, error) {
			m, err := module(a, "module")
			if err != nil {
				return nil, err
			}
			return m.ModuleFile(), nil
		}),
	"is_package": lang.NewBuiltin(lang.AsValue, "is_package(name)", "Whether kael's own module name is a package (has submodules).",
		func(a *lang.Args) (lang.Value, error) {
			name := a.Str("name")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return lang.IsBuiltinPackage(name), nil
		}),
	"find": lang.NewBuiltin(lang.AsValue, "find(name)", "(found, path): where an import of name would find its module; path is '' for a module of kael's own.",
		func(a *lang.Args) (lang.Value, error) {
			name := a.Str("name")
			if err := a.Err(); err != nil {
				return nil, err
			}
			path, found := a.FindModule(name)
			return lang.Tuple{found, path}, nil
		}),
}}

func init() {
	lang.RegisterSourceModule("importlib", "Python's importlib: import_module (relative names with package), reload and invalidate_caches.", source)
	lang.RegisterSourceModule("importlib.util", "Python's importlib.util: spec_from_file_location, module_from_spec and find_spec.", utilSource)
	lang.RegisterSourceModule("importlib.machinery", "Python's importlib.machinery: ModuleSpec, SourceFileLoader, NamespaceLoader, BuiltinImporter and the file suffixes.", machinerySource)
	lang.SetImportSpecs(importSpec)
	lang.RegisterModule("_importlib", "The part of importlib written in Go: imports, file modules made and run, and where an import finds a module.", func() *lang.Module { return goModule })
}

// importSpec makes the __spec__ and __loader__ an import gives module
// name made from path: util.py's _spec_at, a ModuleSpec with a
// SourceFileLoader (a NamespaceLoader for a directory); for path "",
// kael's own module, _builtin_spec: BuiltinImporter, origin 'built-in'. Where
// importlib.util cannot be imported as kael's (a program's own
// importlib.py beside the script shadows it), both are None, and the
// import goes on.
func importSpec(a *lang.Args, name, path string, pkg bool) (spec, loader lang.Value, err error) {
	util, err := a.Import("importlib.util")
	if err != nil {
		return lang.None, lang.None, nil
	}
	fn, args := "_spec_at", []lang.Value{name, path}
	if path == "" { // kael's own module, built into its executable
		fn, args = "_builtin_spec", []lang.Value{name, pkg}
	}
	f, err := lang.GetAttr(util, fn)
	if err != nil {
		return lang.None, lang.None, nil
	}
	if spec, err = a.Call(f, args...); err != nil {
		return nil, nil, err
	}
	if loader, err = lang.GetAttr(spec, "loader"); err != nil {
		return nil, nil, err
	}
	return spec, loader, nil
}
