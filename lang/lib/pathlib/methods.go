package pathlib

import (
	"os"
	"syscall"
	"time"

	"github.com/kael-dev/kael/lang"
	pyos "github.com/kael-dev/kael/lang/lib/os"
)

// method makes a Path method; fn gets the path.
func method(sig, doc string, fn func(a *lang.Args, p *path) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		return fn(a, a.Value("self").(*path))
	})
}

// strArg is the str argument name, or CPython's TypeError.
func strArg(a *lang.Args, name string) (string, error) {
	s, ok := lang.ValueOf(a.Value(name)).(string)
	if !ok {
		return "", lang.Errorf(lang.TypeError, "%s must be str, not %s", name, lang.TypeName(a.Value(name)))
	}
	return s, nil
}

var pathMethods = map[string]*lang.Builtin{}

func init() {
	for _, m := range []*lang.Builtin{
		method("joinpath(self, *args)", "The path with each argument joined on, as the / operator.", func(a *lang.Args, p *path) (lang.Value, error) {
			return joinAll(p, a.Value("args").(lang.Tuple))
		}),
		method("as_posix(self)", "The path as a str with '/'.", func(a *lang.Args, p *path) (lang.Value, error) { return p.String(), nil }),
		method("__fspath__(self)", "The path as a str, as os.fspath gives it (what makes a path an os.PathLike).", func(a *lang.Args, p *path) (lang.Value, error) { return p.String(), nil }),
		method("is_absolute(self)", "Whether the path starts at the root.", func(a *lang.Args, p *path) (lang.Value, error) { return p.root != "", nil }),
		method("with_name(self, name)", "The path with its name replaced.", func(a *lang.Args, p *path) (lang.Value, error) {
			n, err := strArg(a, "name")
			if err != nil {
				return nil, err
			}
			return p.withName(n)
		}),
		method("with_stem(self, stem)", "The path with its stem replaced, keeping the suffix.", func(a *lang.Args, p *path) (lang.Value, error) {
			n, err := strArg(a, "stem")
			if err != nil {
				return nil, err
			}
			return p.withName(n + p.suffix())
		}),
		method("with_suffix(self, suffix)", "The path with its suffix replaced ('' removes it).", func(a *lang.Args, p *path) (lang.Value, error) {
			n, err := strArg(a, "suffix")
			if err != nil {
				return nil, err
			}
			return p.withSuffix(n)
		}),
		method("relative_to(self, *other)", "The path relative to other, which must be a part of it at its start.", func(a *lang.Args, p *path) (lang.Value, error) {
			o, err := joinAll(&path{}, a.Value("other").(lang.Tuple))
			if err != nil {
				return nil, err
			}
			return p.relativeTo(o)
		}),
		method("is_relative_to(self, *other)", "Whether relative_to(*other) would succeed.", func(a *lang.Args, p *path) (lang.Value, error) {
			o, err := joinAll(&path{}, a.Value("other").(lang.Tuple))
			if err != nil {
				return nil, err
			}
			_, err = p.relativeTo(o)
			return err == nil, nil
		}),
		method("exists(self)", "Whether the path names an existing file or directory.", func(a *lang.Args, p *path) (lang.Value, error) {
			_, ok := statMode(p)
			return ok, nil
		}),
		method("is_file(self)", "Whether the path is a regular file (following links).", func(a *lang.Args, p *path) (lang.Value, error) {
			m, ok := statMode(p)
			return ok && m.IsRegular(), nil
		}),
		method("is_dir(self)", "Whether the path is a directory (following links).", func(a *lang.Args, p *path) (lang.Value, error) {
			m, ok := statMode(p)
			return ok && m.IsDir(), nil
		}),
		method("is_symlink(self)", "Whether the path is a symbolic link.", func(a *lang.Args, p *path) (lang.Value, error) {
			fi, err := os.Lstat(p.String())
			return err == nil && fi.Mode()&os.ModeSymlink != 0, nil
		}),
		method("mkdir(self, mode=511, parents=False, exist_ok=False)", "Makes the directory; with parents the missing ones above it too; an existing one is FileExistsError unless exist_ok.", func(a *lang.Args, p *path) (lang.Value, error) {
			perm, parents, existOK := a.Int("mode"), a.Bool("parents"), a.Bool("exist_ok")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return lang.None, mkdir(p, uint32(perm), parents, existOK)
		}),
		method("touch(self, mode=438, exist_ok=True)", "Makes the file empty when it does not exist (FileExistsError when it does, unless exist_ok), else updates its time.", func(a *lang.Args, p *path) (lang.Value, error) {
			existOK := a.Bool("exist_ok")
			if err := a.Err(); err != nil {
				return nil, err
			}
			flag := os.O_WRONLY | os.O_CREATE
			if !existOK {
				flag |= os.O_EXCL
			}
			f, err := os.OpenFile(p.String(), flag|syscall.O_NONBLOCK, 0o666)
			if err != nil {
				return nil, osErr(err, p)
			}
			f.Close()
			now := time.Now()
			if err := os.Chtimes(p.String(), now, now); err != nil {
				return nil, osErr(err, p)
			}
			return lang.None, nil
		}),
		method("read_text(self, encoding=None, errors=None)", "The file's text (UTF-8).", func(a *lang.Args, p *path) (lang.Value, error) {
			if err := encodingArg(a); err != nil {
				return nil, err
			}
			data, err := readAll(p)
			if err != nil {
				return nil, err
			}
			return textOf(data, p)
		}),
		method("read_bytes(self)", "The file's bytes.", func(a *lang.Args, p *path) (lang.Value, error) {
			data, err := readAll(p)
			if err != nil {
				return nil, err
			}
			return lang.NewBytes(data), nil
		}),
		method("write_text(self, data, encoding=None, errors=None, newline=None)", "Replaces the file's contents by the str data (UTF-8) and returns its length.", func(a *lang.Args, p *path) (lang.Value, error) {
			s, ok := a.Value("data").(string)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "data must be str, not %s", lang.TypeName(a.Value("data")))
			}
			if err := encodingArg(a); err != nil {
				return nil, err
			}
			return int64(len([]rune(s))), writeAll(p, []byte(s))
		}),
		method("write_bytes(self, data)", "Replaces the file's contents by the bytes data and returns its length.", func(a *lang.Args, p *path) (lang.Value, error) {
			b, ok := a.Value("data").(lang.Bytes)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "memoryview: a bytes-like object is required, not '%s'", lang.TypeName(a.Value("data")))
			}
			return int64(len(b.Data())), writeAll(p, b.Data())
		}),
		method("open(self, mode='r', buffering=-1, encoding=None, errors=None, newline=None)", "open(path, mode): a file object.", func(a *lang.Args, p *path) (lang.Value, error) {
			open, _ := lang.LookupBuiltin("open")
			return a.Call(open, p.String(), a.Value("mode"))
		}),
		method("iterdir(self)", "The paths of the directory's entries, in the order the file system gives.", func(a *lang.Args, p *path) (lang.Value, error) {
			f, err := os.Open(p.String())
			if err != nil {
				return nil, osErr(err, p)
			}
			defer f.Close()
			names, err := f.Readdirnames(-1)
			if err != nil {
				if fi, serr := f.Stat(); serr == nil && !fi.IsDir() {
					return nil, osErr(syscall.ENOTDIR, p)
				}
				return nil, osErr(err, p)
			}
			out := make([]lang.Value, len(names))
			for i, n := range names {
				out[i] = p.join(&path{parts: []string{n}})
			}
			return lang.NewIterator("generator", out), nil
		}),
		method("glob(self, pattern)", "The paths below this directory that match pattern ('*', '?', '[seq]', '**' for any number of directories), hidden names included, in the order the file system gives.", func(a *lang.Args, p *path) (lang.Value, error) {
			pat, err := strArg(a, "pattern")
			if err != nil {
				return nil, err
			}
			out, err := globPaths(p, pat)
			if err != nil {
				return nil, err
			}
			return lang.NewIterator("generator", out), nil
		}),
		method("rglob(self, pattern)", "glob('**/' + pattern): the matches in every directory below this one.", func(a *lang.Args, p *path) (lang.Value, error) {
			pat, err := strArg(a, "pattern")
			if err != nil {
				return nil, err
			}
			out, err := globPaths(p, "**/"+pat)
			if err != nil {
				return nil, err
			}
			return lang.NewIterator("generator", out), nil
		}),
		method("resolve(self, strict=False)", "The absolute path with symbolic links and '..' resolved.", func(a *lang.Args, p *path) (lang.Value, error) {
			if a.Bool("strict") {
				if _, err := os.Stat(p.String()); err != nil {
					return nil, osErr(err, p)
				}
			}
			return resolve(p)
		}),
		method("absolute(self)", "The path from the working directory, without resolving links or '..'.", func(a *lang.Args, p *path) (lang.Value, error) {
			return absolute(p)
		}),
		method("expanduser(self)", "The path with a leading ~ replaced by the home directory.", func(a *lang.Args, p *path) (lang.Value, error) {
			if len(p.parts) == 0 || p.root != "" || p.parts[0] != "~" {
				return p, nil
			}
			home, err := os.UserHomeDir()
			if err != nil {
				return nil, lang.Errorf(lang.RuntimeError, "Could not determine home directory.")
			}
			return parsePath(home).join(&path{parts: p.parts[1:]}), nil
		}),
		method("unlink(self, missing_ok=False)", "Deletes the file (FileNotFoundError when it does not exist, unless missing_ok).", func(a *lang.Args, p *path) (lang.Value, error) {
			missingOK := a.Bool("missing_ok")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := syscall.Unlink(p.String()); err != nil && !(missingOK && err == syscall.ENOENT) {
				return nil, osErr(err, p)
			}
			return lang.None, nil
		}),
		method("rmdir(self)", "Deletes the empty directory.", func(a *lang.Args, p *path) (lang.Value, error) {
			if err := syscall.Rmdir(p.String()); err != nil {
				return nil, osErr(err, p)
			}
			return lang.None, nil
		}),
		method("rename(self, target)", "Renames the file or directory to target and returns target as a path.", func(a *lang.Args, p *path) (lang.Value, error) {
			t, err := segment(a.Value("target"))
			if err != nil {
				return nil, err
			}
			if err := syscall.Rename(p.String(), t.String()); err != nil {
				return nil, lang.OSErrorFrom(err, p.String(), t.String())
			}
			return t, nil
		}),
		method("replace(self, target)", "rename, which replaces a file target.", func(a *lang.Args, p *path) (lang.Value, error) {
			t, err := segment(a.Value("target"))
			if err != nil {
				return nil, err
			}
			if err := syscall.Rename(p.String(), t.String()); err != nil {
				return nil, lang.OSErrorFrom(err, p.String(), t.String())
			}
			return t, nil
		}),
		method("stat(self)", "os.stat of the path.", func(a *lang.Args, p *path) (lang.Value, error) {
			return pyos.Stat(p.String(), true)
		}),
		method("samefile(self, other_path)", "Whether the two paths name the same file.", func(a *lang.Args, p *path) (lang.Value, error) {
			o, err := segment(a.Value("other_path"))
			if err != nil {
				return nil, err
			}
			f1, err := os.Stat(p.String())
			if err != nil {
				return nil, osErr(err, p)
			}
			f2, err := os.Stat(o.String())
			if err != nil {
				return nil, osErr(err, o)
			}
			return os.SameFile(f1, f2), nil
		}),
	} {
		pathMethods[m.Name] = m
	}
	for _, m := range moreMethods() {
		pathMethods[m.Name] = m
	}
	lang.RegisterMethodTable("PosixPath", pathMethods)
	classMethods["__fspath__"] = pathMethods["__fspath__"] // issubclass(Path, os.PathLike)
}
