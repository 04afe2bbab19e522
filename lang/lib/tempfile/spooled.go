package tempfile

import (
	"fmt"
	"strings"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/io" // _io, whose BytesIO and StringIO hold the data until rollover
)

// spooled is SpooledTemporaryFile, as CPython 3.11's: the data in memory
// (a BytesIO, or a StringIO in a text mode) until a write takes it past
// max_size or rollover() is called, then in a TemporaryFile made with
// the arguments it was given, at the same position.
type spooled struct {
	file    lang.Value // the BytesIO or StringIO, then the file
	rolled  bool
	maxSize int64
	mode    string
	kwNames []string // TemporaryFile's arguments but mode
	kwVals  []lang.Value
}

var (
	_ lang.HasAttrs = (*spooled)(nil)
	_ lang.Iterable = (*spooled)(nil)
	_ lang.Reprer   = (*spooled)(nil)
)

func (s *spooled) TypeName() string { return "SpooledTemporaryFile" }
func (s *spooled) PyRepr() string {
	return fmt.Sprintf("<tempfile.SpooledTemporaryFile object at 0x%x>", lang.ID(s))
}
func (s *spooled) String() string { return s.PyRepr() }

// Enter checks the file is open, as CPython's __enter__.
func (s *spooled) Enter() (lang.Value, error) {
	if closed, _ := lang.GetAttr(s.file, "closed"); closed == true {
		return nil, lang.Errorf(lang.ValueError, "Cannot enter context with closed file")
	}
	return s, nil
}

// Exit closes the file.
func (s *spooled) Exit() {
	if c, ok := s.file.(interface{ Exit() }); ok { // a stream's or a file's with
		c.Exit()
	}
}

func (s *spooled) Iterate(yield func(lang.Value) bool) error { return lang.Iterate(s.file, yield) }

// call calls the method name of the file in hand.
func (s *spooled) call(a *lang.Args, name string, args ...lang.Value) (lang.Value, error) {
	m, err := lang.GetAttr(s.file, name)
	if err != nil {
		return nil, err
	}
	return a.Call(m, args...)
}

// rollover moves the data into a TemporaryFile, once.
func (s *spooled) rollover(a *lang.Args) error {
	if s.rolled {
		return nil
	}
	pos, err := s.call(a, "tell")
	if err != nil {
		return err
	}
	data, err := s.call(a, "getvalue")
	if err != nil {
		return err
	}
	f, err := a.CallKw(tempfileModule.Attrs["TemporaryFile"], nil, append([]string{"mode"}, s.kwNames...), append([]lang.Value{s.mode}, s.kwVals...))
	if err != nil {
		return err
	}
	old := s.file
	s.file, s.rolled = f, true
	if _, err := s.call(a, "write", data); err != nil {
		return err
	}
	if _, err := s.call(a, "seek", pos); err != nil {
		return err
	}
	if c, err := lang.GetAttr(old, "close"); err == nil {
		_, _ = a.Call(c)
	}
	return nil
}

// check rolls over when the position is past max_size.
func (s *spooled) check(a *lang.Args) error {
	if s.rolled || s.maxSize <= 0 {
		return nil
	}
	pos, err := s.call(a, "tell")
	if err != nil {
		return err
	}
	if n, ok := pos.(int64); ok && n > s.maxSize {
		return s.rollover(a)
	}
	return nil
}

func selfSpooled(a *lang.Args) *spooled { return a.Value("self").(*spooled) }

var spooledMethods = map[string]*lang.Builtin{}

