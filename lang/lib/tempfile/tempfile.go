// Package tempfile is Python's tempfile module for kael: gettempdir,
// mkdtemp, TemporaryDirectory (a context manager whose directory goes at
// its end), NamedTemporaryFile (an open file that goes when closed,
// unless delete=False), TemporaryFile (a file with no name, over its
// descriptor), mkstemp (a descriptor and a path), mktemp and
// SpooledTemporaryFile (spooled.go).
package tempfile

import (
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"github.com/kael-dev/kael/lang"
)

// characters are those of CPython's random names.
const characters = "abcdefghijklmnopqrstuvwxyz0123456789_"

// randomName is 8 characters, as CPython's _RandomNameSequence makes.
func randomName() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	for i := range b {
		b[i] = characters[int(b[i])%len(characters)]
	}
	return string(b[:])
}

var tempDir = sync.OnceValue(func() string {
	// CPython's candidates, in order: the first that exists as a
	// writable directory.
	var dirs []string
	for _, env := range []string{"TMPDIR", "TEMP", "TMP"} {
		if d := os.Getenv(env); d != "" {
			dirs = append(dirs, d)
		}
	}
	dirs = append(dirs, "/tmp", "/var/tmp", "/usr/tmp")
	for _, d := range dirs {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() && syscall.Access(d, 2 /* W_OK */) == nil {
			return strings.TrimRight(d, "/")
		}
	}
	wd, _ := os.Getwd()
	return wd
})

// settings is the module, whose tempdir a program may set (the module's
// functions read it through this, set at init).
var settings *lang.Module

// currentTempDir is gettempdir(): tempfile.tempdir when a program set
// it, else the first of CPython's candidates.
func currentTempDir() string {
	switch v := settings.Attrs["tempdir"].(type) {
	case string:
		return v
	case lang.PathLike:
		return v.FSPath()
	}
	return tempDir()
}

// nameArgs reads suffix, prefix and dir as CPython's mkdtemp does.
func nameArgs(a *lang.Args) (suffix, prefix, dir string, err error) {
	text := func(name, def string) string {
		if a.IsNone(name) {
			return def
		}
		switch v := a.Value(name).(type) {
		case string:
			return v
		case lang.PathLike:
			return v.FSPath()
		}
		if err == nil {
			err = lang.Errorf(lang.TypeError, "Can't mix bytes and non-bytes in path components.")
		}
		return ""
	}
	suffix, prefix, dir = text("suffix", ""), text("prefix", "tmp"), text("dir", currentTempDir())
	return
}

// mkdtemp makes a new directory dir/prefix+random+suffix, readable only
// by its owner, and returns its path.
func mkdtemp(suffix, prefix, dir string) (string, error) {
	for range 100 {
		p := dir + "/" + prefix + randomName() + suffix
		if dir == "" {
			p = prefix + randomName() + suffix
		}
		err := syscall.Mkdir(p, 0o700)
		if err == nil {
			return p, nil
		}
		if !errors.Is(err, syscall.EEXIST) {
			return "", lang.OSErrorFrom(err, p)
		}
	}
	return "", lang.Errorf(lang.FileExistsError, "No usable temporary directory name found")
}

// tempDirectory is a TemporaryDirectory: name is its path; cleanup, or
// the end of a with block, removes it and what it holds.
type tempDirectory struct {
	name string
	done bool
}

var (
	_ lang.HasAttrs = (*tempDirectory)(nil)
	_ lang.Reprer   = (*tempDirectory)(nil)
)

func (t *tempDirectory) TypeName() string { return "TemporaryDirectory" }
func (t *tempDirectory) PyRepr() string   { return "<TemporaryDirectory " + lang.Repr(t.name) + ">" }

// Enter gives the directory's path to with ... as d.
func (t *tempDirectory) Enter() (lang.Value, error) { return t.name, nil }
func (t *tempDirectory) Exit()                      { t.cleanup() }

func (t *tempDirectory) cleanup() {
	if !t.done {
		t.done = true
		_ = os.RemoveAll(t.name)
	}
}

var cleanupMethod = lang.NewBuiltin(lang.AsValue, "cleanup(self)", "Removes the directory and everything in it (once).", func(a *lang.Args) (lang.Value, error) {
	a.Value("self").(*tempDirectory).cleanup()
	return lang.None, nil
})

func (t *tempDirectory) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name":
		return t.name, true
	case "cleanup":
		return &lang.BoundMethod{Recv: t, Method: cleanupMethod}, true
	}
	return nil, false
}

func (t *tempDirectory) AttrNames() []string { return []string{"cleanup", "name"} }

// namedFile is NamedTemporaryFile's result: an open file (a lang.File)
// with the path of a new file, removed when it is closed unless delete
// is false.
type namedFile struct {
	file   lang.HasAttrs
	closer interface{ Close() }
	path   string
	delete bool
}

var (
	_ lang.HasAttrs = (*namedFile)(nil)
	_ lang.Iterable = (*namedFile)(nil)
)

