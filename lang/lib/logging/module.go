package logging

import (
	"time"

	"github.com/kael-dev/kael/lang"
)

// timeNow is when a record is made.
var timeNow = time.Now

var (
	_ lang.HasAttrs = (*handler)(nil)
	_ lang.Reprer   = (*handler)(nil)
	_ lang.Reprer   = (*formatter)(nil)
)

var handlerMethods = map[string]*lang.Builtin{
	"setFormatter": lang.NewBuiltin(lang.AsValue, "setFormatter(self, fmt)", "Sets the handler's Formatter.", func(a *lang.Args) (lang.Value, error) {
		f, ok := a.Value("fmt").(*formatter)
		if !ok && a.Value("fmt") != lang.None {
			return nil, lang.Errorf(lang.TypeError, "kael's handlers take a logging.Formatter, not %s", lang.TypeName(a.Value("fmt")))
		}
		a.Value("self").(*handler).formatter = f
		return lang.None, nil
	}),
	"setLevel": lang.NewBuiltin(lang.AsValue, "setLevel(self, level)", "Sets the handler's level: records below it are dropped.", func(a *lang.Args) (lang.Value, error) {
		n, err := levelArg(a.Value("level"))
		if err != nil {
			return nil, err
		}
		a.Value("self").(*handler).level = n
		return lang.None, nil
	}),
	"flush": lang.NewBuiltin(lang.AsValue, "flush(self)", "Does nothing: records are written at once.", func(a *lang.Args) (lang.Value, error) {
		return lang.None, nil
	}),
	"close": lang.NewBuiltin(lang.AsValue, "close(self)", "Closes a FileHandler's file.", func(a *lang.Args) (lang.Value, error) {
		h := a.Value("self").(*handler)
		if h.file != nil {
			h.file.Close()
			h.file = nil
		}
		return lang.None, nil
	}),
}

func (h *handler) Attr(name string) (lang.Value, bool) {
	switch name {
	case "level":
		return h.level, true
	case "formatter":
		if h.formatter == nil {
			return lang.None, true
		}
		return h.formatter, true
	case "baseFilename":
		if h.kind == "FileHandler" {
			return h.path, true
		}
	}
	m, ok := handlerMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: h, Method: m}, true
}

func (h *handler) AttrNames() []string {
	return append(sortedKeys(handlerMethods), "formatter", "level")
}

// formatterArgs reads fmt, datefmt and style.
func formatterArgs(a *lang.Args, fmtName string) (*formatter, error) {
	f := &formatter{}
	for _, p := range []struct {
		name string
		dst  *string
	}{{fmtName, &f.fmt}, {"datefmt", &f.datefmt}} {
		switch v := a.Value(p.name).(type) {
		case string:
			*p.dst = v
		case lang.NoneType:
		default:
			return nil, lang.Errorf(lang.TypeError, "%s must be str, not %s", p.name, lang.TypeName(v))
		}
	}
	style, _ := a.Value("style").(string)
	if _, ok := styles[style]; !ok {
		return nil, lang.Errorf(lang.ValueError, "Style must be one of: %%,{,$")
	}
	f.style = style
	return f, nil
}

// excDefault is the default of exc_info: True for exception(), which
// logs the exception being handled.
func excDefault(method string) string {
	if method == "exception" {
		return "True"
	}
	return "None"
}

// rootLog is a module function that logs to the root logger, after
// basicConfig() when the root has no handler, as CPython's.
func rootLog(a *lang.Args, level int64) (lang.Value, error) {
	st := stateOf(a.Session())
	if len(st.root.handlers) == 0 {
		st.root.handlers = append(st.root.handlers, &handler{kind: "StreamHandler", stream: a.Session().StdStream("stderr"), formatter: &formatter{fmt: basicFormat}})
	}
	return lang.None, st.root.log(a, st, level, a.Value("msg"), a.Value("args").(lang.Tuple))
}

