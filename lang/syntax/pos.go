package syntax

import (
	"fmt"
	"unicode/utf8"
)

// Pos is a position in source text. The zero Pos is invalid and marks an
// absent optional token.
type Pos struct {
	Offset int // byte offset, from 0
	Line   int // line number, from 1
	Col    int // column in Unicode code points, from 1
}

// IsValid reports whether p is a real position rather than the zero Pos.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String returns "line:col".
func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// advance returns the position just after the text s starting at p; s must
// not contain a line break.
func (p Pos) advance(s string) Pos {
	return Pos{Offset: p.Offset + len(s), Line: p.Line, Col: p.Col + utf8.RuneCountInString(s)}
}

// Location returns "file:line:col", or "line:col" when filename is "": the
// one way kael writes where in a source something is.
func Location(filename string, p Pos) string {
	if filename == "" {
		return p.String()
	}
	return filename + ":" + p.String()
}

// Span is the half-open range [Start, End) of source text a node or error
// covers.
type Span struct{ Start, End Pos }

// String returns "line:col-line:col".
func (s Span) String() string { return s.Start.String() + "-" + s.End.String() }

// Error is a syntax error. Error() formats it as "file:line:col: msg", like
// go/scanner; Render adds the source snippet and the hint.
type Error struct {
	Filename string
	Span     Span
	Msg      string
	Hint     string // advice on fixing the error, or ""
	// Kind is the subclass of SyntaxError CPython raises for it,
	// "IndentationError" or "TabError"; "" for SyntaxError itself.
	Kind string
	// Offset and EndOffset are CPython's offset and end_offset (1-based,
	// end_offset -1 or 0 where CPython gives those) when they are not
	// the span's columns, as for most IndentationErrors; Offset is 0
	// when the span's columns are CPython's.
	Offset, EndOffset int

	// open says whether the input ended too early, and where; Completeness
	// turns it into Incomplete.
	open openKind
}

// openKind says why input ended before a construct was finished.
type openKind uint8

const (
	notOpen    openKind = iota
	openLine            // inside brackets or after a line continuation
	openString          // inside a string
	openBlock           // where an indented block was expected
)

// Error returns "file:line:col: msg", or "line:col: msg" without a file
// name.
func (e *Error) Error() string { return Location(e.Filename, e.Span.Start) + ": " + e.Msg }

// Render formats e for a person: the Error() line, the source line with the
// span underlined (see Snippet) and the hint, if any. src is the text that
// was parsed.
func (e *Error) Render(src string) string {
	s := e.Error()
	if sn := Snippet(src, e.Span); sn != "" {
		s += "\n" + sn
	}
	if e.Hint != "" {
		s += "\nhint: " + e.Hint
	}
	return s
}

// Warning is a SyntaxWarning the scanner found: code CPython 3.11 runs
// with a warning (1if x else y: "invalid decimal literal").
type Warning struct {
	Msg string
	At  Span
}

// Span is the source the warning is about.
func (w Warning) Span() Span { return w.At }
