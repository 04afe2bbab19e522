package tarfile

import (
	"archive/tar"
	"bytes"
	"os"
	"os/user"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/shutil"
)

func self(a *lang.Args) *TarFile { return a.Value("self").(*TarFile) }

// check is CPython's _check: the archive is open, in one of modes.
func (t *TarFile) check(modes string) error {
	if t.closed {
		return errClosed()
	}
	if !strings.Contains(modes, t.mode) {
		return lang.Errorf(lang.OSError, "bad operation for mode %s", lang.Repr(t.mode))
	}
	return nil
}

// find is the last member named name (a str or a TarInfo of t).
func (t *TarFile) find(v lang.Value) (*member, error) {
	if info, ok := v.(*Info); ok {
		for i := range t.members {
			if t.members[i].info == info {
				return &t.members[i], nil
			}
		}
		v = info.name
	}
	name, ok := v.(string)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "member must be a str or a TarInfo, not %s", lang.TypeName(v))
	}
	name = strings.TrimSuffix(name, "/")
	for i := len(t.members) - 1; i >= 0; i-- {
		if t.members[i].info.name == name {
			return &t.members[i], nil
		}
	}
	return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr("filename "+lang.Repr(name)+" not found"))
}

// target is the member whose data a link member stands for.
func (t *TarFile) target(m *member) *member {
	for hops := 0; hops < 32 && (m.info.typ == tar.TypeLink || m.info.typ == tar.TypeSymlink); hops++ {
		name := m.info.linkname
		if m.info.typ == tar.TypeSymlink {
			name = path.Join(path.Dir(m.info.name), name)
		}
		next, err := t.find(name)
		if err != nil {
			return nil
		}
		m = next
	}
	return m
}

// extract writes member m under dir; dirs collects the directories
// made, whose times extractall sets last.
func (t *TarFile) extract(m *member, dir string, setAttrs bool, dirs *[]*member) error {
	p, ok := shutil.Inside(dir, m.info.name)
	if !ok {
		return nil // outside dir: skipped (see docs/stdlib.md)
	}
	perm := os.FileMode(m.info.mode).Perm()
	switch m.info.typ {
	case tar.TypeDir:
		if err := os.MkdirAll(p, 0o777); err != nil {
			return lang.OSErrorFrom(err, p)
		}
		if dirs != nil {
			*dirs = append(*dirs, m)
			return nil
		}
	case tar.TypeReg, tar.TypeRegA, tar.TypeLink:
		src := m
		if m.info.typ == tar.TypeLink {
			if src = t.target(m); src == nil {
				return lang.Errorf(lang.KeyError, "%s", lang.Repr("linkname "+lang.Repr(m.info.linkname)+" not found"))
			}
		}
		if err := shutil.WriteMember(p, bytes.NewReader(src.data), perm); err != nil {
			return err
		}
	case tar.TypeSymlink:
		// Made only when the link points inside dir.
		if _, ok := shutil.Inside(dir, path.Join(path.Dir(m.info.name), m.info.linkname)); !ok || path.IsAbs(m.info.linkname) {
			return nil
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			return lang.OSErrorFrom(err, p)
		}
		_ = os.Remove(p)
		if err := os.Symlink(m.info.linkname, p); err != nil {
			return lang.OSErrorFrom(err, p)
		}
		return nil
	default:
		return nil // devices and FIFOs are not made
	}
	if setAttrs {
		setAttributes(p, m.info)
	}
	return nil
}

// setAttributes gives the extracted file its mode and time.
func setAttributes(p string, info *Info) {
	_ = os.Chmod(p, os.FileMode(info.mode).Perm())
	mt := unixTime(info.mtime)
	_ = os.Chtimes(p, mt, mt)
}

// names caches the user and group names of ids.
var userNames, groupNames = map[uint32]string{}, map[uint32]string{}

func userName(id uint32) string {
	if n, ok := userNames[id]; ok {
		return n
	}
	n := ""
	if u, err := user.LookupId(strconv.Itoa(int(id))); err == nil {
		n = u.Username
	}
	userNames[id] = n
	return n
}

