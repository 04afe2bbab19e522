// Package warnings is Python's warnings module for kael: warn prints
// CPython's "file:line: Category: message" and the line to the session's
// stderr, once per location unless the filters say otherwise
// (filterwarnings, simplefilter, resetwarnings, catch_warnings), and the
// "error" action raises the warning. kael's notes (dtype promotions) count
// as UserWarnings for the filters: simplefilter("ignore") hides them.
package warnings

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// filter is one entry of the filters, as CPython's (action, message
// regexp, category, module regexp, lineno).
type filter struct {
	action   string
	message  *regexp.Regexp // nil matches every message
	category lang.Value
	module   *regexp.Regexp
	lineno   int
}

// state is one session's warnings: its filters, the locations that have
// warned (for "default" and "once"), and the lists catch_warnings(record=True)
// collects into.
type state struct {
	filters  []filter
	seen     map[string]bool
	recorder *lang.List
}

// stateKey is the key of the session's warnings state.
type stateKey struct{}

// defaultFilters are CPython 3.11's: DeprecationWarning shown in
// __main__ (kael's code is), the noisy ones ignored.
func defaultFilters() []filter {
	f := func(action, cat string, module *regexp.Regexp) filter {
		c, _ := lang.ExceptionClass(cat)
		return filter{action: action, category: c, module: module}
	}
	return []filter{
		f("default", "DeprecationWarning", regexp.MustCompile(`^__main__\z`)),
		f("ignore", "DeprecationWarning", nil),
		f("ignore", "PendingDeprecationWarning", nil),
		f("ignore", "ImportWarning", nil),
		f("ignore", "ResourceWarning", nil),
	}
}

func stateOf(s *lang.Session) *state {
	return s.LibraryState(stateKey{}, func() any {
		st := &state{filters: defaultFilters(), seen: map[string]bool{}}
		s.SetNoteFilter(st.showsNote)
		return st
	}).(*state)
}

// showsNote reports whether a note of kael's (a dtype promotion) is shown:
// a note counts as a UserWarning with its text as the message, so only an
// "ignore" filter that matches it hides it.
func (st *state) showsNote(text string) bool {
	cat, _ := lang.ExceptionClass("UserWarning")
	for _, f := range st.filters {
		if f.matches(text, cat, 0) {
			return f.action != "ignore"
		}
	}
	return true
}

var actions = map[string]bool{"error": true, "ignore": true, "always": true, "default": true, "module": true, "once": true}

// categoryOf is the category argument: a Warning class.
func categoryOf(v lang.Value) (lang.Value, error) {
	warning, _ := lang.ExceptionClass("Warning")
	if ok, err := lang.IsSubclass(v, warning); err == nil && ok {
		return v, nil
	}
	return nil, lang.Errorf(lang.TypeError, "category must be a Warning subclass, not '%s'", lang.TypeName(v))
}

// className is a class's __name__.
func className(c lang.Value) string {
	if h, ok := c.(lang.HasAttrs); ok {
		if n, ok := h.Attr("__name__"); ok {
			if s, ok := n.(string); ok {
				return s
			}
		}
	}
	return lang.Str(c)
}

// warningOf is the warning that warn and warn_explicit issue for their
// message and category: msg itself when it is a Warning instance (its
// class the category), else an instance of category cat made of msg's
// text; text is the warning's str.
func warningOf(msg, cat lang.Value) (warning, category lang.Value, text string, err error) {
	base, _ := lang.ExceptionClass("Warning")
	if ok, _ := lang.IsInstance(msg, base); ok {
		return msg, lang.TypeOf(msg), lang.Str(msg), nil
	}
	if cat, err = categoryOf(cat); err != nil {
		return nil, nil, "", err
	}
	text = lang.Str(msg)
	inst, ok := lang.NewException(cat, text)
	if !ok {
		return nil, nil, "", lang.Errorf(lang.TypeError, "category must be a Warning subclass, not '%s'", lang.TypeName(cat))
	}
	return inst, cat, text, nil
}

