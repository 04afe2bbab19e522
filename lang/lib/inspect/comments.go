package inspect

import (
	"regexp"
	"strings"
	"sync"

	"github.com/kael-dev/kael/lang"
)

// findsource, getblock and getcomments, on source.go's reading of files.

func strList(lines []string) *lang.List {
	out := make([]lang.Value, len(lines))
	for i, l := range lines {
		out[i] = l
	}
	return &lang.List{Elems: out}
}

// isComment reports whether line, less its indentation, starts with '#'.
func isComment(line string) bool { return strings.HasPrefix(strings.TrimLeft(line, " \t"), "#") }

// moduleComments is getcomments of a module: the block of comment lines
// at the top of its file (after a #! line and blank or bare '#' lines).
func moduleComments(lines []string) lang.Value {
	start := 0
	if len(lines) > 0 && strings.HasPrefix(lines[0], "#!") {
		start = 1
	}
	for start < len(lines) && (strings.TrimSpace(lines[start]) == "" || strings.TrimSpace(lines[start]) == "#") {
		start++
	}
	if start >= len(lines) || !strings.HasPrefix(lines[start], "#") {
		return lang.None
	}
	var b strings.Builder
	for end := start; end < len(lines) && strings.HasPrefix(lines[end], "#"); end++ {
		b.WriteString(expandTabs(lines[end]))
	}
	return b.String()
}

// precedingComments is getcomments of a class or function: the comment
// lines just above its first line at its indentation, less bare '#'
// lines at either end; None when there are none.
func precedingComments(lines []string, lnum int) lang.Value {
	if lnum <= 0 {
		return lang.None
	}
	indent := indentOf(expandTabs(lines[lnum]))
	end := lnum - 1
	if !isComment(lines[end]) || indentOf(expandTabs(lines[end])) != indent {
		return lang.None
	}
	var comments []string
	for end >= 0 && isComment(lines[end]) && indentOf(expandTabs(lines[end])) == indent {
		comments = append([]string{strings.TrimLeft(expandTabs(lines[end]), " \t")}, comments...)
		end--
	}
	for len(comments) > 0 && strings.TrimSpace(comments[0]) == "#" {
		comments = comments[1:]
	}
	for len(comments) > 0 && strings.TrimSpace(comments[len(comments)-1]) == "#" {
		comments = comments[:len(comments)-1]
	}
	return strings.Join(comments, "")
}

// lambdaWord finds the keyword lambda in a line.
var lambdaWord = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(^|[^\w.])lambda\b`) })

// blockOf is getblock: as CPython's BlockFinder, the lines up to the end
// of the first def or class (decorators first, to the end of its body)
// or lambda (to the end of its logical line); the first line alone when
// there is none.
func blockOf(lines []string) []string {
	for i := 0; i < len(lines); {
		first := strings.TrimLeft(lines[i], " \t")
		for _, kw := range []string{"def ", "async ", "class ", "@"} {
			if strings.HasPrefix(first, kw) {
				return lines[:blockEnd(lines, i)]
			}
		}
		next := logicalEnd(lines, i)
		for j := i; j < next; j++ {
			if lambdaWord().MatchString(lines[j]) {
				return lines[:next]
			}
		}
		if next <= i {
			next = i + 1
		}
		i = next
	}
	return lines[:min(1, len(lines))]
}

func init() {
	attrs := inspectModule.Attrs
	attrs["findsource"] = lang.NewBuiltin(lang.AsValue, "findsource(object)", "All the lines of the file object was defined in and the index (from 0) of its first line; OSError when the source cannot be found.", func(a *lang.Args) (lang.Value, error) {
		all, start, _, err := findSource(a, a.Value("object"))
		if err != nil {
			return nil, err
		}
		return lang.Tuple{strList(all), int64(start)}, nil
	})
	attrs["getblock"] = lang.NewBuiltin(lang.AsValue, "getblock(lines)", "The lines of the block the list lines starts with: a def or class to the end of its body, another statement to the end of its logical line.", func(a *lang.Args) (lang.Value, error) {
		vals, err := lang.Collect(a.Value("lines"))
		if err != nil {
			return nil, err
		}
		lines := make([]string, len(vals))
		for i, v := range vals {
			s, ok := v.(string)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "getblock: lines must be str, not %s", lang.TypeName(v))
			}
			lines[i] = s
		}
		return strList(blockOf(lines)), nil
	})
	attrs["getcomments"] = lang.NewBuiltin(lang.AsValue, "getcomments(object)", "The comment lines just above a class's or function's source (or at the top of a module's file), as one string; None when there are none or the source cannot be found.", func(a *lang.Args) (lang.Value, error) {
		obj := a.Value("object")
		all, start, _, err := findSource(a, obj)
		if err != nil {
			return lang.None, nil
		}
		if _, ok := obj.(*lang.Module); ok {
			return moduleComments(all), nil
		}
		return precedingComments(all, start), nil
	})
}
