package lang

// The import attributes of kael's own modules (those written in Go, and
// the source modules a library registers as Python text): CPython's
// built-in modules (math, sys) have __spec__ a ModuleSpec with origin
// 'built-in', __loader__ BuiltinImporter and __package__, and no
// __file__. kael's own modules are built into its executable, so they get
// the same, made by importlib (SetImportSpecs, with path ""). A kael
// module with submodules (torch, os, collections) is a package: its spec
// has submodule_search_locations [] and the module __path__ [], as
// CPython's packages have a __path__.

// builtinSpecNames are the import attributes a module of kael's own
// has, made once per session on first read.
var builtinSpecNames = map[string]bool{"__spec__": true, "__loader__": true, "__package__": true, "__path__": true}

// isBuiltinPackage reports whether kael's own module name has submodules.
func isBuiltinPackage(name string) bool { return len(submodules(name)) > 0 }

// builtinPackage is the __package__ of kael's own module name: the name
// for a package, else its parent (the empty string at the top).
func builtinPackage(name string) string {
	if isBuiltinPackage(name) {
		return name
	}
	parent, _, _ := cutLast(name)
	return parent
}

// builtinSpec makes (or returns the session's) __spec__ and __loader__
// of kael's own module name; None for both when importlib is not
// defined or cannot be imported as kael's.
func (in *interp) builtinSpec(name string) (spec, loader Value, err error) {
	if importSpecs == nil || in == nil || in.s == nil {
		return None, None, nil
	}
	files := in.s.modules()
	if v, ok := files.builtinSpecs[name]; ok {
		return v[0], v[1], nil
	}
	if files.builtinSpecs == nil {
		files.builtinSpecs = map[string][2]Value{}
	}
	files.builtinSpecs[name] = [2]Value{None, None} // while importlib imports
	spec, loader, err = importSpecs(&Args{in: in}, name, "", isBuiltinPackage(name))
	if err != nil {
		delete(files.builtinSpecs, name)
		return nil, nil, err
	}
	if spec == None { // importlib not yet loaded (its own modules): later
		delete(files.builtinSpecs, name)
	} else {
		files.builtinSpecs[name] = [2]Value{spec, loader}
	}
	return spec, loader, nil
}

// builtinModuleAttr is attribute name of kael's own Go module m when it
// is one of the import attributes (builtinSpecNames) m does not define
// itself; ok false otherwise.
func (in *interp) builtinModuleAttr(m *Module, name string) (v Value, ok bool, err error) {
	// Every module attribute read passes here (math.sqrt): a dunder
	// test before the map keeps the common read to two byte compares.
	if len(name) < 8 || name[0] != '_' || name[1] != '_' || !builtinSpecNames[name] || m.file != nil {
		return nil, false, nil
	}
	if _, own := m.Attrs[name]; own {
		return nil, false, nil
	}
	if _, registered := lookupEntry(m.Name); !registered {
		return nil, false, nil // a module a program made (types.ModuleType)
	}
	switch name {
	case "__package__":
		return builtinPackage(m.Name), true, nil
	case "__path__":
		if !isBuiltinPackage(m.Name) {
			return nil, false, nil
		}
	}
	spec, loader, err := in.builtinSpec(m.Name)
	if err != nil {
		return nil, false, err
	}
	switch name {
	case "__spec__":
		return spec, true, nil
	case "__loader__":
		return loader, true, nil
	}
	if spec != None { // __path__: the spec's list, as CPython's
		if locations, err := getAttr(spec, "submodule_search_locations"); err == nil && locations != None {
			return locations, true, nil
		}
	}
	return &List{}, true, nil
}

// initSourceModuleSpec sets the __spec__ and __loader__ (and a package's
// __path__) of m, kael's source module, before its code runs, and again
// after when they were None then (importlib's own modules, which make
// the specs).
func (in *interp) initSourceModuleSpec(m *Module) error {
	spec, loader, err := in.builtinSpec(m.Name)
	if err != nil {
		return err
	}
	g := m.file.globals
	g.set("__loader__", loader)
	g.set("__spec__", spec)
	if isBuiltinPackage(m.Name) {
		g.set("__package__", m.Name)
		var locations Value = &List{}
		if spec != None {
			if v, err := getAttr(spec, "submodule_search_locations"); err == nil && v != None {
				locations = v
			}
		}
		g.set("__path__", locations)
	}
	return nil
}

// IsBuiltinPackage reports whether kael's own module name is a package:
// it has submodules (importlib's find_spec).
func IsBuiltinPackage(name string) bool { return isBuiltinPackage(name) }
