package magic

import (
	"io"
	"regexp"
	"strings"
	"sync"

	"github.com/kael-dev/kael/lang"
)

// magicCallee is the function a cell's line magics become calls of, as
// IPython makes them calls of get_ipython().run_line_magic.
const magicCallee = "__kael_magic__"

// magicAssign is a line NAME = %magic ARGS (IPython's MagicAssign).
var magicAssign = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^([A-Za-z_][A-Za-z_0-9]*(?:\s*,\s*[A-Za-z_][A-Za-z_0-9]*)*\s*=\s*)%([A-Za-z_][A-Za-z_0-9]*)(.*)$`)
})

// TransformMagics rewrites the line magics of a cell of several lines, as
// IPython's input transformer does, so that they run where they stand: a
// line "%name args" (at any indentation) becomes the call
// __kael_magic__('name', 'args'), "x = %name args" assigns its value, and
// a help request "x?" ("x??", "?x") becomes the magic pinfo (pinfo2). A
// line inside a string, brackets or after a backslash is code, as is every
// line of a cell magic's cell. ok is false when there is nothing to rewrite.
func TransformMagics(src string) (code string, ok bool) {
	if IsCellMagic(src) {
		return src, false
	}
	lines := strings.Split(src, "\n")
	var st scanState
	for i, line := range lines {
		if st.logicalStart() {
			if call, found := magicCall(line); found {
				lines[i], ok = call, true
				continue
			}
		}
		st.scan(line)
	}
	return strings.Join(lines, "\n"), ok
}

// magicCall rewrites one line that starts a statement, when it is a line
// magic, a magic assigned to names, or a help request.
func magicCall(line string) (string, bool) {
	body := strings.TrimLeft(line, " \t")
	indent := line[:len(line)-len(body)]
	call := func(name, args string) string {
		return magicCallee + "(" + lang.Repr(name) + ", " + lang.Repr(strings.TrimSpace(args)) + ")"
	}
	switch {
	case strings.HasPrefix(body, "%%"):
		return "", false
	case strings.HasPrefix(body, "%"):
		name, args, _ := strings.Cut(strings.TrimPrefix(body, "%"), " ")
		return indent + call(strings.TrimSpace(name), args), true
	}
	if m := magicAssign().FindStringSubmatch(body); m != nil {
		return indent + m[1] + call(m[2], m[3]), true
	}
	if name, detail, ok := helpRequest(body); ok {
		magic := "pinfo"
		if detail > 0 {
			magic = "pinfo2"
		}
		return indent + call(magic, name), true
	}
	return "", false
}

// scanState follows a cell's lines far enough to tell whether a line
// starts a statement: not inside a triple-quoted string or brackets, not
// continuing a line that ends in a backslash.
type scanState struct {
	triple    string // the quotes of the open triple-quoted string, or ""
	depth     int    // open brackets
	continued bool   // the last line ended with a backslash
}

func (st *scanState) logicalStart() bool {
	return st.triple == "" && st.depth == 0 && !st.continued
}

func (st *scanState) scan(line string) {
	st.continued = false
	for i := 0; i < len(line); i++ {
		c := line[i]
		if st.triple != "" {
			switch {
			case c == '\\':
				i++
			case strings.HasPrefix(line[i:], st.triple):
				i += 2
				st.triple = ""
			}
			continue
		}
		switch c {
		case '#':
			return
		case '\'', '"':
			if q := strings.Repeat(string(c), 3); strings.HasPrefix(line[i:], q) {
				st.triple = q
				i += 2
				continue
			}
			for i++; i < len(line) && line[i] != c; i++ {
				if line[i] == '\\' {
					i++
				}
			}
		case '(', '[', '{':
			st.depth++
		case ')', ']', '}':
			st.depth = max(st.depth-1, 0)
		case '\\':
			if i == len(line)-1 {
				st.continued = true
			}
		}
	}
}

// magicFunc is the function a transformed cell calls for each line magic:
// it runs the magic, writes what it prints to the session's output at
// once, keeps its page and next input for the cell's Output, and returns
// its value (for x = %time ...).
func (sh *Shell) magicFunc(filename string, out *Output) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, magicCallee+"(name, args)", "Runs the line magic %name args of a cell (the shell rewrites the magics of a cell into calls of this function).", func(a *lang.Args) (lang.Value, error) {
		name, args := a.Str("name"), a.Str("args")
		if err := a.Err(); err != nil {
			return nil, err
		}
		var res Output
		switch name {
		case "pinfo", "pinfo2":
			detail := 0
			if name == "pinfo2" {
				detail = 1
			}
			res = sh.help(args, detail)
		default:
			res = sh.lineMagic(a.Context(), filename, strings.TrimSpace("%"+name+" "+args))
		}
		if res.Err != nil {
			return nil, res.Err
		}
		if res.Text != "" {
			_, _ = io.WriteString(sh.sess.Stdout(), res.Text)
		}
		out.Page += res.Page
		if res.NextInput != "" {
			out.NextInput, out.ReplaceInput = res.NextInput, res.ReplaceInput
		}
		if res.Value == nil {
			return lang.None, nil
		}
		return res.Value, nil
	})
}