func groupName(id uint32) string {
	if n, ok := groupNames[id]; ok {
		return n
	}
	n := ""
	if g, err := user.LookupGroupId(strconv.Itoa(int(id))); err == nil {
		n = g.Name
	}
	groupNames[id] = n
	return n
}

// add is TarFile.add: name under arcname, a directory's entries after it.
func (t *TarFile) add(a *lang.Args, name, arcname string, recursive bool, filter lang.Value) error {
	if abs, _ := filepath.Abs(name); abs == t.name {
		return nil // the archive itself is not added
	}
	st, err := os.Lstat(name)
	if err != nil {
		return lang.OSErrorFrom(err, name)
	}
	info := &Info{name: arcname, mode: int64(st.Mode().Perm()), mtime: st.ModTime().Unix()}
	if st.Mode()&os.ModeSetuid != 0 {
		info.mode |= 0o4000
	}
	if st.Mode()&os.ModeSetgid != 0 {
		info.mode |= 0o2000
	}
	if st.Mode()&os.ModeSticky != 0 {
		info.mode |= 0o1000
	}
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		info.uid, info.gid = int64(sys.Uid), int64(sys.Gid)
		info.uname, info.gname = userName(sys.Uid), groupName(sys.Gid)
	}
	var data []byte
	switch {
	case st.Mode().IsRegular():
		info.typ = tar.TypeReg
		info.size = st.Size()
	case st.IsDir():
		info.typ = tar.TypeDir
	case st.Mode()&os.ModeSymlink != 0:
		info.typ = tar.TypeSymlink
		if info.linkname, err = os.Readlink(name); err != nil {
			return lang.OSErrorFrom(err, name)
		}
	default:
		return nil // devices, FIFOs and sockets: not added
	}
	if filter != lang.None {
		v, err := a.Call(filter, info)
		if err != nil {
			return err
		}
		if v == lang.None {
			return nil
		}
		out, ok := v.(*Info)
		if !ok {
			return lang.Errorf(lang.TypeError, "the filter must return a TarInfo or None, not %s", lang.TypeName(v))
		}
		info = out
	}
	if info.typ == tar.TypeReg {
		if data, err = os.ReadFile(name); err != nil {
			return lang.OSErrorFrom(err, name)
		}
		info.size = int64(len(data))
	}
	t.members = append(t.members, member{info: info, data: data})
	t.modified = true
	if st.IsDir() && recursive {
		entries, err := os.ReadDir(name)
		if err != nil {
			return lang.OSErrorFrom(err, name)
		}
		names := make([]string, len(entries))
		for i, e := range entries {
			names[i] = e.Name()
		}
		sort.Strings(names)
		for _, n := range names {
			if err := t.add(a, filepath.Join(name, n), path.Join(arcname, n), recursive, filter); err != nil {
				return err
			}
		}
	}
	return nil
}

var methods = map[string]*lang.Builtin{}