// warn is warnings.warn.
func warn(a *lang.Args) (lang.Value, error) {
	cat := a.Value("category")
	if cat == lang.None {
		cat, _ = lang.ExceptionClass("UserWarning")
	}
	msg, cat, text, err := warningOf(a.Value("message"), cat)
	if err != nil {
		return nil, err
	}
	level := a.Int("stacklevel")
	if err := a.Err(); err != nil {
		return nil, err
	}
	// stacklevel 1 (or less) is the line of the call, 2 its caller's...;
	// past the outermost frame CPython names line 1 of "sys".
	file, line, src, module, ok := a.CallerLocation(max(level, 1) - 1)
	if !ok {
		return issue(a, msg, cat, text, "sys", 1, lang.None, "sys", nil)
	}
	var source lang.Value = src
	if file == "<string>" {
		source = lang.None // exec's and eval's code: CPython's linecache has no line to show
	}
	return issue(a, msg, cat, text, warningFile(file), line, source, module, nil)
}

// warningFile is the filename a warning names: an absolute path for a
// file, <stdin> for a cell that has no name.
func warningFile(file string) string {
	if file != "" && !strings.HasPrefix(file, "<") {
		if abs, err := filepath.Abs(file); err == nil {
			file = abs
		}
	}
	if file == "" {
		file = "<stdin>"
	}
	return file
}

// syntaxWarner issues the compiler's warnings (lang.SetSyntaxWarner):
// a SyntaxWarning at a line of a file, through the filters as warn's. The
// filename is compile()'s, as given, as in CPython.
var syntaxWarner = fn("_syntax_warning(category, message, filename, lineno, line)", "Issues the compiler's warning message of category at line lineno of filename, through the filters as warn does.", func(a *lang.Args) (lang.Value, error) {
	cat, text, source := a.Value("category"), a.Str("message"), a.Value("line")
	file, line := a.Str("filename"), a.Int("lineno")
	if err := a.Err(); err != nil {
		return nil, err
	}
	msg, ok := lang.NewException(cat, text)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "category must be a Warning subclass, not '%s'", lang.TypeName(cat))
	}
	if file == "" {
		file = "<stdin>"
	}
	// A registry of its own: CPython's compiler warns with none, so two
	// warnings alike on one line are both shown ("once" still holds).
	return issue(a, msg, cat, text, file, line, source, "__main__", lang.NewDict())
})

func init() { lang.SetSyntaxWarner(syntaxWarner) }

// warnExplicit is warnings.warn_explicit: a warning said to come from
// line lineno of filename in module (filename without .py by default);
// registry, a dict, records the locations warned from ('default' and
// 'module' actions), none kept when it is None.
func warnExplicit(a *lang.Args) (lang.Value, error) {
	msg, cat := a.Value("message"), a.Value("category")
	file := a.Str("filename")
	line := a.Int("lineno")
	if err := a.Err(); err != nil {
		return nil, err
	}
	msg, cat, text, err := warningOf(msg, cat)
	if err != nil {
		return nil, err
	}
	module := file
	if m, ok := a.Value("module").(string); ok {
		module = m
	} else if module == "" {
		module = "<unknown>"
	} else if strings.HasSuffix(strings.ToLower(module), ".py") {
		module = module[:len(module)-3]
	}
	var registry *lang.Dict
	switch r := a.Value("registry").(type) {
	case *lang.Dict:
		registry = r
	case lang.NoneType:
		registry = lang.NewDict() // a fresh one, as CPython's: nothing kept
	default:
		return nil, lang.Errorf(lang.TypeError, "'registry' must be a dict or None, not '%s'", lang.TypeName(r))
	}
	// the source line is read from the file, as CPython's linecache
	return issue(a, msg, cat, text, file, line, lang.None, module, registry)
}

