package argparse

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/kael-dev/kael/lang"
)

// The help text, as CPython 3.11's HelpFormatter writes it: sections
// of items formatted when the whole is, so that the help column is the
// same for all the arguments; the usage wrapped at the terminal's width
// less 2 (COLUMNS, else 80, as shutil.get_terminal_size without a
// terminal).

type formatter struct {
	class           string // the formatter_class's name; "" is HelpFormatter
	prog            string
	indentIncrement int
	maxHelpPosition int
	width           int
	currentIndent   int
	actionMaxLength int
	root            *section
	current         *section
}

type section struct {
	parent  *section
	heading string
	items   []func() string
}

// terminalWidth is shutil.get_terminal_size().columns: COLUMNS when set
// to a positive number, else 80.
func terminalWidth() int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	return 80
}

func newFormatter(prog string) *formatter {
	width := terminalWidth() - 2
	f := &formatter{prog: prog, indentIncrement: 2, width: width}
	f.maxHelpPosition = min(24, max(width-20, 2*f.indentIncrement))
	f.root = &section{}
	f.current = f.root
	return f
}

func (f *formatter) indent() { f.currentIndent += f.indentIncrement }
func (f *formatter) dedent() { f.currentIndent -= f.indentIncrement }

func (f *formatter) formatSection(s *section) string {
	if s.parent != nil {
		f.indent()
	}
	var b strings.Builder
	for _, item := range s.items {
		b.WriteString(item())
	}
	if s.parent != nil {
		f.dedent()
	}
	help := b.String()
	if help == "" {
		return ""
	}
	heading := ""
	if s.heading != "" {
		heading = strings.Repeat(" ", f.currentIndent) + s.heading + ":\n"
	}
	return "\n" + heading + help + "\n"
}

func (f *formatter) startSection(heading string) {
	f.indent()
	s := &section{parent: f.current, heading: heading}
	f.current.items = append(f.current.items, func() string { return f.formatSection(s) })
	f.current = s
}

func (f *formatter) endSection() {
	f.current = f.current.parent
	f.dedent()
}

func (f *formatter) addText(text lang.Value) {
	if text == nil || text == lang.Value(suppress) {
		return
	}
	s := lang.Str(text)
	f.current.items = append(f.current.items, func() string { return f.formatText(s) })
}

func (f *formatter) addUsage(usage lang.Value, actions []*action, groups []*group, prefix *string) {
	if usage == lang.Value(suppress) {
		return
	}
	f.current.items = append(f.current.items, func() string { return f.formatUsage(usage, actions, groups, prefix) })
}

func (f *formatter) addArgument(a *action) {
	if a.help == lang.Value(suppress) {
		return
	}
	length := len([]rune(f.invocation(a)))
	for _, sa := range a.choiceActions {
		length = max(length, len([]rune(f.invocation(sa))))
	}
	f.actionMaxLength = max(f.actionMaxLength, length+f.currentIndent)
	f.current.items = append(f.current.items, func() string { return f.formatAction(a) })
}

var longBreak = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\n\n\n+`) })

func (f *formatter) formatHelp() string {
	help := f.formatSection(f.root)
	if help != "" {
		help = longBreak().ReplaceAllString(help, "\n\n")
		help = strings.Trim(help, "\n") + "\n"
	}
	return help
}

var (
	usagePart   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\(.*?\)+(?:\s|$)|\[.*?\]+(?:\s|$)|\S+`) })
	openSpace   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`([\[(]) `) })
	spaceClose  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(` ([\])])`) })
	emptyGroup  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[\[(] *[\])]`) })
	singleParen = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\(([^|]*)\)`) })
)

// usageParts is re.findall(part_regexp, text) of _format_usage: the
// lookahead (?=\s|$) is matched and given back.
func usageParts(text string) []string {
	var out []string
	i := 0
	for i < len(text) {
		loc := usagePart().FindStringIndex(text[i:])
		if loc == nil {
			break
		}
		part := text[i+loc[0] : i+loc[1]]
		trimmed := strings.TrimRight(part, " \t\n")
		if trimmed != part && (strings.HasPrefix(part, "(") || strings.HasPrefix(part, "[")) {
			part = trimmed
		}
		out = append(out, part)
		i += loc[0] + len(part)
	}
	return out
}

