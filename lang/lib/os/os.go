// Package os is Python's os and os.path modules for kael: the file
// system (listdir, mkdir, makedirs, remove, rename, walk, scandir, stat),
// the working directory, the environment (environ, getenv) and the
// process (getpid, cpu_count), with CPython's OSError subclasses and
// messages; os.path computes paths as CPython's posixpath does.
package os

import (
	"errors"
	"io/fs"
	"os"
	"runtime"
	"sort"
	"syscall"

	"github.com/kael-dev/kael/lang"
)

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// fn makes a module function.
func fn(sig, doc string, f func(a *lang.Args) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, f)
}

// pathOp is an os function of one path that returns None: it reads the
// path as CPython's converter does (accepts) and runs op on it.
func pathOp(sig, doc, name, accepts string, op func(path string) error) *lang.Builtin {
	return fn(sig, doc, func(a *lang.Args) (lang.Value, error) {
		p, err := pathArg(a, "path", name, accepts)
		if err != nil {
			return nil, err
		}
		if err := op(p); err != nil {
			return nil, lang.OSErrorFrom(err, p)
		}
		return lang.None, nil
	})
}

// mode is the mode argument of mkdir and makedirs.
func mode(a *lang.Args) uint32 { return uint32(a.Int("mode")) }

// makedirs is os.makedirs: every missing directory of name, each with
// mode; an existing name is FileExistsError unless existOK (and it is a
// directory).
func makedirs(name string, perm uint32, existOK bool) error {
	head, tail := splitPath(name)
	if tail == "" {
		head, tail = splitPath(head)
	}
	if head != "" && tail != "" {
		if _, err := os.Lstat(head); errors.Is(err, fs.ErrNotExist) {
			if err := makedirs(head, perm, true); err != nil {
				var le *lang.Error
				if !errors.As(err, &le) || le.Kind != lang.FileExistsError {
					return err
				}
			}
			if tail == "." {
				return nil
			}
		}
	}
	if err := syscall.Mkdir(name, perm); err != nil {
		if fi, serr := os.Stat(name); existOK && serr == nil && fi.IsDir() {
			return nil
		}
		return lang.OSErrorFrom(err, name)
	}
	return nil
}

