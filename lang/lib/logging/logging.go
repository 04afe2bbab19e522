// Package logging is Python's logging module for kael: loggers by dotted
// name under the root logger (getLogger, levels, propagation), the
// module's functions that log to the root (logging.info ...), and
// basicConfig with level, format, datefmt, filename, filemode and
// stream; records are formatted in the three styles (%, {, $) with fields (asctime, levelname,
// name, message, levelno, lineno, filename, ...) and written to stderr,
// a stream or a file, as CPython writes them.
package logging

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/kael-dev/kael/internal/fileguard"
	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/pystring"  // string.Template, for style='$'
	_ "github.com/kael-dev/kael/lang/lib/traceback" // format_exc, for exc_info
	"github.com/kael-dev/kael/lang/syntax"
)

// The levels, CPython's numbers.
var levelNames = map[int64]string{50: "CRITICAL", 40: "ERROR", 30: "WARNING", 20: "INFO", 10: "DEBUG", 0: "NOTSET"}

var levelNumbers = map[string]int64{"CRITICAL": 50, "FATAL": 50, "ERROR": 40, "WARN": 30, "WARNING": 30, "INFO": 20, "DEBUG": 10, "NOTSET": 0}

// levelName is logging.getLevelName of a number.
func levelName(n int64) string {
	if s, ok := levelNames[n]; ok {
		return s
	}
	return fmt.Sprintf("Level %d", n)
}

// levelArg is a level argument: an int, or a level's name.
func levelArg(v lang.Value) (int64, error) {
	switch x := v.(type) {
	case int64:
		return x, nil
	case bool:
		if x {
			return 1, nil
		}
		return 0, nil
	case string:
		if n, ok := levelNumbers[x]; ok {
			return n, nil
		}
		return 0, lang.Errorf(lang.ValueError, "Unknown level: %s", lang.Repr(x))
	}
	return 0, lang.Errorf(lang.TypeError, "Level not an integer or a valid string: %s", lang.Repr(v))
}

// basicFormat is CPython's BASIC_FORMAT.
const basicFormat = "%(levelname)s:%(name)s:%(message)s"

// state is one session's logging: its loggers by name, the root among
// them, and logging.disable's level.
type state struct {
	root     *logger
	loggers  map[string]*logger
	disabled int64
}

type stateKey struct{}

func stateOf(s *lang.Session) *state {
	return s.LibraryState(stateKey{}, func() any {
		root := &logger{name: "root", level: 30, propagate: true}
		return &state{root: root, loggers: map[string]*logger{}}
	}).(*state)
}

// getLogger is logging.getLogger(name): one logger per name, whose
// parent is the nearest logger above it by dots (the root at the top).
func (st *state) getLogger(name string) *logger {
	if name == "" || name == "root" {
		return st.root
	}
	if l, ok := st.loggers[name]; ok {
		return l
	}
	l := &logger{name: name, propagate: true, st: st}
	st.loggers[name] = l
	return l
}

// parentOf is l's parent: the nearest existing logger above it.
func (st *state) parentOf(l *logger) *logger {
	name := l.name
	for {
		i := strings.LastIndexByte(name, '.')
		if i < 0 {
			return st.root
		}
		name = name[:i]
		if p, ok := st.loggers[name]; ok {
			return p
		}
	}
}

// record is a LogRecord's fields, as the format reads them.
type record struct {
	name, levelname, message, file string
	excText                        string // the traceback exc_info asks for, "" for none
	levelno, line                  int64
	created                        time.Time
}

