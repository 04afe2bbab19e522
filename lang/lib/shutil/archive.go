package shutil

import (
	"archive/tar"
	"archive/zip"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"github.com/kael-dev/kael/internal/fileguard"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/bz2"
	"github.com/kael-dev/kael/lang/lib/fnmatch"
	kos "github.com/kael-dev/kael/lang/lib/os"
)

// shutil's archives (make_archive, unpack_archive for zip, tar and
// gzip'ed tar, bzip2'ed tar unpacked too), ignore_patterns, copymode,
// copystat, chown and get_terminal_size.

// More errors of shutil.
const (
	SpecialFileError lang.ErrorKind = "SpecialFileError"
	ExecError        lang.ErrorKind = "ExecError"
	ReadError        lang.ErrorKind = "ReadError"
	RegistryError    lang.ErrorKind = "RegistryError"
)

var (
	specialFileClass = lang.RegisterExceptionClass(SpecialFileError, "shutil", "SpecialFileError", lang.OSError)
	execErrorClass   = lang.RegisterExceptionClass(ExecError, "shutil", "ExecError", lang.OSError)
	readErrorClass   = lang.RegisterExceptionClass(ReadError, "shutil", "ReadError", lang.OSError)
	registryClass    = lang.RegisterExceptionClass(RegistryError, "shutil", "RegistryError", "Exception")
)

// archiveFormat is a format of make_archive or unpack_archive: kael's
// own (make or unpack set), or one a program registered (fn set).
type archiveFormat struct {
	name, desc string
	exts       []string // unpack_archive's extensions
	make       func(base, root, baseDir string) (string, error)
	unpack     func(file, dir string) error
	fn         lang.Value // a registered function
	extra      lang.Value // its extra arguments: a list of (name, value), or None
}

var (
	archiveFormats = map[string]*archiveFormat{
		"zip":   {name: "zip", desc: "ZIP file", make: makeZip},
		"tar":   {name: "tar", desc: "uncompressed tar file", make: makeTar("")},
		"gztar": {name: "gztar", desc: "gzip'ed tar-file", make: makeTar("gz")},
		"bztar": {name: "bztar", desc: "bzip2'ed tar-file", make: makeTar("bz2")},
	}
	unpackFormats = map[string]*archiveFormat{
		"zip":   {name: "zip", desc: "ZIP file", exts: []string{".zip"}, unpack: unpackZip},
		"tar":   {name: "tar", desc: "uncompressed tar file", exts: []string{".tar"}, unpack: unpackTar("")},
		"gztar": {name: "gztar", desc: "gzip'ed tar-file", exts: []string{".tar.gz", ".tgz"}, unpack: unpackTar("gz")},
		"bztar": {name: "bztar", desc: "bzip2'ed tar-file", exts: []string{".tar.bz2", ".tbz2"}, unpack: unpackTar("bz2")},
	}
)

