package warnings

import (
	"fmt"

	"github.com/kael-dev/kael/lang"
)

// warningMessage is what catch_warnings(record=True) collects: the
// warning (message), its category, file and line.
type warningMessage struct {
	message, category lang.Value
	filename          string
	lineno            int64
}

var _ lang.HasAttrs = (*warningMessage)(nil)

func (w *warningMessage) TypeName() string { return "WarningMessage" }

func (w *warningMessage) Attr(name string) (lang.Value, bool) {
	switch name {
	case "message":
		return w.message, true
	case "category":
		return w.category, true
	case "filename":
		return w.filename, true
	case "lineno":
		return w.lineno, true
	}
	return nil, false
}

func (w *warningMessage) AttrNames() []string {
	return []string{"category", "filename", "lineno", "message"}
}

// catchWarnings is catch_warnings(): entering it saves the filters (and,
// with record, collects the warnings into a list it returns), leaving
// restores them.
type catchWarnings struct {
	s      *lang.Session
	record bool
	saved  []filter
	rec    *lang.List
	active bool
}

func (c *catchWarnings) TypeName() string { return "catch_warnings" }

func (c *catchWarnings) Enter() (lang.Value, error) {
	if c.active {
		return nil, lang.Errorf(lang.RuntimeError, "Cannot enter %s twice", "catch_warnings()")
	}
	st := stateOf(c.s)
	c.active, c.saved, c.rec = true, append([]filter(nil), st.filters...), st.recorder
	if c.record {
		st.recorder = &lang.List{}
		return st.recorder, nil
	}
	return lang.None, nil
}

func (c *catchWarnings) Exit() {
	st := stateOf(c.s)
	st.filters, st.recorder, c.active = c.saved, c.rec, false
	st.seen = map[string]bool{}
}

func fn(sig, doc string, f func(a *lang.Args) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, f)
}

var warningsModule = &lang.Module{Name: "warnings", Attrs: map[string]lang.Value{
	"warn":          fn("warn(message, category=None, stacklevel=1, source=None)", "Issues a warning: message (a str, or a Warning) of category (UserWarning by default), printed to stderr as CPython's 'file:line: Category: message' with the line, once per location unless the filters say otherwise. stacklevel names the caller's line (2), its caller's (3) and so on; past the outermost frame, line 1 of sys, as CPython.", warn),
	"warn_explicit": fn("warn_explicit(message, category, filename, lineno, module=None, registry=None, module_globals=None, source=None)", "Issues a warning said to come from line lineno of filename (module: filename without .py, by default), as warn does; registry, a dict, keeps the locations already warned from ('default' and 'module' actions), none kept when it is None. The source line is read from the file.", warnExplicit),
	"filterwarnings": fn("filterwarnings(action, message='', category=None, module='', lineno=0, append=False)", "Adds a filter: warnings whose text starts with the regular expression message (ignoring case), of category (Warning by default) and at lineno (0: any) get action: 'error' (raise), 'ignore', 'always', 'default' (once per location), 'module', 'once'. kael's code is module '__main__'.", func(a *lang.Args) (lang.Value, error) {
		f, err := newFilter(a, true)
		if err != nil {
			return nil, err
		}
		stateOf(a.Session()).addFilter(f, a.Bool("append"))
		return lang.None, nil
	}),
	"simplefilter": fn("simplefilter(action, category=None, lineno=0, append=False)", "Adds a filter for every message of category (Warning by default): simplefilter('ignore') silences warnings, simplefilter('error') raises them.", func(a *lang.Args) (lang.Value, error) {
		f, err := newFilter(a, false)
		if err != nil {
			return nil, err
		}
		stateOf(a.Session()).addFilter(f, a.Bool("append"))
		return lang.None, nil
	}),
	"resetwarnings": fn("resetwarnings()", "Removes every filter (so every warning is shown once per location).", func(a *lang.Args) (lang.Value, error) {
		st := stateOf(a.Session())
		st.filters, st.seen = nil, map[string]bool{}
		return lang.None, nil
	}),
	"catch_warnings": fn("catch_warnings(*, record=False)", "A context manager that restores the filters at its end; with record=True, with ... as w binds a list that collects the warnings (each with message, category, filename, lineno) instead of printing them.", func(a *lang.Args) (lang.Value, error) {
		rec := a.Bool("record")
		return &catchWarnings{s: a.Session(), record: rec}, a.Err()
	}),
}}

func init() {
	lang.RegisterModule("warnings", "Python's warnings module: warn, filterwarnings, simplefilter, resetwarnings and catch_warnings.", func() *lang.Module { return warningsModule })
}

// PyRepr is repr(catch_warnings(...)), as CPython's.
func (c *catchWarnings) PyRepr() string {
	if c.record {
		return "catch_warnings(record=True)"
	}
	return "catch_warnings()"
}

func (c *catchWarnings) String() string { return c.PyRepr() }

// PyRepr is repr of a recorded warning, as CPython's WarningMessage.
func (w *warningMessage) PyRepr() string {
	return fmt.Sprintf("<warnings.WarningMessage object at 0x%x>", lang.ID(w))
}

// String is str of a recorded warning, as CPython's WarningMessage.
func (w *warningMessage) String() string {
	return fmt.Sprintf("{message : %s, category : %s, filename : %s, lineno : %d, line : None}",
		lang.Repr(w.message), lang.Repr(className(w.category)), lang.Repr(w.filename), w.lineno)
}
