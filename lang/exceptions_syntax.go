package lang

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/kael-dev/kael/lang/syntax"
)

// A SyntaxError's details, as CPython's SyntaxError_init takes them:
// SyntaxError(msg, (filename, lineno, offset, text[, end_lineno,
// end_offset])) sets msg, filename, lineno, offset, text, end_lineno and
// end_offset (print_file_and_line is always None), each assignable; a
// SyntaxError kael raises has them from its span. str() is msg with the
// file's base name and the line, "msg (file.py, line 3)".

// syntaxFields are a SyntaxError's attributes; nil stands for None.
type syntaxFields struct {
	msg, filename, lineno, offset, text, endLineno, endOffset, printFileAndLine Value
}

// syntaxAttrNames are the attributes of a SyntaxError.
var syntaxAttrNames = []string{"end_lineno", "end_offset", "filename", "lineno", "msg", "offset", "print_file_and_line", "text"}

// isSyntaxError reports whether x is a SyntaxError (IndentationError,
// TabError included).
func isSyntaxError(x *Instance) bool { return x.cls.excKinds&excSyntaxError != 0 }

// syntaxInit reads the constructor's arguments as CPython does, into a
// copy of prev (nil for a new exception): __init__ run again changes
// only what its arguments give.
func syntaxInit(prev *syntaxFields, args Tuple) (*syntaxFields, error) {
	f := &syntaxFields{}
	if prev != nil {
		*f = *prev
	}
	if len(args) >= 1 {
		f.msg = noneToNil(args[0])
	}
	if len(args) != 2 {
		return f, nil
	}
	items, err := Collect(args[1])
	if err != nil {
		return nil, err
	}
	switch {
	case len(items) < 4:
		return nil, Errorf(TypeError, "function takes at least 4 arguments (%d given)", len(items))
	case len(items) > 6:
		return nil, Errorf(TypeError, "function takes at most 6 arguments (%d given)", len(items))
	case len(items) == 5:
		return nil, Errorf(TypeError, "end_offset must be provided when end_lineno is provided")
	}
	f.filename, f.lineno, f.offset, f.text = noneToNil(items[0]), noneToNil(items[1]), noneToNil(items[2]), noneToNil(items[3])
	f.endLineno, f.endOffset = nil, nil
	if len(items) == 6 {
		f.endLineno, f.endOffset = noneToNil(items[4]), noneToNil(items[5])
	}
	return f, nil
}

// syntaxFieldsOf are the attributes of a SyntaxError kael raised: its
// message, file, and span (1-based offsets) on its source line.
func syntaxFieldsOf(e *Error) *syntaxFields {
	f := &syntaxFields{msg: e.Msg}
	if e.Filename != "" {
		f.filename = e.Filename
	}
	if e.Span.Start.IsValid() {
		f.lineno, f.offset = int64(e.Span.Start.Line), int64(e.Span.Start.Col)
		if e.Span.End.IsValid() {
			f.endLineno, f.endOffset = int64(e.Span.End.Line), int64(e.Span.End.Col)
		}
		if lines := strings.Split(e.Src, "\n"); e.Span.Start.Line <= len(lines) {
			f.text = lines[e.Span.Start.Line-1] + "\n"
		}
		var se *syntax.Error
		if errors.As(e.Err, &se) && se.Offset > 0 { // an IndentationError's own
			f.offset, f.endLineno, f.endOffset = int64(se.Offset), f.lineno, int64(se.EndOffset)
		}
	}
	return f
}

// field is the attribute name's slot in f.
func (f *syntaxFields) field(name string) *Value {
	switch name {
	case "msg":
		return &f.msg
	case "filename":
		return &f.filename
	case "lineno":
		return &f.lineno
	case "offset":
		return &f.offset
	case "text":
		return &f.text
	case "end_lineno":
		return &f.endLineno
	case "end_offset":
		return &f.endOffset
	case "print_file_and_line":
		return &f.printFileAndLine
	}
	return nil
}

// syntaxStr is CPython's SyntaxError_str.
func syntaxStr(f *syntaxFields) string {
	msg := Str(orNone(f.msg))
	file, hasFile := f.filename.(string)
	if hasFile {
		file = filepath.Base(file)
	}
	line, hasLine := f.lineno.(int64)
	switch {
	case hasFile && hasLine:
		return msg + " (" + file + ", line " + Str(line) + ")"
	case hasFile:
		return msg + " (" + file + ")"
	case hasLine:
		return msg + " (line " + Str(line) + ")"
	}
	return msg
}