// archiveEntries walks baseDir (under the working directory) as
// CPython's archivers do, calling add with each path, the directories
// first in each, by sorted name.
func archiveEntries(baseDir string, add func(path string, fi os.FileInfo) error) error {
	fi, err := os.Lstat(baseDir)
	if err != nil {
		return lang.OSErrorFrom(err, baseDir)
	}
	if err := add(baseDir, fi); err != nil || !fi.IsDir() {
		return err
	}
	var walk func(dir string, depth int) error
	walk = func(dir string, depth int) error {
		if depth > maxDepth {
			return lang.Errorf(lang.RecursionError, "shutil.make_archive: more than %d nested directories", maxDepth)
		}
		ents, err := os.ReadDir(dir)
		if err != nil {
			return lang.OSErrorFrom(err, dir)
		}
		for _, e := range ents {
			p := joinPath(dir, e.Name())
			fi, err := os.Lstat(p)
			if err != nil {
				return lang.OSErrorFrom(err, p)
			}
			if err := add(p, fi); err != nil {
				return err
			}
			if fi.IsDir() {
				if err := walk(p, depth+1); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return walk(baseDir, 0)
}

// makeZip writes base.zip of baseDir, names as os.path.normpath gives
// them, directories ending in '/'.
func makeZip(base, _, baseDir string) (string, error) {
	name := base + ".zip"
	out, err := os.Create(name)
	if err != nil {
		return "", lang.OSErrorFrom(err, name)
	}
	w := zip.NewWriter(out)
	err = archiveEntries(baseDir, func(p string, fi os.FileInfo) error {
		arc := filepath.Clean(p)
		if arc == "." {
			return nil
		}
		hdr, err := zip.FileInfoHeader(fi)
		if err != nil {
			return lang.OSErrorFrom(err, p)
		}
		hdr.Name = arc
		switch {
		case fi.IsDir():
			hdr.Name += "/"
			if _, err := w.CreateHeader(hdr); err != nil {
				return lang.OSErrorFrom(err, p)
			}
			return nil
		case !fi.Mode().IsRegular():
			return nil
		}
		hdr.Method = zip.Deflate
		dst, err := w.CreateHeader(hdr)
		if err != nil {
			return lang.OSErrorFrom(err, p)
		}
		return copyInto(dst, p)
	})
	if cerr := w.Close(); err == nil && cerr != nil {
		err = lang.OSErrorFrom(cerr, name)
	}
	if cerr := out.Close(); err == nil && cerr != nil {
		err = lang.OSErrorFrom(cerr, name)
	}
	return name, err
}

// copyInto copies the regular file p into w.
func copyInto(w io.Writer, p string) error {
	in, _, err := fileguard.OpenRegular(p, os.O_RDONLY, 0)
	if err != nil {
		return lang.OSErrorFrom(err, p)
	}
	defer in.Close()
	if _, err := io.Copy(w, in); err != nil {
		return lang.OSErrorFrom(err, p)
	}
	return nil
}

// makeTar writes base.tar (base.tar.gz with compress "gz", .tar.bz2
// with "bz2") of baseDir, as tarfile.add names its members.
func makeTar(compress string) func(base, root, baseDir string) (string, error) {
	return func(base, _, baseDir string) (string, error) {
		name := base + ".tar"
		if compress != "" {
			name += "." + compress
		}
		out, err := os.Create(name)
		if err != nil {
			return "", lang.OSErrorFrom(err, name)
		}
		var sink io.Writer = out
		var gz io.WriteCloser
		switch compress {
		case "gz":
			gz = gzip.NewWriter(out)
			sink = gz
		case "bz2":
			if gz, err = bz2.NewWriter(out, 9); err != nil {
				out.Close()
				return "", err
			}
			sink = gz
		}
		w := tar.NewWriter(sink)
		err = archiveEntries(baseDir, func(p string, fi os.FileInfo) error {
			link := ""
			if fi.Mode()&os.ModeSymlink != 0 {
				link, _ = os.Readlink(p)
			}
			hdr, err := tar.FileInfoHeader(fi, link)
			if err != nil {
				return lang.OSErrorFrom(err, p)
			}
			hdr.Name = p
			hdr.Format = tar.FormatPAX
			if err := w.WriteHeader(hdr); err != nil {
				return lang.OSErrorFrom(err, p)
			}
			if fi.Mode().IsRegular() {
				return copyInto(w, p)
			}
			return nil
		})
		closers := []io.Closer{w}
		if gz != nil {
			closers = append(closers, gz)
		}
		for _, c := range append(closers, out) {
			if cerr := c.Close(); err == nil && cerr != nil {
				err = lang.OSErrorFrom(cerr, name)
			}
		}
		return name, err
	}
}

// Inside is the path of the member name under dir, or false when it
// would land outside (an absolute name, or one with ".."), which is
// skipped, as CPython's zip unpacking skips it; tarfile shares it.
func Inside(dir, name string) (string, bool) {
	if strings.HasPrefix(name, "/") || filepath.IsAbs(name) {
		return "", false
	}
	for _, part := range strings.Split(name, "/") {
		if part == ".." {
			return "", false
		}
	}
	return filepath.Join(dir, name), true
}

// WriteMember writes the member's data r to path, making its directory;
// tarfile shares it.
func WriteMember(path string, r io.Reader, mode os.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return lang.OSErrorFrom(err, filepath.Dir(path))
	}
	out, _, err := fileguard.OpenRegular(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode|0o600)
	if err != nil {
		return lang.OSErrorFrom(err, path)
	}
	if _, err := io.Copy(out, r); err != nil {
		out.Close()
		return lang.OSErrorFrom(err, path)
	}
	if err := out.Close(); err != nil {
		return lang.OSErrorFrom(err, path)
	}
	return nil
}

func unpackZip(file, dir string) error {
	r, err := zip.OpenReader(file)
	if err != nil {
		return lang.Errorf(ReadError, "%s is not a zip file", file)
	}
	defer r.Close()
	for _, f := range r.File {
		p, ok := Inside(dir, f.Name)
		if !ok {
			continue
		}
		if strings.HasSuffix(f.Name, "/") {
			if err := os.MkdirAll(p, 0o777); err != nil {
				return lang.OSErrorFrom(err, p)
			}
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return lang.Errorf(ReadError, "%s: %s", file, err)
		}
		err = WriteMember(p, rc, 0o666)
		rc.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

func unpackTar(compress string) func(file, dir string) error {
	return func(file, dir string) error {
		in, _, err := fileguard.OpenRegular(file, os.O_RDONLY, 0)
		if err != nil {
			return lang.OSErrorFrom(err, file)
		}
		defer in.Close()
		notTar := lang.Errorf(ReadError, "%s is not a compressed or uncompressed tar file", file)
		var src io.Reader = in
		switch compress {
		case "gz":
			gz, err := gzip.NewReader(in)
			if err != nil {
				return notTar
			}
			src = gz
		case "bz2":
			src = bzip2.NewReader(in)
		}
		r := tar.NewReader(src)
		for first := true; ; first = false {
			hdr, err := r.Next()
			if err == io.EOF && !first {
				return nil
			}
			if err != nil {
				return notTar
			}
			p, ok := Inside(dir, hdr.Name)
			if !ok {
				continue
			}
			switch hdr.Typeflag {
			case tar.TypeDir:
				if err := os.MkdirAll(p, 0o777); err != nil {
					return lang.OSErrorFrom(err, p)
				}
				_ = os.Chmod(p, os.FileMode(hdr.Mode).Perm()|0o700)
			case tar.TypeReg:
				if err := WriteMember(p, r, os.FileMode(hdr.Mode).Perm()); err != nil {
					return err
				}
				_ = os.Chmod(p, os.FileMode(hdr.Mode).Perm())
			}
			// Links, devices and FIFOs are not made (see docs/stdlib.md).
		}
	}
}

// formatList is get_archive_formats (unpack false) or get_unpack_formats.
func formatList(unpack bool) lang.Value {
	table := archiveFormats
	if unpack {
		table = unpackFormats
	}
	names := make([]string, 0, len(table))
	for n := range table {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]lang.Value, len(names))
	for i, n := range names {
		f := table[n]
		if unpack {
			exts := make([]lang.Value, len(f.exts))
			for j, e := range f.exts {
				exts[j] = e
			}
			out[i] = lang.Tuple{n, &lang.List{Elems: exts}, f.desc}
		} else {
			out[i] = lang.Tuple{n, f.desc}
		}
	}
	return &lang.List{Elems: out}
}

// strs is v, a list or tuple of str, as strings.
func strs(v lang.Value, what string) ([]string, error) {
	var out []string
	var bad error
	err := lang.Iterate(v, func(x lang.Value) bool {
		s, ok := x.(string)
		if !ok {
			bad = lang.Errorf(TypeError, "%s must be a list of str", what)
			return false
		}
		out = append(out, s)
		return true
	})
	if err == nil {
		err = bad
	}
	return out, err
}

// TypeError is Python's TypeError.
const TypeError = lang.TypeError

func makeArchive(a *lang.Args) (lang.Value, error) {
	base, err := pathArg(a.Value("base_name"))
	if err != nil {
		return nil, err
	}
	format, ok := a.Value("format").(string)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "make_archive() format must be str, not %s", lang.TypeName(a.Value("format")))
	}
	f := archiveFormats[format]
	if f == nil {
		return nil, lang.Errorf(lang.ValueError, "unknown archive format '%s'", format)
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil, lang.OSErrorFrom(err)
	}
	root := ""
	if !a.IsNone("root_dir") {
		if root, err = pathArg(a.Value("root_dir")); err != nil {
			return nil, err
		}
		fi, err := os.Stat(root)
		if err != nil {
			return nil, lang.OSErrorFrom(err, root)
		}
		if !fi.IsDir() {
			return nil, lang.NewOSError(lang.NotADirectoryError, int(syscall.ENOTDIR), "Not a directory", root)
		}
		if !filepath.IsAbs(base) {
			base = filepath.Join(wd, base)
		}
		if err := os.Chdir(root); err != nil {
			return nil, lang.OSErrorFrom(err, root)
		}
		defer func() { _ = os.Chdir(wd) }()
	}
	baseDir := "."
	if !a.IsNone("base_dir") {
		if baseDir, err = pathArg(a.Value("base_dir")); err != nil {
			return nil, err
		}
	}
	if a.Bool("dry_run") {
		return lang.None, a.Err()
	}
	if err := a.Err(); err != nil {
		return nil, err
	}
	if f.fn != nil {
		names := []string{"dry_run", "logger"}
		vals := []lang.Value{a.Value("dry_run"), a.Value("logger")}
		if f.extra != nil && f.extra != lang.None {
			err := lang.Iterate(f.extra, func(v lang.Value) bool {
				if t, ok := v.(lang.Tuple); ok && len(t) == 2 {
					if n, ok := t[0].(string); ok {
						names, vals = append(names, n), append(vals, t[1])
					}
				}
				return true
			})
			if err != nil {
				return nil, err
			}
		}
		if format != "zip" {
			names, vals = append(names, "owner", "group"), append(vals, a.Value("owner"), a.Value("group"))
		}
		return a.CallKw(f.fn, []lang.Value{base, baseDir}, names, vals)
	}
	return f.make(base, root, baseDir)
}

func unpackArchive(a *lang.Args) (lang.Value, error) {
	file, err := pathArg(a.Value("filename"))
	if err != nil {
		return nil, err
	}
	dir := ""
	if a.IsNone("extract_dir") {
		if dir, err = os.Getwd(); err != nil {
			return nil, lang.OSErrorFrom(err)
		}
	} else if dir, err = pathArg(a.Value("extract_dir")); err != nil {
		return nil, err
	}
	var f *archiveFormat
	if !a.IsNone("format") {
		name, ok := a.Value("format").(string)
		if f = unpackFormats[name]; !ok || f == nil {
			return nil, lang.Errorf(lang.ValueError, "Unknown unpack format %s", lang.Repr(a.Value("format")))
		}
	} else {
		best := 0
		for _, cand := range unpackFormats {
			for _, e := range cand.exts {
				if strings.HasSuffix(file, e) && len(e) > best {
					f, best = cand, len(e)
				}
			}
		}
		if f == nil {
			return nil, lang.Errorf(ReadError, "Unknown archive format %s", lang.Repr(file))
		}
	}
	if f.fn != nil {
		var kw []lang.Value
		var names []string
		if f.extra != nil && f.extra != lang.None {
			_ = lang.Iterate(f.extra, func(v lang.Value) bool {
				if t, ok := v.(lang.Tuple); ok && len(t) == 2 {
					if n, ok := t[0].(string); ok {
						names, kw = append(names, n), append(kw, t[1])
					}
				}
				return true
			})
		}
		_, err := a.CallKw(f.fn, []lang.Value{file, dir}, names, kw)
		return lang.None, err
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, lang.OSErrorFrom(err, dir)
	}
	return lang.None, f.unpack(file, dir)
}

// ignorePatterns is shutil.ignore_patterns(*patterns): a function of
// (path, names) that gives the set of names matching a pattern.
func ignorePatterns(pats []string) *lang.Builtin {
	compiled := make([]*fnmatch.Pattern, len(pats))
	for i, p := range pats {
		compiled[i] = fnmatch.Compile(p)
	}
	return lang.NewBuiltin(lang.AsValue, "_ignore_patterns(path, names)", "The set of names that match one of the patterns given to ignore_patterns.", func(a *lang.Args) (lang.Value, error) {
		names, err := strs(a.Value("names"), "names")
		if err != nil {
			return nil, err
		}
		var out []lang.Value
		for _, n := range names {
			for _, p := range compiled {
				if p.Match(n) {
					out = append(out, n)
					break
				}
			}
		}
		return lang.NewSet(out, false)
	})
}

// copyMode copies src's permission bits to dst; with times, its access
// and modification times too (copystat).
func copyMode(src, dst string, follow, times bool) error {
	var st syscall.Stat_t
	stat := syscall.Stat
	if !follow {
		stat = syscall.Lstat
	}
	if err := stat(src, &st); err != nil {
		return lang.OSErrorFrom(err, src)
	}
	if !follow && st.Mode&syscall.S_IFMT == syscall.S_IFLNK {
		return nil // Linux cannot change a link's mode
	}
	if times {
		if err := syscall.UtimesNano(dst, []syscall.Timespec{st.Atim, st.Mtim}); err != nil {
			return lang.OSErrorFrom(err, dst)
		}
	}
	if err := syscall.Chmod(dst, st.Mode&0o7777); err != nil {
		return lang.OSErrorFrom(err, dst)
	}
	return nil
}

// lookupID is chown's user or group: an int as it is, a name looked up.
func lookupID(v lang.Value, group bool) (int, error) {
	if v == lang.None {
		return -1, nil
	}
	if n, ok := v.(int64); ok {
		return int(n), nil
	}
	name, ok := v.(string)
	if !ok {
		return 0, lang.Errorf(lang.TypeError, "chown: user and group must be str or int, not %s", lang.TypeName(v))
	}
	var id string
	if group {
		g, err := user.LookupGroup(name)
		if err != nil {
			return 0, lang.Errorf(lang.LookupError, "no such group: %s", lang.Repr(name))
		}
		id = g.Gid
	} else {
		u, err := user.Lookup(name)
		if err != nil {
			return 0, lang.Errorf(lang.LookupError, "no such user: %s", lang.Repr(name))
		}
		id = u.Uid
	}
	n, err := strconv.Atoi(id)
	if err != nil {
		return 0, lang.Errorf(lang.LookupError, "no such user: %s", lang.Repr(name))
	}
	return n, nil
}

// terminalSize is shutil.get_terminal_size: $COLUMNS and $LINES when
// positive, else the terminal of standard output, else fallback.
func terminalSize(a *lang.Args) (lang.Value, error) {
	fb, ok := a.Value("fallback").(lang.Tuple)
	if !ok || len(fb) != 2 {
		return nil, lang.Errorf(lang.TypeError, "fallback must be a tuple of (columns, lines)")
	}
	env := func(name string) int64 {
		n, err := strconv.ParseInt(os.Getenv(name), 10, 64)
		if err != nil {
			return 0
		}
		return n
	}
	cols, lines := env("COLUMNS"), env("LINES")
	if cols <= 0 || lines <= 0 {
		c, l, err := kos.TerminalSize(1)
		if err != nil {
			c, _ = lang.AsInt(fb[0])
			l, _ = lang.AsInt(fb[1])
		}
		if cols <= 0 {
			cols = c
		}
		if lines <= 0 {
			lines = l
		}
	}
	return kos.NewTerminalSize(cols, lines), nil
}

// register adds the format name, made by fn (with extra, a list of
// (name, value) keyword arguments).
func register(table map[string]*archiveFormat, a *lang.Args, exts []string) (lang.Value, error) {
	name, ok := a.Value("name").(string)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "name must be str")
	}
	fn := a.Value("function")
	if !lang.Callable(fn) {
		return nil, lang.Errorf(TypeError, "The %s object is not callable", lang.Repr(fn))
	}
	extra := a.Value("extra_args")
	if extra != lang.None {
		bad := false
		err := lang.Iterate(extra, func(v lang.Value) bool {
			t, ok := v.(lang.Tuple)
			bad = !ok || len(t) != 2
			return !bad
		})
		if err != nil || bad {
			return nil, lang.Errorf(TypeError, "extra_args needs to be a sequence")
		}
	}
	desc, _ := a.Value("description").(string)
	if exts != nil {
		for _, f := range table {
			for _, e := range f.exts {
				for _, x := range exts {
					if e == x {
						return nil, lang.Errorf(RegistryError, "%s is already registered for \"%s\"", x, f.name)
					}
				}
			}
		}
	}
	table[name] = &archiveFormat{name: name, desc: desc, exts: exts, fn: fn, extra: extra}
	return lang.None, nil
}

