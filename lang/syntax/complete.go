package syntax

import "strings"

// Status says whether input typed so far can run, as reported by
// Completeness.
type Status uint8

// The completeness of input.
const (
	Complete   Status = iota // ready to run
	Incomplete               // more lines are needed
	Invalid                  // a syntax error that more lines cannot fix
)

// String returns the status as Jupyter's is_complete_reply spells it:
// "complete", "incomplete" or "invalid".
func (s Status) String() string {
	switch s {
	case Complete:
		return "complete"
	case Incomplete:
		return "incomplete"
	}
	return "invalid"
}

// Completeness reports whether src, the lines entered so far at a REPL
// prompt or in a notebook cell, is ready to run, following IPython's rules:
//
//   - input that ends inside brackets, inside a triple-quoted string or
//     after a line-continuation backslash is Incomplete;
//   - input whose last line opens a block (ends with ':') is Incomplete, and
//     indent is that line's indentation plus four spaces (a tab, if it is
//     indented with tabs), unless the input then ends with a blank line;
//   - input whose last statement is a compound statement (def, if, for,
//     while, with, try) is Incomplete until it ends with a blank line, since
//     more of the block, or an elif or else, may follow; indent is then the
//     indentation of the last non-blank line;
//   - other input that does not parse is Invalid, and the rest Complete.
//
// A single-quoted string cannot span lines, so an unterminated one is
// Invalid. indent is "" unless the status is Incomplete.
func Completeness(src string) (status Status, indent string) {
	f, err := Parse("", src)
	if err != nil {
		switch err.(*Error).open {
		case openString:
			return Incomplete, ""
		case openLine:
			return Incomplete, lastIndent(src)
		case openBlock:
			if !endsWithBlankLine(src) {
				ind := lastIndent(src)
				if ind != "" && strings.Trim(ind, "\t") == "" {
					return Incomplete, ind + "\t"
				}
				return Incomplete, ind + "    "
			}
		}
		return Invalid, ""
	}
	if len(f.Stmts) == 0 || endsWithBlankLine(src) {
		return Complete, ""
	}
	switch f.Stmts[len(f.Stmts)-1].(type) {
	case *DefStmt, *ClassStmt, *IfStmt, *ForStmt, *WhileStmt, *WithStmt, *TryStmt, *MatchStmt:
		return Incomplete, lastIndent(src)
	}
	return Complete, ""
}

const whitespace = " \t\f\r\n"

// lastIndent returns the leading spaces and tabs of the last non-blank
// line, without any form feeds.
func lastIndent(src string) string {
	src = strings.TrimRight(src, whitespace)
	line := src[strings.LastIndexAny(src, "\r\n")+1:]
	return strings.ReplaceAll(line[:len(line)-len(strings.TrimLeft(line, " \t\f"))], "\f", "")
}

// endsWithBlankLine reports whether a blank line, possibly holding white
// space, follows the last non-blank line of src.
func endsWithBlankLine(src string) bool {
	rest := src[len(strings.TrimRight(src, whitespace)):]
	i := strings.IndexAny(rest, "\r\n")
	if i < 0 {
		return false
	}
	if strings.HasPrefix(rest[i:], "\r\n") {
		i++
	}
	return i+1 < len(rest)
}
