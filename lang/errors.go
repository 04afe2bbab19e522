package lang

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// ErrorKind names the class of an error after Python's exceptions. It is
// tensor.ErrorKind, kael's one kind type, so that a tensor or autograd error
// keeps its kind unchanged in a cell.
type ErrorKind = tensor.ErrorKind

// The kinds of error a cell can raise, tensor's list under the same names.
const (
	TypeError         = tensor.TypeError
	ValueError        = tensor.ValueError
	IndexError        = tensor.IndexError
	ZeroDivisionError = tensor.ZeroDivisionError
	MemoryError       = tensor.MemoryError
	RuntimeError      = tensor.RuntimeError
	KeyboardInterrupt = tensor.KeyboardInterrupt
	SyntaxError       = tensor.SyntaxError
	NameError         = tensor.NameError
	KeyError          = tensor.KeyError
	AttributeError    = tensor.AttributeError
	OverflowError     = tensor.OverflowError
	RecursionError    = tensor.RecursionError
	AssertionError    = tensor.AssertionError
	EOFError          = tensor.EOFError
	InternalError     = tensor.InternalError
)

// The errors of reading and writing files, named as Python names them.
const (
	FileNotFoundError ErrorKind = "FileNotFoundError"
	OSError           ErrorKind = "OSError"
)

// Error is an error raised by a cell: what went wrong (Kind, Msg), where
// (Span in Src), and what to do about it (Hint).
type Error struct {
	// exc is the exception object the error is (exceptions.go): set by
	// raise, or made when an except clause first looks at the error.
	// First, so that in a raise's block (newExcInstance) the raise's
	// first look at its spare *Error (excState.takeSpare) reads the
	// cache line the block's making already wrote.
	exc      *Instance
	Kind     ErrorKind
	Msg      string
	Hint     string
	Span     syntax.Span // zero when the error has no source position
	Filename string
	Src      string // the source text Span points into
	// Function is the function Span is in; "" for a module's code.
	Function string
	Trace    []Frame // the calls that led here, outermost first
	// Err is the error this one was made from (a tensor, autograd or
	// syntax error, possibly wrapped with context), or nil; Unwrap returns
	// it, so errors.Is and errors.As see through a cell's error.
	Err error
	// os holds an OSError's errno and file names (NewOSError).
	os *osFields
	// named holds a NameError's, AttributeError's or ImportError's name
	// and obj (exceptions_named.go).
	named *namedFields
	// lazy: Msg is str(exc), not computed yet. A raised exception's
	// message is made when something outside the engine's propagation
	// asks for it (ToError, Error, rendering, a cell's result), as
	// CPython computes it only to print it; one caught by an except
	// clause never needs it.
	lazy bool
	// pooled marks an error of the engine's own (engineError) that may be
	// used again once an except clause has handled it without its object
	// being made; handlers counts the except clauses running for it.
	pooled   bool
	handlers uint8
	// resumed says that the error has just left a generator's body for
	// the code that resumed it (a for loop, next, list, yield from),
	// whose frame is not in Trace yet: the first errorAt in that frame
	// adds it, as a call's caller adds itself (traced). With the flags
	// above, in the padding before frame.
	resumed bool
	// frame is what the frame the error was raised in held (its
	// traceback frame's f_locals, f_globals, f_code; frames.go).
	frame *frameState
}

// settle computes a lazy message; it returns e.
func (e *Error) settle() *Error {
	if e.lazy {
		e.lazy = false
		e.Msg = excMessage(e.exc)
	}
	return e
}

// Unwrap returns the error e was made from, or nil.
func (e *Error) Unwrap() error { return e.Err }

// Frame is one call on the way to an error: the call expression's span in
// the caller.
type Frame struct {
	Function string // the function that made the call; "" for the cell itself
	Span     syntax.Span
	Filename string
	Src      string
	state    *frameState // what the calling frame held (frames.go)
}