func (f *formatter) formatUsage(usage lang.Value, actions []*action, groups []*group, prefixArg *string) string {
	prefix := "usage: "
	if prefixArg != nil {
		prefix = *prefixArg
	}
	var text string
	switch {
	case usage != nil:
		text = expandProg(lang.Str(usage), f.prog)
	case len(actions) == 0:
		text = f.prog
	default:
		prog := f.prog
		var optionals, positionals []*action
		for _, a := range actions {
			if len(a.optionStrings) > 0 {
				optionals = append(optionals, a)
			} else {
				positionals = append(positionals, a)
			}
		}
		actionUsage := f.actionsUsage(append(append([]*action{}, optionals...), positionals...), groups)
		text = strings.Join(nonEmpty(prog, actionUsage), " ")
		textWidth := f.width - f.currentIndent
		if len([]rune(prefix))+len([]rune(text)) > textWidth {
			optParts := usageParts(f.actionsUsage(optionals, groups))
			posParts := usageParts(f.actionsUsage(positionals, groups))
			getLines := func(parts []string, indent string, prefix *string) []string {
				var lines, line []string
				lineLen := len([]rune(indent)) - 1
				if prefix != nil {
					lineLen = len([]rune(*prefix)) - 1
				}
				for _, part := range parts {
					if lineLen+1+len([]rune(part)) > textWidth && len(line) > 0 {
						lines = append(lines, indent+strings.Join(line, " "))
						line = nil
						lineLen = len([]rune(indent)) - 1
					}
					line = append(line, part)
					lineLen += len([]rune(part)) + 1
				}
				if len(line) > 0 {
					lines = append(lines, indent+strings.Join(line, " "))
				}
				if prefix != nil && len(lines) > 0 {
					lines[0] = lines[0][len(indent):]
				}
				return lines
			}
			var lines []string
			if float64(len([]rune(prefix))+len([]rune(prog))) <= 0.75*float64(textWidth) {
				indent := strings.Repeat(" ", len([]rune(prefix))+len([]rune(prog))+1)
				switch {
				case len(optParts) > 0:
					lines = getLines(append([]string{prog}, optParts...), indent, &prefix)
					lines = append(lines, getLines(posParts, indent, nil)...)
				case len(posParts) > 0:
					lines = getLines(append([]string{prog}, posParts...), indent, &prefix)
				default:
					lines = []string{prog}
				}
			} else {
				indent := strings.Repeat(" ", len([]rune(prefix)))
				parts := append(append([]string{}, optParts...), posParts...)
				lines = getLines(parts, indent, nil)
				if len(lines) > 1 {
					lines = append(getLines(optParts, indent, nil), getLines(posParts, indent, nil)...)
				}
				lines = append([]string{prog}, lines...)
			}
			text = strings.Join(lines, "\n")
		}
	}
	return prefix + text + "\n\n"
}

