package os

import (
	"fmt"
	"os"
	"strings"
	"syscall"

	"github.com/kael-dev/kael/lang"
)

// os.stat's result and os.scandir's entries.

// statFields are the names of os.stat_result's ten tuple fields, in order.
var statFields = []string{"st_mode", "st_ino", "st_dev", "st_nlink", "st_uid", "st_gid", "st_size", "st_atime", "st_mtime", "st_ctime"}

// statResult is os.stat_result: a tuple of ten ints with named fields,
// st_atime, st_mtime and st_ctime as float attributes (ints in the tuple)
// and their _ns forms.
type statResult struct {
	ints                [10]int64
	atime, mtime, ctime syscall.Timespec
}

var (
	_ lang.HasAttrs   = (*statResult)(nil)
	_ lang.Reprer     = (*statResult)(nil)
	_ lang.Iterable   = (*statResult)(nil)
	_ lang.ItemGetter = (*statResult)(nil)
	_ lang.Sized      = (*statResult)(nil)
)

func newStatResult(st *syscall.Stat_t) *statResult {
	return &statResult{
		ints: [10]int64{int64(st.Mode), int64(st.Ino), int64(st.Dev), int64(st.Nlink), int64(st.Uid), int64(st.Gid),
			st.Size, st.Atim.Sec, st.Mtim.Sec, st.Ctim.Sec},
		atime: st.Atim, mtime: st.Mtim, ctime: st.Ctim,
	}
}

// statPath is os.stat (lstat when follow is false) of path.
func statPath(path string, follow bool) (*statResult, error) {
	var st syscall.Stat_t
	var err error
	if follow {
		err = syscall.Stat(path, &st)
	} else {
		err = syscall.Lstat(path, &st)
	}
	if err != nil {
		return nil, lang.OSErrorFrom(err, path)
	}
	return newStatResult(&st), nil
}

func (s *statResult) TypeName() string { return "os.stat_result" }

func (s *statResult) PyRepr() string {
	parts := make([]string, len(statFields))
	for i, f := range statFields {
		parts[i] = fmt.Sprintf("%s=%d", f, s.ints[i])
	}
	return "os.stat_result(" + strings.Join(parts, ", ") + ")"
}

func seconds(t syscall.Timespec) float64 { return float64(t.Sec) + float64(t.Nsec)*1e-9 }
func nanos(t syscall.Timespec) int64     { return t.Sec*1e9 + t.Nsec }

func (s *statResult) Attr(name string) (lang.Value, bool) {
	switch name {
	case "st_atime":
		return seconds(s.atime), true
	case "st_mtime":
		return seconds(s.mtime), true
	case "st_ctime":
		return seconds(s.ctime), true
	case "st_atime_ns":
		return nanos(s.atime), true
	case "st_mtime_ns":
		return nanos(s.mtime), true
	case "st_ctime_ns":
		return nanos(s.ctime), true
	}
	for i, f := range statFields {
		if f == name {
			return s.ints[i], true
		}
	}
	return nil, false
}

func (s *statResult) AttrNames() []string {
	return append(append([]string(nil), statFields...), "st_atime_ns", "st_mtime_ns", "st_ctime_ns")
}

func (s *statResult) Iterate(yield func(lang.Value) bool) error {
	for _, v := range s.ints {
		if !yield(v) {
			return nil
		}
	}
	return nil
}

func (s *statResult) Length() (int64, error) { return int64(len(s.ints)), nil }

func (s *statResult) GetItem(key lang.Value) (lang.Value, error) {
	i, ok := lang.AsInt(key)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "tuple indices must be integers or slices, not %s", lang.TypeName(key))
	}
	if i < 0 {
		i += int64(len(s.ints))
	}
	if i < 0 || i >= int64(len(s.ints)) {
		return nil, lang.Errorf(lang.IndexError, "tuple index out of range")
	}
	return s.ints[i], nil
}

// dirEntry is os.DirEntry, an entry os.scandir yields.
type dirEntry struct {
	name, path string
	typ        os.FileMode // the entry's own type (a symlink is a symlink)
}

var (
	_ lang.HasAttrs = (*dirEntry)(nil)
	_ lang.Reprer   = (*dirEntry)(nil)
)

func (d *dirEntry) TypeName() string { return "posix.DirEntry" }
func (d *dirEntry) PyRepr() string   { return "<DirEntry " + lang.Repr(d.name) + ">" }

func (d *dirEntry) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name":
		return d.name, true
	case "path":
		return d.path, true
	}
	m, ok := dirEntryMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: d, Method: m}, true
}