func init() {
	for _, b := range []*lang.Builtin{
		lang.NewBuiltin(lang.AsValue, "rollover(self)", "Moves the data into a file (a TemporaryFile), if it is still in memory.", func(a *lang.Args) (lang.Value, error) {
			return lang.None, selfSpooled(a).rollover(a)
		}),
		lang.NewBuiltin(lang.AsValue, "write(self, s)", "Writes s, and moves the data into a file when that takes it past max_size.", func(a *lang.Args) (lang.Value, error) {
			s := selfSpooled(a)
			if _, isStr := a.Value("s").(string); !isStr && !strings.Contains(s.mode, "b") {
				// a TextIOWrapper's message, which CPython's in-memory file is
				return nil, lang.Errorf(lang.TypeError, "write() argument must be str, not %s", lang.TypeName(a.Value("s")))
			}
			n, err := s.call(a, "write", a.Value("s"))
			if err != nil {
				return nil, err
			}
			return n, s.check(a)
		}),
		lang.NewBuiltin(lang.AsValue, "writelines(self, iterable)", "Writes each of iterable, and moves the data into a file when that takes it past max_size.", func(a *lang.Args) (lang.Value, error) {
			s := selfSpooled(a)
			if _, err := s.call(a, "writelines", a.Value("iterable")); err != nil {
				return nil, err
			}
			return lang.None, s.check(a)
		}),
		lang.NewBuiltin(lang.AsValue, "truncate(self, size=None)", "Cuts the data at size (the position by default), moving it into a file first when size is past max_size.", func(a *lang.Args) (lang.Value, error) {
			s := selfSpooled(a)
			if a.IsNone("size") {
				return s.call(a, "truncate")
			}
			if n, ok := a.Value("size").(int64); ok && s.maxSize > 0 && n > s.maxSize {
				if err := s.rollover(a); err != nil {
					return nil, err
				}
			}
			return s.call(a, "truncate", a.Value("size"))
		}),
	} {
		spooledMethods[b.Name] = b
	}
	tempfileModule.Attrs["SpooledTemporaryFile"] = lang.NewBuiltin(lang.AsValue, "SpooledTemporaryFile(max_size=0, mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None, prefix=None, dir=None, *, errors=None)",
		"A temporary file whose data stays in memory (a BytesIO, or a StringIO in a text mode) until a write takes it past max_size (0: never) or rollover() is called; then it is a TemporaryFile made with these arguments, at the same position.",
		func(a *lang.Args) (lang.Value, error) {
			maxSize, ok := a.Value("max_size").(int64)
			if !ok && !a.IsNone("max_size") { // CPython compares it with the position at each write
				return nil, lang.Errorf(lang.TypeError, "max_size must be an int or None, not %s", lang.TypeName(a.Value("max_size")))
			}
			mode := a.Str("mode")
			if err := a.Err(); err != nil {
				return nil, err
			}
			s := &spooled{maxSize: maxSize, mode: mode}
			for _, name := range []string{"buffering", "encoding", "newline", "suffix", "prefix", "dir"} {
				s.kwNames = append(s.kwNames, name)
				s.kwVals = append(s.kwVals, a.Value(name))
			}
			io, err := a.Import("_io")
			if err != nil {
				return nil, err
			}
			if strings.Contains(mode, "b") {
				s.file, err = a.Call(io.Attrs["BytesIO"])
			} else {
				s.file, err = a.Call(io.Attrs["StringIO"])
			}
			if err != nil {
				return nil, err
			}
			return s, nil
		})
}

// Attr gives the methods that watch the size, rollover, _rolled, _file,
// name (None while in memory), mode, and the rest of the file's own.
func (s *spooled) Attr(name string) (lang.Value, bool) {
	if m, ok := spooledMethods[name]; ok {
		return &lang.BoundMethod{Recv: s, Method: m}, true
	}
	switch name {
	case "_rolled":
		return s.rolled, true
	case "_file":
		return s.file, true
	case "_max_size":
		return s.maxSize, true
	case "name":
		if !s.rolled {
			return lang.None, true
		}
	case "mode":
		if !s.rolled {
			return s.mode, true
		}
	case "getvalue", "getbuffer": // not a method of CPython's
		return nil, false
	}
	v, err := lang.GetAttr(s.file, name)
	if err != nil {
		return nil, false
	}
	return v, true
}

// AttrNames lists them.
func (s *spooled) AttrNames() []string {
	return []string{"_file", "_rolled", "close", "closed", "flush", "mode", "name", "read", "readline", "readlines", "rollover", "seek", "tell", "truncate", "write", "writelines"}
}
