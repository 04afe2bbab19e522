package pathlib

import (
	"slices"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// pathlib.PureWindowsPath: a Windows path parsed as CPython 3.11's
// _WindowsFlavour parses it (a drive "c:" or a UNC share
// "\\server\share", a root "\", the components; '/' read as '\'),
// compared without case, printed with '\' (as_posix and repr with '/').
// It touches no file system; WindowsPath, the concrete class, cannot be
// made on a POSIX system, as in CPython.

// winPath is a PureWindowsPath.
type winPath struct {
	drv, root string
	parts     []string // the components after the anchor
}

var (
	_ lang.HasAttrs = (*winPath)(nil)
	_ lang.Reprer   = (*winPath)(nil)
	_ lang.Equaler  = (*winPath)(nil)
	_ lang.Hashable = (*winPath)(nil)
	_ lang.PathLike = (*winPath)(nil)
	_ lang.Operand  = (*winPath)(nil)
)

// isDriveLetter reports whether c may name a drive.
func isDriveLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// splitWinRoot splits a path text whose separators are '\' into its
// drive, root and the rest, as _WindowsFlavour.splitroot.
func splitWinRoot(part string) (drv, root, rest string) {
	if strings.HasPrefix(part, `\\`) && !strings.HasPrefix(part, `\\\`) {
		// a UNC path: \\machine\mountpoint\directory\...
		if i := strings.IndexByte(part[2:], '\\'); i >= 0 {
			i += 2
			// no two separators in a row after the machine
			if j := strings.IndexByte(part[i+1:], '\\'); j != 0 {
				end := len(part)
				if j > 0 {
					end = i + 1 + j
					rest = part[end+1:]
				}
				return part[:end], "\\", rest
			}
		}
	}
	rest = part
	if len(rest) >= 2 && rest[1] == ':' && isDriveLetter(rest[0]) {
		drv, rest = rest[:2], rest[2:]
	}
	if strings.HasPrefix(rest, "\\") {
		root, rest = "\\", strings.TrimLeft(rest, "\\")
	}
	return drv, root, rest
}

// components are the non-empty components of rest other than ".".
func components(rest string) []string {
	var out []string
	for _, c := range strings.Split(rest, "\\") {
		if c != "" && c != "." {
			out = append(out, c)
		}
	}
	return out
}

// parseWin is one path text as a winPath.
func parseWin(s string) *winPath {
	drv, root, rest := splitWinRoot(strings.ReplaceAll(s, "/", "\\"))
	return &winPath{drv: drv, root: root, parts: components(rest)}
}

// winSegment is an argument of PureWindowsPath(...), joinpath and /.
func winSegment(v lang.Value) (*winPath, error) {
	switch x := lang.ValueOf(v).(type) {
	case string:
		return parseWin(x), nil
	case *winPath:
		return x, nil
	case lang.PathLike:
		return parseWin(x.FSPath()), nil
	}
	return nil, lang.Errorf(lang.TypeError, "expected str, bytes or os.PathLike object, not %s", lang.TypeName(v))
}

// newWin is PureWindowsPath(*args), as _parse_parts reads its
// arguments: from the last, stopping at the first with a drive or a
// root (taking the drive of an earlier one for a root alone).
func newWin(args []lang.Value) (*winPath, error) {
	segs := make([]*winPath, len(args))
	for i, v := range args {
		s, err := winSegment(v)
		if err != nil {
			return nil, err
		}
		segs[i] = s
	}
	out := &winPath{}
	for i := len(segs) - 1; i >= 0; i-- {
		s := segs[i]
		out.parts = append(slices.Clone(s.parts), out.parts...)
		if s.drv == "" && s.root == "" {
			continue
		}
		out.drv, out.root = s.drv, s.root
		if s.drv == "" {
			for j := i - 1; j >= 0; j-- {
				if segs[j].drv != "" {
					out.drv = segs[j].drv
					break
				}
			}
		}
		break
	}
	return out, nil
}

// join is p / o, as _join_parsed_parts.
func (p *winPath) join(o *winPath) *winPath {
	switch {
	case o.root != "":
		if o.drv == "" && p.drv != "" {
			return &winPath{drv: p.drv, root: o.root, parts: o.parts}
		}
		return o
	case o.drv != "":
		if strings.EqualFold(o.drv, p.drv) {
			return &winPath{drv: p.drv, root: p.root, parts: append(slices.Clone(p.parts), o.parts...)}
		}
		return o
	}
	return &winPath{drv: p.drv, root: p.root, parts: append(slices.Clone(p.parts), o.parts...)}
}

func (p *winPath) anchor() string { return p.drv + p.root }

func (p *winPath) String() string {
	s := p.anchor() + strings.Join(p.parts, "\\")
	if s == "" {
		return "."
	}
	return s
}

func (p *winPath) asPosix() string { return strings.ReplaceAll(p.String(), "\\", "/") }
func (p *winPath) FSPath() string  { return p.String() }
func (p *winPath) TypeName() string {
	return "PureWindowsPath"
}
func (p *winPath) PyRepr() string { return "PureWindowsPath(" + lang.Repr(p.asPosix()) + ")" }

// folded is the path as Windows compares it: without case.
func (p *winPath) folded() string { return strings.ToLower(p.String()) }

func (p *winPath) Equal(other lang.Value) bool {
	o, ok := other.(*winPath)
	return ok && o.folded() == p.folded()
}

func (p *winPath) HashKey() (string, error) { return "PureWindowsPath:" + p.folded(), nil }

// SpecialMethodNames are the special methods a path has from its
// protocols: / and its reflection (lang.SpecialMethodNamer).
func (*winPath) SpecialMethodNames() string { return "truediv rtruediv" }

// BinaryOp is p / x and x / p.
func (p *winPath) BinaryOp(op syntax.Token, other lang.Value, reflected bool) (lang.Value, bool, error) {
	if op != syntax.SLASH {
		return nil, false, nil
	}
	o, err := winSegment(other)
	if err != nil {
		return nil, false, nil
	}
	if reflected {
		return o.join(p), true, nil
	}
	return p.join(o), true, nil
}

// asPosixPath is p's components as a posix path, to reuse its name,
// suffix and stem rules.
func (p *winPath) asPosixPath() *path { return &path{parts: p.parts} }

func (p *winPath) allParts() []lang.Value {
	var out []lang.Value
	if a := p.anchor(); a != "" {
		out = append(out, a)
	}
	for _, c := range p.parts {
		out = append(out, c)
	}
	return out
}

func (p *winPath) parent() *winPath {
	if len(p.parts) == 0 {
		return p
	}
	return &winPath{drv: p.drv, root: p.root, parts: p.parts[:len(p.parts)-1]}
}

func (p *winPath) Attr(name string) (lang.Value, bool) {
	pp := p.asPosixPath()
	switch name {
	case "drive":
		return p.drv, true
	case "root":
		return p.root, true
	case "anchor":
		return p.anchor(), true
	case "parts":
		return lang.Tuple(p.allParts()), true
	case "name":
		return pp.name(), true
	case "suffix":
		return pp.suffix(), true
	case "suffixes":
		return &lang.List{Elems: pp.suffixes()}, true
	case "stem":
		return pp.stem(), true
	case "parent":
		return p.parent(), true
	}
	if m, ok := winMethods[name]; ok {
		return &lang.BoundMethod{Recv: p, Method: m}, true
	}
	return nil, false
}

func (p *winPath) AttrNames() []string {
	return append(sortedKeys(winMethods), "anchor", "drive", "name", "parent", "parts", "root", "stem", "suffix", "suffixes")
}

// winMethod makes a PureWindowsPath method; fn gets the path.
func winMethod(sig, doc string, fn func(a *lang.Args, p *winPath) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		p, ok := a.Value("self").(*winPath)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "a PureWindowsPath method needs a PureWindowsPath, not %s", lang.TypeName(a.Value("self")))
		}
		return fn(a, p)
	})
}

var winMethods = map[string]*lang.Builtin{}

func init() {
	for _, m := range []*lang.Builtin{
		winMethod("as_posix(self)", "The path as a str with '/'.", func(a *lang.Args, p *winPath) (lang.Value, error) { return p.asPosix(), nil }),
		winMethod("__fspath__(self)", "The path as a str, with '\\'.", func(a *lang.Args, p *winPath) (lang.Value, error) { return p.String(), nil }),
		winMethod("joinpath(self, *args)", "The path with each argument joined on, as the / operator.", func(a *lang.Args, p *winPath) (lang.Value, error) {
			for _, v := range a.Value("args").(lang.Tuple) {
				o, err := winSegment(v)
				if err != nil {
					return nil, err
				}
				p = p.join(o)
			}
			return p, nil
		}),
		winMethod("is_absolute(self)", "Whether the path has both a drive and a root.", func(a *lang.Args, p *winPath) (lang.Value, error) {
			return p.root != "" && p.drv != "", nil
		}),
		winMethod("with_name(self, name)", "The path with its name replaced.", func(a *lang.Args, p *winPath) (lang.Value, error) {
			n, err := strArg(a, "name")
			if err != nil {
				return nil, err
			}
			if len(p.parts) == 0 {
				return nil, lang.Errorf(lang.ValueError, "%s has an empty name", p.PyRepr())
			}
			q := parseWin(n)
			if n == "" || strings.HasSuffix(n, "\\") || strings.HasSuffix(n, "/") || q.drv != "" || q.root != "" || len(q.parts) != 1 {
				return nil, lang.Errorf(lang.ValueError, "Invalid name %s", lang.Repr(n))
			}
			return &winPath{drv: p.drv, root: p.root, parts: append(slices.Clone(p.parts[:len(p.parts)-1]), n)}, nil
		}),
		winMethod("with_suffix(self, suffix)", "The path with its suffix replaced (added, or removed with '').", func(a *lang.Args, p *winPath) (lang.Value, error) {
			s, err := strArg(a, "suffix")
			if err != nil {
				return nil, err
			}
			if strings.ContainsAny(s, "\\/") || s != "" && (!strings.HasPrefix(s, ".") || s == ".") {
				return nil, lang.Errorf(lang.ValueError, "Invalid suffix %s", lang.Repr(s))
			}
			if len(p.parts) == 0 {
				return nil, lang.Errorf(lang.ValueError, "%s has an empty name", p.PyRepr())
			}
			return &winPath{drv: p.drv, root: p.root, parts: append(slices.Clone(p.parts[:len(p.parts)-1]), p.asPosixPath().stem()+s)}, nil
		}),
	} {
		winMethods[m.Name] = m
	}
	lang.RegisterMethodTable("PureWindowsPath", winMethods)
}

// winClass is pathlib.PureWindowsPath or WindowsPath (which cannot be
// made here, as on CPython under POSIX).
type winClass struct{ name string }

var (
	_ lang.HasAttrs        = (*winClass)(nil)
	_ lang.InstanceChecker = (*winClass)(nil)
	_ lang.Reprer          = (*winClass)(nil)
)

func (c *winClass) TypeName() string { return "type" }
func (c *winClass) PyRepr() string   { return "<class 'pathlib." + c.name + "'>" }

func (c *winClass) InstanceCheck(obj lang.Value) (bool, error) {
	_, ok := obj.(*winPath)
	return ok && c.name == "PureWindowsPath", nil
}

func (c *winClass) SubclassCheck(cls lang.Value) (bool, error) {
	o, ok := cls.(*winClass)
	return ok && (o == c || c.name == "PureWindowsPath"), nil
}

func (c *winClass) Attr(name string) (lang.Value, bool) {
	if v, ok := classDunder(c.name, name); ok {
		return v, true
	}
	switch name {
	case "__name__":
		return c.name, true
	case "__call__":
		return lang.NewBuiltin(lang.AsValue, c.name+"(*pathsegments)", "A Windows path from its segments (str or paths): a drive, a root and components, '/' read as '\\'.", func(a *lang.Args) (lang.Value, error) {
			if c.name == "WindowsPath" {
				return nil, lang.Errorf(lang.ErrorKind("NotImplementedError"), "cannot instantiate 'WindowsPath' on your system")
			}
			return newWin(a.Value("pathsegments").(lang.Tuple))
		}), true
	}
	if m, ok := winMethods[name]; ok {
		return m, true
	}
	return nil, false
}

func (c *winClass) AttrNames() []string { return []string{"__module__", "__name__"} }
