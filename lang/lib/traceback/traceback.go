// Package traceback is Python's traceback module: an exception and the
// frames that led to it, formatted as CPython 3.11 prints them
// (format_exception, print_exc, format_exc, format_exception_only,
// extract_tb, format_tb, print_tb, format_list), with 3.11's carets
// under the part of a line that failed and the chain of causes and
// contexts. The frames come from the exception's __traceback__
// (lang.Traceback), which the engine records as the exception travels.
package traceback

import (
	_ "embed" // module.py
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

//go:embed module.py
var source string

func init() {
	lang.RegisterSourceModule("traceback", "Print or retrieve an exception's traceback, as CPython's traceback module: format_exception, print_exc, format_exc, extract_tb, extract_stack, walk_tb, walk_stack, FrameSummary, StackSummary, TracebackException.", source)
	lang.RegisterModule("_traceback", "The part of traceback written in Go: the formatting of exceptions and frames.", func() *lang.Module {
		return &lang.Module{Attrs: map[string]lang.Value{
			"format_exception": lang.NewBuiltin(lang.AsValue, "format_exception(exc, value=None, tb=None, limit=None, chain=True)",
				"The lines CPython prints for the exception exc (or, given value, for value): 'Traceback (most recent call last):', a File line and the source line for each frame, and 'Class: message', after the exceptions it was caused by or raised while handling when chain is true. A list of strings, each ending in a newline.",
				func(a *lang.Args) (lang.Value, error) {
					lines, err := formatException(a, exceptionArg(a), a.Value("limit"), a.Bool("chain"), false)
					return strList(lines), err
				}),
			"format_exception_only": lang.NewBuiltin(lang.AsValue, "format_exception_only(exc, value=None)",
				"The last line of the exception's traceback, 'Class: message\\n', in a list.",
				func(a *lang.Args) (lang.Value, error) {
					return strList(finalLine(a, exceptionArg(a), false)), nil
				}),
			"print_exception": lang.NewBuiltin(lang.AsValue, "print_exception(exc, value=None, tb=None, limit=None, file=None, chain=True)",
				"Prints format_exception's lines to file (sys.stderr by default).",
				func(a *lang.Args) (lang.Value, error) {
					lines, err := formatException(a, exceptionArg(a), a.Value("limit"), a.Bool("chain"), false)
					if err != nil {
						return nil, err
					}
					return lang.None, write(a, a.Value("file"), strings.Join(lines, ""))
				}),
			"format_exc": lang.NewBuiltin(lang.AsValue, "format_exc(limit=None, chain=True)",
				"format_exception of the exception being handled, as one string; 'NoneType: None\\n' outside an except clause.",
				func(a *lang.Args) (lang.Value, error) {
					lines, err := formatException(a, a.HandledException(), a.Value("limit"), a.Bool("chain"), false)
					return strings.Join(lines, ""), err
				}),
			"print_exc": lang.NewBuiltin(lang.AsValue, "print_exc(limit=None, file=None, chain=True)",
				"Prints the traceback of the exception being handled to file (sys.stderr by default).",
				func(a *lang.Args) (lang.Value, error) {
					lines, err := formatException(a, a.HandledException(), a.Value("limit"), a.Bool("chain"), false)
					if err != nil {
						return nil, err
					}
					return lang.None, write(a, a.Value("file"), strings.Join(lines, ""))
				}),
			"_tb_entries": lang.NewBuiltin(lang.AsValue, "_tb_entries(tb, /)",
				"The frames of the traceback tb, outermost first, as (filename, lineno, name, line, end_lineno, colno, end_colno) tuples; line is '' where the source is unknown.",
				func(a *lang.Args) (lang.Value, error) {
					entries, err := tbEntries(a.Value("tb"), lang.None)
					if err != nil {
						return nil, err
					}
					out := make([]lang.Value, len(entries))
					for i, e := range entries {
						out[i] = lang.Tuple{absFile(e.Filename), int64(e.Line), e.Name, e.Text, int64(e.EndLine), int64(e.Col), int64(e.EndCol)}
					}
					return &lang.List{Elems: out}, nil
				}),
			"_format_entry": lang.NewBuiltin(lang.AsValue, "_format_entry(filename, lineno, name, line, end_lineno=None, colno=None, end_colno=None, /)",
				"A frame's File line, its source line (stripped) and CPython 3.11's carets under the part that ran, where the positions are known.",
				func(a *lang.Args) (lang.Value, error) {
					e := lang.TraceEntry{Filename: lang.Str(a.Value("filename")), Name: lang.Str(a.Value("name"))}
					if n, ok := lang.AsInt(a.Value("lineno")); ok {
						e.Line = int(n)
					}
					if t, ok := a.Value("line").(string); ok {
						e.Text = strings.TrimRight(t, "\r\n")
					}
					end, okEnd := lang.AsInt(a.Value("end_lineno"))
					col, okCol := lang.AsInt(a.Value("colno"))
					endCol, okEndCol := lang.AsInt(a.Value("end_colno"))
					if okEnd && okCol && okEndCol {
						e.EndLine, e.Col, e.EndCol = int(end), int(col), int(endCol)
					}
					return formatFrame(e), nil
				}),
			"_getframe": lang.NewBuiltin(lang.AsValue, "_getframe(depth=0, /)",
				"sys._getframe: the frame of the calling function, or of the one depth calls out from it.",
				func(a *lang.Args) (lang.Value, error) {
					depth := a.Int("depth")
					if err := a.Err(); err != nil {
						return nil, err
					}
					return a.Frame(depth)
				}),
			"_write_stderr": lang.NewBuiltin(lang.AsValue, "_write_stderr(text, /)",
				"Writes text to sys.stderr.",
				func(a *lang.Args) (lang.Value, error) {
					return lang.None, a.WriteStderr(lang.Str(a.Value("text")))
				}),
			"_source_line": lang.NewBuiltin(lang.AsValue, "_source_line(filename, lineno, /)",
				"Line lineno of the file filename with its newline, as linecache.getline: '' when the file cannot be read or has no such line.",
				func(a *lang.Args) (lang.Value, error) {
					name, _ := a.Value("filename").(string)
					n, ok := lang.AsInt(a.Value("lineno"))
					if !ok || n < 1 || name == "" || strings.HasPrefix(name, "<") {
						return "", nil
					}
					src, err := lang.ReadScript(name)
					if err != nil {
						return "", nil
					}
					lines := strings.SplitAfter(src, "\n")
					if int(n) > len(lines) {
						return "", nil
					}
					line := lines[n-1]
					if line != "" && !strings.HasSuffix(line, "\n") {
						line += "\n"
					}
					return line, nil
				}),
			"format_tb": lang.NewBuiltin(lang.AsValue, "format_tb(tb, limit=None)",
				"The File and source lines of each frame of the traceback tb, one string per frame.",
				func(a *lang.Args) (lang.Value, error) {
					entries, err := tbEntries(a.Value("tb"), a.Value("limit"))
					return strList(formatEntries(entries)), err
				}),
			"print_tb": lang.NewBuiltin(lang.AsValue, "print_tb(tb, limit=None, file=None)",
				"Prints format_tb's lines to file (sys.stderr by default).",
				func(a *lang.Args) (lang.Value, error) {
					entries, err := tbEntries(a.Value("tb"), a.Value("limit"))
					if err != nil {
						return nil, err
					}
					return lang.None, write(a, a.Value("file"), strings.Join(formatEntries(entries), ""))
				}),
		}}
	})
}

// exceptionArg is the exception a format_exception(exc, value, tb) call
// is about: value when given (the three-argument form), else exc.
func exceptionArg(a *lang.Args) lang.Value {
	if !a.IsNone("value") {
		return a.Value("value")
	}
	return a.Value("exc")
}

func strList(lines []string) *lang.List {
	out := make([]lang.Value, len(lines))
	for i, l := range lines {
		out[i] = l
	}
	return &lang.List{Elems: out}
}

// write writes text to file, a file object, or to sys.stderr when file
// is None.
func write(a *lang.Args, file lang.Value, text string) error {
	if file == lang.None {
		return a.WriteStderr(text)
	}
	w, err := lang.GetAttr(file, "write")
	if err != nil {
		return err
	}
	_, err = a.Call(w, text)
	return err
}

// PrintException writes to sys.stderr the traceback CPython prints for
// the exception exc, its chain included: sys.excepthook's output. An exc
// that is not an exception is a TypeError, as print_exception's.
func PrintException(a *lang.Args, exc lang.Value) error {
	lines, err := formatException(a, exc, lang.None, true, true)
	if err != nil {
		return err
	}
	return a.WriteStderr(strings.Join(lines, ""))
}

// limited keeps the frames limit asks for: the first limit of them
// (outermost first), or the last -limit when it is negative.
func limited(entries []lang.TraceEntry, limit lang.Value) ([]lang.TraceEntry, error) {
	if limit == lang.None {
		return entries, nil
	}
	n, ok := lang.AsInt(limit)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "limit must be an integer or None, not '%s'", lang.TypeName(limit))
	}
	switch {
	case n >= 0 && int(n) < len(entries):
		return entries[:n], nil
	case n < 0 && int(-n) < len(entries):
		return entries[len(entries)+int(n):], nil
	}
	return entries, nil
}