var loggingModule = &lang.Module{Name: "logging", Attrs: map[string]lang.Value{
	"CRITICAL": int64(50), "FATAL": int64(50), "ERROR": int64(40), "WARNING": int64(30), "WARN": int64(30),
	"INFO": int64(20), "DEBUG": int64(10), "NOTSET": int64(0),
	"BASIC_FORMAT": basicFormat,
	"getLogger": lang.NewBuiltin(lang.AsValue, "getLogger(name=None)", "The logger named name (the root logger without one); the same logger for the same name. A logger hands its records to its handlers and then to those of the loggers above it by dotted name.", func(a *lang.Args) (lang.Value, error) {
		name := ""
		if !a.IsNone("name") {
			s, ok := a.Value("name").(string)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "A logger name must be a string")
			}
			name = s
		}
		return stateOf(a.Session()).getLogger(name), nil
	}),
	"basicConfig": lang.NewBuiltin(lang.AsValue, "basicConfig(*, level=None, format=None, datefmt=None, style='%', filename=None, filemode='a', stream=None, force=False)", "Gives the root logger a handler, unless it has one (or force): to filename (opened with filemode), to stream, or to stderr, formatted with format ('%(levelname)s:%(name)s:%(message)s' by default); level sets the root's level.", func(a *lang.Args) (lang.Value, error) {
		st := stateOf(a.Session())
		force := a.Bool("force")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if force {
			for _, h := range st.root.handlers {
				if h.file != nil {
					h.file.Close()
				}
			}
			st.root.handlers = nil
		}
		if len(st.root.handlers) > 0 {
			return lang.None, nil
		}
		f, err := formatterArgs(a, "format")
		if err != nil {
			return nil, err
		}
		if f.fmt == "" {
			f.fmt = styles[f.style].basic
		}
		var h *handler
		switch {
		case !a.IsNone("filename") && !a.IsNone("stream"):
			return nil, lang.Errorf(lang.ValueError, "'stream' and 'filename' should not be specified together")
		case !a.IsNone("filename"):
			name, ok := a.Value("filename").(string)
			if p, isPath := a.Value("filename").(lang.PathLike); isPath {
				name, ok = p.FSPath(), true
			}
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "filename must be str, not %s", lang.TypeName(a.Value("filename")))
			}
			if h, err = fileHandler(name, a.Str("filemode")); err != nil {
				return nil, err
			}
		case !a.IsNone("stream"):
			h = &handler{kind: "StreamHandler", stream: a.Value("stream")}
		default:
			// sys.stderr as it is now, a replaced one included (CPython's
			// StreamHandler binds the stream when it is made)
			h = &handler{kind: "StreamHandler", stream: a.Session().StdStream("stderr")}
		}
		h.formatter = f
		if !a.IsNone("level") {
			n, err := levelArg(a.Value("level"))
			if err != nil {
				return nil, err
			}
			st.root.level = n
		}
		st.root.handlers = append(st.root.handlers, h)
		return lang.None, nil
	}),
	"log": lang.NewBuiltin(lang.AsValue, "log(level, msg, *args, exc_info=None, stack_info=False, stacklevel=1, extra=None)", "Logs msg % args at level on the root logger.", func(a *lang.Args) (lang.Value, error) {
		level, ok := a.Value("level").(int64)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "level must be an integer")
		}
		return rootLog(a, level)
	}),
	"getLevelName": lang.NewBuiltin(lang.AsValue, "getLevelName(level)", "The name of a level number ('Level 15' for one without), or the number of a level's name.", func(a *lang.Args) (lang.Value, error) {
		switch v := a.Value("level").(type) {
		case int64:
			return levelName(v), nil
		case string:
			if n, ok := levelNumbers[v]; ok && v != "FATAL" && v != "WARN" {
				return n, nil
			}
			return "Level " + v, nil
		}
		return "Level " + lang.Str(a.Value("level")), nil
	}),
	"disable": lang.NewBuiltin(lang.AsValue, "disable(level=50)", "Drops every record of level and below, on every logger.", func(a *lang.Args) (lang.Value, error) {
		n, err := levelArg(a.Value("level"))
		if err != nil {
			return nil, err
		}
		stateOf(a.Session()).disabled = n
		return lang.None, nil
	}),
	"shutdown": lang.NewBuiltin(lang.AsValue, "shutdown()", "Closes the files of the FileHandlers.", func(a *lang.Args) (lang.Value, error) {
		st := stateOf(a.Session())
		for _, l := range append([]*logger{st.root}, mapValues(st.loggers)...) {
			for _, h := range l.handlers {
				if h.file != nil {
					h.file.Close()
					h.file = nil
				}
			}
		}
		return lang.None, nil
	}),
	"StreamHandler": lang.NewBuiltin(lang.AsValue, "StreamHandler(stream=None)", "A handler that writes each record and a newline to stream (sys.stderr by default).", func(a *lang.Args) (lang.Value, error) {
		h := &handler{kind: "StreamHandler", stream: a.Session().StdStream("stderr")}
		if !a.IsNone("stream") {
			h.stream = a.Value("stream")
		}
		return h, nil
	}),
	"NullHandler": lang.NewBuiltin(lang.AsValue, "NullHandler()", "A handler that writes nothing: a library gives its logger one so that, without the program's own configuration, its records are not shown (the last resort is not used).", func(a *lang.Args) (lang.Value, error) {
		return &handler{kind: "NullHandler"}, nil
	}),
	"FileHandler": lang.NewBuiltin(lang.AsValue, "FileHandler(filename, mode='a', encoding=None, delay=False)", "A handler that writes each record and a newline to the file filename (appending by default).", func(a *lang.Args) (lang.Value, error) {
		name, ok := a.Value("filename").(string)
		if p, isPath := a.Value("filename").(lang.PathLike); isPath {
			name, ok = p.FSPath(), true
		}
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "filename must be str, not %s", lang.TypeName(a.Value("filename")))
		}
		return fileHandler(name, a.Str("mode"))
	}),
	"Formatter": lang.NewBuiltin(lang.AsValue, "Formatter(fmt=None, datefmt=None, style='%')", "A record's format: fields such as %(asctime)s, %(levelname)s, %(name)s, %(message)s (style '%'), {levelname} (style '{', str.format) or $levelname (style '$', string.Template); datefmt is asctime's strftime format.", func(a *lang.Args) (lang.Value, error) {
		return formatterArgs(a, "fmt")
	}),
}}

func mapValues(m map[string]*logger) []*logger {
	out := make([]*logger, 0, len(m))
	for _, k := range sortedKeys(m) {
		out = append(out, m[k])
	}
	return out
}

func init() {
	for name, level := range logLevels {
		level := level
		loggingModule.Attrs[name] = lang.NewBuiltin(lang.AsValue, name+"(msg, *args, exc_info="+excDefault(name)+", stack_info=False, stacklevel=1, extra=None)",
			"Logs msg % args at level "+levelName(level)+" on the root logger (giving it basicConfig's handler first when it has none).", func(a *lang.Args) (lang.Value, error) {
				return rootLog(a, level)
			})
	}
	lang.RegisterMethodTable("StreamHandler", handlerMethods)
	lang.RegisterModule("logging", "Python's logging module: getLogger, the levels, basicConfig (level, format, datefmt, filename, filemode, stream), the module's logging functions, StreamHandler, FileHandler and Formatter.", func() *lang.Module { return loggingModule })
}

// String is str(h), its repr, as CPython's.
func (h *handler) String() string { return h.PyRepr() }

// String is str(f), its repr, as CPython's.
func (f *formatter) String() string { return f.PyRepr() }