// osModuleAttrs is os with its own attributes; newOSModule adds the rest.
func osModuleAttrs() *lang.Module {
	return &lang.Module{Name: "os", Attrs: map[string]lang.Value{
		"sep":      "/",
		"altsep":   lang.None,
		"extsep":   ".",
		"pathsep":  ":",
		"linesep":  "\n",
		"curdir":   ".",
		"pardir":   "..",
		"devnull":  "/dev/null",
		"SEEK_SET": int64(0),
		"SEEK_CUR": int64(1),
		"SEEK_END": int64(2),
		"name":     "posix",
		"environ":  environ{},
		"getcwd": fn("getcwd()", "The current working directory, as an absolute path.", func(a *lang.Args) (lang.Value, error) {
			d, err := os.Getwd()
			if err != nil {
				return nil, lang.OSErrorFrom(err)
			}
			return d, nil
		}),
		"chdir": pathOp("chdir(path)", "Makes path the working directory (of the whole process: every session's relative paths change).", "chdir", pathOrFD, syscall.Chdir),
		"listdir": fn("listdir(path=None)", "The names of the entries of the directory path (the working directory by default), in the order the file system gives, without '.' and '..'.", func(a *lang.Args) (lang.Value, error) {
			p := "."
			if !a.IsNone("path") {
				var err error
				if p, err = pathArg(a, "path", "listdir", pathFDOrNone); err != nil {
					return nil, err
				}
			}
			ents, err := readDir(p)
			if err != nil {
				return nil, err
			}
			out := make([]lang.Value, len(ents))
			for i, e := range ents {
				out[i] = e.name
			}
			return &lang.List{Elems: out}, nil
		}),
		"scandir": fn("scandir(path=None)", "An iterator of os.DirEntry for the entries of the directory path (name, path, is_dir(), is_file(), is_symlink(), stat()); also a context manager.", func(a *lang.Args) (lang.Value, error) {
			p := "."
			if !a.IsNone("path") {
				var err error
				if p, err = pathArg(a, "path", "scandir", pathFDOrNone); err != nil {
					return nil, err
				}
			}
			ents, err := readDir(p)
			if err != nil {
				return nil, err
			}
			out := make([]lang.Value, len(ents))
			for i, e := range ents {
				if a.IsNone("path") {
					e.path = "./" + e.name
				}
				out[i] = e
			}
			return &scandirIterator{*lang.NewIterator("posix.ScandirIterator", out)}, nil
		}),
		"mkdir": fn("mkdir(path, mode=511)", "Makes the directory path; FileExistsError when it exists, FileNotFoundError when its parent does not.", func(a *lang.Args) (lang.Value, error) {
			p, err := pathArg(a, "path", "mkdir", pathOnly)
			if err != nil {
				return nil, err
			}
			perm := mode(a)
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := syscall.Mkdir(p, perm); err != nil {
				return nil, lang.OSErrorFrom(err, p)
			}
			return lang.None, nil
		}),
		"makedirs": fn("makedirs(name, mode=511, exist_ok=False)", "Makes the directory name and every missing one above it; an existing name is FileExistsError unless exist_ok.", func(a *lang.Args) (lang.Value, error) {
			p, err := fsPath(a.Value("name"))
			if err != nil {
				return nil, err
			}
			perm, existOK := mode(a), a.Bool("exist_ok")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := makedirs(p, perm, existOK); err != nil {
				return nil, err
			}
			return lang.None, nil
		}),
		"remove": pathOp("remove(path)", "Deletes the file path (IsADirectoryError for a directory: use rmdir).", "remove", pathOnly, syscall.Unlink),
		"unlink": pathOp("unlink(path)", "os.remove under its other name.", "remove", pathOnly, syscall.Unlink),
		"rmdir":  pathOp("rmdir(path)", "Deletes the empty directory path.", "rmdir", pathOnly, syscall.Rmdir),
		"chmod": fn("chmod(path, mode)", "Sets the permission bits of path to mode (0o755, ...).", func(a *lang.Args) (lang.Value, error) {
			p, err := pathArg(a, "path", "chmod", pathOrFD)
			if err != nil {
				return nil, err
			}
			m := uint32(a.Int("mode"))
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := syscall.Chmod(p, m); err != nil {
				return nil, lang.OSErrorFrom(err, p)
			}
			return lang.None, nil
		}),
		"access": fn("access(path, mode)", "Whether the process may use path as mode says: F_OK (it exists), or R_OK, W_OK, X_OK or'd together.", func(a *lang.Args) (lang.Value, error) {
			p, err := pathArg(a, "path", "access", pathOrFD)
			if err != nil {
				return nil, err
			}
			m := uint32(a.Int("mode"))
			if err := a.Err(); err != nil {
				return nil, err
			}
			return syscall.Access(p, m) == nil, nil
		}),
		"F_OK": int64(0), "R_OK": int64(4), "W_OK": int64(2), "X_OK": int64(1),
		"rename": fn("rename(src, dst)", "Renames the file or directory src to dst (replacing a file dst).", func(a *lang.Args) (lang.Value, error) {
			return rename(a, "rename")
		}),
		"replace": fn("replace(src, dst)", "os.rename, which replaces dst on POSIX too.", func(a *lang.Args) (lang.Value, error) {
			return rename(a, "replace")
		}),
		"stat": fn("stat(path, *, follow_symlinks=True)", "The os.stat_result of path (or of the descriptor path): st_mode, st_size, st_mtime, ...", func(a *lang.Args) (lang.Value, error) {
			if fd, ok := a.Value("path").(int64); ok {
				return fstat(fd)
			}
			p, err := pathArg(a, "path", "stat", pathOrFD)
			if err != nil {
				return nil, err
			}
			follow := a.Bool("follow_symlinks")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return statPath(p, follow)
		}),
		"walk": fn("walk(top, topdown=True, onerror=None, followlinks=False)", "A generator of (dirpath, dirnames, filenames) for top and every directory below it. Top-down, changing dirnames in place (dirnames[:] = ...) chooses the subdirectories visited; an unreadable directory is skipped, or given to onerror.", func(a *lang.Args) (lang.Value, error) {
			top, err := fsPath(a.Value("top"))
			if err != nil {
				return nil, err
			}
			w := &walk{top: top, topdown: a.Bool("topdown"), follow: a.Bool("followlinks"), onerror: a.Value("onerror"), s: a.Session()}
			return w, a.Err()
		}),
		"getenv": fn("getenv(key, default=None)", "The environment variable key, or default when it is not set.", func(a *lang.Args) (lang.Value, error) {
			k, err := envKey(a.Value("key"))
			if err != nil {
				return nil, err
			}
			if v, ok := os.LookupEnv(k); ok {
				return v, nil
			}
			return a.Value("default"), nil
		}),
		"putenv": fn("putenv(key, value)", "Sets the environment variable key to value.", func(a *lang.Args) (lang.Value, error) {
			return lang.None, setEnv(a.Value("key"), a.Value("value"))
		}),
		"cpu_count": fn("cpu_count()", "The number of CPUs of the machine.", func(a *lang.Args) (lang.Value, error) {
			return int64(runtime.NumCPU()), nil
		}),
		"getpid": fn("getpid()", "The process's id.", func(a *lang.Args) (lang.Value, error) {
			return int64(os.Getpid()), nil
		}),
		"fspath": fn("fspath(path)", "path itself when it is a str, the path a pathlib path stands for; else CPython's TypeError.", func(a *lang.Args) (lang.Value, error) {
			if _, isStr := lang.ValueOf(a.Value("path")).(string); isStr {
				return a.Value("path"), nil // a str subclass's object, as CPython's
			}
			return fsPath(a.Value("path"))
		}),
	}}
}

