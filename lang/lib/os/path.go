package os

import (
	"os"
	"os/user"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/kael-dev/kael/lang"
)

// os.path, as CPython's posixpath: the path texts are computed as
// posixpath computes them, character for character, and the questions
// about files (exists, isfile, getsize) ask the file system.

// fsPath is os.fspath of a path argument: a str, a pathlib path, or an
// object whose class defines __fspath__ returning a str (kael has no
// bytes paths).
func fsPath(v lang.Value) (string, error) {
	switch x := lang.ValueOf(v).(type) {
	case string:
		return x, nil
	case lang.PathLike:
		return x.FSPath(), nil
	}
	if p, ok, err := lang.InstanceFSPath(v); ok || err != nil {
		return p, err
	}
	return "", lang.Errorf(lang.TypeError, "expected str, bytes or os.PathLike object, not %s", lang.TypeName(v))
}

// pathArg is the path argument name of an os function, refused as
// CPython's path converter refuses it: "mkdir: path should be string,
// bytes or os.PathLike, not float"; accepts lists what the function
// takes ("string, bytes or os.PathLike").
func pathArg(a *lang.Args, name, fn, accepts string) (string, error) {
	return pathValue(a.Value(name), fn, name, accepts)
}

// pathValue is pathArg of the value v, which CPython calls what.
func pathValue(v lang.Value, fn, what, accepts string) (string, error) {
	switch x := lang.ValueOf(v).(type) {
	case string:
		return x, nil
	case lang.PathLike:
		return x.FSPath(), nil
	}
	if p, ok, err := lang.InstanceFSPath(v); ok || err != nil {
		return p, err
	}
	return "", lang.Errorf(lang.TypeError, "%s: %s should be %s, not %s", fn, what, accepts, lang.TypeName(v))
}

// The lists of what CPython's os functions accept as a path.
const (
	pathOnly     = "string, bytes or os.PathLike"
	pathOrFD     = "string, bytes, os.PathLike or integer"
	pathFDOrNone = "string, bytes, os.PathLike, integer or None"
)

// joinPath is posixpath.join.
func joinPath(a string, parts ...string) string {
	path := a
	for _, b := range parts {
		switch {
		case strings.HasPrefix(b, "/"):
			path = b
		case path == "" || strings.HasSuffix(path, "/"):
			path += b
		default:
			path += "/" + b
		}
	}
	return path
}

// splitPath is posixpath.split: the part before the last slash (without
// its trailing slashes, unless it is all slashes) and the part after.
func splitPath(p string) (head, tail string) {
	i := strings.LastIndexByte(p, '/') + 1
	head, tail = p[:i], p[i:]
	if head != "" && head != strings.Repeat("/", len(head)) {
		head = strings.TrimRight(head, "/")
	}
	return head, tail
}

// splitExt is posixpath.splitext: the extension is from the last dot of
// the last component, unless that component is only leading dots before it.
func splitExt(p string) (root, ext string) {
	sep := strings.LastIndexByte(p, '/')
	dot := strings.LastIndexByte(p, '.')
	if dot > sep {
		for i := sep + 1; i < dot; i++ {
			if p[i] != '.' {
				return p[:dot], p[dot:]
			}
		}
	}
	return p, ""
}

// normPath is posixpath.normpath.
func normPath(p string) string {
	if p == "" {
		return "."
	}
	initial := 0
	if strings.HasPrefix(p, "/") {
		initial = 1
		if strings.HasPrefix(p, "//") && !strings.HasPrefix(p, "///") {
			initial = 2
		}
	}
	var comps []string
	for _, c := range strings.Split(p, "/") {
		switch {
		case c == "" || c == ".":
		case c != ".." || initial == 0 && len(comps) == 0 || len(comps) > 0 && comps[len(comps)-1] == "..":
			comps = append(comps, c)
		case len(comps) > 0:
			comps = comps[:len(comps)-1]
		}
	}
	out := strings.Repeat("/", initial) + strings.Join(comps, "/")
	if out == "" {
		return "."
	}
	return out
}