// sameCall reports whether f and g are the same call site, what a
// traceback shows of them (recursion repeats one).
func (f Frame) sameCall(g Frame) bool {
	return f.Function == g.Function && f.Span == g.Span && f.Filename == g.Filename && f.Src == g.Src
}

func Errorf(kind ErrorKind, format string, args ...any) *Error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

func (e *Error) WithHint(format string, args ...any) *Error {
	e.Hint = fmt.Sprintf(format, args...)
	return e
}

// Error returns "file:line:col: Kind: msg".
func (e *Error) Error() string {
	e.settle()
	s := string(e.Kind) + ": " + e.Msg
	if e.Span.Start.IsValid() {
		s = syntax.Location(e.Filename, e.Span.Start) + ": " + s
	}
	return s
}

// Render formats e for a person: the calls that led to it, the kind and
// message, the source line with a caret under the span, and the hint.
func (e *Error) Render() string { return e.RenderStyled(ErrorStyle{CellPositions: true}) }

// ErrorStyle decorates the parts of a rendered error, so that every front
// end shows the same layout in its own colours. A nil function leaves its
// part as plain text.
type ErrorStyle struct {
	Kind  func(string) string // the error kind, e.g. "TypeError"
	Dim   func(string) string // positions, gutters, "in call at" lines
	Caret func(string) string // the ^^^ under the span
	Hint  func(string) string // the "hint: ..." line
	// CellPositions shows line:col in the header also for code that is not
	// from a file (Filename ""), whose snippet numbers its lines anyway.
	CellPositions bool
	// Width, when positive, wraps the message and the hint at word
	// boundaries into lines of at most Width columns (a terminal's width,
	// which would otherwise break them mid-word), each further line
	// indented by two spaces. Code lines are never wrapped.
	Width int
}

func apply(f func(string) string, s string) string {
	if f == nil {
		return s
	}
	return f(s)
}

// RenderStyled is Render with the parts decorated by st.
func (e *Error) RenderStyled(st ErrorStyle) string { return e.render(st, 0) }

// render is RenderStyled for an error depth links down a chain of
// exceptions (exceptions.go's renderChain shows the ones before it).
func (e *Error) render(st ErrorStyle, depth int) string {
	e.settle()
	var b strings.Builder
	if e.exc != nil {
		b.WriteString(renderChain(e.exc, st, depth))
	}
	for i := 0; i < len(e.Trace); i++ {
		f := e.Trace[i]
		b.WriteString(apply(st.Dim, "in call at "+syntax.Location(f.Filename, f.Span.Start)) + "\n")
		if sn := syntax.Snippet(f.Src, f.Span); sn != "" {
			b.WriteString(st.snippet(sn) + "\n")
		}
		// Recursion repeats one frame many times: show it once, as Python does.
		repeats := 0
		for i+1 < len(e.Trace) && e.Trace[i+1].sameCall(f) {
			i++
			repeats++
		}
		if repeats > 0 {
			b.WriteString(apply(st.Dim, fmt.Sprintf("[the call above repeated %d more times]", repeats)) + "\n")
		}
	}
	used := 0 // the columns of the header before the message
	if e.Span.Start.IsValid() && (e.Filename != "" || st.CellPositions) {
		pos := syntax.Location(e.Filename, e.Span.Start) + ":"
		b.WriteString(apply(st.Dim, pos) + " ")
		used += utf8.RuneCountInString(pos) + 1
	}
	b.WriteString(apply(st.Kind, string(e.Kind)))
	used += utf8.RuneCountInString(string(e.Kind))
	if e.Msg != "" || e.exc == nil { // raise E() shows E alone, as Python does
		b.WriteString(": " + wrapWords(e.Msg, used+2, st.Width))
	}
	if e.Span.Start.IsValid() {
		if sn := syntax.Snippet(e.Src, e.Span); sn != "" {
			b.WriteString("\n" + st.snippet(sn))
		}
	}
	if e.Hint != "" {
		b.WriteString("\n" + apply(st.Hint, wrapWords("hint: "+e.Hint, 0, st.Width)))
	}
	if e.exc != nil && isGroup(e.exc) {
		b.WriteString("\n" + renderGroupTree(e.exc, st, depth))
	}
	return b.String()
}

