package sys

import (
	"strings"

	"github.com/kael-dev/kael/lang"
)

// sys.stdout.buffer and sys.stderr.buffer: the binary streams under the
// text ones, as CPython's BufferedWriter. Bytes written go straight to the
// session's output (kael holds nothing back), so a TextIOWrapper made
// over one (io.TextIOWrapper(sys.stdout.buffer, encoding='utf-8'), a
// common idiom) passes its text on at once too: WritesThrough tells io
// so, since no finalizer would flush it at the end.
type buffer struct{ s *stream }

var (
	_ lang.HasAttrs = (*buffer)(nil)
	_ lang.Reprer   = (*buffer)(nil)
)

func (b *buffer) TypeName() string  { return "BufferedWriter" }
func (b *buffer) ClassName() string { return "_io.BufferedWriter" }
func (b *buffer) PyRepr() string    { return "<_io.BufferedWriter name=" + lang.Repr(b.s.name) + ">" }

// WritesThrough reports that what is written reaches the output at once.
func (b *buffer) WritesThrough() bool { return true }

func (b *buffer) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name", "mode", "closed":
		if name == "mode" {
			return "wb", true
		}
		return b.s.Attr(name)
	}
	m, ok := bufferMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: b, Method: m}, true
}

func (b *buffer) AttrNames() []string {
	return append([]string{"closed", "mode", "name"}, sortedKeys(bufferMethods)...)
}

var bufferMethods = map[string]*lang.Builtin{
	"write": lang.NewBuiltin(lang.AsValue, "write(self, b, /)", "Writes the bytes b and returns how many there were.", func(a *lang.Args) (lang.Value, error) {
		data, err := lang.BytesArg(a.Value("b"))
		if err != nil {
			return nil, err
		}
		_, _ = a.Value("self").(*buffer).s.writer(a).Write(data)
		return int64(len(data)), nil
	}),
	"flush": lang.NewBuiltin(lang.AsValue, "flush(self, /)", "Does nothing: kael's output is never held back.", func(a *lang.Args) (lang.Value, error) {
		return lang.None, nil
	}),
	"writable": lang.NewBuiltin(lang.AsValue, "writable(self, /)", "True.", func(a *lang.Args) (lang.Value, error) { return true, nil }),
	"readable": lang.NewBuiltin(lang.AsValue, "readable(self, /)", "False.", func(a *lang.Args) (lang.Value, error) { return false, nil }),
	"seekable": lang.NewBuiltin(lang.AsValue, "seekable(self, /)", "False.", func(a *lang.Args) (lang.Value, error) { return false, nil }),
	"isatty": lang.NewBuiltin(lang.AsValue, "isatty(self, /)", "False: kael's streams are not terminals to the program.", func(a *lang.Args) (lang.Value, error) {
		return false, nil
	}),
}

// reconfigure is TextIOWrapper.reconfigure for kael's streams, which
// write UTF-8: encoding may only name it; errors, newline,
// line_buffering and write_through change nothing kael does.
var reconfigure = lang.NewBuiltin(lang.AsValue, "reconfigure(self, *, encoding=None, errors=None, newline=None, line_buffering=None, write_through=None)",
	"Accepts encoding='utf-8' (kael's streams write UTF-8 and hold nothing back); another encoding is a ValueError.", func(a *lang.Args) (lang.Value, error) {
		if !a.IsNone("encoding") {
			enc, ok := a.Value("encoding").(string)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "reconfigure() argument 'encoding' must be str or None, not %s", lang.TypeName(a.Value("encoding")))
			}
			if n := strings.ReplaceAll(strings.ToLower(enc), "_", "-"); n != "utf-8" && n != "utf8" {
				return nil, lang.Errorf(lang.ValueError, "kael's sys streams write UTF-8 only, not %s", lang.Repr(enc)).
					WithHint("encode the text yourself and write the bytes to sys.stdout.buffer")
			}
		}
		return lang.None, nil
	})

func init() {
	streamMethods["reconfigure"] = reconfigure
}
