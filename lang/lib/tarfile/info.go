package tarfile

import (
	"archive/tar"
	"fmt"

	"github.com/kael-dev/kael/lang"
)

// Info is a tarfile.TarInfo: one member's header.
type Info struct {
	name, linkname, uname, gname string
	size, mtime, mode, uid, gid  int64
	typ                          byte
}

var (
	_ lang.HasAttrs   = (*Info)(nil)
	_ lang.AttrSetter = (*Info)(nil)
	_ lang.Reprer     = (*Info)(nil)
	_ lang.TypeNamer  = (*Info)(nil)
	_ lang.ClassNamer = (*Info)(nil)
)

// TypeName is TarInfo.
func (*Info) TypeName() string { return "TarInfo" }

// ClassName is tarfile.TarInfo, for type() and isinstance.
func (*Info) ClassName() string { return "tarfile.TarInfo" }

// PyRepr is <TarInfo 'name' at 0x...>.
func (i *Info) PyRepr() string { return fmt.Sprintf("<TarInfo %s at %p>", lang.Repr(i.name), i) }

// String is its repr.
func (i *Info) String() string { return i.PyRepr() }

// infoInts are the int attributes, by name.
func (i *Info) ints() map[string]*int64 {
	return map[string]*int64{"size": &i.size, "mtime": &i.mtime, "mode": &i.mode, "uid": &i.uid, "gid": &i.gid}
}

func (i *Info) strs() map[string]*string {
	return map[string]*string{"name": &i.name, "path": &i.name, "linkname": &i.linkname, "linkpath": &i.linkname, "uname": &i.uname, "gname": &i.gname}
}

// Attr gives the header's fields and the type tests.
func (i *Info) Attr(name string) (lang.Value, bool) {
	if p, ok := i.ints()[name]; ok {
		return *p, true
	}
	if p, ok := i.strs()[name]; ok {
		return *p, true
	}
	if name == "type" {
		return lang.NewBytes([]byte{i.typ}), true
	}
	if m, ok := infoMethods[name]; ok {
		return &lang.BoundMethod{Recv: i, Method: m}, true
	}
	return nil, false
}

// AttrNames lists them.
func (i *Info) AttrNames() []string {
	return []string{"gid", "gname", "isblk", "ischr", "isdev", "isdir", "isfifo", "isfile", "islnk", "isreg", "issym",
		"linkname", "linkpath", "mode", "mtime", "name", "path", "size", "type", "uid", "uname"}
}

// SetAttr sets a field, as a program fills a TarInfo for addfile.
func (i *Info) SetAttr(name string, v lang.Value) error {
	if p, ok := i.ints()[name]; ok {
		n, isInt := lang.AsInt(v)
		if !isInt {
			if f, isFloat := v.(float64); isFloat && name == "mtime" {
				n = int64(f)
			} else {
				return lang.Errorf(lang.TypeError, "TarInfo.%s must be an int, not %s", name, lang.TypeName(v))
			}
		}
		*p = n
		return nil
	}
	if p, ok := i.strs()[name]; ok {
		s, isStr := v.(string)
		if !isStr {
			return lang.Errorf(lang.TypeError, "TarInfo.%s must be a str, not %s", name, lang.TypeName(v))
		}
		*p = s
		return nil
	}
	if name == "type" {
		b, err := lang.BytesArg(v)
		if err != nil || len(b) != 1 {
			return lang.Errorf(lang.TypeError, "TarInfo.type must be one byte, such as tarfile.REGTYPE")
		}
		i.typ = b[0]
		return nil
	}
	return lang.Errorf(lang.AttributeError, "'TarInfo' object has no attribute '%s'", name)
}

// header is the tar header of the member.
func (i *Info) header() *tar.Header {
	name := i.name
	if i.typ == tar.TypeDir && (name == "" || name[len(name)-1] != '/') {
		name += "/"
	}
	size := i.size
	if i.typ != tar.TypeReg && i.typ != tar.TypeRegA {
		size = 0
	}
	return &tar.Header{Name: name, Linkname: i.linkname, Size: size, Mode: i.mode, Uid: int(i.uid), Gid: int(i.gid),
		Uname: i.uname, Gname: i.gname, ModTime: unixTime(i.mtime), Typeflag: i.typ}
}

// fromHeader is the TarInfo of a header read.
func fromHeader(h *tar.Header) *Info {
	name := h.Name
	typ := h.Typeflag
	if typ == tar.TypeRegA {
		typ = tar.TypeReg
	}
	if typ == tar.TypeDir {
		for len(name) > 1 && name[len(name)-1] == '/' {
			name = name[:len(name)-1]
		}
	}
	return &Info{name: name, linkname: h.Linkname, uname: h.Uname, gname: h.Gname, size: h.Size, mtime: h.ModTime.Unix(),
		mode: h.Mode & 0o7777, uid: int64(h.Uid), gid: int64(h.Gid), typ: typ}
}

var infoMethods = map[string]*lang.Builtin{}

var infoClass = lang.NewBuiltin(lang.AsValue, "TarInfo(name='')", "The header of a tar member: name, size, mtime, mode, type, linkname, uid, gid, uname, gname.", func(a *lang.Args) (lang.Value, error) {
	name := a.Str("name")
	if err := a.Err(); err != nil {
		return nil, err
	}
	return &Info{name: name, mode: 0o644, typ: tar.TypeReg}, nil
})

func init() {
	lang.RegisterClass(infoClass, "tarfile.TarInfo")
	for name, types := range map[string]string{
		"isfile": "0", "isreg": "0", "isdir": "5", "issym": "2", "islnk": "1", "ischr": "3", "isblk": "4", "isfifo": "6", "isdev": "346",
	} {
		infoMethods[name] = lang.NewBuiltin(lang.AsValue, name+"(self)", "Whether the member's type is one of "+fmt.Sprintf("%q", types)+".", func(a *lang.Args) (lang.Value, error) {
			t := a.Value("self").(*Info).typ
			for j := 0; j < len(types); j++ {
				if types[j] == t {
					return true, nil
				}
			}
			return false, nil
		})
	}
	lang.RegisterMethodTable("TarInfo", infoMethods)
}
