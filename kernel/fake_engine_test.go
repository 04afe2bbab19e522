package kernel

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode"
)

// fakeEngine is a tiny Python-like language for the tests:
//
//	x = 40 + 2          assignment; ints and '...' or "..." strings, +
//	x                   the value becomes the cell's result
//	print(a, b)         stdout; eprint(...) writes stderr
//	input('p')          CellIO.Input; getpass('p') asks for a password
//	while True:         loops over its indented body until interrupted
//	sleep(ms)           waits, or returns early when interrupted
//	fail('msg')         a ValueError with a traceback
//	crash()             panics
//	display('id', 'text'), update('id', 'text'), clear()
//	html('text')        a result without text/plain
//	spam(n)             n quick lines on stdout
//	burst(n, size)      n display_data messages, "burst I " and size x's
//	help('topic')       pages text about topic
//	nan()               a result that JSON cannot encode
//
// Completing code that contains "crash!" panics.
//
// It honours ctx like a real engine: statements stop when it is cancelled
// and the variables assigned so far stay.
type fakeEngine struct {
	vars   map[string]any
	closed atomic.Bool
}

var fakeBuiltins = []string{"burst", "clear", "crash", "display", "eprint", "fail", "getpass", "help", "html", "input", "nan", "print", "sleep", "spam", "update"}

func newFakeEngine() Engine { return &fakeEngine{vars: map[string]any{}} }

func (e *fakeEngine) Close() error {
	e.closed.Store(true)
	return nil
}

// page is what help returns: text for the pager.
type page MimeBundle

// fakeError is an error a statement raises.
type fakeError struct{ *CellError }

func raise(name, format string, args ...any) fakeError {
	return fakeError{&CellError{Name: name, Value: fmt.Sprintf(format, args...)}}
}

func (e *fakeEngine) Execute(ctx context.Context, code string, out CellIO) (res Outcome) {
	defer func() {
		if r := recover(); r != nil {
			fe, ok := r.(fakeError)
			if !ok {
				panic(r)
			}
			res = Outcome{Err: fe.CellError}
		}
	}()
	lines := strings.Split(code, "\n")
	var last any
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if strings.TrimSpace(line) == "" {
			continue
		}
		if ctx.Err() != nil {
			panic(raise("Interrupted", "cancelled"))
		}
		if strings.HasSuffix(strings.TrimSpace(line), ":") {
			if strings.TrimSpace(line) != "while True:" {
				panic(raise("SyntaxError", "unsupported block %q", line))
			}
			var body []string
			for i+1 < len(lines) && strings.HasPrefix(lines[i+1], " ") {
				i++
				body = append(body, strings.TrimSpace(lines[i]))
			}
			for ctx.Err() == nil {
				for _, stmt := range body {
					e.statement(ctx, stmt, out)
				}
			}
			panic(raise("Interrupted", "cancelled"))
		}
		last = e.statement(ctx, line, out)
	}
	if last == nil {
		return Outcome{}
	}
	if b, ok := last.(MimeBundle); ok {
		return Outcome{Result: b}
	}
	if p, ok := last.(page); ok {
		return Outcome{Page: MimeBundle(p)}
	}
	return Outcome{Result: MimeBundle{"text/plain": repr(last)}, ResultMetadata: map[string]any{"fake": true}}
}

func (e *fakeEngine) statement(ctx context.Context, stmt string, out CellIO) any {
	stmt = strings.TrimSpace(stmt)
	if stmt == "pass" {
		return nil
	}
	if name, expr, ok := strings.Cut(stmt, "="); ok && isIdent(strings.TrimSpace(name)) {
		e.vars[strings.TrimSpace(name)] = e.eval(ctx, strings.TrimSpace(expr), out)
		return nil
	}
	return e.eval(ctx, stmt, out)
}

func (e *fakeEngine) eval(ctx context.Context, expr string, out CellIO) any {
	parts := splitTop(expr, '+')
	if len(parts) > 1 {
		acc := e.eval(ctx, parts[0], out)
		for _, p := range parts[1:] {
			v := e.eval(ctx, p, out)
			switch a := acc.(type) {
			case int:
				b, ok := v.(int)
				if !ok {
					panic(raise("TypeError", "cannot add %s and %s", repr(acc), repr(v)))
				}
				acc = a + b
			case string:
				acc = a + str(v)
			default:
				panic(raise("TypeError", "cannot add to %s", repr(acc)))
			}
		}
		return acc
	}
	expr = strings.TrimSpace(expr)
	switch {
	case expr == "":
		panic(raise("SyntaxError", "empty expression"))
	case len(expr) >= 2 && (expr[0] == '\'' || expr[0] == '"') && expr[len(expr)-1] == expr[0]:
		return expr[1 : len(expr)-1]
	case unicode.IsDigit(rune(expr[0])):
		n, err := strconv.Atoi(expr)
		if err != nil {
			panic(raise("SyntaxError", "bad number %q", expr))
		}
		return n
	case isIdent(expr):
		v, ok := e.vars[expr]
		if !ok {
			panic(raise("NameError", "name '%s' is not defined", expr))
		}
		return v
	}
	open := strings.IndexByte(expr, '(')
	if open < 0 || !strings.HasSuffix(expr, ")") || !isIdent(expr[:open]) {
		panic(raise("SyntaxError", "invalid syntax: %s", expr))
	}
	var args []any
	if inner := strings.TrimSpace(expr[open+1 : len(expr)-1]); inner != "" {
		for _, a := range splitTop(inner, ',') {
			args = append(args, e.eval(ctx, a, out))
		}
	}
	return e.call(ctx, expr[:open], args, out)
}