func tbEntries(tb, limit lang.Value) ([]lang.TraceEntry, error) {
	if tb == lang.None {
		return nil, nil
	}
	t, ok := tb.(*lang.Traceback)
	if !ok {
		return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'tb_frame'", lang.TypeName(tb))
	}
	return limited(t.Entries(), limit)
}

// maxChain bounds the chain of causes and contexts printed, as a cycle
// of them would otherwise never end (CPython keeps a set of those seen).
const maxChain = 100

// formatException is CPython's format_exception of exc: the exceptions
// it was caused by or raised while handling first (chain), each with its
// traceback, then its own; an exception group's exceptions below it,
// each in its box (Lib/traceback.py's TracebackException.format).
func formatException(a *lang.Args, exc, limit lang.Value, chain, display bool) ([]string, error) {
	base, _ := lang.ExceptionClass("BaseException")
	if ok, _ := lang.IsInstance(exc, base); !ok {
		if exc != lang.None {
			return nil, lang.Errorf(lang.TypeError, "Exception expected for value, %s found", lang.TypeName(exc))
		}
		return finalLine(a, exc, display), nil
	}
	group, _ := lang.ExceptionClass("BaseExceptionGroup")
	f := &excFormat{a: a, limit: limit, chain: chain, display: display, group: group, seen: map[lang.Value]bool{}}
	err := f.format(exc)
	return f.out, err
}