func (f *namedFile) TypeName() string { return "_TemporaryFileWrapper" }

func (f *namedFile) Enter() (lang.Value, error) { return f, nil }
func (f *namedFile) Exit()                      { f.close() }

func (f *namedFile) close() {
	f.closer.Close()
	if f.delete {
		_ = os.Remove(f.path)
		f.delete = false
	}
}

var closeMethod = lang.NewBuiltin(lang.AsValue, "close(self)", "Closes the file, and removes it unless delete was False.", func(a *lang.Args) (lang.Value, error) {
	a.Value("self").(*namedFile).close()
	return lang.None, nil
})

func (f *namedFile) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name":
		return f.path, true
	case "delete":
		return f.delete, true
	case "close":
		return &lang.BoundMethod{Recv: f, Method: closeMethod}, true
	}
	return f.file.Attr(name)
}

func (f *namedFile) AttrNames() []string { return append(f.file.AttrNames(), "delete") }

func (f *namedFile) Iterate(yield func(lang.Value) bool) error {
	return lang.Iterate(f.file, yield)
}

var tempfileModule = &lang.Module{Name: "tempfile", Attrs: map[string]lang.Value{
	"gettempprefix": lang.NewBuiltin(lang.AsValue, "gettempprefix()", "The default prefix of temporary names: 'tmp'.", func(a *lang.Args) (lang.Value, error) {
		return "tmp", nil
	}),
	"gettempdir": lang.NewBuiltin(lang.AsValue, "gettempdir()", "The directory for temporary files: $TMPDIR, $TEMP or $TMP when set, else /tmp.", func(a *lang.Args) (lang.Value, error) {
		return currentTempDir(), nil
	}),
	"mkdtemp": lang.NewBuiltin(lang.AsValue, "mkdtemp(suffix=None, prefix=None, dir=None)", "Makes a new directory, readable only by its owner, named prefix + 8 random characters + suffix in dir (gettempdir() by default), and returns its path (absolute unless dir is relative). Removing it is the caller's work.", func(a *lang.Args) (lang.Value, error) {
		suffix, prefix, dir, err := nameArgs(a)
		if err != nil {
			return nil, err
		}
		return mkdtemp(suffix, prefix, dir)
	}),
	"TemporaryDirectory": lang.NewBuiltin(lang.AsValue, "TemporaryDirectory(suffix=None, prefix=None, dir=None, ignore_cleanup_errors=False)", "A new directory, as mkdtemp makes it, that cleanup() removes with what it holds; as a context manager (with TemporaryDirectory() as d:), d is its path and it is removed at the end of the block.", func(a *lang.Args) (lang.Value, error) {
		suffix, prefix, dir, err := nameArgs(a)
		if err != nil {
			return nil, err
		}
		name, err := mkdtemp(suffix, prefix, dir)
		if err != nil {
			return nil, err
		}
		return &tempDirectory{name: name}, nil
	}),
	"NamedTemporaryFile": lang.NewBuiltin(lang.AsValue, "NamedTemporaryFile(mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None, prefix=None, dir=None, delete=True)", "A new file in gettempdir() (or dir), open in mode, whose path is .name; closing it (or the end of a with block) removes it, unless delete=False.", func(a *lang.Args) (lang.Value, error) {
		suffix, prefix, dir, err := nameArgs(a)
		if err != nil {
			return nil, err
		}
		mode, del := a.Str("mode"), a.Bool("delete")
		if err := a.Err(); err != nil {
			return nil, err
		}
		path, v, err := openTemp(a, mode, suffix, prefix, dir)
		if err != nil {
			return nil, err
		}
		file, ok1 := v.(lang.HasAttrs)
		closer, ok2 := v.(interface{ Close() })
		if !ok1 || !ok2 {
			_ = os.Remove(path)
			return nil, lang.Errorf(lang.InternalError, "open() gave a %s", lang.TypeName(v))
		}
		return &namedFile{file: file, closer: closer, path: path, delete: del}, nil
	}),
}}

// tmpMax is how many names CPython tries before giving up (os.TMP_MAX).
const tmpMax = 238328

// joinDir is dir/name, or name alone for an empty dir.
func joinDir(dir, name string) string {
	if dir == "" {
		return name
	}
	return strings.TrimSuffix(dir, "/") + "/" + name
}

// mkstemp makes a new file named prefix + 8 random characters + suffix
// in dir, readable and writable only by its owner, and returns its open
// descriptor (not inherited by other programs) and its path.
func mkstemp(suffix, prefix, dir string) (int, string, error) {
	for range tmpMax {
		path := joinDir(dir, prefix+randomName()+suffix)
		fd, err := syscall.Open(path, syscall.O_RDWR|syscall.O_CREAT|syscall.O_EXCL|syscall.O_CLOEXEC, 0o600)
		if err == nil {
			return fd, path, nil
		}
		if err != syscall.EEXIST {
			return 0, "", lang.OSErrorFrom(err, path)
		}
	}
	return 0, "", lang.NewOSError(lang.FileExistsError, int(syscall.EEXIST), "No usable temporary file name found")
}

