package pathlib

import (
	"os"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// pathClass is pathlib.Path (and PosixPath, PurePath, PurePosixPath,
// which are the same class in kael): calling it makes a path, cwd() and
// home() are its class methods, and isinstance asks it.
type pathClass struct{ name string }

var (
	_ lang.HasAttrs        = (*pathClass)(nil)
	_ lang.InstanceChecker = (*pathClass)(nil)
	_ lang.Reprer          = (*pathClass)(nil)
)

func (c *pathClass) TypeName() string { return "type" }
func (c *pathClass) PyRepr() string   { return "<class 'pathlib." + c.name + "'>" }

func (c *pathClass) InstanceCheck(obj lang.Value) (bool, error) {
	if _, win := obj.(*winPath); win {
		return c.name == "PurePath", nil // a PureWindowsPath is a PurePath
	}
	if x, ok := obj.(*lang.Instance); ok {
		b, ok := x.Native().(*based)
		return ok && (!b.pure || c.name == "PurePath" || c.name == "PurePosixPath"), nil
	}
	_, ok := obj.(*path)
	return ok, nil
}

func (c *pathClass) SubclassCheck(cls lang.Value) (bool, error) {
	if u, ok := cls.(*lang.UserClass); ok {
		if supers, ok := pathSupers[u.NativeBaseName()]; ok {
			return strings.Contains(supers, " "+c.name+" "), nil
		}
	}
	_, ok := cls.(*pathClass)
	return ok, nil
}

// pathSupers are the classes each of pathlib's bases derives from, for
// issubclass.
var pathSupers = map[string]string{
	"pathlib.PosixPath":     " PosixPath Path PurePosixPath PurePath ",
	"pathlib.Path":          " Path PurePath ",
	"pathlib.PurePosixPath": " PurePosixPath PurePath ",
	"pathlib.PurePath":      " PurePath ",
}

var classMethods = map[string]*lang.Builtin{
	"__call__": lang.NewBuiltin(lang.AsValue, "Path(*pathsegments)", "A path from its segments (str or paths), joined with '/': Path('data', 'train.csv'). Path() is '.'.", func(a *lang.Args) (lang.Value, error) {
		return joinAll(&path{}, a.Value("pathsegments").(lang.Tuple))
	}),
	"cwd": lang.NewBuiltin(lang.AsValue, "cwd()", "The working directory, as a path.", func(a *lang.Args) (lang.Value, error) {
		wd, err := os.Getwd()
		if err != nil {
			return nil, lang.OSErrorFrom(err)
		}
		return parsePath(wd), nil
	}),
	"home": lang.NewBuiltin(lang.AsValue, "home()", "The home directory, as a path.", func(a *lang.Args) (lang.Value, error) {
		home, err := os.UserHomeDir()
		if err != nil {
			return nil, lang.Errorf(lang.RuntimeError, "Could not determine home directory.")
		}
		return parsePath(home), nil
	}),
}

func (c *pathClass) Attr(name string) (lang.Value, bool) {
	if name == "__name__" {
		return c.name, true
	}
	if v, ok := classDunder(c.name, name); ok {
		return v, true
	}
	m, ok := classMethods[name]
	return m, ok
}

func (c *pathClass) AttrNames() []string {
	return []string{"__module__", "__name__", "__qualname__", "cwd", "home"}
}

var pathlibModule = &lang.Module{Name: "pathlib", Attrs: map[string]lang.Value{
	"Path":            &pathClass{name: "Path"},
	"PosixPath":       &pathClass{name: "PosixPath"},
	"PurePath":        &pathClass{name: "PurePath"},
	"PurePosixPath":   &pathClass{name: "PurePosixPath"},
	"PureWindowsPath": &winClass{name: "PureWindowsPath"},
	"WindowsPath":     &winClass{name: "WindowsPath"},
}}

func init() {
	lang.RegisterModule("pathlib", "Python's pathlib module: Path, with the / operator, its parts and the file system's questions and changes.", func() *lang.Module { return pathlibModule })
}

// pathBases are the bases of pathlib's classes, as CPython's: a concrete
// path class derives from Path and from its flavour's pure class.
var pathBases = map[string][]string{
	"PurePath":        nil,
	"PurePosixPath":   {"PurePath"},
	"PureWindowsPath": {"PurePath"},
	"Path":            {"PurePath"},
	"PosixPath":       {"Path", "PurePosixPath"},
	"WindowsPath":     {"Path", "PureWindowsPath"},
}

// pathMRO is the method resolution order of pathlib's class name, as
// CPython's C3 linearization gives it for pathBases.
var pathMRO = map[string][]string{
	"PurePath":        {"PurePath"},
	"PurePosixPath":   {"PurePosixPath", "PurePath"},
	"PureWindowsPath": {"PureWindowsPath", "PurePath"},
	"Path":            {"Path", "PurePath"},
	"PosixPath":       {"PosixPath", "Path", "PurePosixPath", "PurePath"},
	"WindowsPath":     {"WindowsPath", "Path", "PureWindowsPath", "PurePath"},
}

// classDunder is the special attribute attr of pathlib's class name
// (__qualname__, __module__, __bases__, __base__, __mro__, mro); ok is
// false for another attribute.
func classDunder(name, attr string) (lang.Value, bool) {
	classes := func(names []string) lang.Tuple {
		out := make(lang.Tuple, 0, len(names)+1)
		for _, n := range names {
			out = append(out, pathlibModule.Attrs[n])
		}
		return out
	}
	object, _ := lang.LookupBuiltin("object")
	switch attr {
	case "__qualname__":
		return name, true
	case "__module__":
		return "pathlib", true
	case "__bases__":
		if b := pathBases[name]; len(b) > 0 {
			return classes(b), true
		}
		return lang.Tuple{object}, true
	case "__base__":
		if b := pathBases[name]; len(b) > 0 {
			return pathlibModule.Attrs[b[0]], true
		}
		return object, true
	case "__mro__":
		return append(classes(pathMRO[name]), object), true
	case "mro":
		return lang.NewBuiltin(lang.AsValue, "mro()", "Return a type's method resolution order.", func(*lang.Args) (lang.Value, error) {
			return &lang.List{Elems: append(classes(pathMRO[name]), object)}, nil
		}), true
	}
	return nil, false
}
