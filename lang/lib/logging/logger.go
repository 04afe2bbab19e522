package logging

import (
	"fmt"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// logger is a logging.Logger (the root's name is 'root').
type logger struct {
	name      string
	level     int64
	propagate bool
	disabled  bool
	handlers  []*handler
	st        *state // nil for the root
}

var _ lang.HasAttrs = (*logger)(nil)

func (l *logger) TypeName() string {
	if l.name == "root" && l.st == nil {
		return "RootLogger"
	}
	return "Logger"
}

func (l *logger) PyRepr() string {
	return fmt.Sprintf("<%s %s (%s)>", l.TypeName(), l.name, levelName(l.effectiveLevel()))
}

// effectiveLevel is the first level set on l or above it.
func (l *logger) effectiveLevel() int64 {
	for q := l; q != nil; {
		if q.level != 0 {
			return q.level
		}
		if q.st == nil {
			break
		}
		q = q.st.parentOf(q)
	}
	return 0
}

// log makes a record of msg % args at level and hands it to the handlers
// of l and of the loggers above it (while they propagate); with none, to
// CPython's last resort, which writes the message to stderr for
// warnings and above.
func (l *logger) log(a *lang.Args, st *state, level int64, msg lang.Value, args lang.Tuple) error {
	if level <= st.disabled || level < l.effectiveLevel() || l.disabled {
		return nil
	}
	exc, err := excText(a)
	if err != nil {
		return err
	}
	text, err := lang.StrText(msg)
	if err != nil {
		return err
	}
	if len(args) > 0 {
		var arg lang.Value = args
		if len(args) == 1 {
			if d, ok := args[0].(*lang.Dict); ok {
				arg = d
			}
		}
		v, err := a.Binary(syntax.PERCENT, text, arg)
		if err != nil {
			return err
		}
		text = lang.Str(v)
	}
	file, line, _ := a.Location()
	r := &record{name: l.name, levelname: levelName(level), levelno: level, message: text, file: file, line: int64(line), created: timeNow(), excText: exc}
	found := false
	for q := l; q != nil; {
		for _, h := range q.handlers {
			found = true
			if err := h.emit(a, r); err != nil {
				return err
			}
		}
		if !q.propagate || q.st == nil {
			break
		}
		q = q.st.parentOf(q)
	}
	if !found && level >= 30 {
		return a.WriteStderr(text + "\n")
	}
	return nil
}

// excText is the traceback a call's exc_info asks for, as the formatter
// appends it: True the exception being handled (NoneType: None outside an
// except), an exception or an exc_info() tuple that one; "" for none.
func excText(a *lang.Args) (string, error) {
	info := a.Value("exc_info")
	if on, err := lang.Truth(info); err != nil || !on {
		return "", err
	}
	tb, err := a.Import("traceback")
	if err != nil {
		return "", err
	}
	if t, ok := info.(lang.Tuple); ok && len(t) == 3 {
		info = t[1]
	}
	var lines lang.Value
	if info == true {
		fn, err := lang.GetAttr(tb, "format_exc")
		if err != nil {
			return "", err
		}
		lines, err = a.Call(fn)
		if err != nil {
			return "", err
		}
	} else {
		fn, err := lang.GetAttr(tb, "format_exception")
		if err != nil {
			return "", err
		}
		if lines, err = a.Call(fn, info); err != nil {
			return "", err
		}
	}
	if s, ok := lines.(string); ok {
		return strings.TrimSuffix(s, "\n"), nil
	}
	parts, err := lang.Collect(lines)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(lang.Str(p))
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// logMethods are a logger's methods of one level.
var logLevels = map[string]int64{"debug": 10, "info": 20, "warning": 30, "warn": 30, "error": 40, "exception": 40, "critical": 50, "fatal": 50}

var loggerMethods = map[string]*lang.Builtin{}

func init() {
	for name, level := range logLevels {
		level := level
		loggerMethods[name] = lang.NewBuiltin(lang.AsValue, name+"(self, msg, *args, exc_info="+excDefault(name)+", stack_info=False, stacklevel=1, extra=None)",
			"Logs msg % args at level "+levelName(level)+".", func(a *lang.Args) (lang.Value, error) {
				l := a.Value("self").(*logger)
				return lang.None, l.log(a, stateOf(a.Session()), level, a.Value("msg"), a.Value("args").(lang.Tuple))
			})
	}
	for _, m := range []*lang.Builtin{
		lang.NewBuiltin(lang.AsValue, "log(self, level, msg, *args, exc_info=None, stack_info=False, stacklevel=1, extra=None)", "Logs msg % args at level.", func(a *lang.Args) (lang.Value, error) {
			level, ok := a.Value("level").(int64)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "level must be an integer")
			}
			l := a.Value("self").(*logger)
			return lang.None, l.log(a, stateOf(a.Session()), level, a.Value("msg"), a.Value("args").(lang.Tuple))
		}),
		lang.NewBuiltin(lang.AsValue, "setLevel(self, level)", "Sets the logger's level (an int or a level's name).", func(a *lang.Args) (lang.Value, error) {
			n, err := levelArg(a.Value("level"))
			if err != nil {
				return nil, err
			}
			a.Value("self").(*logger).level = n
			return lang.None, nil
		}),
		lang.NewBuiltin(lang.AsValue, "getEffectiveLevel(self)", "The level in effect: the logger's, or the first set above it.", func(a *lang.Args) (lang.Value, error) {
			return a.Value("self").(*logger).effectiveLevel(), nil
		}),
		lang.NewBuiltin(lang.AsValue, "isEnabledFor(self, level)", "Whether a record of level would be logged.", func(a *lang.Args) (lang.Value, error) {
			n, err := levelArg(a.Value("level"))
			if err != nil {
				return nil, err
			}
			st := stateOf(a.Session())
			return n > st.disabled && n >= a.Value("self").(*logger).effectiveLevel(), nil
		}),
		lang.NewBuiltin(lang.AsValue, "addHandler(self, hdlr)", "Adds a handler (once).", func(a *lang.Args) (lang.Value, error) {
			l, h := a.Value("self").(*logger), a.Value("hdlr")
			hh, ok := h.(*handler)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "kael's loggers take StreamHandler and FileHandler, not %s", lang.TypeName(h))
			}
			for _, x := range l.handlers {
				if x == hh {
					return lang.None, nil
				}
			}
			l.handlers = append(l.handlers, hh)
			return lang.None, nil
		}),
		lang.NewBuiltin(lang.AsValue, "removeHandler(self, hdlr)", "Removes a handler.", func(a *lang.Args) (lang.Value, error) {
			l := a.Value("self").(*logger)
			for i, x := range l.handlers {
				if lang.Value(x) == a.Value("hdlr") {
					l.handlers = append(l.handlers[:i:i], l.handlers[i+1:]...)
					break
				}
			}
			return lang.None, nil
		}),
		lang.NewBuiltin(lang.AsValue, "hasHandlers(self)", "Whether the logger or one it propagates to has a handler.", func(a *lang.Args) (lang.Value, error) {
			for q := a.Value("self").(*logger); q != nil; {
				if len(q.handlers) > 0 {
					return true, nil
				}
				if !q.propagate || q.st == nil {
					break
				}
				q = q.st.parentOf(q)
			}
			return false, nil
		}),
	} {
		loggerMethods[m.Name] = m
	}
	lang.RegisterMethodTable("Logger", loggerMethods)
}

