package magic

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/kael-dev/kael/lang"
)

// loadConfirmChars is the size of text from which %load asks before
// loading it (unless -y), as IPython does: about 2,500 full lines.
const loadConfirmChars = 200000

// magicLoad is IPython's %load: it puts code into the next input for the
// user to edit and run, and runs nothing. The code is a script, or cells
// of this session's history (%load 3-5), with a first line "# %load ARGS";
// -r keeps some of its lines and -y loads a large text without asking.
func (sh *Shell) magicLoad(_ context.Context, _, args string) Output {
	opts, source, fail := loadOptions(args)
	if fail != nil {
		return *fail
	}
	contents, fail := sh.loadSource(source)
	if fail != nil {
		return *fail
	}
	if ranges, ok := opts["r"]; ok {
		contents = strings.Join(stripInitialIndent(selectLines(strings.Split(contents, "\n"), ranges)), "\n")
	}
	if n := len([]rune(contents)); n > loadConfirmChars && !hasOpt(opts, "y") && sh.Ask != nil {
		answer, err := sh.Ask(fmt.Sprintf("The text you're trying to load seems pretty big (%d characters). Continue (y/[N]) ?", n))
		if err != nil || !strings.HasPrefix(strings.ToLower(strings.TrimSpace(answer)), "y") {
			return Output{Text: "Operation cancelled.\n"}
		}
	}
	return Output{NextInput: "# %load " + args + "\n" + contents, ReplaceInput: true}
}

func hasOpt(opts map[string]string, name string) bool {
	_, ok := opts[name]
	return ok
}

// loadOptions reads %load's -r LINES, -y and -n (accepted, as there is
// nothing else to search) before the source.
func loadOptions(args string) (opts map[string]string, source string, fail *Output) {
	opts = map[string]string{}
	fields := strings.Fields(args)
	i := 0
	for ; i < len(fields) && strings.HasPrefix(fields[i], "-"); i++ {
		switch f := fields[i]; {
		case f == "-y" || f == "-n":
			opts[f[1:]] = ""
		case f == "-r":
			if i+1 == len(fields) {
				out := usageError("%%load -r needs the lines to load, e.g. -r 5-10")
				return nil, "", &out
			}
			i++
			opts["r"] = fields[i]
		case strings.HasPrefix(f, "-r"):
			opts["r"] = f[2:]
		default:
			out := usageError("%%load takes -r LINES, -y and -n, not %s", f)
			return nil, "", &out
		}
	}
	if i == len(fields) {
		out := usageError("%%load needs a file or a range of cells, e.g. %%load script.kael or %%load 3-5")
		return nil, "", &out
	}
	return opts, strings.Join(fields[i:], " "), nil
}

// historyRange matches the cell ranges %load and %history take: N, N-M
// and several of them.
var historyRange = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\d+(-\d+)?( \d+(-\d+)?)*$`) })

// loadSource returns the code a %load names: cells of the history when it
// is a range of them (IPython looks there first), else a script's text.
func (sh *Shell) loadSource(source string) (string, *Output) {
	if historyRange().MatchString(source) {
		var cells []string
		for _, r := range strings.Fields(source) {
			lo, hi, _ := strings.Cut(r, "-")
			from, _ := strconv.Atoi(lo)
			to := from
			if hi != "" {
				to, _ = strconv.Atoi(hi)
			}
			for n := max(from, 1); n <= min(to, len(sh.in.Elems)-1); n++ {
				src, _ := sh.in.Elems[n].(string)
				cells = append(cells, src)
			}
		}
		if len(cells) > 0 {
			return strings.Join(cells, "\n"), nil
		}
	}
	src, err := lang.ReadScript(ExpandHome(source))
	if err != nil {
		out := Output{Result: lang.Result{Err: &lang.Error{Kind: "OSError", Msg: fmt.Sprintf("cannot read %s: %v", source, ErrText(err))}}}
		return "", &out
	}
	return src, nil
}

// lineRange matches one of -r's ranges: N, N-M, N:M, with either end
// left out.
var lineRange = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\d+)?(([-:])(\d+)?)?$`) })

// selectLines keeps the lines that %load -r's ranges name, as IPython's
// extract_code_ranges reads them: "5-10" is lines 5 to 10, "5:10" lines
// 5 to 9 (Python's slice), "5" line 5, an end left out the start or end
// of the file; ranges are separated by commas or spaces, and what is not
// a range is skipped.
func selectLines(lines []string, ranges string) []string {
	var out []string
	for _, r := range strings.Fields(strings.ReplaceAll(ranges, ",", " ")) {
		m := lineRange().FindStringSubmatch(r)
		if m == nil {
			continue
		}
		num := func(s string, ok bool) (int, bool) {
			if s == "" {
				return 0, false
			}
			n, err := strconv.Atoi(s)
			return n, ok && err == nil
		}
		start, hasStart := num(m[1], true)
		end, hasEnd := num(m[4], true)
		switch m[3] {
		case "-":
			start = start - 1
		case ":":
			start, end = start-1, end-1
		default:
			end, hasEnd = start, hasStart
			start--
		}
		out = append(out, pySlice(lines, start, hasStart, end, hasEnd)...)
	}
	return out
}

// pySlice is Python's lines[start:end], either end optional, negative
// ends counting from the end.
func pySlice(lines []string, start int, hasStart bool, end int, hasEnd bool) []string {
	n := len(lines)
	clamp := func(i int) int {
		if i < 0 {
			i += n
		}
		return min(max(i, 0), n)
	}
	lo, hi := 0, n
	if hasStart {
		lo = clamp(start)
	}
	if hasEnd {
		hi = clamp(end)
	}
	if lo >= hi {
		return nil
	}
	return lines[lo:hi]
}

// stripInitialIndent removes the indent of the first line from it and
// the lines after it, up to the first line indented less, as IPython's
// strip_initial_indent does, so that -r can load a function's body.
func stripInitialIndent(lines []string) []string {
	if len(lines) == 0 {
		return lines
	}
	first := lines[0]
	indent := first[:len(first)-len(strings.TrimLeft(first, " \t\n\r\f\v"))]
	if indent == "" {
		return lines
	}
	out := make([]string, len(lines))
	copy(out, lines)
	out[0] = first[len(indent):]
	for i := 1; i < len(lines); i++ {
		rest, ok := strings.CutPrefix(lines[i], indent)
		if !ok {
			break
		}
		out[i] = rest
	}
	return out
}

// magicRun runs a script in the session's namespace, as IPython's %run -i
// does (-i is accepted; kael has no separate namespace for scripts).
func (sh *Shell) magicRun(ctx context.Context, _, args string) Output {
	file := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(args), "-i "))
	if file == "" || strings.HasPrefix(file, "-") {
		return usageError("%%run takes a file, optionally after -i, not %q", args)
	}
	src, err := lang.ReadScript(ExpandHome(file))
	if err != nil {
		return Output{Result: lang.Result{Err: &lang.Error{Kind: "OSError", Msg: fmt.Sprintf("cannot read %s: %v", file, ErrText(err))}}}
	}
	return Output{Result: sh.sess.Exec(ctx, file, src)}
}