// fields is the dict a format is applied to.
func (r *record) fields(asctime string) *lang.Dict {
	d := lang.NewDict()
	base := filepath.Base(r.file)
	for k, v := range map[string]lang.Value{
		"name": r.name, "levelname": r.levelname, "levelno": r.levelno, "message": r.message, "msg": r.message,
		"pathname": r.file, "filename": base, "module": strings.TrimSuffix(base, filepath.Ext(base)),
		"lineno": r.line, "funcName": "<module>", "created": float64(r.created.UnixNano()) / 1e9,
		"msecs": float64(r.created.Nanosecond()) / 1e6, "relativeCreated": float64(time.Since(start).Milliseconds()),
		"process": int64(os.Getpid()), "processName": "MainProcess", "thread": int64(1), "threadName": "MainThread",
		"asctime": asctime,
	} {
		_ = d.Set(k, v)
	}
	return d
}

var start = time.Now()

// formatter is a logging.Formatter: a format of its style ('%', '{' or
// '$') and a date format.
type formatter struct {
	fmt, datefmt string
	style        string // "" for '%'
}

// styles are each style's default format, BASIC_FORMAT and the text that
// asks for asctime, as CPython's _STYLES.
var styles = map[string]struct{ message, basic, asctime string }{
	"%": {"%(message)s", basicFormat, "%(asctime)"},
	"{": {"{message}", "{levelname}:{name}:{message}", "{asctime"},
	"$": {"${message}", "${levelname}:${name}:${message}", "asctime"},
}

func (f *formatter) TypeName() string { return "Formatter" }
func (f *formatter) PyRepr() string {
	return fmt.Sprintf("<logging.Formatter object at 0x%x>", lang.ID(f))
}

// format is the text of r.
func (f *formatter) format(a *lang.Args, r *record) (string, error) {
	style := f.style
	if style == "" {
		style = "%"
	}
	format := f.fmt
	if format == "" {
		format = styles[style].message
	}
	asctime := ""
	if strings.Contains(format, styles[style].asctime) {
		if f.datefmt != "" {
			asctime = strftime(f.datefmt, r.created)
		} else {
			asctime = strftime("%Y-%m-%d %H:%M:%S", r.created) + fmt.Sprintf(",%03d", r.created.Nanosecond()/1e6)
		}
	}
	v, err := applyFormat(a, style, format, r.fields(asctime))
	if err != nil {
		return "", err
	}
	s, ok := v.(string)
	if !ok {
		return "", lang.Errorf(lang.TypeError, "the logging format gave %s", lang.TypeName(v))
	}
	if r.excText != "" {
		if !strings.HasSuffix(s, "\n") {
			s += "\n"
		}
		s += r.excText
	}
	return s, nil
}

// applyFormat fills format, of style, with the record's fields: format %
// fields, format.format(**fields), or string.Template(format).substitute(fields).
func applyFormat(a *lang.Args, style, format string, fields *lang.Dict) (lang.Value, error) {
	switch style {
	case "{":
		m, err := lang.GetAttr(format, "format")
		if err != nil {
			return nil, err
		}
		var names []string
		var vals []lang.Value
		for _, k := range fields.Keys() {
			v, _, _ := fields.Get(k)
			names, vals = append(names, k.(string)), append(vals, v)
		}
		return a.CallKw(m, nil, names, vals)
	case "$":
		mod, err := a.Import("string")
		if err != nil {
			return nil, err
		}
		t, err := a.Call(mod.Attrs["Template"], format)
		if err != nil {
			return nil, err
		}
		sub, err := lang.GetAttr(t, "substitute")
		if err != nil {
			return nil, err
		}
		return a.Call(sub, fields)
	}
	return a.Binary(syntax.PERCENT, format, fields)
}