// wrapWords breaks text at spaces into lines of at most width columns, the
// first of which already has used columns, each further line indented by
// two spaces; a word longer than a line stays whole. Lines text already
// has are kept, and wrapped each. A width of 0 or less leaves text as is.
func wrapWords(text string, used, width int) string {
	if width <= 0 {
		return text
	}
	var b strings.Builder
	col := used
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			b.WriteString("\n")
			col = 0
		}
		for j, word := range strings.Split(line, " ") {
			n := utf8.RuneCountInString(word)
			if j > 0 {
				if col+1+n > width && col > 2 {
					b.WriteString("\n  ")
					col = 2
				} else {
					b.WriteString(" ")
					col++
				}
			}
			b.WriteString(word)
			col += n
		}
	}
	return b.String()
}

// snippet decorates a syntax.Snippet: the gutter dim, the caret line in
// the caret style.
func (st ErrorStyle) snippet(sn string) string {
	if st.Dim == nil && st.Caret == nil {
		return sn
	}
	lines := strings.Split(sn, "\n")
	for i, l := range lines {
		gutter, text, ok := strings.Cut(l, "| ")
		if !ok {
			continue
		}
		if i == len(lines)-1 {
			text = apply(st.Caret, text)
		}
		lines[i] = apply(st.Dim, gutter+"|") + " " + text
	}
	return strings.Join(lines, "\n")
}

// CrashHint is the hint of an InternalError for a recovered Go panic: that
// nothing was lost, and what to report (reportWith, e.g. "the cell") with
// the first lines of stack, the panicking goroutine's debug.Stack().
func CrashHint(reportWith string, stack []byte) string {
	lines := strings.SplitN(string(stack), "\n", 13)
	return "this is a bug in kael; your variables are intact. Please report it with " + reportWith +
		" and this trace:\n" + strings.Join(lines[:min(12, len(lines))], "\n")
}

// ToError converts any error into an *Error, keeping the kind, message and
// hint of tensor errors and syntax errors, the context that wraps them
// (fmt.Errorf("%s: %w", ...)) in the message, and the error itself for
// Unwrap.
func ToError(err error) *Error { return asError(err).settle() }

// asError is ToError without computing a raised exception's message: for
// the engine's own handling of an error on its way to an except clause.
func asError(err error) *Error {
	if le, ok := err.(*Error); ok {
		return le // the common case, without errors.As's reflection and allocation
	}
	var le *Error
	if errors.As(err, &le) {
		if le == err {
			return le
		}
		le.settle()
		e := *le
		e.pooled, e.handlers = false, 0 // the copy is not the pool's
		e.Msg, e.Err = inContext(err, le, le.Msg), err
		return &e
	}
	var te *tensor.Error
	if errors.As(err, &te) {
		return &Error{Kind: te.Kind, Msg: inContext(err, te, te.Msg), Hint: te.Hint, Err: err}
	}
	var se *syntax.Error
	if errors.As(err, &se) {
		kind := SyntaxError
		if se.Kind != "" { // IndentationError, TabError
			kind = ErrorKind(se.Kind)
		}
		return &Error{Kind: kind, Msg: inContext(err, se, se.Msg), Hint: se.Hint, Span: se.Span, Filename: se.Filename, Err: err}
	}
	return &Error{Kind: RuntimeError, Msg: err.Error(), Err: err}
}

// inContext returns msg, the message of inner, with the context that outer
// wraps around inner: outer's text with inner's text replaced by msg (which
// drops the kind or position inner's Error() shows).
func inContext(outer, inner error, msg string) string {
	o, i := outer.Error(), inner.Error()
	if before, after, ok := strings.Cut(o, i); ok && o != i {
		return before + msg + after
	}
	return msg
}