// The limits of an exception group's display, CPython's defaults.
const (
	maxGroupWidth = 15
	maxGroupDepth = 10
)

// excFormat is one format_exception: its options, the lines so far,
// the exceptions met, and where in a group's tree it is (CPython's
// _ExceptionPrintContext).
type excFormat struct {
	a              *lang.Args
	limit          lang.Value
	chain, display bool
	group          lang.Value
	seen           map[lang.Value]bool
	out            []string
	groupDepth     int
	needClose      bool
}

// indent is the margin of the lines at the current depth of groups.
func (f *excFormat) indent() string { return strings.Repeat(" ", 2*f.groupDepth) }

// emit adds text, each of its lines behind the margin ('|', or margin
// when not 0) inside a group.
func (f *excFormat) emit(text string, margin byte) {
	if f.groupDepth == 0 {
		f.out = append(f.out, text)
		return
	}
	if margin == 0 {
		margin = '|'
	}
	prefix := f.indent() + string(margin) + " "
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(prefix + l)
	}
	f.out = append(f.out, b.String())
}

// format adds the lines of exc and of the chain that led to it, the
// first cause or context first.
func (f *excFormat) format(exc lang.Value) error {
	type link struct {
		msg string // the sentence before x, after what led to it
		x   lang.Value
	}
	var links []link
	for x := exc; x != nil; {
		f.seen[x] = true
		var next lang.Value
		msg := ""
		if f.chain && len(links) < maxChain {
			cause, _ := lang.GetAttr(x, "__cause__")
			context, _ := lang.GetAttr(x, "__context__")
			suppress, _ := lang.GetAttr(x, "__suppress_context__")
			switch {
			case cause != nil && cause != lang.None:
				if !f.seen[cause] {
					next, msg = cause, "\nThe above exception was the direct cause of the following exception:\n\n"
				}
			case suppress != true && context != nil && context != lang.None && !f.seen[context]:
				next, msg = context, "\nDuring handling of the above exception, another exception occurred:\n\n"
			}
		}
		links = append(links, link{msg, x})
		x = next
	}
	for i := len(links) - 1; i >= 0; i-- {
		if links[i].msg != "" {
			f.emit(links[i].msg, 0)
		}
		if err := f.formatOne(links[i].x); err != nil {
			return err
		}
	}
	return nil
}