// issue shows (or raises, or records) a warning of category cat from
// line of file in module, as the filters say; registry, when not nil,
// holds the locations of the 'default' and 'module' actions instead of
// the session's record.
func issue(a *lang.Args, msg, cat lang.Value, text, file string, line int, source lang.Value, module string, registry *lang.Dict) (lang.Value, error) {
	st := stateOf(a.Session())
	action := "default"
	for _, f := range st.filters {
		if f.matchesIn(text, cat, line, module) {
			action = f.action
			break
		}
	}
	key := ""
	switch action {
	case "ignore":
		return lang.None, nil
	case "error":
		if e, ok := lang.RaiseException(msg); ok {
			return nil, e
		}
		return nil, lang.Errorf(lang.ErrorKind(className(cat)), "%s", text)
	case "default":
		key = fmt.Sprintf("%s\x00%s\x00%s\x00%d", text, className(cat), file, line)
	case "module":
		key = fmt.Sprintf("%s\x00%s\x00%s", text, className(cat), file)
	case "once":
		key = fmt.Sprintf("%s\x00%s", text, className(cat))
	}
	if key != "" && registry != nil && action != "once" {
		if seen, _, _ := registry.Get(key); seen == true {
			return lang.None, nil
		}
		if err := registry.Set(key, true); err != nil {
			return nil, err
		}
	} else if key != "" {
		if st.seen[action+"\x00"+key] {
			return lang.None, nil
		}
		st.seen[action+"\x00"+key] = true
	}
	if st.recorder != nil {
		st.recorder.Elems = append(st.recorder.Elems, &warningMessage{message: msg, category: cat, filename: file, lineno: int64(line)})
		return lang.None, nil
	}
	return lang.None, a.WriteStderr(formatWarning(text, cat, file, int64(line), source))
}

// matches reports whether f applies to a warning of kael's code.
func (f *filter) matches(text string, cat lang.Value, line int) bool {
	return f.matchesIn(text, cat, line, "__main__")
}

// matchesIn reports whether f applies to a warning from module.
func (f *filter) matchesIn(text string, cat lang.Value, line int, module string) bool {
	if f.message != nil && !f.message.MatchString(text) {
		return false
	}
	if f.module != nil && !f.module.MatchString(module) {
		return false
	}
	if ok, err := lang.IsSubclass(cat, f.category); err != nil || !ok {
		return false
	}
	return f.lineno == 0 || f.lineno == line
}

// newFilter reads a filter's arguments.
func newFilter(a *lang.Args, withText bool) (filter, error) {
	action := a.Str("action")
	lineno := a.Int("lineno")
	if err := a.Err(); err != nil {
		return filter{}, err
	}
	if !actions[action] {
		return filter{}, lang.Errorf(lang.AssertionError, "invalid action: %s", lang.Repr(action))
	}
	if lineno < 0 {
		return filter{}, lang.Errorf(lang.AssertionError, "lineno must be an int >= 0")
	}
	catArg := a.Value("category")
	if catArg == lang.None {
		catArg, _ = lang.ExceptionClass("Warning")
	}
	cat, err := categoryOf(catArg)
	if err != nil {
		return filter{}, lang.Errorf(lang.AssertionError, "category must be a class")
	}
	f := filter{action: action, category: cat, lineno: lineno}
	if withText {
		for _, p := range []struct {
			name string
			re   **regexp.Regexp
			flag string
		}{{"message", &f.message, "(?i)"}, {"module", &f.module, ""}} {
			s, ok := a.Value(p.name).(string)
			if !ok {
				return filter{}, lang.Errorf(lang.AssertionError, "%s must be a string", p.name)
			}
			if s == "" {
				continue
			}
			re, err := regexp.Compile(p.flag + `\A(?:` + s + `)`)
			if err != nil {
				return filter{}, lang.Errorf(lang.ValueError, "kael cannot read the pattern %s: %v", lang.Repr(s), err)
			}
			*p.re = re
		}
	}
	return f, nil
}

// addFilter puts f first (or last with append), replacing an equal one.
func (st *state) addFilter(f filter, appendIt bool) {
	kept := st.filters[:0]
	for _, g := range st.filters {
		if !(g.action == f.action && sameRe(g.message, f.message) && g.category == f.category && sameRe(g.module, f.module) && g.lineno == f.lineno) {
			kept = append(kept, g)
		}
	}
	st.filters = kept
	if appendIt {
		st.filters = append(st.filters, f)
	} else {
		st.filters = append([]filter{f}, st.filters...)
	}
	st.seen = map[string]bool{} // CPython resets its registries when the filters change
}

func sameRe(a, b *regexp.Regexp) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.String() == b.String()
}