func nonEmpty(items ...string) []string {
	var out []string
	for _, s := range items {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// actionsUsage is _format_actions_usage.
func (f *formatter) actionsUsage(actions []*action, groups []*group) string {
	inGroup := map[*action]bool{}
	inserts := map[int]string{}
	for _, g := range groups {
		if len(g.actions) == 0 {
			continue
		}
		start := -1
		for i, a := range actions {
			if a == g.actions[0] {
				start = i
				break
			}
		}
		if start < 0 {
			continue
		}
		end := start + len(g.actions)
		if end > len(actions) {
			continue
		}
		same := true
		for i, a := range g.actions {
			same = same && actions[start+i] == a
		}
		if !same {
			continue
		}
		for _, a := range g.actions {
			inGroup[a] = true
		}
		open, close := "[", "]"
		if g.required {
			open, close = "(", ")"
		}
		if s, ok := inserts[start]; ok {
			inserts[start] = s + " " + open
		} else {
			inserts[start] = open
		}
		if s, ok := inserts[end]; ok {
			inserts[end] = s + close
		} else {
			inserts[end] = close
		}
		for i := start + 1; i < end; i++ {
			inserts[i] = "|"
		}
	}
	parts := make([]*string, 0, len(actions))
	for i, a := range actions {
		if a.help == lang.Value(suppress) {
			parts = append(parts, nil)
			if inserts[i] == "|" {
				delete(inserts, i)
			} else if inserts[i+1] == "|" {
				delete(inserts, i+1)
			}
			continue
		}
		var part string
		if len(a.optionStrings) == 0 {
			part = f.formatArgs(a, a.dest)
			if inGroup[a] && strings.HasPrefix(part, "[") && strings.HasSuffix(part, "]") {
				part = part[1 : len(part)-1]
			}
		} else {
			option := a.optionStrings[0]
			if a.takesNoArgs() {
				part = option
			} else {
				part = option + " " + f.formatArgs(a, strings.ToUpper(a.dest))
			}
			if !a.required && !inGroup[a] {
				part = "[" + part + "]"
			}
		}
		parts = append(parts, &part)
	}
	var keys []int
	for k := range inserts {
		keys = append(keys, k)
	}
	for i := len(keys) - 1; i >= 0; i-- { // descending, as sorted(..., reverse=True)
		for j := 0; j < i; j++ {
			if keys[j] < keys[j+1] {
				keys[j], keys[j+1] = keys[j+1], keys[j]
			}
		}
	}
	for _, k := range keys {
		s := inserts[k]
		if k > len(parts) {
			k = len(parts)
		}
		parts = append(parts[:k], append([]*string{&s}, parts[k:]...)...)
	}
	var words []string
	for _, p := range parts {
		if p != nil {
			words = append(words, *p)
		}
	}
	text := strings.Join(words, " ")
	text = openSpace().ReplaceAllString(text, "$1")
	text = spaceClose().ReplaceAllString(text, "$1")
	text = emptyGroup().ReplaceAllString(text, "")
	text = singleParen().ReplaceAllString(text, "$1")
	return strings.TrimSpace(text)
}

func (f *formatter) formatText(text string) string {
	text = expandProg(text, f.prog)
	width := max(f.width-f.currentIndent, 11)
	indent := strings.Repeat(" ", f.currentIndent)
	if f.class == "RawDescriptionHelpFormatter" || f.class == "RawTextHelpFormatter" {
		// _fill_text: each line as it is, indented
		var b strings.Builder
		for _, line := range strings.SplitAfter(text, "\n") {
			if line != "" {
				b.WriteString(indent + line)
			}
		}
		return b.String() + "\n\n"
	}
	return fill(collapseSpace(text), width, indent) + "\n\n"
}

// fillText is the version action's text: filled to the width.
func (f *formatter) fillText(text string) string {
	return fill(collapseSpace(text), max(f.width, 11), "")
}

func (f *formatter) formatAction(a *action) string {
	helpPosition := min(f.actionMaxLength+2, f.maxHelpPosition)
	helpWidth := max(f.width-helpPosition, 11)
	actionWidth := helpPosition - f.currentIndent - 2
	header := f.invocation(a)
	indentFirst := 0
	helpText := ""
	if a.help != nil {
		helpText = lang.Str(a.help)
	}
	pad := strings.Repeat(" ", f.currentIndent)
	switch {
	case helpText == "":
		header = pad + header + "\n"
	case len([]rune(header)) <= actionWidth:
		header = pad + header + strings.Repeat(" ", actionWidth-len([]rune(header))) + "  "
	default:
		header = pad + header + "\n"
		indentFirst = helpPosition
	}
	parts := []string{header}
	if strings.TrimSpace(helpText) != "" {
		expanded := f.expandHelp(a)
		if expanded != "" {
			lines := wrap(collapseSpace(expanded), helpWidth)
			if f.class == "RawTextHelpFormatter" { // _split_lines: the text's own lines
				lines = strings.Split(strings.TrimSuffix(expanded, "\n"), "\n")
			}
			if len(lines) > 0 {
				parts = append(parts, strings.Repeat(" ", indentFirst)+lines[0]+"\n")
				for _, l := range lines[1:] {
					parts = append(parts, strings.Repeat(" ", helpPosition)+l+"\n")
				}
			}
		}
	} else if !strings.HasSuffix(header, "\n") {
		parts = append(parts, "\n")
	}
	if a.sub != nil {
		f.indent()
		for _, sa := range a.choiceActions {
			parts = append(parts, f.formatAction(sa))
		}
		f.dedent()
	}
	return strings.Join(parts, "")
}

// invocation is _format_action_invocation.
func (f *formatter) invocation(a *action) string {
	if len(a.optionStrings) == 0 {
		return f.metavars(a, a.dest, 1)[0]
	}
	if a.takesNoArgs() {
		return strings.Join(a.optionStrings, ", ")
	}
	args := f.formatArgs(a, strings.ToUpper(a.dest))
	parts := make([]string, len(a.optionStrings))
	for i, s := range a.optionStrings {
		parts[i] = s + " " + args
	}
	return strings.Join(parts, ", ")
}

// metavars is _metavar_formatter(action, default)(n).
func (f *formatter) metavars(a *action, dflt string, n int) []string {
	var result string
	switch {
	case a.metavar != nil:
		if t, ok := a.metavar.(lang.Tuple); ok {
			out := make([]string, len(t))
			for i, v := range t {
				out[i] = lang.Str(v)
			}
			return out
		}
		result = lang.Str(a.metavar)
	case a.sub != nil:
		result = "{" + strings.Join(a.sub.names, ",") + "}"
	case a.choices != nil:
		items, _ := lang.Collect(a.choices)
		strs := make([]string, len(items))
		for i, c := range items {
			strs[i] = lang.Str(c)
		}
		result = "{" + strings.Join(strs, ",") + "}"
	default:
		result = dflt
	}
	out := make([]string, n)
	for i := range out {
		out[i] = result
	}
	return out
}

// formatArgs is _format_args.
func (f *formatter) formatArgs(a *action, dflt string) string {
	mv := func(n int) []string {
		m := f.metavars(a, dflt, n)
		for len(m) < n { // a tuple shorter than nargs: CPython's TypeError, caught at add_argument
			m = append(m, "")
		}
		return m
	}
	switch {
	case a.nargsInt:
		return strings.Join(mv(a.nargsN)[:a.nargsN], " ")
	case a.nargs == nargsNone:
		return mv(1)[0]
	case a.nargs == nargsOptional:
		return "[" + mv(1)[0] + "]"
	case a.nargs == nargsZeroMore:
		m := f.metavars(a, dflt, 1)
		if len(m) == 2 {
			return "[" + m[0] + " [" + m[1] + " ...]]"
		}
		return "[" + m[0] + " ...]"
	case a.nargs == nargsOneMore:
		m := mv(2)
		return m[0] + " [" + m[1] + " ...]"
	case a.nargs == nargsRemainder:
		return "..."
	case a.nargs == nargsParser:
		return mv(1)[0] + " ..."
	}
	return ""
}

// expandHelp is _expand_help: help % the action's fields and prog.
func (f *formatter) expandHelp(a *action) string {
	params := map[string]lang.Value{"prog": f.prog}
	for _, k := range a.AttrNames() {
		if k == "add_parser" {
			continue
		}
		v, _ := a.Attr(k)
		if v == lang.Value(suppress) {
			continue
		}
		params[k] = v
	}
	for k, v := range params {
		switch x := v.(type) {
		case *lang.Builtin, *lang.Function:
			params[k] = typeName(x)
		}
	}
	if c := params["choices"]; c != nil && c != lang.None {
		items, _ := lang.Collect(c)
		strs := make([]string, len(items))
		for i, it := range items {
			strs[i] = lang.Str(it)
		}
		params["choices"] = strings.Join(strs, ", ")
	}
	return percentFormat(f.helpString(a), params)
}

// helpString is _get_help_string: the action's help, to which
// ArgumentDefaultsHelpFormatter adds its default for an option or a
// positional that may be left out, unless the help names it.
func (f *formatter) helpString(a *action) string {
	help := ""
	if a.help != nil && a.help != lang.None {
		help = lang.Str(a.help)
	}
	if f.class != "ArgumentDefaultsHelpFormatter" || strings.Contains(help, "%(default)") || a.defaultVal == lang.Value(suppress) {
		return help
	}
	if len(a.optionStrings) > 0 || !a.nargsInt && (a.nargs == nargsOptional || a.nargs == nargsZeroMore) {
		help += " (default: %(default)s)"
	}
	return help
}

var percentName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`%\(([^)]*)\)([sdrf])|%%`) })

