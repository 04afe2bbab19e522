package zipfile

import (
	"archive/zip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/kael-dev/kael/internal/fileguard"
	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/io" // ZipFile.open returns an _io.BytesIO
)

const notImplementedError lang.ErrorKind = "NotImplementedError"

func self(a *lang.Args) *ZipFile { return a.Value("self").(*ZipFile) }

// compressionArg reads compress_type=None: the archive's compression, or
// the one given.
func compressionArg(a *lang.Args, z *ZipFile) (int, error) {
	if a.IsNone("compress_type") {
		return z.compression, nil
	}
	c := a.Int("compress_type")
	if err := a.Err(); err != nil {
		return 0, err
	}
	return c, checkCompression(c)
}

// arcName is the name write() stores a file under, as ZipInfo.from_file
// makes it: normalised, without a leading /, a directory's ending in /.
func arcName(name string, dir bool) string {
	name = filepath.ToSlash(filepath.Clean(name))
	name = strings.TrimLeft(name, "/")
	if dir {
		name += "/"
	}
	return name
}

// extractPath is where extract() writes member name under dir, as
// CPython's _extract_member sanitises it: no empty, '.' or '..' parts.
func extractPath(dir, name string) string {
	var parts []string
	for _, p := range strings.Split(name, "/") {
		if p != "" && p != "." && p != ".." {
			parts = append(parts, p)
		}
	}
	return filepath.Clean(filepath.Join(append([]string{dir}, parts...)...))
}

// extract writes member f under dir and returns its path.
func (z *ZipFile) extract(zi *ZipInfo, dir string) (string, error) {
	target := extractPath(dir, zi.name)
	if zi.isDir() {
		if err := os.MkdirAll(target, 0o777); err != nil {
			return "", lang.OSErrorFrom(err, target)
		}
		return target, nil
	}
	if err := os.MkdirAll(filepath.Dir(target), 0o777); err != nil {
		return "", lang.OSErrorFrom(err, filepath.Dir(target))
	}
	f, err := z.member(zi.name)
	if err != nil {
		return "", err
	}
	data, err := readMember(f)
	if err != nil {
		return "", err
	}
	out, _, err := fileguard.OpenRegular(target, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
	if err != nil {
		return "", lang.OSErrorFrom(err, target)
	}
	_, err = out.Write(data)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", lang.OSErrorFrom(err, target)
	}
	return target, nil
}

func (z *ZipFile) needRead(op string) error {
	if err := z.checkOpen("use"); err != nil {
		return err
	}
	if z.mode != "r" && z.mode != "a" {
		return lang.Errorf(lang.ValueError, "%s requires mode 'r' or 'a'", op)
	}
	return nil
}

// infoArg finds the ZipInfo of member v (a name or a ZipInfo).
func (z *ZipFile) infoArg(v lang.Value) (*ZipInfo, error) {
	if zi, ok := v.(*ZipInfo); ok {
		return zi, nil
	}
	name, ok := v.(string)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "member must be a str or a ZipInfo, not %s", lang.TypeName(v))
	}
	for i := len(z.infos) - 1; i >= 0; i-- {
		if z.infos[i].name == name {
			return z.infos[i], nil
		}
	}
	return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr("There is no item named "+lang.Repr(name)+" in the archive"))
}

var zipMethods = map[string]*lang.Builtin{}

