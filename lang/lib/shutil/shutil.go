// Package shutil is Python's shutil module for kael: copying files and
// trees (copyfile, copy, copy2, copytree), moving (move) and removing
// trees (rmtree), with CPython's errors. Files are read and written
// through kael's file guard: regular files only, never a FIFO or a
// device.
package shutil

import (
	"errors"
	"io"
	"os"
	"strings"
	"syscall"

	"github.com/kael-dev/kael/internal/fileguard"
	"github.com/kael-dev/kael/lang"
)

// The errors of shutil, as CPython names them.
const (
	Error         lang.ErrorKind = "shutil.Error"
	SameFileError lang.ErrorKind = "shutil.SameFileError"
)

var (
	errorClass    = lang.RegisterExceptionClass(Error, "shutil", "Error", lang.OSError)
	sameFileClass = lang.RegisterExceptionClass(SameFileError, "shutil", "SameFileError", Error)
)

// maxDepth bounds how deep copytree and rmtree go.
const maxDepth = 1000

// pathArg is a path argument: a str or a path-like value.
func pathArg(v lang.Value) (string, error) {
	switch x := lang.ValueOf(v).(type) {
	case string:
		return x, nil
	case lang.PathLike:
		return x.FSPath(), nil
	}
	return "", lang.Errorf(lang.TypeError, "expected str, bytes or os.PathLike object, not %s", lang.TypeName(v))
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
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

// baseName is os.path.basename of p without its trailing slashes, as
// shutil.move's _basename.
func baseName(p string) string {
	p = strings.TrimRight(p, "/")
	return p[strings.LastIndexByte(p, '/')+1:]
}

// copyFile is shutil.copyfile: src's contents into dst, through the file
// guard; with mode, dst gets src's permission bits too (copy), with
// times its times (copy2).
func copyFile(src, dst string, mode, times bool) error {
	if fs, err := os.Stat(src); err == nil {
		if fd, err := os.Stat(dst); err == nil && os.SameFile(fs, fd) {
			return lang.Errorf(SameFileError, "%s and %s are the same file", lang.Repr(src), lang.Repr(dst))
		}
	}
	in, fi, err := fileguard.OpenRegular(src, os.O_RDONLY, 0)
	if err != nil {
		return lang.OSErrorFrom(err, src)
	}
	defer in.Close()
	out, _, err := fileguard.OpenRegular(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
	if err != nil {
		return lang.OSErrorFrom(err, dst)
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return lang.OSErrorFrom(err, dst)
	}
	if err := out.Close(); err != nil {
		return lang.OSErrorFrom(err, dst)
	}
	if mode || times {
		if err := os.Chmod(dst, fi.Mode().Perm()); err != nil {
			return lang.OSErrorFrom(err, dst)
		}
	}
	if times {
		var st syscall.Stat_t
		if err := syscall.Stat(src, &st); err == nil {
			ts := []syscall.Timespec{st.Atim, st.Mtim}
			if err := syscall.UtimesNano(dst, ts); err != nil {
				return lang.OSErrorFrom(err, dst)
			}
		}
	}
	return nil
}

// copyTo is shutil.copy and copy2: into dst, or into the directory dst
// under src's name; it returns where.
func copyTo(src, dst string, times bool) (string, error) {
	if isDir(dst) {
		dst = joinPath(dst, baseName(src))
	}
	return dst, copyFile(src, dst, true, times)
}

// treeCopy is how copytree copies: links as links (symlinks) or as what
// they point to, an existing dst allowed (existOK), and ignore, which
// names the entries of a directory to leave out.
type treeCopy struct {
	existOK, symlinks bool
	ignore            func(dir string, names []string) (map[string]bool, error)
}

// copyTree is shutil.copytree.
func copyTree(src, dst string, existOK bool, depth int) error {
	return treeCopy{existOK: existOK, symlinks: true}.copy(src, dst, depth)
}

func (c treeCopy) copy(src, dst string, depth int) error {
	if depth > maxDepth {
		return lang.Errorf(lang.RecursionError, "shutil.copytree: more than %d nested directories", maxDepth)
	}
	f, err := os.Open(src)
	if err != nil {
		return lang.OSErrorFrom(err, src)
	}
	ents, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		if !isDir(src) {
			return lang.OSErrorFrom(syscall.ENOTDIR, src)
		}
		return lang.OSErrorFrom(err, src)
	}
	var skip map[string]bool
	if c.ignore != nil {
		names := make([]string, len(ents))
		for i, e := range ents {
			names[i] = e.Name()
		}
		if skip, err = c.ignore(src, names); err != nil {
			return err
		}
	}
	if err := syscall.Mkdir(dst, 0o777); err != nil && !(c.existOK && err == syscall.EEXIST && isDir(dst)) {
		return lang.OSErrorFrom(err, dst)
	}
	for _, e := range ents {
		if skip[e.Name()] {
			continue
		}
		s, d := joinPath(src, e.Name()), joinPath(dst, e.Name())
		link := e.Type()&os.ModeSymlink != 0
		switch {
		case link && c.symlinks:
			target, err := os.Readlink(s)
			if err == nil {
				err = os.Symlink(target, d)
			}
			if err != nil {
				return lang.OSErrorFrom(err, d)
			}
		case e.IsDir() || link && isDir(s):
			if err := c.copy(s, d, depth+1); err != nil {
				return err
			}
		default:
			if err := copyFile(s, d, true, true); err != nil {
				return err
			}
		}
	}
	if fi, err := os.Stat(src); err == nil {
		_ = os.Chmod(dst, fi.Mode().Perm())
	}
	return nil
}

// rmTree is shutil.rmtree: path and everything below it; a link to a
// directory is refused, as CPython refuses it.
func rmTree(path string) error { return rmTreeHandled(path, nil) }

// onError is rmtree's onerror: told the os function that failed ("lstat",
// "scandir", "unlink", "rmdir"), the path and the error, it returns the
// error that ends the removal, or nil to go on.
type onError func(fn, path string, err *lang.Error) error

// rmTreeHandled is rmTree with the errors given to handle (nil: the
// first error ends it).
func rmTreeHandled(path string, handle onError) error {
	if handle == nil {
		handle = func(_, _ string, err *lang.Error) error { return err }
	}
	fi, err := os.Lstat(path)
	if err != nil {
		return handle("lstat", path, lang.OSErrorFrom(err, path))
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		return handle("islink", path, lang.Errorf(lang.OSError, "Cannot call rmtree on a symbolic link"))
	}
	if !fi.IsDir() {
		if err := handle("scandir", path, lang.OSErrorFrom(syscall.ENOTDIR, path)); err != nil {
			return err
		}
		return handle("rmdir", path, lang.OSErrorFrom(syscall.ENOTDIR, path))
	}
	return removeAll(path, 0, handle)
}

func removeAll(dir string, depth int, handle onError) error {
	if depth > maxDepth {
		return lang.Errorf(lang.RecursionError, "shutil.rmtree: more than %d nested directories", maxDepth)
	}
	f, err := os.Open(dir)
	var ents []os.DirEntry
	if err == nil {
		ents, err = f.ReadDir(-1)
		f.Close()
	}
	if err != nil {
		if err := handle("scandir", dir, lang.OSErrorFrom(err, dir)); err != nil {
			return err
		}
	}
	for _, e := range ents {
		p := joinPath(dir, e.Name())
		if e.IsDir() {
			if err := removeAll(p, depth+1, handle); err != nil {
				return err
			}
			continue
		}
		if err := syscall.Unlink(p); err != nil {
			if err := handle("unlink", p, lang.OSErrorFrom(err, p)); err != nil {
				return err
			}
		}
	}
	if err := syscall.Rmdir(dir); err != nil {
		return handle("rmdir", dir, lang.OSErrorFrom(err, dir))
	}
	return nil
}

// move is shutil.move: a rename, or a copy and a removal across file
// systems; into dst when it is a directory.
func move(src, dst string) (string, error) {
	real := dst
	if isDir(dst) {
		if fs, err := os.Stat(src); err == nil {
			if fd, err := os.Stat(dst); err == nil && os.SameFile(fs, fd) {
				if err := syscall.Rename(src, dst); err != nil {
					return "", lang.OSErrorFrom(err, src, dst)
				}
				return dst, nil
			}
		}
		real = joinPath(dst, baseName(src))
		if _, err := os.Lstat(real); err == nil {
			return "", lang.Errorf(Error, "Destination path %s already exists", lang.Repr(real))
		}
	}
	err := syscall.Rename(src, real)
	if err == nil {
		return real, nil
	}
	if !errors.Is(err, syscall.EXDEV) {
		if _, serr := os.Lstat(src); serr != nil {
			return "", lang.OSErrorFrom(serr, src)
		}
		return "", lang.OSErrorFrom(err, src, real)
	}
	if isDir(src) {
		if err := copyTree(src, real, false, 0); err != nil {
			return "", err
		}
		return real, rmTree(src)
	}
	if err := copyFile(src, real, true, true); err != nil {
		return "", err
	}
	if err := syscall.Unlink(src); err != nil {
		return "", lang.OSErrorFrom(err, src)
	}
	return real, nil
}

// twoPaths reads src and dst.
func twoPaths(a *lang.Args) (string, string, error) {
	src, err := pathArg(a.Value("src"))
	if err != nil {
		return "", "", err
	}
	dst, err := pathArg(a.Value("dst"))
	return src, dst, err
}

// diskUsageType is disk_usage's named tuple, which CPython prints as usage(...).
var diskUsageType = &lang.ReturnType{Name: "usage", Qualified: "usage", Fields: []string{"total", "used", "free"}}

// which is shutil.which on POSIX: cmd itself when it has a directory part,
// else the first dirs entry holding it; a match is a file (not a
// directory) that access(2) allows for mode.
func which(cmd string, mode uint32, dirs string) (string, bool) {
	ok := func(p string) bool {
		info, err := os.Stat(p)
		return err == nil && !info.IsDir() && syscall.Access(p, mode) == nil
	}
	if strings.Contains(cmd, "/") { // os.path.dirname(cmd) is not empty
		return cmd, ok(cmd)
	}
	if dirs == "" {
		return "", false
	}
	seen := map[string]bool{}
	for _, d := range strings.Split(dirs, ":") {
		if seen[d] {
			continue
		}
		seen[d] = true
		name := cmd
		if d != "" {
			name = strings.TrimSuffix(d, "/") + "/" + cmd
		}
		if ok(name) {
			return name, true
		}
	}
	return "", false
}

var shutilModule = &lang.Module{Name: "shutil", Attrs: map[string]lang.Value{
	"copyfileobj": lang.NewBuiltin(lang.AsValue, "copyfileobj(fsrc, fdst, length=0)", "Copies what fsrc.read(length) gives, chunk by chunk until it gives nothing, to fdst.write (length 0: 64 KiB chunks; a negative length reads all at once), as CPython's.", func(a *lang.Args) (lang.Value, error) {
		n := a.Int("length")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if n == 0 {
			n = 64 * 1024 // shutil.COPY_BUFSIZE
		}
		read, err := lang.GetAttr(a.Value("fsrc"), "read")
		if err != nil {
			return nil, err
		}
		write, err := lang.GetAttr(a.Value("fdst"), "write")
		if err != nil {
			return nil, err
		}
		for {
			buf, err := a.Call(read, int64(n))
			if err != nil {
				return nil, err
			}
			if empty, err := lang.Truth(buf); err != nil {
				return nil, err
			} else if !empty {
				return lang.None, nil
			}
			if _, err := a.Call(write, buf); err != nil {
				return nil, err
			}
		}
	}),
	"Error":         errorClass,
	"SameFileError": sameFileClass,
	"copyfile": lang.NewBuiltin(lang.AsValue, "copyfile(src, dst)", "Copies the contents of the file src to the file dst (replacing it) and returns dst.", func(a *lang.Args) (lang.Value, error) {
		src, dst, err := twoPaths(a)
		if err != nil {
			return nil, err
		}
		return a.Value("dst"), copyFile(src, dst, false, false)
	}),
	"copy": lang.NewBuiltin(lang.AsValue, "copy(src, dst)", "Copies the file src, with its permission bits, to dst or into the directory dst, and returns the new file's path.", func(a *lang.Args) (lang.Value, error) {
		src, dst, err := twoPaths(a)
		if err != nil {
			return nil, err
		}
		return copyTo(src, dst, false)
	}),
	"copy2": lang.NewBuiltin(lang.AsValue, "copy2(src, dst)", "shutil.copy that keeps the file's times too.", func(a *lang.Args) (lang.Value, error) {
		src, dst, err := twoPaths(a)
		if err != nil {
			return nil, err
		}
		return copyTo(src, dst, true)
	}),
	"copytree": lang.NewBuiltin(lang.AsValue, "copytree(src, dst, symlinks=False, ignore=None, dirs_exist_ok=False)", "Copies the directory src and everything below it to dst (which must not exist, unless dirs_exist_ok), and returns dst. Links are copied as links with symlinks, else as what they point to; ignore(dir, names) (ignore_patterns(...)) names the entries of each directory to leave out.", func(a *lang.Args) (lang.Value, error) {
		src, dst, err := twoPaths(a)
		if err != nil {
			return nil, err
		}
		c := treeCopy{existOK: a.Bool("dirs_exist_ok"), symlinks: a.Bool("symlinks")}
		if err := a.Err(); err != nil {
			return nil, err
		}
		if ig := a.Value("ignore"); ig != lang.None {
			c.ignore = func(dir string, names []string) (map[string]bool, error) {
				list := make([]lang.Value, len(names))
				for i, n := range names {
					list[i] = n
				}
				got, err := a.Call(ig, dir, &lang.List{Elems: list})
				if err != nil {
					return nil, err
				}
				skip := map[string]bool{}
				err = lang.Iterate(got, func(v lang.Value) bool {
					if s, ok := v.(string); ok {
						skip[s] = true
					}
					return true
				})
				return skip, err
			}
		}
		return a.Value("dst"), c.copy(src, dst, 0)
	}),
	"rmtree": lang.NewBuiltin(lang.AsValue, "rmtree(path, ignore_errors=False, onerror=None)", "Deletes the directory path and everything below it; with ignore_errors, errors are ignored; else onerror(function, path, exc_info) is called for each (function the os function that failed: os.lstat, os.scandir, os.unlink, os.rmdir), or the first is raised.", func(a *lang.Args) (lang.Value, error) {
		p, err := pathArg(a.Value("path"))
		if err != nil {
			return nil, err
		}
		ignore := a.Bool("ignore_errors")
		if err := a.Err(); err != nil {
			return nil, err
		}
		var handle onError
		switch {
		case ignore:
			handle = func(string, string, *lang.Error) error { return nil }
		case a.Value("onerror") != lang.None:
			osMod, err := a.Import("os")
			if err != nil {
				return nil, err
			}
			handle = func(fn, path string, e *lang.Error) error {
				f := lang.Value(lang.None)
				if fn == "islink" {
					f, _ = a.Import("os.path")
				}
				if v, ok := osMod.Attrs[fn]; ok {
					f = v
				} else if m, ok := f.(*lang.Module); ok {
					f = m.Attrs[fn]
				}
				exc := lang.ExceptionOf(e)
				_, err := a.Call(a.Value("onerror"), f, path, lang.Tuple{lang.TypeOf(exc), exc, lang.None})
				return err
			}
		}
		if err := rmTreeHandled(p, handle); err != nil {
			return nil, err
		}
		return lang.None, nil
	}),
	"which": lang.NewBuiltin(lang.AsValue, "which(cmd, mode=1, path=None)", "The path of the program cmd: cmd itself when it names a directory, else the first file of that name in path (PATH's directories) that mode (os.X_OK by default) allows; None when there is none.", func(a *lang.Args) (lang.Value, error) {
		cmd, err := pathArg(a.Value("cmd"))
		if err != nil {
			return nil, err
		}
		mode := uint32(a.Int("mode"))
		if err := a.Err(); err != nil {
			return nil, err
		}
		dirs, ok := os.LookupEnv("PATH")
		if !a.IsNone("path") {
			if dirs, err = pathArg(a.Value("path")); err != nil {
				return nil, err
			}
		} else if !ok {
			dirs = "/bin:/usr/bin" // os.confstr('CS_PATH')
		}
		if p, found := which(cmd, mode, dirs); found {
			return p, nil
		}
		return lang.None, nil
	}),
	"disk_usage": lang.NewBuiltin(lang.AsValue, "disk_usage(path)", "The file system of path's total, used and free bytes, as the named tuple usage(total, used, free).", func(a *lang.Args) (lang.Value, error) {
		p, err := pathArg(a.Value("path"))
		if err != nil {
			return nil, err
		}
		var st syscall.Statfs_t
		if err := syscall.Statfs(p, &st); err != nil {
			return nil, lang.OSErrorFrom(err, p)
		}
		bs := int64(st.Frsize)
		return lang.NewNamedTuple(diskUsageType, int64(st.Blocks)*bs, int64(st.Blocks-st.Bfree)*bs, int64(st.Bavail)*bs), nil
	}),
	"move": lang.NewBuiltin(lang.AsValue, "move(src, dst)", "Moves the file or directory src to dst, or into the directory dst, and returns where it went.", func(a *lang.Args) (lang.Value, error) {
		src, dst, err := twoPaths(a)
		if err != nil {
			return nil, err
		}
		return move(src, dst)
	}),
}}

func init() {
	for k, v := range archiveFunctions {
		shutilModule.Attrs[k] = v
	}
	lang.RegisterModule("shutil", "Python's shutil module: copyfile, copy, copy2, copymode, copystat, copytree (ignore_patterns), move, rmtree, which, disk_usage, make_archive and unpack_archive (zip, tar, gztar), chown and get_terminal_size.", func() *lang.Module { return shutilModule })
}