func (l *logger) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name":
		return l.name, true
	case "level":
		return l.level, true
	case "propagate":
		return l.propagate, true
	case "disabled":
		return l.disabled, true
	case "handlers":
		out := make([]lang.Value, len(l.handlers))
		for i, h := range l.handlers {
			out[i] = h
		}
		return &lang.List{Elems: out}, true
	case "parent":
		if l.st == nil {
			return lang.None, true
		}
		return l.st.parentOf(l), true
	}
	m, ok := loggerMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: l, Method: m}, true
}

func (l *logger) AttrNames() []string {
	return append(sortedKeys(loggerMethods), "disabled", "handlers", "level", "name", "parent", "propagate")
}

// SetAttr assigns propagate, disabled and level, as scripts do.
func (l *logger) SetAttr(name string, v lang.Value) error {
	switch name {
	case "propagate", "disabled":
		b, err := lang.Truth(v)
		if err != nil {
			return err
		}
		if name == "propagate" {
			l.propagate = b
		} else {
			l.disabled = b
		}
		return nil
	case "level":
		n, err := levelArg(v)
		if err != nil {
			return err
		}
		l.level = n
		return nil
	}
	return lang.Errorf(lang.AttributeError, "kael's Logger cannot set attribute '%s'", name)
}

var _ lang.Reprer = (*logger)(nil)

// String is str(l), its repr, as CPython's.
func (l *logger) String() string { return l.PyRepr() }
