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
	m, ok := classMethods[name]
	return m, ok
}

func (c *pathClass) AttrNames() []string { return []string{"__name__", "cwd", "home"} }

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
