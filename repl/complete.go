package repl

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/magic"
)

// completer answers readline's Tab: code is completed by Session.Complete,
// with the lines of a pending block as context; commands, :help names and
// file names after :load and :save are completed here. At the start of a
// line Tab indents.
type completer struct{ r *repl }

// Do returns the completions of line at pos as readline wants them: the
// text each would add after the pos-length runes they share with the line.
func (c completer) Do(line []rune, pos int) (candidates [][]rune, length int) {
	defer func() {
		if recover() != nil { // a broken completion must not take the REPL down
			candidates, length = nil, 0
		}
	}()
	before := string(line[:pos])
	if strings.TrimSpace(before) == "" {
		return [][]rune{[]rune(strings.Repeat(" ", 4-pos%4))}, 0
	}
	if len(c.r.pending) == 0 && isCommand(before) {
		return c.command(line, strings.TrimLeft(before, " \t"))
	}
	prefix := ""
	if len(c.r.pending) > 0 {
		prefix = strings.Join(c.r.pending, "\n") + "\n"
	}
	offset := len([]rune(prefix))
	if names, start, ok := magic.Complete(prefix+string(line), offset+pos); ok {
		return suffixes(names, offset+pos-start)
	}
	comp := c.r.sess.Complete(prefix+string(line), offset+pos)
	return c.confirmed(line, comp.Matches, comp.End-comp.Start)
}

// confirmed is suffixes(matches, n), except that when readline would list
// more matches than fit on the screen, the user is first asked whether
// to see them all, as readline and IPython ask; the list is then shown
// here, and readline gets nothing.
func (c completer) confirmed(line []rune, matches []string, n int) ([][]rune, int) {
	out, n := suffixes(matches, n)
	t, ok := c.r.in.(*terminalReader)
	if !ok || len(out) < 2 || len(commonPrefix(out)) > 0 {
		return out, n // one match, or a shared start, goes into the line
	}
	width := c.r.width()
	cols, colWidth := listColumns(matches, width)
	if rows := (len(matches) + cols - 1) / cols; rows < c.r.height()-1 {
		return out, n
	}
	t.confirmList(string(line), len(matches), func() string {
		return columns(matches, cols, colWidth)
	})
	return nil, 0
}

// listColumns is how many columns of what width a list of names takes
// on a screen width wide, as readline lays its list out.
func listColumns(names []string, width int) (cols, colWidth int) {
	for _, n := range names {
		colWidth = max(colWidth, len([]rune(n)))
	}
	colWidth += 2
	return max(1, (width-1)/colWidth), colWidth
}

// columns lays names out in rows of cols columns, each line ending in a
// newline.
func columns(names []string, cols, colWidth int) string {
	var b strings.Builder
	for i, n := range names {
		b.WriteString(n)
		if (i+1)%cols == 0 || i == len(names)-1 {
			b.WriteString("\n")
		} else {
			b.WriteString(strings.Repeat(" ", colWidth-len([]rune(n))))
		}
	}
	return b.String()
}

// commonPrefix is the start that all of ss share.
func commonPrefix(ss [][]rune) []rune {
	p := ss[0]
	for _, s := range ss[1:] {
		k := 0
		for k < len(p) && k < len(s) && p[k] == s[k] {
			k++
		}
		p = p[:k]
	}
	return p
}

// command completes a command line, before being its text up to the
// cursor.
func (c completer) command(line []rune, before string) ([][]rune, int) {
	name, arg, hasArg := strings.Cut(before[1:], " ")
	if !hasArg {
		return suffixes(withPrefix(commandNames(), name), len([]rune(name)))
	}
	arg = strings.TrimLeft(arg, " ")
	switch name {
	case "help":
		names := append(append(lang.Builtins(), lang.Methods()...), c.r.sess.Vars()...)
		slices.Sort(names)
		return c.confirmed(line, withPrefix(slices.Compact(names), arg), len([]rune(arg)))
	case "load", "save":
		return suffixes(files(arg), len([]rune(arg)))
	case "type", "explain", "time":
		comp := c.r.sess.Complete(arg, len([]rune(arg)))
		return c.confirmed(line, comp.Matches, comp.End-comp.Start)
	}
	return nil, 0
}

// suffixes turns matches that all begin with the n runes before the
// cursor into what each adds.
func suffixes(matches []string, n int) ([][]rune, int) {
	var out [][]rune
	for _, m := range matches {
		if r := []rune(m); len(r) >= n {
			out = append(out, r[n:])
		}
	}
	return out, n
}

func withPrefix(names []string, prefix string) []string {
	var out []string
	for _, n := range names {
		if strings.HasPrefix(n, prefix) {
			out = append(out, n)
		}
	}
	return out
}

// files lists the files and directories whose path begins with prefix;
// directories end in a slash.
func files(prefix string) []string {
	dir, base := filepath.Split(prefix)
	entries, err := os.ReadDir(magic.ExpandHome(dir + "."))
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, base) || (strings.HasPrefix(name, ".") && !strings.HasPrefix(base, ".")) {
			continue
		}
		if e.IsDir() {
			name += "/"
		}
		out = append(out, dir+name)
	}
	slices.Sort(out)
	return out
}
