package magic

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// A lineMagic is run by `%name ARGS` on a line of its own.
type lineMagic struct {
	name string
	args string // the usage of its arguments, "" for none
	doc  string
	run  func(sh *Shell, ctx context.Context, filename, args string) Output
}

// lineMagics lists the line magics in the order %lsmagic shows them; it is
// filled in init because %lsmagic refers to it.
var lineMagics []lineMagic

// cellMagics are run by a first line `%%name`: the rest of the cell is
// their code.
var cellMagics = map[string]struct {
	doc string
	run func(sh *Shell, ctx context.Context, filename, args, body string) Output
}{
	"time":   {"runs the cell and reports the CPU and wall time it took", (*Shell).cellTime},
	"timeit": {"times the cell's statements over many loops; the first line may hold options and setup code, run before each run and not timed", (*Shell).cellTimeit},
}

func init() {
	lineMagics = []lineMagic{
		{"time", "CODE", "runs one line of CODE and reports the CPU and wall time it took", (*Shell).magicTime},
		{"timeit", "[-n N] [-r R] [-p P] [-q] STATEMENT", "times a statement over many loops: mean ± std. dev. of R runs of N loops (both chosen when not given), P significant digits", (*Shell).magicTimeit},
		{"who", "", "the names of the variables", (*Shell).magicWho},
		{"whos", "", "the variables with their type and dtype, shape or value", (*Shell).magicWhos},
		{"reset", "[-f]", "removes every variable and the history (-f: without asking)", (*Shell).magicReset},
		{"explain", "EXPR", "the steps of an operation: dtypes, promotion, broadcasting, kernel", (*Shell).magicExplain},
		{"history", "[-n] [N | N-M]", "the cells run so far (-n: with their numbers)", (*Shell).magicHistory},
		{"load", "[-r LINES] [-y] SOURCE", "puts a script, or cells N-M of the history, into the next input to edit and run (-r 5-10,12: those lines)", (*Shell).magicLoad},
		{"run", "[-i] FILE", "runs a script in this session", (*Shell).magicRun},
		{"lsmagic", "", "lists the magics", (*Shell).magicLsmagic},
		{"kael_info", "", "the memory tensors may use in this session, where that limit comes from, and the memory in use", (*Shell).magicKaelInfo},
	}
}

// Magic describes one magic for a help listing.
type Magic struct {
	Name  string // with its % or %%
	Usage string // the arguments
	Doc   string
}

// Magics lists the line magics, then the cell magics.
func Magics() []Magic {
	var out []Magic
	for _, m := range lineMagics {
		out = append(out, Magic{Name: "%" + m.name, Usage: m.args, Doc: m.doc})
	}
	names := make([]string, 0, len(cellMagics))
	for name := range cellMagics {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		out = append(out, Magic{Name: "%%" + name, Usage: "(then the cell's code)", Doc: cellMagics[name].doc})
	}
	return out
}

// IsMagic reports whether a cell is a magic or a help request, which Run
// handles before the language sees the text.
func IsMagic(src string) bool {
	_, _, help := helpRequest(src)
	return IsCellMagic(src) || isLineMagic(src) || help
}

// IsCellMagic reports whether a cell starts with %%, a cell magic's line.
func IsCellMagic(src string) bool { return strings.HasPrefix(strings.TrimLeft(src, " \t\n"), "%%") }

// IsLineMagic reports whether name is a line magic's name (without %).
func IsLineMagic(name string) bool {
	_, ok := lookupLineMagic(name)
	return ok
}

// isLineMagic reports whether src is one line starting with %.
func isLineMagic(src string) bool {
	s := strings.TrimSpace(src)
	return strings.HasPrefix(s, "%") && !strings.Contains(s, "\n")
}

func lookupLineMagic(name string) (lineMagic, bool) {
	for _, m := range lineMagics {
		if m.name == name {
			return m, true
		}
	}
	return lineMagic{}, false
}

func usageError(format string, args ...any) Output {
	return Output{Result: lang.Result{Err: &lang.Error{Kind: UsageError, Msg: fmt.Sprintf(format, args...)}}}
}

func (sh *Shell) lineMagic(ctx context.Context, filename, line string) Output {
	name, args, _ := strings.Cut(strings.TrimPrefix(line, "%"), " ")
	args = strings.TrimSpace(args)
	m, ok := lookupLineMagic(name)
	if !ok {
		out := usageError("Line magic function `%%%s` not found.", name)
		names := make([]string, len(lineMagics))
		for i, m := range lineMagics {
			names[i] = m.name
		}
		out.Err.Hint = "%lsmagic lists the magics"
		if s := syntax.Suggest(name, names); s != "" {
			out.Err.Hint = "did you mean %" + s + "? " + out.Err.Hint
		}
		return out
	}
	if m.args != "" && !strings.HasPrefix(m.args, "[") && args == "" {
		out := usageError("%%%s needs %s", m.name, m.args)
		out.Err.Hint = "usage: %" + m.name + " " + m.args + " — " + m.doc
		return out
	}
	return m.run(sh, ctx, filename, args)
}

func (sh *Shell) cellMagic(ctx context.Context, filename, src string) Output {
	src = strings.TrimLeft(src, " \t\n")
	first, body, _ := strings.Cut(src, "\n")
	name, args, _ := strings.Cut(strings.TrimPrefix(first, "%%"), " ")
	m, ok := cellMagics[name]
	if !ok {
		out := usageError("Cell magic `%%%%%s` not found.", name)
		out.Err.Hint = "%lsmagic lists the magics"
		return out
	}
	return m.run(sh, ctx, filename, strings.TrimSpace(args), body)
}