func init() {
	for _, b := range []*lang.Builtin{
		lang.NewBuiltin(lang.AsValue, "namelist(self)", "The members' names, in the archive's order.", func(a *lang.Args) (lang.Value, error) {
			z := self(a)
			l := &lang.List{}
			for _, zi := range z.infos {
				l.Elems = append(l.Elems, zi.name)
			}
			return l, nil
		}),
		lang.NewBuiltin(lang.AsValue, "infolist(self)", "The members' ZipInfo objects, in the archive's order.", func(a *lang.Args) (lang.Value, error) {
			l := &lang.List{}
			for _, zi := range self(a).infos {
				l.Elems = append(l.Elems, zi)
			}
			return l, nil
		}),
		lang.NewBuiltin(lang.AsValue, "getinfo(self, name)", "The ZipInfo of the member name; a KeyError when there is none.", func(a *lang.Args) (lang.Value, error) {
			return self(a).infoArg(a.Value("name"))
		}),
		lang.NewBuiltin(lang.AsValue, "read(self, name, pwd=None)", "The bytes of member name (checked against its CRC).", func(a *lang.Args) (lang.Value, error) {
			z := self(a)
			if err := z.needRead("read"); err != nil {
				return nil, err
			}
			if !a.IsNone("pwd") {
				return nil, lang.Errorf(notImplementedError, "kael's zipfile reads no encrypted members")
			}
			f, err := z.member(a.Value("name"))
			if err != nil {
				return nil, err
			}
			data, err := readMember(f)
			if err != nil {
				return nil, err
			}
			return lang.NewBytes(data), nil
		}),
		lang.NewBuiltin(lang.AsValue, "open(self, name, mode='r', pwd=None)", "Member name as a binary file to read (read, readline, iteration, with): an io.BytesIO of its data, read when opened.", func(a *lang.Args) (lang.Value, error) {
			z := self(a)
			if a.Str("mode") != "r" {
				if err := a.Err(); err != nil {
					return nil, err
				}
				if a.Str("mode") == "w" {
					return nil, lang.Errorf(notImplementedError, "kael's ZipFile.open reads members; write one with writestr")
				}
				return nil, lang.Errorf(lang.ValueError, "open() requires mode \"r\" or \"w\"")
			}
			if err := z.needRead("open"); err != nil {
				return nil, err
			}
			f, err := z.member(a.Value("name"))
			if err != nil {
				return nil, err
			}
			data, err := readMember(f)
			if err != nil {
				return nil, err
			}
			io, err := a.Import("_io")
			if err != nil {
				return nil, err
			}
			return a.Call(io.Attrs["BytesIO"], lang.NewBytes(data))
		}),
		lang.NewBuiltin(lang.AsValue, "write(self, filename, arcname=None, compress_type=None, compresslevel=None)", "Adds the file or directory filename, under arcname (its normalised path by default).", func(a *lang.Args) (lang.Value, error) {
			z := self(a)
			if err := z.checkOpen("write to"); err != nil {
				return nil, err
			}
			name := a.Path("filename")
			c, err := compressionArg(a, z)
			if err != nil {
				return nil, err
			}
			info, err := os.Stat(name)
			if err != nil {
				return nil, lang.OSErrorFrom(err, name)
			}
			arc := name
			if !a.IsNone("arcname") {
				arc = a.Path("arcname")
				if err := a.Err(); err != nil {
					return nil, err
				}
			}
			arc = arcName(arc, info.IsDir())
			if info.IsDir() {
				return lang.None, z.add(arc, nil, zipStored, info.ModTime(), statMode(info)<<16|0x10)
			}
			f, _, err := fileguard.OpenRegular(name, os.O_RDONLY, 0)
			if err != nil {
				return nil, lang.OSErrorFrom(err, name)
			}
			data, err := io.ReadAll(io.LimitReader(f, maxMember+1))
			f.Close()
			if err != nil {
				return nil, lang.OSErrorFrom(err, name)
			}
			if len(data) > maxMember {
				return nil, lang.Errorf(lang.MemoryError, "zipfile: %s is over %d bytes", lang.Repr(name), maxMember)
			}
			return lang.None, z.add(arc, data, c, info.ModTime(), statMode(info)<<16)
		}),
		lang.NewBuiltin(lang.AsValue, "writestr(self, zinfo_or_arcname, data, compress_type=None, compresslevel=None)", "Adds a member named zinfo_or_arcname holding data (bytes, or str written as UTF-8).", func(a *lang.Args) (lang.Value, error) {
			z := self(a)
			if err := z.checkOpen("write to"); err != nil {
				return nil, err
			}
			name, ok := a.Value("zinfo_or_arcname").(string)
			if !ok {
				return nil, lang.Errorf(notImplementedError, "kael's writestr takes the member's name, not %s", lang.TypeName(a.Value("zinfo_or_arcname")))
			}
			c, err := compressionArg(a, z)
			if err != nil {
				return nil, err
			}
			var data []byte
			switch d := a.Value("data").(type) {
			case string:
				data = []byte(d)
			case lang.Bytes:
				data = d.Data()
			default:
				return nil, lang.Errorf(lang.TypeError, "a bytes-like object is required, not '%s'", lang.TypeName(d))
			}
			attrs := uint32(0o600 << 16) // CPython's writestr: no file type bits
			if strings.HasSuffix(name, "/") {
				attrs = 0o40775<<16 | 0x10
			}
			return lang.None, z.add(name, data, c, time.Now(), attrs)
		}),
		lang.NewBuiltin(lang.AsValue, "extract(self, member, path=None, pwd=None)", "Writes member under path (the current directory by default), making its directories; returns the path written.", func(a *lang.Args) (lang.Value, error) {
			z := self(a)
			if err := z.needRead("extract"); err != nil {
				return nil, err
			}
			dir, err := extractDir(a)
			if err != nil {
				return nil, err
			}
			zi, err := z.infoArg(a.Value("member"))
			if err != nil {
				return nil, err
			}
			p, err := z.extract(zi, dir)
			if err != nil {
				return nil, err
			}
			return p, nil
		}),
		lang.NewBuiltin(lang.AsValue, "extractall(self, path=None, members=None, pwd=None)", "Writes every member (or those of members) under path (the current directory by default).", func(a *lang.Args) (lang.Value, error) {
			z := self(a)
			if err := z.needRead("extractall"); err != nil {
				return nil, err
			}
			dir, err := extractDir(a)
			if err != nil {
				return nil, err
			}
			infos := z.infos
			if !a.IsNone("members") {
				elems, err := lang.Collect(a.Value("members"))
				if err != nil {
					return nil, err
				}
				infos = nil
				for _, e := range elems {
					zi, err := z.infoArg(e)
					if err != nil {
						return nil, err
					}
					infos = append(infos, zi)
				}
			}
			for _, zi := range infos {
				if _, err := z.extract(zi, dir); err != nil {
					return nil, err
				}
			}
			return lang.None, nil
		}),
		lang.NewBuiltin(lang.AsValue, "testzip(self)", "Reads every member: the name of the first whose data is bad, or None.", func(a *lang.Args) (lang.Value, error) {
			z := self(a)
			if err := z.needRead("testzip"); err != nil {
				return nil, err
			}
			for _, f := range z.reader.File {
				if _, err := readMember(f); err != nil {
					if e := lang.ToError(err); e.Kind == BadZipFile {
						return f.Name, nil
					}
					return nil, err
				}
			}
			return lang.None, nil
		}),
		lang.NewBuiltin(lang.AsValue, "close(self)", "Closes the archive; one being written is finished now.", func(a *lang.Args) (lang.Value, error) {
			return lang.None, self(a).close()
		}),
	} {
		zipMethods[b.Name] = b
	}
	lang.RegisterModule("_zipfile", "The part of zipfile written in Go: ZipFile, ZipInfo, is_zipfile and the constants.", func() *lang.Module { return zipModule })
	lang.RegisterSourceModule("zipfile", "Python's zipfile: ZipFile to read, write and add to zip archives (ZIP_STORED, ZIP_DEFLATED), is_zipfile, and Path, a member as a pathlib-like path.", source)
}

