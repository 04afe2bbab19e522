// Package glob is Python's glob module for kael: glob, iglob and escape,
// with recursive '**', walking the file system as CPython's glob does
// (names in the order the directory gives, hidden names only for a
// pattern that starts with a dot). pathlib's glob uses it too.
package glob

import (
	"os"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/fnmatch"
)

// maxDepth bounds how deep '**' descends (links can make cycles).
const maxDepth = 1000

// Glob returns the paths that match pathname, relative to rootDir when it
// is not "" (the working directory otherwise), as CPython's glob.glob.
func Glob(pathname, rootDir string, recursive, includeHidden bool) []string {
	out := GlobAll(pathname, rootDir, recursive, includeHidden)
	if len(out) > 0 && out[0] == "" && (pathname == "" || recursive && strings.HasPrefix(pathname, "**") && isRecursive(pathname[:2])) {
		out = out[1:]
	}
	return out
}

// GlobAll is Glob keeping the "" that a pattern starting with '**'
// matches (the directory itself), as pathlib's glob wants it.
func GlobAll(pathname, rootDir string, recursive, includeHidden bool) []string {
	g := &globber{root: rootDir, recursive: recursive, hidden: includeHidden}
	return g.iglob(pathname, false)
}

type globber struct {
	root              string
	recursive, hidden bool
}

func isRecursive(p string) bool { return p == "**" }
func isHidden(p string) bool    { return p != "" && p[0] == '.' }

// join is glob's _join: a path from two parts either of which may be "".
func join(dir, base string) string {
	if dir == "" || base == "" {
		return dir + base
	}
	if strings.HasPrefix(base, "/") {
		return base
	}
	if strings.HasSuffix(dir, "/") {
		return dir + base
	}
	return dir + "/" + base
}

// split is os.path.split.
func split(p string) (head, tail string) {
	i := strings.LastIndexByte(p, '/') + 1
	head, tail = p[:i], p[i:]
	if head != "" && head != strings.Repeat("/", len(head)) {
		head = strings.TrimRight(head, "/")
	}
	return head, tail
}

func lexists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

func (g *globber) iglob(pathname string, dirOnly bool) []string {
	dirname, basename := split(pathname)
	if !fnmatch.HasMagic(pathname) {
		if basename != "" {
			if lexists(join(g.root, pathname)) {
				return []string{pathname}
			}
		} else if isDir(join(g.root, dirname)) {
			return []string{pathname}
		}
		return nil
	}
	if dirname == "" {
		if g.recursive && isRecursive(basename) {
			return g.glob2(g.root, dirOnly)
		}
		return g.glob1(g.root, basename, dirOnly)
	}
	dirs := []string{dirname}
	if dirname != pathname && fnmatch.HasMagic(dirname) {
		dirs = g.iglob(dirname, true)
	}
	var out []string
	for _, d := range dirs {
		var names []string
		switch {
		case !fnmatch.HasMagic(basename):
			names = g.glob0(join(g.root, d), basename)
		case g.recursive && isRecursive(basename):
			names = g.glob2(join(g.root, d), dirOnly)
		default:
			names = g.glob1(join(g.root, d), basename, dirOnly)
		}
		for _, n := range names {
			out = append(out, joinPath(d, n))
		}
	}
	return out
}

// joinPath is os.path.join of two parts.
func joinPath(a, b string) string {
	switch {
	case strings.HasPrefix(b, "/"):
		return b
	case a == "" || strings.HasSuffix(a, "/"):
		return a + b
	}
	return a + "/" + b
}

// listDir is glob's _listdir: the names in dir ("" the working
// directory), only directories when dirOnly; nothing when it cannot be
// read.
func listDir(dir string, dirOnly bool) []string {
	if dir == "" {
		dir = "."
	}
	f, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer f.Close()
	ents, err := f.ReadDir(-1)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range ents {
		if dirOnly {
			if e.Type()&os.ModeSymlink != 0 {
				if !isDir(join(dir, e.Name())) {
					continue
				}
			} else if !e.IsDir() {
				continue
			}
		}
		names = append(names, e.Name())
	}
	return names
}