// formatOne adds the traceback and final lines of x, and, for a group,
// its exceptions.
func (f *excFormat) formatOne(x lang.Value) error {
	var entries []lang.TraceEntry
	if tb := lang.ExceptionTraceback(x); tb != nil {
		var err error
		if entries, err = limited(tb.Entries(), f.limit); err != nil {
			return err
		}
	}
	isGroup, _ := lang.IsInstance(x, f.group)
	if !isGroup {
		if entries != nil {
			f.emit("Traceback (most recent call last):\n", 0)
			for _, e := range formatEntries(entries) {
				f.emit(e, 0)
			}
		}
		for _, l := range finalLine(f.a, x, f.display) {
			f.emit(l, 0)
		}
		return nil
	}
	if f.groupDepth > maxGroupDepth {
		f.emit("... (max_group_depth is "+strconv.Itoa(maxGroupDepth)+")\n", 0)
		return nil
	}
	top := f.groupDepth == 0
	if top {
		f.groupDepth++
	}
	if entries != nil {
		margin := byte(0)
		if top {
			margin = '+'
		}
		f.emit("Exception Group Traceback (most recent call last):\n", margin)
		for _, e := range formatEntries(entries) {
			f.emit(e, 0)
		}
	}
	for _, l := range finalLine(f.a, x, f.display) {
		f.emit(l, 0)
	}
	excs, err := lang.GetAttr(x, "exceptions")
	if err != nil {
		return err
	}
	items, _ := excs.(lang.Tuple)
	n := min(len(items), maxGroupWidth+1)
	f.needClose = false
	for i := 0; i < n; i++ {
		last := i == n-1
		if last {
			f.needClose = true // the closing line, unless a group inside adds it
		}
		truncated := i >= maxGroupWidth
		title := strconv.Itoa(i + 1)
		if truncated {
			title = "..."
		}
		corner := "  "
		if i == 0 {
			corner = "+-"
		}
		f.out = append(f.out, f.indent()+corner+"+---------------- "+title+" ----------------\n")
		f.groupDepth++
		if !truncated {
			if err := f.format(items[i]); err != nil {
				return err
			}
		} else {
			more := len(items) - maxGroupWidth
			plural := "s"
			if more == 1 {
				plural = ""
			}
			f.emit("and "+strconv.Itoa(more)+" more exception"+plural+"\n", 0)
		}
		if last && f.needClose {
			f.out = append(f.out, f.indent()+"+------------------------------------\n")
			f.needClose = false
		}
		f.groupDepth--
	}
	if top {
		f.groupDepth = 0
	}
	return nil
}

// finalLine is the last line of a traceback: the exception's class
// (qualified with its module unless builtins or __main__) and message,
// then its __notes__; a SyntaxError's has where it is first
// (syntax.go). display is sys.excepthook's form, CPython's C code's:
// with its "Did you mean" for a NameError or AttributeError (3.11's
// traceback module has none).
func finalLine(a *lang.Args, exc lang.Value, display bool) []string {
	name := "NoneType"
	if exc != lang.None {
		name = className(lang.TypeOf(exc))
	}
	shown, prefix, suffix := exc, "", ""
	if exc != lang.None && isSyntaxError(exc) {
		if display {
			if lines, msg, ok := syntaxDisplay(a, exc); ok {
				shown, prefix = msg, lines
			}
		} else {
			prefix, suffix = syntaxFormat(a, exc)
			shown = attr(exc, "msg")
			if t, isStr := shown.(string); !isStr || t == "" {
				shown = "<no detail available>"
			}
		}
	}
	text, err := strOf(a, shown)
	if err != nil {
		text = "<exception str() failed>"
	}
	text += suffix
	line := name
	if exc != lang.None && text != "" {
		line = name + ": " + text
	} else if exc == lang.None {
		line = "NoneType: None"
	}
	var out []string
	if prefix != "" {
		out = strings.SplitAfter(strings.TrimSuffix(prefix, "\n"), "\n")
		out[len(out)-1] += "\n"
	}
	if display {
		if s := lang.Suggestion(a, exc); s != "" {
			line += ". Did you mean: '" + s + "'?"
		}
	}
	out = append(out, line+"\n")
	if notes, err := lang.GetAttr(exc, "__notes__"); err == nil && notes != lang.None {
		if items, err := lang.Collect(notes); err == nil {
			for _, n := range items {
				s, err := strOf(a, n)
				if err != nil {
					s = "<note str() failed>"
				}
				for _, l := range strings.Split(s, "\n") { // a line each, as CPython's
					out = append(out, l+"\n")
				}
			}
		}
	}
	return out
}

// strOf is str(v), a __str__ of v's class called in the call a.
func strOf(a *lang.Args, v lang.Value) (string, error) {
	str, _ := lang.LookupBuiltin("str")
	s, err := a.Call(str, v)
	if err != nil {
		return "", err
	}
	text, _ := s.(string)
	return text, nil
}