func (d *dirEntry) AttrNames() []string {
	return append([]string{"name", "path"}, sortedKeys(dirEntryMethods)...)
}

// is reports whether the entry is of the mode type want (a directory or
// a regular file), following a symbolic link when follow is set.
func (d *dirEntry) is(want os.FileMode, follow bool) bool {
	typ := d.typ
	if typ&os.ModeSymlink != 0 && follow {
		fi, err := os.Stat(d.path)
		if err != nil {
			return false
		}
		typ = fi.Mode().Type()
	}
	if want == 0 {
		return typ.IsRegular()
	}
	return typ&want != 0
}

var dirEntryMethods = map[string]*lang.Builtin{
	"is_dir": lang.NewBuiltin(lang.AsValue, "is_dir(self, *, follow_symlinks=True)", "Whether the entry is a directory (or a link to one, with follow_symlinks).", func(a *lang.Args) (lang.Value, error) {
		return a.Value("self").(*dirEntry).is(os.ModeDir, a.Bool("follow_symlinks")), a.Err()
	}),
	"is_file": lang.NewBuiltin(lang.AsValue, "is_file(self, *, follow_symlinks=True)", "Whether the entry is a regular file (or a link to one, with follow_symlinks).", func(a *lang.Args) (lang.Value, error) {
		return a.Value("self").(*dirEntry).is(0, a.Bool("follow_symlinks")), a.Err()
	}),
	"is_symlink": lang.NewBuiltin(lang.AsValue, "is_symlink(self)", "Whether the entry is a symbolic link.", func(a *lang.Args) (lang.Value, error) {
		return a.Value("self").(*dirEntry).typ&os.ModeSymlink != 0, nil
	}),
	"stat": lang.NewBuiltin(lang.AsValue, "stat(self, *, follow_symlinks=True)", "os.stat of the entry's path.", func(a *lang.Args) (lang.Value, error) {
		follow := a.Bool("follow_symlinks")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return statPath(a.Value("self").(*dirEntry).path, follow)
	}),
	"inode": lang.NewBuiltin(lang.AsValue, "inode(self)", "The entry's inode number.", func(a *lang.Args) (lang.Value, error) {
		st, err := statPath(a.Value("self").(*dirEntry).path, false)
		if err != nil {
			return nil, err
		}
		return st.ints[1], nil
	}),
}

// readDir returns the entries of the directory path in the order the file
// system gives them (as CPython's listdir and scandir, which do not sort).
func readDir(path string) ([]*dirEntry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, lang.OSErrorFrom(err, path)
	}
	defer f.Close()
	ents, err := f.ReadDir(-1)
	if err != nil {
		if fi, serr := f.Stat(); serr == nil && !fi.IsDir() {
			return nil, lang.OSErrorFrom(syscall.ENOTDIR, path)
		}
		return nil, lang.OSErrorFrom(err, path)
	}
	out := make([]*dirEntry, len(ents))
	for i, e := range ents {
		out[i] = &dirEntry{name: e.Name(), path: joinPath(path, e.Name()), typ: e.Type()}
	}
	return out, nil
}

// scandirIterator is what os.scandir returns: an iterator of DirEntry
// that is also a context manager.
type scandirIterator struct {
	lang.Iterator
}

func (s *scandirIterator) TypeName() string           { return "posix.ScandirIterator" }
func (s *scandirIterator) Enter() (lang.Value, error) { return s, nil }
func (s *scandirIterator) Exit()                      {}

// walk is os.walk's generator: each directory as (dirpath, dirnames,
// filenames), top-down or bottom-up. Top-down, the loop may change
// dirnames in place to choose which subdirectories are visited: a step
// reads the dirnames the step before it yielded, as CPython's generator
// resumes after its yield.
type walk struct {
	top             string
	topdown, follow bool
	onerror         lang.Value
	// s runs onerror: the walk's steps run after the call that made it.
	s       *lang.Session
	started bool
	stack   []walkDir    // top-down: the directories still to visit, the next last
	last    *walkStep    // top-down: the step yielded last, whose dirnames are visited next
	out     []lang.Value // bottom-up: every step, made at the first
}

type walkDir struct {
	path  string
	depth int
}

type walkStep struct {
	dir   walkDir
	names *lang.List
}

var (
	_ lang.Iterable = (*walk)(nil)
	_ lang.Nexter   = (*walk)(nil)
)

func (w *walk) TypeName() string { return "generator" }

func (w *walk) Iterate(yield func(lang.Value) bool) error {
	for {
		v, ok, err := w.Next()
		if err != nil || !ok {
			return err
		}
		if !yield(v) {
			return nil
		}
	}
}