// strftime formats t with the directives of C's strftime that log
// formats use; others are kept as they are.
func strftime(layout string, t time.Time) string {
	var b strings.Builder
	for i := 0; i < len(layout); i++ {
		c := layout[i]
		if c != '%' || i+1 == len(layout) {
			b.WriteByte(c)
			continue
		}
		i++
		switch layout[i] {
		case 'Y':
			fmt.Fprintf(&b, "%04d", t.Year())
		case 'y':
			fmt.Fprintf(&b, "%02d", t.Year()%100)
		case 'm':
			fmt.Fprintf(&b, "%02d", int(t.Month()))
		case 'd':
			fmt.Fprintf(&b, "%02d", t.Day())
		case 'H':
			fmt.Fprintf(&b, "%02d", t.Hour())
		case 'I':
			fmt.Fprintf(&b, "%02d", (t.Hour()+11)%12+1)
		case 'M':
			fmt.Fprintf(&b, "%02d", t.Minute())
		case 'S':
			fmt.Fprintf(&b, "%02d", t.Second())
		case 'p':
			b.WriteString(t.Format("PM"))
		case 'b':
			b.WriteString(t.Format("Jan"))
		case 'B':
			b.WriteString(t.Format("January"))
		case 'a':
			b.WriteString(t.Format("Mon"))
		case 'A':
			b.WriteString(t.Format("Monday"))
		case 'j':
			fmt.Fprintf(&b, "%03d", t.YearDay())
		case 'Z':
			b.WriteString(t.Format("MST"))
		case 'z':
			b.WriteString(t.Format("-0700"))
		case '%':
			b.WriteByte('%')
		default:
			b.WriteByte('%')
			b.WriteByte(layout[i])
		}
	}
	return b.String()
}

// handler is a StreamHandler (to a stream, sys.stderr by default) or a
// FileHandler.
type handler struct {
	kind      string // "StreamHandler", "FileHandler" or "NullHandler"
	stream    lang.Value
	file      *os.File
	path      string
	level     int64
	formatter *formatter
}

func (h *handler) TypeName() string { return h.kind }

func (h *handler) PyRepr() string {
	lvl := levelName(h.level)
	switch h.kind {
	case "FileHandler":
		return fmt.Sprintf("<FileHandler %s (%s)>", h.path, lvl)
	case "NullHandler":
		return fmt.Sprintf("<NullHandler (%s)>", lvl)
	}
	name := "<stderr>"
	if h.stream != nil {
		if ha, ok := h.stream.(lang.HasAttrs); ok {
			if n, ok := ha.Attr("name"); ok {
				name = lang.Str(n)
			}
		}
	}
	return fmt.Sprintf("<StreamHandler %s (%s)>", name, lvl)
}

// emit writes r as h formats it, with a newline.
func (h *handler) emit(a *lang.Args, r *record) error {
	if r.levelno < h.level || h.kind == "NullHandler" {
		return nil
	}
	f := h.formatter
	if f == nil {
		f = &formatter{}
	}
	text, err := f.format(a, r)
	if err != nil {
		return err
	}
	text += "\n"
	switch {
	case h.file != nil:
		if _, err := io.WriteString(h.file, text); err != nil {
			return lang.OSErrorFrom(err, h.path)
		}
	case h.stream != nil:
		ha, ok := h.stream.(lang.HasAttrs)
		if !ok {
			return lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'write'", lang.TypeName(h.stream))
		}
		write, ok := ha.Attr("write")
		if !ok {
			return lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'write'", lang.TypeName(h.stream))
		}
		if _, err := a.Call(write, text); err != nil {
			return err
		}
	default:
		return a.WriteStderr(text)
	}
	return nil
}

// fileHandler opens path for a FileHandler, through the file guard.
func fileHandler(path, mode string) (*handler, error) {
	flag := os.O_WRONLY | os.O_CREATE
	switch mode {
	case "a":
		flag |= os.O_APPEND
	case "w":
		flag |= os.O_TRUNC
	default:
		return nil, lang.Errorf(lang.ValueError, "kael's FileHandler takes mode 'a' or 'w', not %s", lang.Repr(mode))
	}
	f, _, err := fileguard.OpenRegular(path, flag, 0o666)
	if err != nil {
		return nil, lang.OSErrorFrom(err, path)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return &handler{kind: "FileHandler", file: f, path: abs}, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
