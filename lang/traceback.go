package lang

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kael-dev/kael/lang/syntax"
)

// Tracebacks as Python code sees them: an exception's __traceback__ and
// the frames the traceback module prints. An error keeps the calls that
// led to it (Error.Trace, outermost first) and where it was raised
// (Error.Span, in Error.Function); a Traceback lists them as CPython's
// traceback objects do, one entry per frame, from the frame that caught
// the exception down to the one that raised it.

// TraceEntry is one frame of a traceback: the line that was running in
// the function Name of Filename.
type TraceEntry struct {
	Filename string
	Name     string // the function; "<module>" for a module's (or cell's) code
	Line     int    // from 1
	// The span of the expression that was running, in code points of
	// Text from 0, the end excluded; EndLine is the line where it ends.
	Col, EndCol, EndLine int
	Text                 string // the source line; "" when unknown
}

// Traceback is an exception's __traceback__: its frames from the one
// that caught it, which tb_next walks down.
type Traceback struct {
	entries []TraceEntry
	states  []*frameState // what each entry's frame held (frames.go), in the first of a chain
	next    *Traceback    // tb_next, made on first use
	// root is the traceback whose tb_next chain this one is in (itself
	// for the first), at entry off of root's: root keeps the frame
	// objects, one per entry, so that tb_frame and f_back are the same
	// objects from every traceback of the chain.
	root   *Traceback
	off    int
	frames []*FrameObject // root's, made on the first tb_frame
}

// TypeName is "traceback", as in CPython.
func (*Traceback) TypeName() string { return "traceback" }

// PyRepr is <traceback object>, as CPython shows it without the address.
func (*Traceback) PyRepr() string { return "<traceback object>" }

// Entries returns tb's frames, outermost first.
func (tb *Traceback) Entries() []TraceEntry { return append([]TraceEntry(nil), tb.entries...) }

// Attr gives tb_lineno, tb_next and tb_lasti.
func (tb *Traceback) Attr(name string) (Value, bool) {
	switch name {
	case "tb_lineno":
		return int64(tb.entries[0].Line), true
	case "tb_next":
		if len(tb.entries) == 1 {
			return None, true
		}
		if tb.next == nil {
			tb.next = &Traceback{entries: tb.entries[1:], root: tb.rootOf(), off: tb.off + 1}
		}
		return tb.next, true
	case "tb_lasti":
		return int64(-1), true
	case "tb_frame":
		return tb.frame(), true
	}
	return nil, false
}

// AttrNames lists a traceback's attributes.
func (*Traceback) AttrNames() []string {
	return []string{"tb_frame", "tb_lasti", "tb_lineno", "tb_next"}
}

// traceOf is the Traceback of the error e: nil when it has no position.
func traceOf(e *Error) *Traceback {
	if e == nil || !e.Span.Start.IsValid() {
		return nil
	}
	tb := &Traceback{}
	for _, f := range e.Trace {
		tb.entries = append(tb.entries, traceEntry(f.Filename, f.Function, f.Src, f.Span))
		tb.states = append(tb.states, f.state)
	}
	tb.entries = append(tb.entries, traceEntry(e.Filename, e.Function, e.Src, e.Span))
	tb.states = append(tb.states, e.frame)
	return tb
}

// ExceptionTraceback returns the traceback of the exception v (its
// __traceback__), or nil when v is no exception or was never raised.
func ExceptionTraceback(v Value) *Traceback {
	x, ok := isException(v)
	if !ok {
		return nil
	}
	tb, _ := excStateOf(x).traceback().(*Traceback)
	return tb
}

// HandledException returns the exception the code calling the builtin a
// is handling (what sys.exc_info() and traceback.print_exc() report), or
// None outside an except clause.
func (a *Args) HandledException() Value {
	if a.in == nil || a.in.s == nil || a.in.s.topHandling() == nil {
		return None
	}
	if x, _ := excOf(a.in.s.topHandling()); x != nil {
		return x
	}
	return None
}

// traceEntry makes the entry of the frame running function fn at span
// of src.
func traceEntry(filename, fn, src string, span syntax.Span) TraceEntry {
	if fn == "" {
		fn = "<module>"
	}
	if filename == "" {
		filename = "<stdin>"
	}
	t := TraceEntry{Filename: filename, Name: fn, Line: span.Start.Line, Col: span.Start.Col - 1, EndLine: span.End.Line, EndCol: span.End.Col - 1}
	if lines := strings.Split(src, "\n"); span.Start.Line >= 1 && span.Start.Line <= len(lines) {
		t.Text = strings.TrimRight(lines[span.Start.Line-1], "\r")
	}
	if t.EndLine < t.Line || (t.EndLine == t.Line && t.EndCol < t.Col) {
		t.EndLine, t.EndCol = t.Line, utf8.RuneCountInString(t.Text)
	}
	return t
}

// String is the entry as CPython prints it: its File line and the source
// line, without the carets.
func (t TraceEntry) String() string {
	s := "  File \"" + t.Filename + "\", line " + strconv.Itoa(t.Line) + ", in " + t.Name + "\n"
	if text := strings.TrimSpace(t.Text); text != "" {
		s += "    " + text + "\n"
	}
	return s
}

// topHandling is the exception being handled where code runs: the
// frame's own, else, in a generator handling none, the one of the frame
// that resumed it, and so on out (CPython's _PyErr_GetTopmostException).
func (s *Session) topHandling() *Error {
	if s.handling != nil {
		return s.handling
	}
	for i := len(s.callersHandling) - 1; i >= 0; i-- {
		if h := s.callersHandling[i]; h != nil {
			return h
		}
	}
	return nil
}