func (g *globber) glob1(dir, pattern string, dirOnly bool) []string {
	p := fnmatch.Compile(pattern)
	var out []string
	for _, n := range listDir(dir, dirOnly) {
		if !g.hidden && !isHidden(pattern) && isHidden(n) {
			continue
		}
		if p.Match(n) {
			out = append(out, n)
		}
	}
	return out
}

func (g *globber) glob0(dir, basename string) []string {
	if basename != "" {
		if lexists(join(dir, basename)) {
			return []string{basename}
		}
	} else if isDir(dir) {
		return []string{basename}
	}
	return nil
}

func (g *globber) glob2(dir string, dirOnly bool) []string {
	out := []string{""}
	g.rlistDir(dir, dirOnly, 0, func(p string) { out = append(out, p) })
	return out
}

func (g *globber) rlistDir(dir string, dirOnly bool, depth int, emit func(string)) {
	if depth > maxDepth {
		return
	}
	for _, x := range listDir(dir, dirOnly) {
		if !g.hidden && isHidden(x) {
			continue
		}
		emit(x)
		path := x
		if dir != "" {
			path = join(dir, x)
		}
		g.rlistDir(path, dirOnly, depth+1, func(y string) { emit(join(x, y)) })
	}
}

// escape is glob.escape: the pattern characters put in brackets.
func escape(p string) string {
	var b strings.Builder
	for _, c := range p {
		if c == '*' || c == '?' || c == '[' {
			b.WriteString("[" + string(c) + "]")
		} else {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// globArgs reads glob and iglob's arguments.
func globArgs(a *lang.Args) ([]lang.Value, error) {
	var pathname string
	switch v := lang.ValueOf(a.Value("pathname")).(type) {
	case string:
		pathname = v
	case lang.PathLike:
		pathname = v.FSPath()
	default:
		return nil, lang.Errorf(lang.TypeError, "expected str, bytes or os.PathLike object, not %s", lang.TypeName(v))
	}
	root := ""
	if !a.IsNone("root_dir") {
		switch v := lang.ValueOf(a.Value("root_dir")).(type) {
		case string:
			root = v
		case lang.PathLike:
			root = v.FSPath()
		default:
			return nil, lang.Errorf(lang.TypeError, "expected str, bytes or os.PathLike object, not %s", lang.TypeName(v))
		}
	}
	recursive, hidden := a.Bool("recursive"), a.Bool("include_hidden")
	if err := a.Err(); err != nil {
		return nil, err
	}
	paths := Glob(pathname, root, recursive, hidden)
	out := make([]lang.Value, len(paths))
	for i, p := range paths {
		out[i] = p
	}
	return out, nil
}

var globModule = &lang.Module{Name: "glob", Attrs: map[string]lang.Value{
	"glob": lang.NewBuiltin(lang.AsValue, "glob(pathname, *, root_dir=None, recursive=False, include_hidden=False)", "The paths that match the shell pattern pathname ('*', '?', '[seq]'; with recursive, '**' any number of directories), as a list in the order the directories give (sort it for a stable order). Names starting with a dot match only a pattern that starts with one, unless include_hidden.", func(a *lang.Args) (lang.Value, error) {
		out, err := globArgs(a)
		if err != nil {
			return nil, err
		}
		return &lang.List{Elems: out}, nil
	}),
	"iglob": lang.NewBuiltin(lang.AsValue, "iglob(pathname, *, root_dir=None, recursive=False, include_hidden=False)", "glob's paths as an iterator.", func(a *lang.Args) (lang.Value, error) {
		out, err := globArgs(a)
		if err != nil {
			return nil, err
		}
		return lang.NewIterator("generator", out), nil
	}),
	"escape": lang.NewBuiltin(lang.AsValue, "escape(pathname)", "pathname with '*', '?' and '[' in brackets, so that glob matches it literally.", func(a *lang.Args) (lang.Value, error) {
		p := a.Str("pathname")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return escape(p), nil
	}),
	"has_magic": lang.NewBuiltin(lang.AsValue, "has_magic(s)", "Whether s has a pattern character ('*', '?', '[').", func(a *lang.Args) (lang.Value, error) {
		s := a.Str("s")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return fnmatch.HasMagic(s), nil
	}),
}}

func init() {
	lang.RegisterModule("glob", "Python's glob module: glob and iglob with recursive '**', and escape.", func() *lang.Module { return globModule })
}
