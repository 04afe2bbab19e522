package inspect

import (
	"regexp"
	"strings"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/sys" // moduleFile reads sys.modules
)

// getsource and getsourcelines: the text of a function or class, read
// from the file it was defined in (co_filename, or its module's
// __file__), as CPython's inspect finds it: a function from its first
// line (its first decorator's), a class by its qualified name; the block
// runs while the lines are indented deeper than its first (blank and
// comment lines inside it kept, those after it left out), a lambda to
// the end of its line's brackets.

// sourceOf returns the lines of obj's source and the number of its first.
func sourceOf(a *lang.Args, obj lang.Value) ([]string, int, error) {
	all, start, end, err := findSource(a, obj)
	if err != nil {
		return nil, 0, err
	}
	if _, ok := obj.(*lang.Module); ok {
		return all, 0, nil // a module's lines count from 0, as CPython's
	}
	return all[start:end], start + 1, nil
}

// findSource returns all the lines of the file obj was defined in and
// where its source starts and ends among them (0-based).
func findSource(a *lang.Args, obj lang.Value) ([]string, int, int, error) {
	obj, err := unwrap(funcOf(obj)) // the function a functools.wraps wrapper wraps, as CPython's
	if err != nil {
		return nil, 0, 0, err
	}
	noSource := lang.Errorf(lang.OSError, "could not get source code")
	if c, ok := obj.(*lang.UserClass); ok {
		return classSource(a, c)
	}
	if m, ok := obj.(*lang.Module); ok {
		return moduleSource(m)
	}
	if lang.TypeName(obj) != "function" {
		kind := lang.TypeName(obj)
		if cls, err := lang.GetAttr(obj, "__class__"); err == nil {
			if n, err := lang.GetAttr(cls, "__name__"); err == nil {
				kind = lang.Str(n)
			}
		}
		return nil, 0, 0, lang.Errorf(lang.TypeError, "module, class, method, function, traceback, frame, or code object was expected, got %s", kind)
	}
	code, err := lang.GetAttr(obj, "__code__")
	if err != nil {
		return nil, 0, 0, err
	}
	file, _ := lang.GetAttr(code, "co_filename")
	first, _ := lang.GetAttr(code, "co_firstlineno")
	path, ok := file.(string)
	line, okLine := first.(int64)
	if !ok || !okLine || strings.HasPrefix(path, "<") {
		return nil, 0, 0, noSource
	}
	lines, err := fileLines(path)
	if err != nil || int(line) > len(lines) || line < 1 {
		return nil, 0, 0, noSource
	}
	i := int(line) - 1
	if name, _ := lang.GetAttr(obj, "__name__"); name == lang.Value("<lambda>") {
		return lines, i, logicalEnd(lines, i), nil
	}
	// the decorators above the def
	indent := indentOf(lines[i])
	for i > 0 && indentOf(lines[i-1]) == indent && strings.HasPrefix(strings.TrimSpace(lines[i-1]), "@") {
		i--
	}
	return lines, i, blockEnd(lines, i), nil
}

// moduleSource is findSource of a module: its file's lines, from the
// first.
func moduleSource(m *lang.Module) ([]string, int, int, error) {
	file, err := lang.GetAttr(m, "__file__")
	path, ok := file.(string)
	if err != nil || !ok {
		return nil, 0, 0, lang.Errorf(lang.TypeError, "%s is a built-in module", lang.Repr(m))
	}
	lines, err := fileLines(path)
	if err != nil || len(lines) == 0 {
		return nil, 0, 0, lang.Errorf(lang.OSError, "could not get source code")
	}
	return lines, 0, len(lines), nil
}

// moduleFile is the file of the module named name: sys.modules' entry,
// which has __main__ too.
func moduleFile(a *lang.Args, name string) (string, bool) {
	var m lang.Value
	if sys, err := a.Import("sys"); err == nil {
		if mods, err := lang.GetAttr(sys, "modules"); err == nil {
			if d, ok := mods.(*lang.Dict); ok {
				m, _, _ = d.Get(name)
			}
		}
	}
	if m == nil {
		mod, err := a.Import(name)
		if err != nil {
			return "", false
		}
		m = mod
	}
	file, err := lang.GetAttr(m, "__file__")
	path, ok := file.(string)
	return path, ok && err == nil
}