// archiveFunctions are the functions of this file.
var archiveFunctions = map[string]lang.Value{
	"SpecialFileError": specialFileClass,
	"ExecError":        execErrorClass,
	"ReadError":        readErrorClass,
	"RegistryError":    registryClass,
	"make_archive":     lang.NewBuiltin(lang.AsValue, "make_archive(base_name, format, root_dir=None, base_dir=None, verbose=0, dry_run=0, owner=None, group=None, logger=None)", "Makes the archive base_name + '.zip' (format 'zip'), '.tar' ('tar') or '.tar.gz' ('gztar') of base_dir ('.' by default) under root_dir (the working directory by default), and returns its path. A format registered with register_archive_format is made by its function.", makeArchive),
	"unpack_archive":   lang.NewBuiltin(lang.AsValue, "unpack_archive(filename, extract_dir=None, format=None)", "Unpacks the archive filename (zip, tar, gztar or bztar, from its extension unless format is given) into extract_dir (the working directory by default). Members that would land outside it (absolute, or with '..') are skipped, and a tar's links, devices and FIFOs are not made.", unpackArchive),
	"get_archive_formats": lang.NewBuiltin(lang.AsValue, "get_archive_formats()", "The formats make_archive makes, as a list of (name, description).", func(a *lang.Args) (lang.Value, error) {
		return formatList(false), nil
	}),
	"get_unpack_formats": lang.NewBuiltin(lang.AsValue, "get_unpack_formats()", "The formats unpack_archive reads, as a list of (name, extensions, description).", func(a *lang.Args) (lang.Value, error) {
		return formatList(true), nil
	}),
	"register_archive_format": lang.NewBuiltin(lang.AsValue, "register_archive_format(name, function, extra_args=None, description='')", "Adds the format name to make_archive: function(base_name, base_dir, **kwargs) makes it and returns its path.", func(a *lang.Args) (lang.Value, error) {
		return register(archiveFormats, a, nil)
	}),
	"unregister_archive_format": lang.NewBuiltin(lang.AsValue, "unregister_archive_format(name)", "Removes the format name from make_archive.", func(a *lang.Args) (lang.Value, error) {
		name, _ := a.Value("name").(string)
		if _, ok := archiveFormats[name]; !ok {
			return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(a.Value("name")))
		}
		delete(archiveFormats, name)
		return lang.None, nil
	}),
	"register_unpack_format": lang.NewBuiltin(lang.AsValue, "register_unpack_format(name, extensions, function, extra_args=None, description='')", "Adds the format name, of the file extensions, to unpack_archive: function(filename, extract_dir, **kwargs) unpacks it.", func(a *lang.Args) (lang.Value, error) {
		exts, err := strs(a.Value("extensions"), "extensions")
		if err != nil {
			return nil, err
		}
		return register(unpackFormats, a, exts)
	}),
	"unregister_unpack_format": lang.NewBuiltin(lang.AsValue, "unregister_unpack_format(name)", "Removes the format name from unpack_archive.", func(a *lang.Args) (lang.Value, error) {
		name, _ := a.Value("name").(string)
		if _, ok := unpackFormats[name]; !ok {
			return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(a.Value("name")))
		}
		delete(unpackFormats, name)
		return lang.None, nil
	}),
	"ignore_patterns": lang.NewBuiltin(lang.AsValue, "ignore_patterns(*patterns)", "A function for copytree's ignore: given a directory and its names, the set of names that match one of the glob-style patterns.", func(a *lang.Args) (lang.Value, error) {
		pats, err := strs(a.Value("patterns"), "patterns")
		if err != nil {
			return nil, err
		}
		return ignorePatterns(pats), nil
	}),
	"copymode": lang.NewBuiltin(lang.AsValue, "copymode(src, dst, *, follow_symlinks=True)", "Gives dst the permission bits of src.", func(a *lang.Args) (lang.Value, error) {
		src, dst, err := twoPaths(a)
		if err != nil {
			return nil, err
		}
		follow := a.Bool("follow_symlinks")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lang.None, copyMode(src, dst, follow, false)
	}),
	"copystat": lang.NewBuiltin(lang.AsValue, "copystat(src, dst, *, follow_symlinks=True)", "Gives dst the permission bits and the access and modification times of src.", func(a *lang.Args) (lang.Value, error) {
		src, dst, err := twoPaths(a)
		if err != nil {
			return nil, err
		}
		follow := a.Bool("follow_symlinks")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lang.None, copyMode(src, dst, follow, true)
	}),
	"chown": lang.NewBuiltin(lang.AsValue, "chown(path, user=None, group=None)", "Sets the owner (a user name or id) and the group (a name or id) of path.", func(a *lang.Args) (lang.Value, error) {
		p, err := pathArg(a.Value("path"))
		if err != nil {
			return nil, err
		}
		if a.IsNone("user") && a.IsNone("group") {
			return nil, lang.Errorf(lang.ValueError, "user and/or group must be set")
		}
		uid, err := lookupID(a.Value("user"), false)
		if err != nil {
			return nil, err
		}
		gid, err := lookupID(a.Value("group"), true)
		if err != nil {
			return nil, err
		}
		if err := os.Chown(p, uid, gid); err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, lang.OSErrorFrom(err, p)
		}
		return lang.None, nil
	}),
	"get_terminal_size": lang.NewBuiltin(lang.AsValue, "get_terminal_size(fallback=(80, 24))", "The terminal's size as os.terminal_size(columns, lines): $COLUMNS and $LINES when set, else the terminal of standard output, else fallback.", terminalSize),
}