// percentFormat is text % params for %(name)s, %(name)r, %(name)d and %%.
func percentFormat(text string, params map[string]lang.Value) string {
	return percentName().ReplaceAllStringFunc(text, func(m string) string {
		if m == "%%" {
			return "%"
		}
		sub := percentName().FindStringSubmatch(m)
		v, ok := params[sub[1]]
		if !ok {
			return m
		}
		switch sub[2] {
		case "r":
			return lang.Repr(v)
		case "d":
			if n, ok := lang.AsInt(v); ok {
				return strconv.FormatInt(n, 10)
			}
		case "f":
			if x, ok := v.(float64); ok {
				return fmt.Sprintf("%f", x)
			}
		}
		return lang.Str(v)
	})
}

// expandProg is text % {'prog': prog}.
func expandProg(text, prog string) string {
	if !strings.Contains(text, "%") {
		return text
	}
	return percentFormat(text, map[string]lang.Value{"prog": prog})
}

// formatHelp is parser.format_help().
func (p *Parser) formatHelp() string {
	f := p.newFormatter()
	f.addUsage(p.usage, p.actions, p.mutex, nil)
	f.addText(p.description)
	for _, g := range p.groups {
		title := ""
		if g.title != nil {
			title = lang.Str(g.title)
		}
		f.startSection(title)
		f.addText(g.description)
		for _, a := range g.actions {
			f.addArgument(a)
		}
		f.endSection()
	}
	f.addText(p.epilog)
	return f.formatHelp()
}

// formatUsage is parser.format_usage().
func (p *Parser) formatUsage() string {
	f := p.newFormatter()
	f.addUsage(p.usage, p.actions, p.mutex, nil)
	return f.formatHelp()
}