// extractDir reads extract's path: the current directory by default.
func extractDir(a *lang.Args) (string, error) {
	if a.IsNone("path") {
		d, err := os.Getwd()
		if err != nil {
			return "", lang.OSErrorFrom(err)
		}
		return d, nil
	}
	p := a.Path("path")
	return p, a.Err()
}

var zipModule = &lang.Module{Name: "_zipfile", Doc: "The part of zipfile written in Go, on Go's archive/zip (docs/stdlib.md).", Attrs: map[string]lang.Value{
	"ZipFile": lang.NewBuiltin(lang.AsValue, "ZipFile(file, mode='r', compression=0, allowZip64=True, compresslevel=None, *, strict_timestamps=True)", "A zip archive at the path file: read ('r'), written ('w', 'x') or added to ('a'); a context manager that closes it.", func(a *lang.Args) (lang.Value, error) {
		name, ok := lang.PathText(a.Value("file"))
		if !ok {
			return nil, lang.Errorf(notImplementedError, "kael's ZipFile opens a path (str or os.PathLike), not %s", lang.TypeName(a.Value("file")))
		}
		mode := a.Str("mode")
		c := a.Int("compression")
		level := -1
		if !a.IsNone("compresslevel") {
			level = a.Int("compresslevel")
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		return openZip(name, mode, c, level)
	}),
	"is_zipfile": lang.NewBuiltin(lang.AsValue, "is_zipfile(filename)", "Whether filename is a zip archive (by its end of central directory record).", func(a *lang.Args) (lang.Value, error) {
		name := a.Path("filename")
		if err := a.Err(); err != nil {
			return nil, err
		}
		f, info, err := fileguard.OpenRegular(name, os.O_RDONLY, 0)
		if err != nil { // CPython answers False for a file it cannot open
			return false, nil
		}
		defer f.Close()
		_, err = zip.NewReader(f, info.Size())
		return err == nil, nil
	}),
	"ZIP_STORED": int64(zipStored), "ZIP_DEFLATED": int64(zipDeflated), "ZIP_BZIP2": int64(12), "ZIP_LZMA": int64(14),
	"BadZipFile": badZipFileClass, "BadZipfile": badZipFileClass, "error": badZipFileClass,
	"LargeZipFile": lang.RegisterExceptionClass("zipfile.LargeZipFile", "zipfile", "LargeZipFile", "Exception"),
	"ZipInfo":      infoClass,
	"ZIP64_LIMIT":  int64(1<<31 - 1), "ZIP_MAX_COMMENT": int64(1<<16 - 1),
}}

func init() {
	lang.RegisterClass(infoClass, "zipfile.ZipInfo")
	lang.RegisterClass(zipModule.Attrs["ZipFile"].(*lang.Builtin), "zipfile.ZipFile")
}