// className is a class's __qualname__, after its __module__ unless that
// is builtins or __main__.
func className(c lang.Value) string {
	name, _ := lang.GetAttr(c, "__qualname__")
	q, ok := name.(string)
	if !ok {
		q = lang.TypeName(c)
	}
	if m, err := lang.GetAttr(c, "__module__"); err == nil {
		if ms, ok := m.(string); ok && ms != "builtins" && ms != "__main__" {
			return ms + "." + q
		}
	}
	return q
}

// formatEntries is one string per frame: its File line, its source line
// and, where the expression that failed is only part of the line,
// CPython 3.11's carets under it.
func formatEntries(entries []lang.TraceEntry) []string {
	out := make([]string, 0, len(entries))
	for i := 0; i < len(entries); i++ {
		e := entries[i]
		// Recursion repeats one frame: CPython shows it three times, then
		// how many more there were.
		same := 0
		for i+1 < len(entries) && entries[i+1] == e {
			i++
			same++
		}
		text := formatEntry(e)
		for k := 0; k <= min(same, 2); k++ {
			out = append(out, text)
		}
		if same > 2 {
			plural := "s"
			if same-2 == 1 {
				plural = ""
			}
			out = append(out, "  [Previous line repeated "+strconv.Itoa(same-2)+" more time"+plural+"]\n")
		}
	}
	return out
}

// absFile is a frame's file name as CPython's code objects have it:
// absolute, unless it is a pseudo-name such as <stdin>.
func absFile(file string) string {
	if !strings.HasPrefix(file, "<") {
		if abs, err := filepath.Abs(file); err == nil {
			return abs
		}
	}
	return file
}

func formatEntry(e lang.TraceEntry) string {
	e.Filename = absFile(e.Filename)
	return formatFrame(e)
}

// formatFrame is a frame's File line, source line and carets, its file
// name as it is.
func formatFrame(e lang.TraceEntry) string {
	s := "  File \"" + e.Filename + "\", line " + strconv.Itoa(e.Line) + ", in " + e.Name + "\n"
	stripped := strings.TrimSpace(e.Text)
	if stripped == "" {
		return s
	}
	s += "    " + stripped + "\n"
	return s + carets(e, stripped)
}

// carets is CPython 3.11's line of ^ (and ~ around a binary operator's
// operands or under a subscripted value) under the expression that
// failed, when it is not the whole line.
func carets(e lang.TraceEntry, stripped string) string {
	line := strings.TrimRight(e.Text, " \t\r\n\f")
	lead := utf8.RuneCountInString(line) - utf8.RuneCountInString(strings.TrimLeftFunc(line, unicode.IsSpace))
	runes := []rune(line)
	start, end := e.Col, e.EndCol
	if start < lead || start > len(runes) {
		return ""
	}
	var left, right int
	anchored := false
	if e.EndLine == e.Line {
		if end > len(runes) {
			end = len(runes)
		}
		left, right, anchored = anchors(string(runes[start:end]))
	} else {
		end = lead + utf8.RuneCountInString(stripped)
	}
	if end-start >= utf8.RuneCountInString(stripped) && !(anchored && right-left > 0) {
		return ""
	}
	var b strings.Builder
	b.WriteString("    " + strings.Repeat(" ", start-lead))
	if anchored {
		b.WriteString(strings.Repeat("~", left) + strings.Repeat("^", right-left) + strings.Repeat("~", end-start-right))
	} else {
		b.WriteString(strings.Repeat("^", end-start))
	}
	return b.String() + "\n"
}

// anchors finds, in the source of the expression that failed, the part
// CPython marks with ^ among ~: a binary operator, or the [...] of a
// subscript; offsets in code points of segment.
func anchors(segment string) (left, right int, ok bool) {
	x, err := syntax.ParseExpr(segment)
	if err != nil {
		return 0, 0, false
	}
	switch x := x.(type) {
	case *syntax.BinaryExpr:
		opStart, opEnd := x.X.Span().End.Col-1, x.Y.Span().Start.Col-1
		runes := []rune(segment)
		if opStart < 0 || opEnd > len(runes) || opStart >= opEnd {
			return 0, 0, false
		}
		op := runes[opStart:opEnd]
		off := 0
		for off < len(op) && unicode.IsSpace(op[off]) {
			off++
		}
		left = opStart + off
		right = left + 1
		if off+1 < len(op) && !unicode.IsSpace(op[off+1]) {
			right++
		}
		return left, right, true
	case *syntax.IndexExpr:
		return x.X.Span().End.Col - 1, x.Rbrack.Col, true
	}
	return 0, 0, false
}
