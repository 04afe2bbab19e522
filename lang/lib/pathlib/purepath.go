package pathlib

import (
	"slices"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// path is a pathlib.PosixPath: a root ("", "/" or "//") and the
// components after it, without empty ones and ".", as pathlib parses a
// path (".." is kept: it is not resolved without the file system).
type path struct {
	root  string
	parts []string
}

var (
	_ lang.HasAttrs = (*path)(nil)
	_ lang.Reprer   = (*path)(nil)
	_ lang.Equaler  = (*path)(nil)
	_ lang.Hashable = (*path)(nil)
	_ lang.Orderer  = (*path)(nil)
	_ lang.PathLike = (*path)(nil)
	_ lang.Operand  = (*path)(nil)
)

// parsePath is pathlib's parsing of one path text.
func parsePath(s string) *path {
	p := &path{}
	switch {
	case strings.HasPrefix(s, "//") && !strings.HasPrefix(s, "///"):
		p.root = "//"
	case strings.HasPrefix(s, "/"):
		p.root = "/"
	}
	for _, c := range strings.Split(s, "/") {
		if c != "" && c != "." {
			p.parts = append(p.parts, c)
		}
	}
	return p
}

// join is p / other: other's root, when it has one, starts anew.
func (p *path) join(other *path) *path {
	if other.root != "" {
		return other
	}
	return &path{root: p.root, parts: append(slices.Clone(p.parts), other.parts...)}
}

// segment is an argument of Path(...), joinpath and /: a str or a path.
func segment(v lang.Value) (*path, error) {
	switch x := lang.ValueOf(v).(type) {
	case string:
		return parsePath(x), nil
	case *path:
		return x, nil
	case *lang.Instance:
		if p, ok := pathOf(x); ok {
			return p, nil
		}
	case lang.PathLike:
		return parsePath(x.FSPath()), nil
	}
	return nil, lang.Errorf(lang.TypeError, "expected str, bytes or os.PathLike object, not %s", lang.TypeName(v))
}

// joinAll joins the arguments of Path(*args) onto base.
func joinAll(base *path, args []lang.Value) (*path, error) {
	p := base
	for _, v := range args {
		s, err := segment(v)
		if err != nil {
			return nil, err
		}
		p = p.join(s)
	}
	return p, nil
}

func (p *path) String() string {
	s := p.root + strings.Join(p.parts, "/")
	if s == "" {
		return "."
	}
	return s
}

func (p *path) FSPath() string   { return p.String() }
func (p *path) TypeName() string { return "PosixPath" }
func (p *path) PyRepr() string   { return "PosixPath(" + lang.Repr(p.String()) + ")" }

func (p *path) Equal(other lang.Value) bool {
	o, ok := pathOf(other)
	return ok && o.root == p.root && slices.Equal(o.parts, p.parts)
}

func (p *path) HashKey() (string, error) { return "PosixPath:" + p.String(), nil }

// Order compares paths as pathlib does, by their parts (the root first).
func (p *path) Order(other lang.Value) (int, bool, error) {
	o, ok := pathOf(other)
	if !ok {
		return 0, false, nil
	}
	return slices.Compare(p.allParts(), o.allParts()), true, nil
}

// allParts is p.parts: the root, when there is one, then the components.
func (p *path) allParts() []string {
	if p.root != "" {
		return append([]string{p.root}, p.parts...)
	}
	return slices.Clone(p.parts)
}

// SpecialMethodNames are the special methods a path has from its
// protocols: / and its reflection (lang.SpecialMethodNamer).
func (*path) SpecialMethodNames() string { return "truediv rtruediv" }

// BinaryOp is p / x and x / p.
func (p *path) BinaryOp(op syntax.Token, other lang.Value, reflected bool) (lang.Value, bool, error) {
	if op != syntax.SLASH {
		return nil, false, nil
	}
	o, err := segment(other)
	if err != nil {
		return nil, false, nil // Python's TypeError for the operand types
	}
	if reflected {
		return o.join(p), true, nil
	}
	return p.join(o), true, nil
}

// name is the last component ("" for a root or ".").
func (p *path) name() string {
	if len(p.parts) == 0 {
		return ""
	}
	return p.parts[len(p.parts)-1]
}

// suffix is the name's extension, from its last dot ("" when the dot
// starts or ends the name).
func (p *path) suffix() string {
	n := p.name()
	i := strings.LastIndexByte(n, '.')
	if i > 0 && i < len(n)-1 {
		return n[i:]
	}
	return ""
}

func (p *path) suffixes() []lang.Value {
	n := p.name()
	if strings.HasSuffix(n, ".") {
		return nil
	}
	n = strings.TrimLeft(n, ".")
	pieces := strings.Split(n, ".")[1:]
	out := make([]lang.Value, len(pieces))
	for i, s := range pieces {
		out[i] = "." + s
	}
	return out
}

func (p *path) stem() string {
	return strings.TrimSuffix(p.name(), p.suffix())
}

// parent is the path without its last component (itself for a root or
// ".").
func (p *path) parent() *path {
	if len(p.parts) == 0 {
		return p
	}
	return &path{root: p.root, parts: p.parts[:len(p.parts)-1]}
}

// withName is p.with_name(name).
func (p *path) withName(name string) (*path, error) {
	if p.name() == "" {
		return nil, lang.Errorf(lang.ValueError, "%s has an empty name", p.PyRepr())
	}
	if name == "" || name == "." || strings.Contains(name, "/") {
		return nil, lang.Errorf(lang.ValueError, "Invalid name %s", lang.Repr(name))
	}
	return &path{root: p.root, parts: append(slices.Clone(p.parts[:len(p.parts)-1]), name)}, nil
}

// withSuffix is p.with_suffix(suffix).
func (p *path) withSuffix(suffix string) (*path, error) {
	if strings.Contains(suffix, "/") || suffix != "" && (!strings.HasPrefix(suffix, ".") || suffix == ".") {
		return nil, lang.Errorf(lang.ValueError, "Invalid suffix %s", lang.Repr(suffix))
	}
	if p.name() == "" {
		return nil, lang.Errorf(lang.ValueError, "%s has an empty name", p.PyRepr())
	}
	// As CPython's, the new name is not checked again: Path('..0').with_suffix('') is Path('.').
	return &path{root: p.root, parts: append(slices.Clone(p.parts[:len(p.parts)-1]), p.stem()+suffix)}, nil
}

// relativeTo is p.relative_to(other).
func (p *path) relativeTo(other *path) (*path, error) {
	if other.root != p.root || len(other.parts) > len(p.parts) || !slices.Equal(p.parts[:len(other.parts)], other.parts) {
		return nil, lang.Errorf(lang.ValueError, "%s is not in the subpath of %s OR one path is relative and the other is absolute.",
			lang.Repr(p.String()), lang.Repr(other.String()))
	}
	return &path{parts: slices.Clone(p.parts[len(other.parts):])}, nil
}