func (sh *Shell) magicWho(context.Context, string, string) Output {
	names := sh.userVars()
	if len(names) == 0 {
		return Output{Text: "Interactive namespace is empty.\n"}
	}
	return Output{Text: strings.Join(names, "\t") + "\n"}
}

// userVars are the session's variables less the history variables.
func (sh *Shell) userVars() []string {
	var names []string
	for _, name := range sh.sess.Vars() {
		if !IsHistoryName(name) {
			names = append(names, name)
		}
	}
	return names
}

func (sh *Shell) magicWhos(context.Context, string, string) Output {
	rows := [][]string{{"Variable", "Type", "Data/Info"}}
	for _, v := range sh.sess.VarTable() {
		if IsHistoryName(v.Name) {
			continue
		}
		info := v.Value
		if t, ok := sh.tensorVar(v.Name); ok {
			info = lang.Summary(t)
		}
		rows = append(rows, []string{v.Name, v.Type, info})
	}
	if len(rows) == 1 {
		return Output{Text: "Interactive namespace is empty.\n"}
	}
	return Output{Text: table(rows)}
}

// table lays rows out in columns with a rule under the first, as IPython's
// %whos does.
func table(rows [][]string) string {
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	var b strings.Builder
	line := func(r []string) {
		for i, c := range r {
			if i == len(r)-1 {
				b.WriteString(c)
				continue
			}
			b.WriteString(c + strings.Repeat(" ", widths[i]-len([]rune(c))+3))
		}
		b.WriteString("\n")
	}
	line(rows[0])
	total := 0
	for _, w := range widths {
		total += w + 3
	}
	b.WriteString(strings.Repeat("-", total-3) + "\n")
	for _, r := range rows[1:] {
		line(r)
	}
	return b.String()
}

func (sh *Shell) magicReset(_ context.Context, _, args string) Output {
	force := false
	for _, a := range strings.Fields(args) {
		if a != "-f" {
			return usageError("%%reset takes only -f, not %s", a)
		}
		force = true
	}
	if !force && sh.Ask != nil {
		answer, err := sh.Ask("Once deleted, variables cannot be recovered. Proceed (y/[n])? ")
		if err != nil || !strings.HasPrefix(strings.ToLower(strings.TrimSpace(answer)), "y") {
			return Output{Text: "Nothing done.\n"}
		}
	}
	sh.sess.Reset()
	sh.resetHistory()
	sh.lastCount = 0
	return Output{}
}

func (sh *Shell) magicExplain(ctx context.Context, _, expr string) Output {
	text, err := sh.sess.Explain(ctx, expr)
	return Output{Text: text, Result: lang.Result{Err: err}}
}

func (sh *Shell) magicHistory(_ context.Context, _, args string) Output {
	numbered := false
	from, to := 1, sh.count
	for _, a := range strings.Fields(args) {
		if a == "-n" {
			numbered = true
			continue
		}
		lo, hi, isRange := strings.Cut(a, "-")
		l, err1 := strconv.Atoi(lo)
		h, err2 := l, error(nil)
		if isRange {
			h, err2 = strconv.Atoi(hi)
		}
		if err1 != nil || err2 != nil || l < 1 || h < l {
			return usageError("%%history takes -n and a cell number or range N-M, not %s", a)
		}
		from, to = l, h
	}
	var b strings.Builder
	for n := from; n <= min(to, len(sh.in.Elems)-1); n++ {
		src, _ := sh.in.Elems[n].(string)
		if numbered {
			src = strings.ReplaceAll(src, "\n", "\n"+strings.Repeat(" ", len(strconv.Itoa(n))+2))
			fmt.Fprintf(&b, "%d: %s\n", n, src)
		} else {
			b.WriteString(src + "\n")
		}
	}
	return Output{Text: b.String()}
}

// magicKaelInfo reports the session's memory limit: the smallest of
// KAEL_MEMORY_LIMIT and three quarters of the memory or of the control
// group's limit (tensor.MemoryLimit).
func (sh *Shell) magicKaelInfo(_ context.Context, _, args string) Output {
	if strings.TrimSpace(args) != "" {
		return usageError("%%kael_info takes no arguments, not %s", strings.TrimSpace(args))
	}
	limit, source := tensor.MemoryLimit()
	text := "memory limit: none\n"
	if limit > 0 {
		text = fmt.Sprintf("memory limit: %s (%s)\n", tensor.HumanBytes(float64(limit)), source)
	}
	text += fmt.Sprintf("memory in use: %s\n", tensor.HumanBytes(float64(tensor.MemoryInUse())))
	return Output{Text: text}
}

func (sh *Shell) magicLsmagic(context.Context, string, string) Output {
	var line, cell []string
	for _, m := range Magics() {
		if strings.HasPrefix(m.Name, "%%") {
			cell = append(cell, m.Name)
		} else {
			line = append(line, m.Name)
		}
	}
	return Output{Text: "Available line magics:\n" + strings.Join(line, "  ") +
		"\n\nAvailable cell magics:\n" + strings.Join(cell, "  ") +
		"\n\nx? shows the help of x and x?? more of it; help(x) prints it.\n"}
}
