package sys

import (
	"errors"
	"io"

	"github.com/kael-dev/kael/lang"
)

// stream is sys.stdout, sys.stderr or sys.stdin: a text stream whose
// write goes to the output of the session that calls it (its Stdout or
// Stderr), as it is when the call runs (a notebook's cell's output);
// stdin (mode "r") reads lines from the session's input.
type stream struct {
	name     string
	mode     string
	toStderr bool
}

var (
	_ lang.HasAttrs = (*stream)(nil)
	_ lang.Reprer   = (*stream)(nil)
)

func (s *stream) TypeName() string { return "TextIOWrapper" }

// ClassName is io's name of its class.
func (s *stream) ClassName() string { return "_io.TextIOWrapper" }
func (s *stream) PyRepr() string {
	return "<_io.TextIOWrapper name=" + lang.Repr(s.name) + " mode=" + lang.Repr(s.mode) + " encoding='utf-8'>"
}

func (s *stream) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name":
		return s.name, true
	case "encoding":
		return "utf-8", true
	case "mode":
		return s.mode, true
	case "closed":
		return false, true
	case "buffer":
		if s.mode == "w" {
			return &buffer{s: s}, true
		}
		return nil, false
	}
	m, ok := streamMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: s, Method: m}, true
}

func (s *stream) AttrNames() []string {
	names := []string{"closed", "encoding", "mode", "name"}
	if s.mode == "w" {
		names = append(names, "buffer")
	}
	return append(names, sortedKeys(streamMethods)...)
}

// writer is where s writes in the session of the call a.
func (s *stream) writer(a *lang.Args) io.Writer {
	if s.toStderr {
		return a.Session().Stderr()
	}
	return a.Session().Stdout()
}

var streamMethods = map[string]*lang.Builtin{
	"write": lang.NewBuiltin(lang.AsValue, "write(self, s)", "Writes the str s and returns its length in characters.", func(a *lang.Args) (lang.Value, error) {
		text, ok := a.Value("s").(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "write() argument must be str, not %s", lang.TypeName(a.Value("s")))
		}
		if a.Value("self").(*stream).mode != "w" {
			return nil, lang.Errorf(lang.UnsupportedOperation, "not writable")
		}
		_, _ = io.WriteString(a.Value("self").(*stream).writer(a), text)
		return int64(len([]rune(text))), nil
	}),
	"writelines": lang.NewBuiltin(lang.AsValue, "writelines(self, lines)", "Writes each str of lines (adding no newlines).", func(a *lang.Args) (lang.Value, error) {
		lines, err := lang.Collect(a.Value("lines"))
		if err != nil {
			return nil, err
		}
		w := a.Value("self").(*stream).writer(a)
		for _, l := range lines {
			text, ok := l.(string)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "write() argument must be str, not %s", lang.TypeName(l))
			}
			_, _ = io.WriteString(w, text)
		}
		return lang.None, nil
	}),
	"flush": lang.NewBuiltin(lang.AsValue, "flush(self)", "Does nothing: kael's output is never held back.", func(a *lang.Args) (lang.Value, error) {
		return lang.None, nil
	}),
	"isatty": lang.NewBuiltin(lang.AsValue, "isatty(self)", "False: kael's streams are not terminals to the program.", func(a *lang.Args) (lang.Value, error) {
		return false, nil
	}),
	"writable": lang.NewBuiltin(lang.AsValue, "writable(self)", "True for stdout and stderr, False for stdin.", func(a *lang.Args) (lang.Value, error) {
		return a.Value("self").(*stream).mode == "w", nil
	}),
	"readable": lang.NewBuiltin(lang.AsValue, "readable(self)", "True for stdin, False for stdout and stderr.", func(a *lang.Args) (lang.Value, error) {
		return a.Value("self").(*stream).mode == "r", nil
	}),
	"readline": lang.NewBuiltin(lang.AsValue, "readline(self)", "stdin: the next line the user gives (as input() reads it) with its newline, or '' at the end of the input.", func(a *lang.Args) (lang.Value, error) {
		if a.Value("self").(*stream).mode != "r" {
			return nil, lang.Errorf(lang.UnsupportedOperation, "not readable")
		}
		input, _ := lang.LookupBuiltin("input")
		line, err := a.Call(input)
		var e *lang.Error
		if errors.As(err, &e) && e.Kind == lang.EOFError {
			return "", nil
		}
		if err != nil {
			return nil, err
		}
		return line.(string) + "\n", nil
	}),
}