func init() {
	for _, b := range []*lang.Builtin{
		lang.NewBuiltin(lang.AsValue, "getmembers(self)", "The members of the archive, as a list of TarInfo objects, in archive order.", func(a *lang.Args) (lang.Value, error) {
			t := self(a)
			if t.closed {
				return nil, errClosed()
			}
			out := make([]lang.Value, len(t.members))
			for i, m := range t.members {
				out[i] = m.info
			}
			return &lang.List{Elems: out}, nil
		}),
		lang.NewBuiltin(lang.AsValue, "getnames(self)", "The names of the members, in archive order.", func(a *lang.Args) (lang.Value, error) {
			t := self(a)
			if t.closed {
				return nil, errClosed()
			}
			out := make([]lang.Value, len(t.members))
			for i, m := range t.members {
				out[i] = m.info.name
			}
			return &lang.List{Elems: out}, nil
		}),
		lang.NewBuiltin(lang.AsValue, "getmember(self, name)", "The TarInfo of the member name (its last occurrence); KeyError when there is none.", func(a *lang.Args) (lang.Value, error) {
			t := self(a)
			if t.closed {
				return nil, errClosed()
			}
			m, err := t.find(a.Value("name"))
			if err != nil {
				return nil, err
			}
			return m.info, nil
		}),
		lang.NewBuiltin(lang.AsValue, "extractfile(self, member)", "The data of a file member (or what a link member points to) as a binary file (an io.BytesIO); None for other members.", func(a *lang.Args) (lang.Value, error) {
			t := self(a)
			if err := t.check("r"); err != nil {
				return nil, err
			}
			m, err := t.find(a.Value("member"))
			if err != nil {
				return nil, err
			}
			if m.info.typ == tar.TypeLink || m.info.typ == tar.TypeSymlink {
				if m = t.target(m); m == nil {
					return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr("linkname "+lang.Repr(a.Value("member"))+" not found"))
				}
			}
			if m.info.typ != tar.TypeReg && m.info.typ != tar.TypeRegA {
				return lang.None, nil
			}
			io, err := a.Import("_io")
			if err != nil {
				return nil, err
			}
			return a.Call(io.Attrs["BytesIO"], lang.NewBytes(bytes.Clone(m.data)))
		}),
		lang.NewBuiltin(lang.AsValue, "extract(self, member, path='', set_attrs=True, *, numeric_owner=False, filter=None)", "Writes the member (a name or TarInfo) under path (the current directory by default).", func(a *lang.Args) (lang.Value, error) {
			t := self(a)
			dir, setAttrs := a.Str("path"), a.Bool("set_attrs")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := t.check("r"); err != nil {
				return nil, err
			}
			m, err := t.find(a.Value("member"))
			if err != nil {
				return nil, err
			}
			if dir == "" {
				dir = "."
			}
			if err := t.extract(m, dir, setAttrs, nil); err != nil {
				return nil, err
			}
			if p, ok := shutil.Inside(dir, m.info.name); ok && m.info.typ == tar.TypeDir && setAttrs {
				setAttributes(p, m.info)
			}
			return lang.None, nil
		}),
		lang.NewBuiltin(lang.AsValue, "extractall(self, path='.', members=None, *, numeric_owner=False, filter=None)", "Writes every member (or those of members, TarInfo objects) under path.", func(a *lang.Args) (lang.Value, error) {
			t := self(a)
			dir := a.Str("path")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := t.check("r"); err != nil {
				return nil, err
			}
			todo := make([]*member, 0, len(t.members))
			if a.Value("members") == lang.None {
				for i := range t.members {
					todo = append(todo, &t.members[i])
				}
			} else {
				vals, err := lang.Collect(a.Value("members"))
				if err != nil {
					return nil, err
				}
				for _, v := range vals {
					m, err := t.find(v)
					if err != nil {
						return nil, err
					}
					todo = append(todo, m)
				}
			}
			var dirs []*member
			for _, m := range todo {
				if err := t.extract(m, dir, true, &dirs); err != nil {
					return nil, err
				}
			}
			sort.Slice(dirs, func(i, j int) bool { return dirs[i].info.name > dirs[j].info.name })
			for _, m := range dirs {
				if p, ok := shutil.Inside(dir, m.info.name); ok {
					setAttributes(p, m.info)
				}
			}
			return lang.None, nil
		}),
		lang.NewBuiltin(lang.AsValue, "add(self, name, arcname=None, recursive=True, *, filter=None)", "Adds the file, directory (with its entries when recursive) or link name, under arcname; filter(tarinfo) may change a member or leave it out (None).", func(a *lang.Args) (lang.Value, error) {
			t := self(a)
			name, recursive := a.Path("name"), a.Bool("recursive")
			arcname := name
			if !a.IsNone("arcname") {
				arcname = a.Path("arcname")
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := t.check("awx"); err != nil {
				return nil, err
			}
			arcname = strings.TrimLeft(filepath.ToSlash(arcname), "/")
			return lang.None, t.add(a, name, arcname, recursive, a.Value("filter"))
		}),
		lang.NewBuiltin(lang.AsValue, "addfile(self, tarinfo, fileobj=None)", "Adds the member tarinfo, its data tarinfo.size bytes read from fileobj.", func(a *lang.Args) (lang.Value, error) {
			t := self(a)
			if err := t.check("awx"); err != nil {
				return nil, err
			}
			info, ok := a.Value("tarinfo").(*Info)
			if !ok {
				return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'size'", lang.TypeName(a.Value("tarinfo")))
			}
			c := *info
			var data []byte
			if f := a.Value("fileobj"); f != lang.None && (c.typ == tar.TypeReg || c.typ == tar.TypeRegA) {
				readFn, err := lang.GetAttr(f, "read")
				if err != nil {
					return nil, err
				}
				v, err := a.Call(readFn, c.size)
				if err != nil {
					return nil, err
				}
				if data, err = lang.BytesArg(v); err != nil {
					return nil, err
				}
				if int64(len(data)) < c.size {
					return nil, lang.Errorf(lang.OSError, "unexpected end of data")
				}
				data = bytes.Clone(data)
			} else if c.typ == tar.TypeReg || c.typ == tar.TypeRegA {
				data = make([]byte, c.size) // CPython writes the header alone; kael pads with zeros
			}
			t.members = append(t.members, member{info: &c, data: data})
			t.modified = true
			return lang.None, nil
		}),
		lang.NewBuiltin(lang.AsValue, "close(self)", "Closes the archive; one opened to write or append is written now.", func(a *lang.Args) (lang.Value, error) {
			return lang.None, self(a).close()
		}),
	} {
		methods[b.Name] = b
	}
	lang.RegisterMethodTable("TarFile", methods)
	lang.RegisterClass(fileClass, "tarfile.TarFile")
	lang.RegisterModule("tarfile", "Python's tarfile: open, TarFile, TarInfo and is_tarfile for tar archives, plain or compressed with gzip, bzip2 or xz.", func() *lang.Module {
		attrs := map[string]lang.Value{
			"open":    openFn,
			"TarFile": fileClass,
			"TarInfo": infoClass,
			"is_tarfile": lang.NewBuiltin(lang.AsValue, "is_tarfile(name)", "Whether name is a tar archive kael can read.", func(a *lang.Args) (lang.Value, error) {
				name := a.Path("name")
				if err := a.Err(); err != nil {
					return nil, err
				}
				return isTarfile(name)
			}),
			"ENCODING":       "utf-8",
			"USTAR_FORMAT":   int64(0),
			"GNU_FORMAT":     int64(1),
			"PAX_FORMAT":     int64(2),
			"DEFAULT_FORMAT": int64(2),
		}
		for k, v := range errorClasses {
			attrs[k] = v
		}
		for name, typ := range map[string]byte{"REGTYPE": '0', "AREGTYPE": 0, "LNKTYPE": '1', "SYMTYPE": '2', "CHRTYPE": '3', "BLKTYPE": '4', "DIRTYPE": '5', "FIFOTYPE": '6', "CONTTYPE": '7'} {
			attrs[name] = lang.NewBytes([]byte{typ})
		}
		return &lang.Module{Name: "tarfile", Attrs: attrs}
	})
}