// maxWalkDepth bounds how deep os.walk descends (a cycle of links with
// followlinks would be endless).
const maxWalkDepth = 1000

// Next is the walk's next step.
func (w *walk) Next() (lang.Value, bool, error) {
	if !w.topdown {
		if !w.started {
			w.started = true
			if err := w.bottomUp(walkDir{path: w.top}); err != nil {
				return nil, false, err
			}
		}
		if len(w.out) == 0 {
			return nil, false, nil
		}
		v := w.out[0]
		w.out = w.out[1:]
		return v, true, nil
	}
	if !w.started {
		w.started = true
		w.stack = []walkDir{{path: w.top}}
	}
	if w.last != nil {
		// The subdirectories of the step before, as the loop left them,
		// first to last.
		names := w.last.names.Elems
		for i := len(names) - 1; i >= 0; i-- {
			name, ok := names[i].(string)
			if !ok {
				continue
			}
			sub := joinPath(w.last.dir.path, name)
			if !w.follow {
				if fi, err := os.Lstat(sub); err == nil && fi.Mode()&os.ModeSymlink != 0 {
					continue
				}
			}
			w.stack = append(w.stack, walkDir{path: sub, depth: w.last.dir.depth + 1})
		}
		w.last = nil
	}
	for len(w.stack) > 0 {
		d := w.stack[len(w.stack)-1]
		w.stack = w.stack[:len(w.stack)-1]
		step, ok, err := w.read(d)
		if err != nil {
			return nil, false, err
		}
		if !ok {
			continue
		}
		w.last = &walkStep{dir: d, names: step[1].(*lang.List)}
		return step, true, nil
	}
	return nil, false, nil
}

// read lists the directory d as a step (dirpath, dirnames, filenames);
// ok is false when it cannot be read (onerror, when given, was told).
func (w *walk) read(d walkDir) (lang.Tuple, bool, error) {
	if d.depth > maxWalkDepth {
		return nil, false, lang.Errorf(lang.RecursionError, "os.walk: more than %d nested directories", maxWalkDepth)
	}
	ents, err := readDir(d.path)
	if err != nil {
		if w.onerror != nil && w.onerror != lang.None {
			if _, cerr := w.s.CallHook(w.onerror, lang.ExceptionOf(err)); cerr != nil {
				return nil, false, cerr
			}
		}
		return nil, false, nil
	}
	var dirs, files []lang.Value
	for _, e := range ents {
		if e.is(os.ModeDir, true) {
			dirs = append(dirs, e.name)
		} else {
			files = append(files, e.name)
		}
	}
	return lang.Tuple{d.path, &lang.List{Elems: dirs}, &lang.List{Elems: files}}, true, nil
}

// bottomUp makes the steps below d and then d's, into w.out.
func (w *walk) bottomUp(d walkDir) error {
	step, ok, err := w.read(d)
	if err != nil || !ok {
		return err
	}
	for _, name := range step[1].(*lang.List).Elems {
		sub := joinPath(d.path, name.(string))
		if !w.follow {
			if fi, err := os.Lstat(sub); err == nil && fi.Mode()&os.ModeSymlink != 0 {
				continue
			}
		}
		if err := w.bottomUp(walkDir{path: sub, depth: d.depth + 1}); err != nil {
			return err
		}
	}
	if len(w.out) >= lang.MaxCollect {
		return lang.Errorf(lang.MemoryError, "os.walk(topdown=False) would hold more than %d directories", lang.MaxCollect)
	}
	w.out = append(w.out, step)
	return nil
}

// PyRepr is repr(os.walk(...)), a generator's.
func (w *walk) PyRepr() string { return fmt.Sprintf("<generator object walk at 0x%x>", lang.ID(w)) }

// PyRepr is repr(os.scandir(...)).
func (s *scandirIterator) PyRepr() string {
	return fmt.Sprintf("<posix.ScandirIterator object at 0x%x>", lang.ID(s))
}

func (w *walk) String() string            { return w.PyRepr() }
func (s *scandirIterator) String() string { return s.PyRepr() }

// Stat is os.stat(path) (os.lstat when follow is false), for the modules
// that answer with an os.stat_result (pathlib).
func Stat(path string, follow bool) (lang.Value, error) { return statPath(path, follow) }

// Next is next(it): the next entry; ok is false at the end.
func (s *scandirIterator) Next() (lang.Value, bool, error) {
	var v lang.Value
	ok := false
	err := s.Iterator.Iterate(func(x lang.Value) bool { v, ok = x, true; return false })
	return v, ok, err
}