// rename is os.rename and os.replace.
func rename(a *lang.Args, name string) (lang.Value, error) {
	src, err := pathArg(a, "src", name, pathOnly)
	if err != nil {
		return nil, err
	}
	dst, err := pathArg(a, "dst", name, pathOnly)
	if err != nil {
		return nil, err
	}
	if err := syscall.Rename(src, dst); err != nil {
		return nil, lang.OSErrorFrom(err, src, dst)
	}
	return lang.None, nil
}

// newOSModule makes os, when it is first imported (the registry builds a
// module once): its 150-odd builtins are not in every program's
// start-up heap.
func newOSModule() *lang.Module {
	m := osModuleAttrs()
	for _, table := range []map[string]lang.Value{fdFunctions(), moreFunctions()} {
		for k, v := range table {
			m.Attrs[k] = v
		}
	}
	for _, table := range []map[string]int64{openFlags, exitCodes} {
		for k, v := range table {
			m.Attrs[k] = v
		}
	}
	for _, name := range processFunctions {
		m.Attrs[name] = refused(name)
	}
	m.Attrs["error"], _ = lang.ExceptionClass("OSError")
	// os.environ |= m assigns os.environ back; only itself may be.
	m.Settable = map[string]bool{"environ": true}
	m.OnSet = func(name string, v lang.Value) error {
		if _, ok := v.(environ); !ok {
			return lang.Errorf(lang.AttributeError, "kael's os.environ is the process's environment; it cannot be replaced by another object").
				WithHint("change its variables instead: os.environ.update(...), os.environ.clear()")
		}
		return nil
	}
	m.Attrs["PathLike"] = pathLikeClass{}
	return m
}

func init() {
	lang.RegisterModule("os", "Python's os module: files and directories (listdir, scandir, mkdir, makedirs, remove, rename, rmdir, walk, stat), the working directory, environ and getenv, getpid and cpu_count.", newOSModule)
	lang.RegisterModule("os.path", "Python's os.path (posixpath): join, split, splitext, basename, dirname, normpath, abspath, relpath, expanduser, and exists, isfile, isdir, getsize.", newPathModule)
	lang.RegisterMethodTable("posix.DirEntry", dirEntryMethods)
	lang.RegisterMethodTable("os._Environ", environMethods)
}