var openFn = lang.NewBuiltin(lang.AsValue, "open(name=None, mode='r', fileobj=None, bufsize=10240, compresslevel=9)", "Opens the tar archive name (or the binary file object fileobj): 'r' (or 'r:*') reads it, whatever its compression, 'r:', 'r:gz', 'r:bz2', 'r:xz' read it so compressed; 'w', 'w:gz', 'w:bz2', 'w:xz' (and 'x...') write it, 'a' appends to a plain one.", openArchive)

var fileClass = lang.NewBuiltin(lang.AsValue, "TarFile(name=None, mode='r', fileobj=None)", "A tar archive, plain, opened by name to read ('r'), write ('w', 'x') or append ('a').", func(a *lang.Args) (lang.Value, error) {
	name, mode := a.Path("name"), a.Str("mode")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if len(mode) != 1 || !strings.Contains("rawx", mode) {
		return nil, lang.Errorf(lang.ValueError, "mode must be 'r', 'a', 'w' or 'x'")
	}
	if mode == "r" {
		mode = "r:"
	}
	return open(name, mode, 9)
})

func openArchive(a *lang.Args) (lang.Value, error) {
	mode, level := a.Str("mode"), a.Int("compresslevel")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if f := a.Value("fileobj"); f != lang.None {
		return openFileobj(a, f, mode, level)
	}
	if a.IsNone("name") {
		return nil, lang.Errorf(lang.ValueError, "nothing to open")
	}
	name := a.Path("name")
	if err := a.Err(); err != nil {
		return nil, err
	}
	return open(name, mode, level)
}
