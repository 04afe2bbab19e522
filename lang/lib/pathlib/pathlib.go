// Package pathlib is Python's pathlib module for kael: Path (a
// PosixPath) with the / operator, its parts (name, stem, suffix,
// parent, parts), the questions and changes to the file system (exists,
// is_file, is_dir, mkdir, read_text, write_text, read_bytes,
// write_bytes, iterdir, glob, rglob, open, resolve, unlink, rmdir,
// rename, stat, touch) and CPython's errors.
package pathlib

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/kael-dev/kael/internal/fileguard"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/glob"
)

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func (p *path) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name":
		return p.name(), true
	case "suffix":
		return p.suffix(), true
	case "suffixes":
		return &lang.List{Elems: p.suffixes()}, true
	case "stem":
		return p.stem(), true
	case "parent":
		return p.parent(), true
	case "parents":
		var out []lang.Value
		for q := p; len(q.parts) > 0; {
			q = q.parent()
			out = append(out, q)
		}
		return lang.Tuple(out), true
	case "parts":
		parts := p.allParts()
		out := make(lang.Tuple, len(parts))
		for i, s := range parts {
			out[i] = s
		}
		return out, true
	case "root", "anchor":
		return p.root, true
	case "drive":
		return "", true
	}
	m, ok := pathMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: p, Method: m}, true
}

func (p *path) AttrNames() []string {
	return append(sortedKeys(pathMethods), "anchor", "drive", "name", "parent", "parents", "parts", "root", "stem", "suffix", "suffixes")
}

// osErr is err of the file system for p, as Python's OSError.
func osErr(err error, p *path) error { return lang.OSErrorFrom(err, p.String()) }

// maxRead bounds what read_text and read_bytes read at once, as open()'s
// read is bounded.
const maxRead = 1 << 30

// readAll reads the regular file at p.
func readAll(p *path) ([]byte, error) {
	f, fi, err := fileguard.OpenRegular(p.String(), os.O_RDONLY, 0)
	if err != nil {
		return nil, osErr(err, p)
	}
	defer f.Close()
	if fi.Size() > maxRead {
		return nil, lang.Errorf(lang.MemoryError, "%s has %d bytes, more than kael reads at once (%d)", p.String(), fi.Size(), maxRead)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxRead+1))
	if err != nil {
		return nil, osErr(err, p)
	}
	return data, nil
}

// writeAll replaces the regular file at p (made when missing) by data.
func writeAll(p *path, data []byte) error {
	f, _, err := fileguard.OpenRegular(p.String(), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
	if err != nil {
		return osErr(err, p)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return osErr(err, p)
	}
	if err := f.Close(); err != nil {
		return osErr(err, p)
	}
	return nil
}

// mkdir is Path.mkdir.
func mkdir(p *path, perm uint32, parents, existOK bool) error {
	err := syscall.Mkdir(p.String(), perm)
	if err == nil {
		return nil
	}
	if errors.Is(err, fs.ErrNotExist) && parents && len(p.parts) > 0 {
		if err := mkdir(p.parent(), perm, true, true); err != nil {
			return err
		}
		return mkdir(p, perm, false, existOK)
	}
	if err == syscall.EEXIST && existOK {
		if fi, serr := os.Stat(p.String()); serr == nil && fi.IsDir() {
			return nil
		}
	}
	return osErr(err, p)
}

// statMode is the mode of the file at p (following links), or false.
func statMode(p *path) (os.FileMode, bool) {
	fi, err := os.Stat(p.String())
	if err != nil {
		return 0, false
	}
	return fi.Mode(), true
}

// resolve is Path.resolve(): the absolute path with links resolved as
// far as the path exists, and '..' resolved.
func resolve(p *path) (*path, error) {
	abs, err := absolute(p)
	if err != nil {
		return nil, err
	}
	s := abs.String()
	if r, err := filepath.EvalSymlinks(s); err == nil {
		return parsePath(r), nil
	}
	// Resolve the longest prefix that exists; the rest as text.
	head, rest := s, []string{}
	for head != "/" && head != "" {
		if r, err := filepath.EvalSymlinks(head); err == nil {
			head = r
			break
		}
		rest = append([]string{filepath.Base(head)}, rest...)
		head = filepath.Dir(head)
	}
	return parsePath(filepath.Clean(filepath.Join(append([]string{head}, rest...)...))), nil
}

// absolute is Path.absolute(): p from the working directory.
func absolute(p *path) (*path, error) {
	if p.root != "" {
		return p, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil, lang.OSErrorFrom(err)
	}
	return parsePath(wd).join(p), nil
}

// textOf is data as a str: UTF-8, as kael's text files are.
func textOf(data []byte, p *path) (lang.Value, error) {
	if !utf8.Valid(data) {
		return nil, lang.Errorf("UnicodeDecodeError", "'utf-8' codec can't decode the bytes of %s", lang.Repr(p.String()))
	}
	return string(data), nil
}

// encodingArg refuses an encoding other than UTF-8's names.
func encodingArg(a *lang.Args) error {
	if a.IsNone("encoding") {
		return nil
	}
	e, ok := a.Value("encoding").(string)
	if ok {
		switch strings.ToLower(strings.ReplaceAll(e, "_", "-")) {
		case "utf-8", "utf8":
			return nil
		}
	}
	return lang.Errorf(lang.ValueError, "kael reads and writes text as UTF-8, not %s", lang.Repr(a.Value("encoding")))
}

// globPaths is Path.glob(pattern) (rglob: with "**/" before it).
func globPaths(p *path, pattern string) ([]lang.Value, error) {
	if pattern == "" {
		return nil, lang.Errorf(lang.ValueError, "Unacceptable pattern: %s", lang.Repr(pattern))
	}
	if strings.HasPrefix(pattern, "/") {
		return nil, lang.Errorf(lang.ErrorKind("NotImplementedError"), "Non-relative patterns are unsupported")
	}
	pattern = parsePath(pattern).String() // as pathlib reads it: no trailing '/'
	matches := glob.GlobAll(pattern, p.String(), true, true)
	// pathlib's '**' at the end matches directories only, this one too.
	dirsOnly := pattern == "**" || strings.HasSuffix(pattern, "/**")
	var out []lang.Value
	for _, m := range matches {
		if dirsOnly {
			if mode, ok := statMode(p.join(parsePath(m))); !ok || !mode.IsDir() {
				continue
			}
		}
		if m == "" {
			out = append(out, p)
			continue
		}
		out = append(out, p.join(parsePath(m)))
	}
	return out, nil
}