// absPath is posixpath.abspath.
func absPath(p string) (string, error) {
	if !strings.HasPrefix(p, "/") {
		cwd, err := os.Getwd()
		if err != nil {
			return "", lang.OSErrorFrom(err)
		}
		p = joinPath(cwd, p)
	}
	return normPath(p), nil
}

// relPath is posixpath.relpath.
func relPath(p, start string) (string, error) {
	if p == "" {
		return "", lang.Errorf(lang.ValueError, "no path specified")
	}
	absStart, err := absPath(start)
	if err != nil {
		return "", err
	}
	absP, err := absPath(p)
	if err != nil {
		return "", err
	}
	startList, pathList := nonEmpty(strings.Split(absStart, "/")), nonEmpty(strings.Split(absP, "/"))
	i := 0
	for i < len(startList) && i < len(pathList) && startList[i] == pathList[i] {
		i++
	}
	var rel []string
	for range len(startList) - i {
		rel = append(rel, "..")
	}
	rel = append(rel, pathList[i:]...)
	if len(rel) == 0 {
		return ".", nil
	}
	return joinPath(rel[0], rel[1:]...), nil
}

func nonEmpty(parts []string) []string {
	out := parts[:0]
	for _, s := range parts {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// expandUser is posixpath.expanduser: ~ is $HOME (or the user's home),
// ~name that user's home; a path that cannot be expanded is returned as
// it is.
func expandUser(p string) string {
	if !strings.HasPrefix(p, "~") {
		return p
	}
	i := strings.IndexByte(p[1:], '/') + 1
	if i == 0 {
		i = len(p)
	}
	var home string
	if i == 1 {
		if h, ok := os.LookupEnv("HOME"); ok {
			home = h
		} else if u, err := user.Current(); err == nil {
			home = u.HomeDir
		} else {
			return p
		}
	} else {
		u, err := user.Lookup(p[1:i])
		if err != nil {
			return p
		}
		home = u.HomeDir
	}
	home = strings.TrimRight(home, "/")
	if out := home + p[i:]; out != "" {
		return out
	}
	return "/"
}

// expandVars is posixpath.expandvars: $name and ${name} of variables that
// are set are replaced; the others are left as they are.
func expandVars(p string) string {
	if !strings.Contains(p, "$") {
		return p
	}
	var b strings.Builder
	for i := 0; i < len(p); {
		if p[i] != '$' {
			b.WriteByte(p[i])
			i++
			continue
		}
		j, braced := i+1, false
		if j < len(p) && p[j] == '{' {
			braced = true
			j++
		}
		k := j
		for k < len(p) && (p[k] == '_' || p[k] >= 'a' && p[k] <= 'z' || p[k] >= 'A' && p[k] <= 'Z' || p[k] >= '0' && p[k] <= '9') {
			k++
		}
		end := k
		if braced {
			if k >= len(p) || p[k] != '}' {
				// CPython's pattern needs the closing brace: keep the text.
				b.WriteByte('$')
				i++
				continue
			}
			end = k + 1
		}
		if k == j {
			b.WriteByte('$')
			i++
			continue
		}
		if v, ok := os.LookupEnv(p[j:k]); ok {
			b.WriteString(v)
		} else {
			b.WriteString(p[i:end])
		}
		i = end
	}
	return b.String()
}

// realPath is os.path.realpath: the absolute path with the symbolic links
// resolved, as far as they exist (the rest kept as it is).
func realPath(p string) (string, error) {
	abs, err := absPath(p)
	if err != nil {
		return "", err
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r, nil
	}
	// Resolve the longest existing prefix, as CPython's non-strict mode.
	head, tail := splitPath(abs)
	if head == abs || tail == "" {
		return abs, nil
	}
	rh, err := realPath(head)
	if err != nil {
		return "", err
	}
	return joinPath(rh, tail), nil
}

// commonPrefix is os.path.commonprefix: the longest common leading text.
func commonPrefix(paths []string) string {
	if len(paths) == 0 {
		return ""
	}
	lo, hi := paths[0], paths[0]
	for _, p := range paths[1:] {
		lo, hi = min(lo, p), max(hi, p)
	}
	i := 0
	for i < len(lo) && i < len(hi) && lo[i] == hi[i] {
		i++
	}
	for i > 0 && i < len(lo) && !utf8.RuneStart(lo[i]) {
		i-- // a character's bytes differ after its first
	}
	return lo[:i]
}

// strFunc is an os.path function of one path that returns a str.
func strFunc(sig, doc string, f func(p string) (lang.Value, error)) *lang.Builtin {
	return fn(sig, doc, func(a *lang.Args) (lang.Value, error) {
		p, err := fsPath(a.Value(a.Builtin().ParamNames()[0]))
		if err != nil {
			return nil, err
		}
		return f(p)
	})
}

// statQuestion is an os.path question about the file at a path (exists,
// isfile): false when it cannot be stat'ed, as CPython's.
func statQuestion(sig, doc string, follow bool, q func(mode uint32) bool) *lang.Builtin {
	return fn(sig, doc, func(a *lang.Args) (lang.Value, error) {
		if fd, ok := a.Value("path").(int64); ok {
			st, err := fstat(fd)
			if err != nil {
				return false, nil
			}
			return q(uint32(st.ints[0])), nil
		}
		p, err := pathArg(a, "path", "stat", pathOrFD)
		if err != nil {
			return nil, err
		}
		if strings.ContainsRune(p, 0) {
			return false, nil
		}
		st, err := statPath(p, follow)
		if err != nil {
			return false, nil
		}
		return q(uint32(st.ints[0])), nil
	})
}

// statField is an os.path function that returns one field of os.stat
// (getsize, getmtime): an OSError when the file cannot be stat'ed.
func statField(sig, doc string, field func(st *statResult) lang.Value) *lang.Builtin {
	return fn(sig, doc, func(a *lang.Args) (lang.Value, error) {
		if fd, ok := a.Value("filename").(int64); ok {
			st, err := fstat(fd)
			if err != nil {
				return nil, err
			}
			return field(st), nil
		}
		p, err := pathValue(a.Value("filename"), "stat", "path", pathOrFD)
		if err != nil {
			return nil, err
		}
		st, err := statPath(p, true)
		if err != nil {
			return nil, err
		}
		return field(st), nil
	})
}

// newPathModule makes os.path, when it is first imported.
func newPathModule() *lang.Module {
	return &lang.Module{Name: "os.path", Attrs: map[string]lang.Value{
		"sep":     "/",
		"altsep":  lang.None,
		"extsep":  ".",
		"pathsep": ":",
		"curdir":  ".",
		"pardir":  "..",
		"devnull": "/dev/null",
		"join": fn("join(a, *p)", "Joins path components with '/': a component that is absolute starts the path anew, as in CPython.", func(a *lang.Args) (lang.Value, error) {
			first, err := fsPath(a.Value("a"))
			if err != nil {
				return nil, err
			}
			rest := a.Value("p").(lang.Tuple)
			parts := make([]string, len(rest))
			for i, v := range rest {
				switch x := lang.ValueOf(v).(type) {
				case string:
					parts[i] = x
				case lang.PathLike:
					parts[i] = x.FSPath()
				default:
					return nil, lang.Errorf(lang.TypeError, "join() argument must be str, bytes, or os.PathLike object, not '%s'", lang.TypeName(v))
				}
			}
			return joinPath(first, parts...), nil
		}),
		"split": strFunc("split(p)", "(head, tail): tail is the last component, head the path before it.", func(p string) (lang.Value, error) {
			h, t := splitPath(p)
			return lang.Tuple{h, t}, nil
		}),
		"splitext": strFunc("splitext(p)", "(root, ext): ext is the extension of the last component, from its last dot ('' when none; a leading dot starts no extension).", func(p string) (lang.Value, error) {
			r, e := splitExt(p)
			return lang.Tuple{r, e}, nil
		}),
		"basename": strFunc("basename(p)", "The last component of p (after its last '/').", func(p string) (lang.Value, error) {
			_, t := splitPath(p)
			return t, nil
		}),
		"dirname": strFunc("dirname(p)", "The path before p's last component.", func(p string) (lang.Value, error) {
			h, _ := splitPath(p)
			return h, nil
		}),
		"normpath": strFunc("normpath(path)", "path with '.', '..' and doubled slashes resolved as text, as CPython's normpath.", func(p string) (lang.Value, error) {
			return normPath(p), nil
		}),
		"abspath": strFunc("abspath(path)", "The absolute, normalised path of path from the working directory.", func(p string) (lang.Value, error) {
			return absPath(p)
		}),
		"realpath": strFunc("realpath(filename)", "The absolute path of filename with its symbolic links resolved.", func(p string) (lang.Value, error) {
			return realPath(p)
		}),
		"expanduser": strFunc("expanduser(path)", "path with a leading ~ or ~user replaced by the home directory.", func(p string) (lang.Value, error) {
			return expandUser(p), nil
		}),
		"expandvars": strFunc("expandvars(path)", "path with $name and ${name} replaced by the environment variables that are set.", func(p string) (lang.Value, error) {
			return expandVars(p), nil
		}),
		"isabs": strFunc("isabs(s)", "Whether s starts with '/'.", func(p string) (lang.Value, error) {
			return strings.HasPrefix(p, "/"), nil
		}),
		"relpath": fn("relpath(path, start=None)", "path relative to start (the working directory by default), computed from the texts.", func(a *lang.Args) (lang.Value, error) {
			p, err := fsPath(a.Value("path"))
			if err != nil {
				return nil, err
			}
			start := "."
			if !a.IsNone("start") {
				if start, err = fsPath(a.Value("start")); err != nil {
					return nil, err
				}
			}
			return relPath(p, start)
		}),
		"commonprefix": fn("commonprefix(m)", "The longest leading text all the strings of m share (character by character, not by component).", func(a *lang.Args) (lang.Value, error) {
			items, err := lang.Collect(a.Value("m"))
			if err != nil {
				return nil, err
			}
			paths := make([]string, len(items))
			for i, v := range items {
				if paths[i], err = fsPath(v); err != nil {
					return nil, err
				}
			}
			return commonPrefix(paths), nil
		}),
		"commonpath": fn("commonpath(paths)", "The longest sub-path, by components, that all the paths share ('.' and empty components ignored); absolute and relative paths cannot mix.", func(a *lang.Args) (lang.Value, error) {
			items, err := lang.Collect(a.Value("paths"))
			if err != nil {
				return nil, err
			}
			paths := make([]string, len(items))
			for i, v := range items {
				if paths[i], err = fsPath(v); err != nil {
					return nil, err
				}
			}
			return commonPath(paths)
		}),
		"normcase": strFunc("normcase(s)", "s unchanged: POSIX paths keep their case.", func(p string) (lang.Value, error) {
			return p, nil
		}),
		"splitdrive": strFunc("splitdrive(p)", "('', p): POSIX paths have no drive.", func(p string) (lang.Value, error) {
			return lang.Tuple{"", p}, nil
		}),
		"samefile": fn("samefile(f1, f2)", "Whether f1 and f2 name the same file (the same device and inode, links followed).", func(a *lang.Args) (lang.Value, error) {
			var ids [2][2]int64
			for i, name := range []string{"f1", "f2"} {
				p, err := pathArg(a, name, "stat", pathOrFD)
				if err != nil {
					return nil, err
				}
				st, err := statPath(p, true)
				if err != nil {
					return nil, err
				}
				ids[i] = [2]int64{st.ints[1], st.ints[2]}
			}
			return ids[0] == ids[1], nil
		}),
		"defpath":                    "/bin:/usr/bin",
		"supports_unicode_filenames": false,
		"ismount": fn("ismount(path)", "Whether path is a mount point: a directory on another device than its parent, or the root.", func(a *lang.Args) (lang.Value, error) {
			p, err := fsPath(a.Value("path"))
			if err != nil {
				return nil, err
			}
			var st, parent syscall.Stat_t
			if syscall.Lstat(p, &st) != nil || st.Mode&syscall.S_IFMT == syscall.S_IFLNK {
				return false, nil
			}
			if syscall.Lstat(joinPath(p, ".."), &parent) != nil {
				return false, nil
			}
			return st.Dev != parent.Dev || st.Ino == parent.Ino, nil
		}),
		"samestat": fn("samestat(s1, s2)", "Whether the os.stat_results s1 and s2 are of the same file (device and inode).", func(a *lang.Args) (lang.Value, error) {
			var ids [2][2]lang.Value
			for i, name := range []string{"s1", "s2"} {
				for j, f := range []string{"st_ino", "st_dev"} {
					v, err := lang.GetAttr(a.Value(name), f)
					if err != nil {
						return nil, err
					}
					ids[i][j] = v
				}
			}
			return ids[0] == ids[1], nil
		}),
		"sameopenfile": fn("sameopenfile(fp1, fp2)", "Whether the descriptors fp1 and fp2 are of the same file.", func(a *lang.Args) (lang.Value, error) {
			var ids [2][2]uint64
			for i, name := range []string{"fp1", "fp2"} {
				fd, err := fdArg(a, name)
				if err != nil {
					return nil, err
				}
				var st syscall.Stat_t
				if err := syscall.Fstat(fd, &st); err != nil {
					return nil, fdErr(err)
				}
				ids[i] = [2]uint64{st.Ino, st.Dev}
			}
			return ids[0] == ids[1], nil
		}),
		"exists":   statQuestion("exists(path)", "Whether path names an existing file or directory (False for a broken link).", true, func(uint32) bool { return true }),
		"lexists":  statQuestion("lexists(path)", "Whether path exists, a broken symbolic link included.", false, func(uint32) bool { return true }),
		"isfile":   statQuestion("isfile(path)", "Whether path is a regular file (following links).", true, func(m uint32) bool { return m&syscall.S_IFMT == syscall.S_IFREG }),
		"isdir":    statQuestion("isdir(path)", "Whether path is a directory (following links).", true, func(m uint32) bool { return m&syscall.S_IFMT == syscall.S_IFDIR }),
		"islink":   statQuestion("islink(path)", "Whether path is a symbolic link.", false, func(m uint32) bool { return m&syscall.S_IFMT == syscall.S_IFLNK }),
		"getsize":  statField("getsize(filename)", "The size of the file in bytes.", func(st *statResult) lang.Value { return st.ints[6] }),
		"getmtime": statField("getmtime(filename)", "The time the file was last modified, in seconds since the Epoch.", func(st *statResult) lang.Value { return seconds(st.mtime) }),
		"getatime": statField("getatime(filename)", "The time the file was last read, in seconds since the Epoch.", func(st *statResult) lang.Value { return seconds(st.atime) }),
		"getctime": statField("getctime(filename)", "The time the file's metadata last changed, in seconds since the Epoch.", func(st *statResult) lang.Value { return seconds(st.ctime) }),
	}}
}

// commonPath is posixpath.commonpath: the components all paths share.
func commonPath(paths []string) (lang.Value, error) {
	if len(paths) == 0 {
		return nil, lang.Errorf(lang.ValueError, "commonpath() arg is an empty sequence")
	}
	abs := strings.HasPrefix(paths[0], "/")
	split := make([][]string, len(paths))
	for i, p := range paths {
		if strings.HasPrefix(p, "/") != abs {
			return nil, lang.Errorf(lang.ValueError, "Can't mix absolute and relative paths")
		}
		for _, c := range strings.Split(p, "/") {
			if c != "" && c != "." {
				split[i] = append(split[i], c)
			}
		}
	}
	s1, s2 := split[0], split[0]
	for _, s := range split[1:] {
		if slices.Compare(s, s1) < 0 {
			s1 = s
		}
		if slices.Compare(s, s2) > 0 {
			s2 = s
		}
	}
	common := s1
	for i, c := range s1 {
		if c != s2[i] {
			common = s1[:i]
			break
		}
	}
	prefix := ""
	if abs {
		prefix = "/"
	}
	return prefix + strings.Join(common, "/"), nil
}