// classSource finds the class statement of c by its qualified name in
// its module's file.
func classSource(a *lang.Args, c *lang.UserClass) ([]string, int, int, error) {
	mod, _ := lang.GetAttr(c, "__module__")
	qual, _ := lang.GetAttr(c, "__qualname__")
	name, _ := mod.(string)
	path, ok := moduleFile(a, name)
	if !ok {
		return nil, 0, 0, lang.Errorf(lang.TypeError, "%s is a built-in class", lang.Repr(c))
	}
	lines, err := fileLines(path)
	if err != nil {
		return nil, 0, 0, lang.Errorf(lang.OSError, "could not get source code")
	}
	q, _ := qual.(string)
	lo, hi, indent := 0, len(lines), -1
	for _, part := range strings.Split(q, ".") {
		re := regexp.MustCompile(`^(\s*)class\s+` + regexp.QuoteMeta(part) + `\b`)
		found := -1
		for j := lo; j < hi; j++ {
			if mm := re.FindStringSubmatch(lines[j]); mm != nil && len(mm[1]) > indent {
				found = j
				break
			}
		}
		if found < 0 {
			return nil, 0, 0, lang.Errorf(lang.OSError, "could not find class definition")
		}
		indent = indentOf(lines[found])
		start := found
		for start > 0 && indentOf(lines[start-1]) == indent && strings.HasPrefix(strings.TrimSpace(lines[start-1]), "@") {
			start--
		}
		lo, hi = start, blockEnd(lines, start)
	}
	return lines, lo, hi, nil
}

// fileLines are the lines of the file at path, each with its newline.
func fileLines(path string) ([]string, error) {
	src, err := lang.ReadScript(path)
	if err != nil {
		return nil, err
	}
	lines := strings.SplitAfter(src, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1] // the text ended with a newline
	}
	return lines, nil
}

func indentOf(line string) int { return len(line) - len(strings.TrimLeft(line, " \t")) }

func isBlank(line string) bool {
	t := strings.TrimSpace(line)
	return t == "" || strings.HasPrefix(t, "#")
}

// logicalEnd is the index after the logical line starting at i: its
// brackets and triple-quoted strings closed and no backslash at its end.
func logicalEnd(lines []string, i int) int {
	depth := 0
	quote := "" // the open string's quote: ', ", ''' or """
	for j := i; j < len(lines); j++ {
		line := lines[j]
	scan:
		for k := 0; k < len(line); k++ {
			ch := line[k]
			switch {
			case quote != "":
				if ch == '\\' {
					k++
				} else if strings.HasPrefix(line[k:], quote) {
					k += len(quote) - 1
					quote = ""
				}
			case ch == '#':
				break scan
			case ch == '\'' || ch == '"':
				quote = string(ch)
				if strings.HasPrefix(line[k:], strings.Repeat(quote, 3)) {
					quote = strings.Repeat(quote, 3)
					k += 2
				}
			case strings.IndexByte("([{", ch) >= 0:
				depth++
			case strings.IndexByte(")]}", ch) >= 0:
				depth--
			}
		}
		if len(quote) == 1 { // a one-quote string ends with its line
			quote = ""
		}
		if depth <= 0 && quote == "" && !strings.HasSuffix(strings.TrimRight(line, "\r\n"), "\\") {
			return j + 1
		}
	}
	return len(lines)
}

// blockEnd is the index after the block of the statement at line start
// (its decorators first): the header's logical line, then the lines
// indented deeper, trailing blank and comment lines left out.
func blockEnd(lines []string, start int) int {
	indent := indentOf(lines[start])
	head := start
	for head+1 < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[head]), "@") {
		head = logicalEnd(lines, head)
	}
	end := logicalEnd(lines, head)
	last := end
	bodyIndent := -1 // the body's first line's indentation
	for j := end; j < len(lines); j++ {
		if isBlank(lines[j]) {
			// a comment at least as deep as the body belongs to it, as
			// CPython's BlockFinder counts it
			if strings.TrimSpace(lines[j]) != "" && bodyIndent >= 0 && indentOf(lines[j]) >= bodyIndent {
				last = j + 1
			}
			continue
		}
		if indentOf(lines[j]) <= indent {
			break
		}
		if bodyIndent < 0 {
			bodyIndent = indentOf(lines[j])
		}
		j = logicalEnd(lines, j) - 1
		last = j + 1
	}
	return last
}

func init() {
	attrs := inspectModule.Attrs
	attrs["getsourcelines"] = lang.NewBuiltin(lang.AsValue, "getsourcelines(object)", "The lines of the source of a function, method or class (each with its newline) and the number of the first, read from its file; OSError when the code has no file (a notebook cell, exec).", func(a *lang.Args) (lang.Value, error) {
		lines, n, err := sourceOf(a, a.Value("object"))
		if err != nil {
			return nil, err
		}
		out := make([]lang.Value, len(lines))
		for i, l := range lines {
			out[i] = l
		}
		return lang.Tuple{&lang.List{Elems: out}, int64(n)}, nil
	})
	attrs["getsource"] = lang.NewBuiltin(lang.AsValue, "getsource(object)", "The source of a function, method or class, read from its file, as one string.", func(a *lang.Args) (lang.Value, error) {
		lines, _, err := sourceOf(a, a.Value("object"))
		if err != nil {
			return nil, err
		}
		return strings.Join(lines, ""), nil
	})
}
