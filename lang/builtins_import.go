package lang

import "strings"

// __import__, the function an import statement calls in CPython: code that
// imports by a computed name (plugins, __import__(name).attr) runs as it
// does there.

func init() {
	NewBuiltin(AsFunc, "__import__(name, globals=None, locals=None, fromlist=(), level=0)", "Imports the module name as an import statement does and returns it: without fromlist the top-level package of a dotted name (import a.b binds a), with one the module itself; level > 0 imports relative to the package of globals (its __package__ or __name__).", func(a *Args) (Value, error) {
		name, ok := a.Value("name").(string)
		if !ok {
			return nil, Errorf(TypeError, "module name must be a string")
		}
		level := a.Int64("level")
		if err := a.Err(); err != nil {
			return nil, err
		}
		fromlist, err := Collect(a.Value("fromlist"))
		if err != nil {
			return nil, err
		}
		switch {
		case level < 0:
			return nil, Errorf(ValueError, "level must be >= 0")
		case level == 0 && name == "":
			return nil, Errorf(ValueError, "Empty module name")
		}
		full := name
		if level > 0 {
			pkg, err := importPackage(a.Value("globals"))
			if err != nil {
				return nil, err
			}
			if full, err = resolveRelative(pkg, int(level), name); err != nil {
				return nil, err
			}
		}
		m, err := a.in.importIn(full)
		if err != nil {
			return nil, err
		}
		if len(fromlist) > 0 {
			for _, f := range fromlist {
				// from package import submodule: a name the package lacks
				// may be a module of it
				if s, ok := f.(string); ok && s != "*" {
					if _, has := m.attr(s); !has {
						_, _ = a.in.importIn(full + "." + s)
					}
				}
			}
			return m, nil
		}
		if name == "" {
			return m, nil
		}
		first, _, _ := strings.Cut(name, ".")
		return a.in.importIn(strings.TrimSuffix(full, name[len(first):]))
	})
}

// importPackage is the package a relative __import__ starts from: the
// __package__ of the globals dict, else its __name__'s package (the
// module itself when it is a package, with __path__).
func importPackage(globals Value) (string, error) {
	d, ok := globals.(*Dict)
	if !ok {
		return "", Errorf(TypeError, "globals must be a dict")
	}
	v, ok, err := d.Get("__package__")
	if err != nil {
		return "", err
	}
	if ok && v != Value(None) {
		s, isStr := v.(string)
		if !isStr {
			return "", Errorf(TypeError, "package must be a string")
		}
		return s, nil
	}
	v, ok, err = d.Get("__name__")
	if err != nil {
		return "", err
	}
	if !ok {
		return "", keyError("'__name__' not in globals")
	}
	name, isStr := v.(string)
	if !isStr {
		return "", Errorf(TypeError, "__name__ must be a string")
	}
	if _, isPkg, _ := d.Get("__path__"); isPkg {
		return name, nil
	}
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		return name[:i], nil
	}
	return "", nil
}
