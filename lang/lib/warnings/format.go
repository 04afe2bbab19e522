package warnings

import (
	"fmt"
	"os"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// formatWarning is CPython's _formatwarnmsg_impl: "file:line: Category:
// message", then the source line, stripped, when there is one (line, or
// else the file's line lineno, read as linecache does; only a regular
// file is read).
func formatWarning(message, category lang.Value, filename string, lineno int64, line lang.Value) string {
	s := fmt.Sprintf("%s:%d: %s: %s\n", filename, lineno, className(category), lang.Str(message))
	text := ""
	if line == lang.None || line == nil {
		text = fileLine(filename, lineno)
	} else {
		text = lang.Str(line)
	}
	if text = strings.TrimSpace(text); text != "" {
		s += "  " + text + "\n"
	}
	return s
}

// fileLine is line lineno of the regular file filename, "" when there is
// none.
func fileLine(filename string, lineno int64) string {
	st, err := os.Stat(filename)
	if err != nil || !st.Mode().IsRegular() || lineno < 1 {
		return ""
	}
	data, err := os.ReadFile(filename)
	if err != nil {
		return ""
	}
	lines := strings.SplitAfter(string(data), "\n")
	if int(lineno) > len(lines) {
		return ""
	}
	return lines[lineno-1]
}

// formatArgs reads formatwarning's and showwarning's arguments.
func formatArgs(a *lang.Args) (string, error) {
	filename := a.Value("filename")
	lineno := a.Value("lineno")
	n, ok := lineno.(int64)
	if !ok {
		return "", lang.Errorf(lang.TypeError, "%%d format: a real number is required, not %s", lang.TypeName(lineno))
	}
	return formatWarning(a.Value("message"), a.Value("category"), lang.Str(filename), n, a.Value("line")), nil
}

func init() {
	warningsModule.Attrs["formatwarning"] = fn("formatwarning(message, category, filename, lineno, line=None)",
		"The text warn prints for a warning: 'filename:lineno: Category: message' and a newline, then the source line (line, else the file's line lineno), stripped and indented.",
		func(a *lang.Args) (lang.Value, error) {
			s, err := formatArgs(a)
			if err != nil {
				return nil, err
			}
			return s, nil
		})
	warningsModule.Attrs["showwarning"] = fn("showwarning(message, category, filename, lineno, file=None, line=None)",
		"Writes formatwarning(message, category, filename, lineno, line) to file (sys.stderr by default).",
		func(a *lang.Args) (lang.Value, error) {
			s, err := formatArgs(a)
			if err != nil {
				return nil, err
			}
			if a.IsNone("file") {
				return lang.None, a.WriteStderr(s)
			}
			write, err := lang.GetAttr(a.Value("file"), "write")
			if err != nil {
				return nil, err
			}
			_, err = a.Call(write, s)
			return lang.None, err
		})
}
