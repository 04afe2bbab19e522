package os

import (
	"github.com/kael-dev/kael/lang"
)

// os.PathLike, the abstract class of the objects that stand for a path:
// isinstance and issubclass ask whether the class defines __fspath__, as
// CPython's PathLike.__subclasshook__ does (pathlib's paths and a
// program's classes with __fspath__; not str). os.fspath and the os
// functions take such objects, calling their __fspath__.

// pathLikeClass is os.PathLike.
type pathLikeClass struct{}

var (
	_ lang.InstanceChecker = pathLikeClass{}
	_ lang.Reprer          = pathLikeClass{}
	_ lang.HasAttrs        = pathLikeClass{}
)

func (pathLikeClass) TypeName() string { return "ABCMeta" }
func (pathLikeClass) PyRepr() string   { return "<class 'os.PathLike'>" }
func (c pathLikeClass) String() string { return c.PyRepr() }

func (pathLikeClass) Attr(name string) (lang.Value, bool) {
	switch name {
	case "__name__", "__qualname__":
		return "PathLike", true
	case "__module__":
		return "os", true
	}
	return nil, false
}

func (pathLikeClass) AttrNames() []string { return []string{"__module__", "__name__", "__qualname__"} }

// InstanceCheck is isinstance(obj, os.PathLike).
func (pathLikeClass) InstanceCheck(obj lang.Value) (bool, error) {
	if _, ok := lang.ValueOf(obj).(lang.PathLike); ok {
		return true, nil
	}
	if x, ok := obj.(*lang.Instance); ok {
		_, has := x.Class().Lookup("__fspath__")
		return has, nil
	}
	return false, nil
}

// SubclassCheck is issubclass(cls, os.PathLike).
func (pathLikeClass) SubclassCheck(cls lang.Value) (bool, error) {
	switch c := cls.(type) {
	case pathLikeClass:
		return true, nil
	case *lang.UserClass:
		_, has := c.Lookup("__fspath__")
		return has, nil
	}
	_, err := lang.GetAttr(cls, "__fspath__")
	return err == nil, nil
}