func (e *fakeEngine) call(ctx context.Context, fn string, args []any, out CellIO) any {
	text := func() string {
		s := make([]string, len(args))
		for i, a := range args {
			s[i] = str(a)
		}
		return strings.Join(s, " ")
	}
	switch fn {
	case "print":
		out.Stdout(text() + "\n")
	case "eprint":
		out.Stderr(text() + "\n")
	case "input", "getpass":
		v, err := out.Input(text(), fn == "getpass")
		if err != nil {
			panic(raise("StdinError", "%v", err))
		}
		return v
	case "sleep":
		select {
		case <-time.After(time.Duration(intArg(args)) * time.Millisecond):
		case <-ctx.Done():
			panic(raise("Interrupted", "sleep cancelled"))
		}
	case "fail":
		panic(fakeError{&CellError{Name: "ValueError", Value: text(),
			Traceback: []string{"\x1b[0;36m  line 1\x1b[0m", "\x1b[0;31mValueError\x1b[0m: " + text()}}})
	case "crash":
		panic("engine exploded")
	case "display", "update":
		if len(args) != 2 {
			panic(raise("TypeError", "%s takes an id and a text", fn))
		}
		out.Display(DisplayData{Data: MimeBundle{"text/plain": str(args[1])}, ID: str(args[0]), Update: fn == "update"})
	case "clear":
		out.ClearOutput(false)
	case "html":
		return MimeBundle{"text/html": "<b>" + text() + "</b>"}
	case "nan":
		return MimeBundle{"text/plain": "nan", "application/json": math.NaN()}
	case "help":
		return page{"text/plain": "help on " + text()}
	case "burst":
		if len(args) != 2 {
			panic(raise("TypeError", "burst takes a count and a size"))
		}
		n, _ := args[0].(int)
		size, _ := args[1].(int)
		pad := strings.Repeat("x", size)
		for i := range n {
			out.Display(DisplayData{Data: MimeBundle{"text/plain": fmt.Sprintf("burst %d %s", i, pad)}})
		}
	case "spam":
		for i := range intArg(args) {
			out.Stdout(fmt.Sprintf("line %d\n", i))
		}
	default:
		panic(raise("NameError", "name '%s' is not defined", fn))
	}
	return nil
}

func intArg(args []any) int {
	if len(args) != 1 {
		panic(raise("TypeError", "expected one int argument"))
	}
	n, ok := args[0].(int)
	if !ok {
		panic(raise("TypeError", "expected an int, got %s", repr(args[0])))
	}
	return n
}

func (e *fakeEngine) names() []string {
	names := append([]string{}, fakeBuiltins...)
	for name := range e.vars {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// wordAt returns the identifier ending at or containing cursor (in runes)
// and where it starts and ends.
func wordAt(code string, cursor int) (string, int, int) {
	r := []rune(code)
	start, end := cursor, cursor
	for start > 0 && isIdentRune(r[start-1]) {
		start--
	}
	for end < len(r) && isIdentRune(r[end]) {
		end++
	}
	return string(r[start:end]), start, end
}

func (e *fakeEngine) Complete(code string, cursor int) Completion {
	if strings.Contains(code, "crash!") {
		panic("completion exploded")
	}
	word, start, _ := wordAt(code, cursor)
	prefix := string([]rune(word)[:cursor-start])
	c := Completion{Matches: []string{}, CursorStart: start, CursorEnd: cursor}
	for _, name := range e.names() {
		if strings.HasPrefix(name, prefix) {
			c.Matches = append(c.Matches, name)
		}
	}
	return c
}

func (e *fakeEngine) Inspect(code string, cursor, detail int) (MimeBundle, bool) {
	word, _, _ := wordAt(code, cursor)
	if v, ok := e.vars[word]; ok {
		text := word + " = " + repr(v)
		if detail > 0 {
			text += fmt.Sprintf("\ntype: %T", v)
		}
		return MimeBundle{"text/plain": text}, true
	}
	if i := sort.SearchStrings(fakeBuiltins, word); i < len(fakeBuiltins) && fakeBuiltins[i] == word {
		return MimeBundle{"text/plain": "builtin " + word + "(...)"}, true
	}
	return nil, false
}

func (e *fakeEngine) IsComplete(code string) (string, string) {
	trimmed := strings.TrimRight(code, " \n")
	switch {
	case strings.HasPrefix(strings.TrimSpace(code), ")"):
		return "invalid", ""
	case strings.HasSuffix(trimmed, ":"):
		return "incomplete", "    "
	case strings.Count(code, "(") > strings.Count(code, ")"):
		return "incomplete", ""
	}
	return "complete", ""
}

// splitTop splits s at sep outside quotes and parentheses.
func splitTop(s string, sep byte) []string {
	var parts []string
	depth, quote, start := 0, byte(0), 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == sep && depth == 0:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}

func isIdentRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

func isIdent(s string) bool {
	for i, r := range s {
		if !isIdentRune(r) || i == 0 && unicode.IsDigit(r) {
			return false
		}
	}
	return s != "" && s != "True"
}

func str(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return repr(v)
}

func repr(v any) string {
	switch v := v.(type) {
	case string:
		return "'" + v + "'"
	case nil:
		return "None"
	}
	return fmt.Sprint(v)
}
