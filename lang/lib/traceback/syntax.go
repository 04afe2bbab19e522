package traceback

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/kael-dev/kael/lang"
)

// A SyntaxError's last lines show where the error is: its file and
// line, the source line, carets under the part in error, then the class
// and msg. sys.excepthook prints them as CPython's C code does
// (print_exception_file_and_line), the traceback module as 3.11's
// traceback.py does (_format_syntax_error); the two differ in corners.

// isSyntaxError reports whether exc is a SyntaxError.
func isSyntaxError(exc lang.Value) bool {
	c, _ := lang.ExceptionClass("SyntaxError")
	ok, _ := lang.IsInstance(exc, c)
	return ok
}

func attr(exc lang.Value, name string) lang.Value {
	v, err := lang.GetAttr(exc, name)
	if err != nil {
		return lang.None
	}
	return v
}

// syntaxDisplay is sys.excepthook's: the File line, the source line and
// its carets; ok is false when lineno (or offset) is not an int, where
// CPython prints the exception as any other.
func syntaxDisplay(a *lang.Args, exc lang.Value) (lines string, msg lang.Value, ok bool) {
	lineno, isInt := lang.AsInt(attr(exc, "lineno"))
	if !isInt {
		return "", nil, false
	}
	offset := int64(-1)
	if v := attr(exc, "offset"); v != lang.None {
		if offset, isInt = lang.AsInt(v); !isInt {
			return "", nil, false
		}
	}
	endLineno, endOffset := lineno, int64(-1)
	if c, _ := lang.ExceptionClass("SyntaxError"); lang.TypeOf(exc) == c {
		if v := attr(exc, "end_lineno"); v != lang.None {
			if endLineno, isInt = lang.AsInt(v); !isInt {
				return "", nil, false
			}
		}
		if v := attr(exc, "end_offset"); v != lang.None {
			if endOffset, isInt = lang.AsInt(v); !isInt {
				return "", nil, false
			}
		}
	}
	filename, err := strOf(a, attr(exc, "filename"))
	if attr(exc, "filename") == lang.None || err != nil {
		filename = "<string>"
	}
	out := "  File \"" + filename + "\", line " + strconv.FormatInt(lineno, 10) + "\n"
	if text, isStr := attr(exc, "text").(string); isStr {
		size := int64(len(text))
		if endLineno > lineno {
			endOffset = size
		}
		if endOffset > size+1 {
			endOffset = size + 1
		}
		out += errorText(offset, endOffset, text)
	}
	return out, attr(exc, "msg"), true
}

// errorText is CPython's print_error_text: the line, stripped on the
// left, and a caret line (offsets from 1, in bytes).
func errorText(offset, endOffset int64, text string) string {
	carets := int64(1)
	if endOffset > 0 && endOffset > offset {
		carets = endOffset - offset
	}
	offset--
	for text != "" && (text[0] == ' ' || text[0] == '\t' || text[0] == '\f') {
		text, offset = text[1:], offset-1
	}
	n := int64(len(text))
	if n > 0 && text[n-1] == '\n' {
		n--
	}
	offset = min(offset, n)
	for {
		nl := strings.IndexByte(text, '\n')
		if nl < 0 || int64(nl) >= offset {
			break
		}
		text, n, offset = text[nl+1:], n-int64(nl+1), offset-int64(nl+1)
	}
	out := "    " + text
	if int64(len(text)) <= n || text[n] != '\n' {
		out += "\n"
	}
	if offset < 0 {
		return out
	}
	return out + "    " + strings.Repeat(" ", int(offset)) + strings.Repeat("^", int(carets)) + "\n"
}

// syntaxFormat is 3.11's traceback.py _format_syntax_error: the lines
// before the class and message, and the suffix of the message line.
func syntaxFormat(a *lang.Args, exc lang.Value) (lines, suffix string) {
	lineno, filename := attr(exc, "lineno"), attr(exc, "filename")
	if lineno != lang.None {
		name := "<string>"
		if t, err := strOf(a, filename); err == nil && t != "" && filename != lang.None {
			name = t
		}
		l, _ := strOf(a, lineno)
		lines = "  File \"" + name + "\", line " + l + "\n"
	} else if filename != lang.None {
		f, _ := strOf(a, filename)
		suffix = " (" + f + ")"
	}
	text, isStr := attr(exc, "text").(string)
	if !isStr {
		return lines, suffix
	}
	rtext := strings.TrimRight(text, "\n")
	ltext := strings.TrimLeft(rtext, " \n\f")
	spaces := len([]rune(rtext)) - len([]rune(ltext))
	lines += "    " + ltext + "\n"
	offset, ok := lang.AsInt(attr(exc, "offset"))
	if !ok {
		return lines, suffix
	}
	end, ok := lang.AsInt(attr(exc, "end_offset"))
	if !ok || end == 0 {
		end = offset
	}
	if offset == end || end == -1 {
		end = offset + 1
	}
	col, endCol := int(offset)-1-spaces, int(end)-1-spaces
	if col >= 0 {
		var space strings.Builder
		for i, r := range []rune(ltext) {
			if i >= col {
				break
			}
			if unicode.IsSpace(r) {
				space.WriteRune(r)
			} else {
				space.WriteByte(' ')
			}
		}
		lines += "    " + space.String() + strings.Repeat("^", max(endCol-col, 0)) + "\n"
	}
	return lines, suffix
}