// openTemp makes a new file named prefix + 8 random characters + suffix
// in dir, readable only by its owner, and opens it in mode.
func openTemp(a *lang.Args, mode, suffix, prefix, dir string) (string, lang.Value, error) {
	var path string
	for range 100 {
		path = dir + "/" + prefix + randomName() + suffix
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			f.Close()
			break
		}
		if !errors.Is(err, os.ErrExist) {
			return "", nil, lang.OSErrorFrom(err, path)
		}
	}
	open, _ := lang.LookupBuiltin("open")
	v, err := a.Call(open, path, mode)
	if err != nil {
		_ = os.Remove(path)
		return "", nil, err
	}
	return path, v, nil
}

func init() {
	tempfileModule.Attrs["TemporaryFile"] = lang.NewBuiltin(lang.AsValue, "TemporaryFile(mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None, prefix=None, dir=None)", "A new file open in mode with no name in the file system: made in gettempdir() (or dir) and removed at once, so that it goes when closed.", func(a *lang.Args) (lang.Value, error) {
		suffix, prefix, dir, err := nameArgs(a)
		if err != nil {
			return nil, err
		}
		mode := a.Str("mode")
		if err := a.Err(); err != nil {
			return nil, err
		}
		fd, path, err := mkstemp(suffix, prefix, dir)
		if err != nil {
			return nil, err
		}
		if err := syscall.Unlink(path); err != nil {
			syscall.Close(fd)
			return nil, lang.OSErrorFrom(err, path)
		}
		open, _ := lang.LookupBuiltin("open")
		v, err := a.Call(open, int64(fd), mode)
		if err != nil {
			syscall.Close(fd)
		}
		return v, err
	})
	tempfileModule.Attrs["mkstemp"] = lang.NewBuiltin(lang.AsValue, "mkstemp(suffix=None, prefix=None, dir=None, text=False)", "Makes a new file, readable and writable only by its owner, named prefix + 8 random characters + suffix in dir (gettempdir() by default), and returns (fd, path): an open file descriptor (os.write, os.close, open(fd)) and its absolute path. Removing it is the caller's work.", func(a *lang.Args) (lang.Value, error) {
		suffix, prefix, dir, err := nameArgs(a)
		if err != nil {
			return nil, err
		}
		abs, err := filepath.Abs(dir)
		if err != nil {
			return nil, lang.OSErrorFrom(err)
		}
		fd, path, err := mkstemp(suffix, prefix, abs)
		if err != nil {
			return nil, err
		}
		return lang.Tuple{int64(fd), path}, nil
	})
	tempfileModule.Attrs["mktemp"] = lang.NewBuiltin(lang.AsValue, "mktemp(suffix='', prefix='tmp', dir=None)", "A path prefix + 8 random characters + suffix in dir (gettempdir() by default) that does not exist now: unsafe, as in CPython, since another program may make it before this one does (use mkstemp).", func(a *lang.Args) (lang.Value, error) {
		suffix, prefix, dir, err := nameArgs(a)
		if err != nil {
			return nil, err
		}
		for range tmpMax {
			p := joinDir(dir, prefix+randomName()+suffix)
			if _, err := os.Lstat(p); errors.Is(err, os.ErrNotExist) {
				return p, nil
			}
		}
		return nil, lang.NewOSError(lang.FileExistsError, int(syscall.EEXIST), "No usable temporary filename found")
	})
	tempfileModule.Attrs["gettempdirb"] = lang.NewBuiltin(lang.AsValue, "gettempdirb()", "gettempdir() as bytes.", func(a *lang.Args) (lang.Value, error) {
		return lang.NewBytes([]byte(currentTempDir())), nil
	})
	tempfileModule.Attrs["gettempprefixb"] = lang.NewBuiltin(lang.AsValue, "gettempprefixb()", "gettempprefix() as bytes: b'tmp'.", func(a *lang.Args) (lang.Value, error) {
		return lang.NewBytes([]byte("tmp")), nil
	})
	tempfileModule.Attrs["TMP_MAX"] = int64(tmpMax)
	tempfileModule.Attrs["tempdir"] = lang.None
	tempfileModule.Settable = map[string]bool{"tempdir": true}
	settings = tempfileModule
	lang.RegisterModule("tempfile", "Python's tempfile module: gettempdir, mkdtemp, TemporaryDirectory, NamedTemporaryFile, TemporaryFile and SpooledTemporaryFile.", func() *lang.Module { return tempfileModule })
	lang.RegisterMethodTable("TemporaryDirectory", map[string]*lang.Builtin{"cleanup": cleanupMethod})
}

// PyRepr is repr(NamedTemporaryFile()).
func (f *namedFile) PyRepr() string {
	return fmt.Sprintf("<tempfile._TemporaryFileWrapper object at 0x%x>", lang.ID(f))
}

func (f *namedFile) String() string { return f.PyRepr() }
