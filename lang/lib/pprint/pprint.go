// Package pprint is Python's pprint module: pformat, pprint and pp lay
// out nested dicts, lists, tuples, sets and long strings over lines of at
// most width columns, with CPython's PrettyPrinter algorithm (dict keys
// sorted unless sort_dicts=False, depth=, compact=, indent=).
package pprint

import (
	"sort"
	"strings"
	"unicode"

	"github.com/kael-dev/kael/lang"
)

// printer holds PrettyPrinter's options and the text being written.
type printer struct {
	indent, width, depth int // depth 0: none
	compact, sortDicts   bool
	underscore           bool // underscore_numbers: ints as 1_000
	out                  strings.Builder
}

// sortedItems are d's items, keys sorted when sortDicts (by <, else by
// type name and text, as CPython's _safe_key orders unorderable keys).
func (p *printer) items(d *lang.Dict) [][2]lang.Value {
	keys := d.Keys()
	if p.sortDicts {
		sort.SliceStable(keys, func(i, j int) bool { return safeLess(keys[i], keys[j]) })
	}
	out := make([][2]lang.Value, len(keys))
	for i, k := range keys {
		v, _, _ := d.Get(k)
		out[i] = [2]lang.Value{k, v}
	}
	return out
}

func safeLess(a, b lang.Value) bool {
	if c, err := lang.Compare(a, b); err == nil {
		return c < 0
	}
	ta, tb := lang.TypeName(a), lang.TypeName(b)
	if ta != tb {
		return ta < tb
	}
	return false
}

// plainDict reports whether v is a dict pprint lays out as one (not a
// Counter or defaultdict, whose repr differs).
func plainDict(v lang.Value) (*lang.Dict, bool) {
	d, ok := v.(*lang.Dict)
	return d, ok && d.Kind() == nil
}

// repr is PrettyPrinter._safe_repr: repr with dict keys sorted, and
// containers deeper than depth written as {...}, [...], (...).
func (p *printer) repr(v lang.Value, level int, active map[any]bool) (string, error) {
	open, close := "", ""
	var elems []lang.Value
	switch x := v.(type) {
	case *lang.List:
		open, close, elems = "[", "]", x.Elems
	case lang.Tuple:
		open, close, elems = "(", ")", x
		if len(x) == 1 {
			close = ",)"
		}
	default:
		if d, ok := plainDict(v); ok {
			if d.Len() == 0 {
				return "{}", nil
			}
			if p.depth > 0 && level >= p.depth {
				return "{...}", nil
			}
			if active[d] {
				return "<Recursion on dict with id=" + lang.Repr(lang.ID(d)) + ">", nil
			}
			active[d] = true
			defer delete(active, d)
			var parts []string
			for _, kv := range p.items(d) {
				k, err := p.repr(kv[0], level+1, active)
				if err != nil {
					return "", err
				}
				val, err := p.repr(kv[1], level+1, active)
				if err != nil {
					return "", err
				}
				parts = append(parts, k+": "+val)
			}
			return "{" + strings.Join(parts, ", ") + "}", nil
		}
		if p.underscore && lang.TypeName(v) == "int" {
			return underscored(lang.Repr(v)), nil
		}
		return lang.ReprText(v)
	}
	if len(elems) == 0 {
		return open + strings.TrimPrefix(close, ","), nil
	}
	if p.depth > 0 && level >= p.depth {
		return open + "..." + strings.TrimPrefix(close, ","), nil
	}
	if l, ok := v.(*lang.List); ok {
		if active[l] {
			return "<Recursion on list with id=" + lang.Repr(lang.ID(l)) + ">", nil
		}
		active[l] = true
		defer delete(active, l)
	}
	parts := make([]string, len(elems))
	for i, e := range elems {
		s, err := p.repr(e, level+1, active)
		if err != nil {
			return "", err
		}
		parts[i] = s
	}
	return open + strings.Join(parts, ", ") + close, nil
}

// format is PrettyPrinter._format: v's repr when it fits in the width
// left, else v laid out over lines.
func (p *printer) format(v lang.Value, indent, allowance, level int) error {
	rep, err := p.repr(v, level, map[any]bool{})
	if err != nil {
		return err
	}
	if len([]rune(rep)) <= p.width-indent-allowance {
		p.out.WriteString(rep)
		return nil
	}
	switch x := v.(type) {
	case *lang.List:
		if len(x.Elems) > 0 && !(p.depth > 0 && level+1 > p.depth) {
			p.out.WriteString("[")
			err := p.formatItems(x.Elems, indent, allowance+1, level+1)
			p.out.WriteString("]")
			return err
		}
	case lang.Tuple:
		if len(x) > 0 && !(p.depth > 0 && level+1 > p.depth) {
			end := ")"
			if len(x) == 1 {
				end = ",)"
			}
			p.out.WriteString("(")
			err := p.formatItems(x, indent, allowance+len(end), level+1)
			p.out.WriteString(end)
			return err
		}
	case *lang.Set:
		if s, ok := p.formatSet(x, indent, allowance, level); ok {
			return s
		}
	case string:
		p.formatString(x, indent, allowance, level+1)
		return nil
	default:
		if d, ok := plainDict(v); ok && d.Len() > 0 && !(p.depth > 0 && level+1 > p.depth) {
			p.out.WriteString("{")
			if p.indent > 1 {
				p.out.WriteString(strings.Repeat(" ", p.indent-1))
			}
			err := p.formatDictItems(p.items(d), indent, allowance+1, level+1)
			p.out.WriteString("}")
			return err
		}
	}
	p.out.WriteString(rep)
	return nil
}

// formatSet is _pprint_set.
func (p *printer) formatSet(s *lang.Set, indent, allowance, level int) (error, bool) {
	elems, err := lang.Collect(s)
	if err != nil || len(elems) == 0 { // depth does not cut sets, as CPython's repr of them
		return err, err != nil
	}
	sort.SliceStable(elems, func(i, j int) bool { return safeLess(elems[i], elems[j]) })
	end := "}"
	if s.TypeName() == "set" {
		p.out.WriteString("{")
	} else {
		p.out.WriteString(s.TypeName() + "({")
		end = "})"
		indent += len(s.TypeName()) + 1
	}
	err = p.formatItems(elems, indent, allowance+len(end), level+1)
	p.out.WriteString(end)
	return err, true
}

// formatDictItems is _format_dict_items.
func (p *printer) formatDictItems(items [][2]lang.Value, indent, allowance, level int) error {
	indent += p.indent
	delim := ",\n" + strings.Repeat(" ", indent)
	for i, kv := range items {
		last := i == len(items)-1
		rep, err := p.repr(kv[0], level, map[any]bool{})
		if err != nil {
			return err
		}
		p.out.WriteString(rep + ": ")
		a := 1
		if last {
			a = allowance
		}
		if err := p.format(kv[1], indent+len([]rune(rep))+2, a, level); err != nil {
			return err
		}
		if !last {
			p.out.WriteString(delim)
		}
	}
	return nil
}

// formatItems is _format_items: one element a line, or, compact, as many
// as fit.
func (p *printer) formatItems(elems []lang.Value, indent, allowance, level int) error {
	indent += p.indent
	if p.indent > 1 {
		p.out.WriteString(strings.Repeat(" ", p.indent-1))
	}
	delimNL := ",\n" + strings.Repeat(" ", indent)
	delim := ""
	maxWidth := p.width - indent + 1
	width := maxWidth
	for i, e := range elems {
		last := i == len(elems)-1
		if last {
			maxWidth -= allowance
			width -= allowance
		}
		if p.compact {
			rep, err := p.repr(e, level, map[any]bool{})
			if err != nil {
				return err
			}
			w := len([]rune(rep)) + 2
			if width < w {
				width = maxWidth
				if delim != "" {
					delim = delimNL
				}
			}
			if width >= w {
				width -= w
				p.out.WriteString(delim + rep)
				delim = ", "
				continue
			}
		}
		p.out.WriteString(delim)
		delim = delimNL
		a := 1
		if last {
			a = allowance
		}
		if err := p.format(e, indent, a, level); err != nil {
			return err
		}
	}
	return nil
}

// wordsAndSpaces splits s as re.findall(r'\S*\s*', s) without its empty
// last match.
func wordsAndSpaces(s string) []string {
	var parts []string
	rs := []rune(s)
	for i := 0; i < len(rs); {
		j := i
		for j < len(rs) && !unicode.IsSpace(rs[j]) {
			j++
		}
		for j < len(rs) && unicode.IsSpace(rs[j]) {
			j++
		}
		parts = append(parts, string(rs[i:j]))
		i = j
	}
	return parts
}

// splitLines is str.splitlines(True) for \n, \r\n and \r.
func splitLines(s string) []string {
	var out []string
	for len(s) > 0 {
		i := strings.IndexAny(s, "\r\n")
		if i < 0 {
			return append(out, s)
		}
		end := i + 1
		if s[i] == '\r' && end < len(s) && s[end] == '\n' {
			end++
		}
		out, s = append(out, s[:end]), s[end:]
	}
	return out
}

// formatString is _pprint_str: a long string as adjacent literals, cut
// at line ends and between words, in parentheses at the top level.
func (p *printer) formatString(s string, indent, allowance, level int) {
	if s == "" {
		p.out.WriteString(lang.Repr(s))
		return
	}
	reprLen := func(s string) int { return len([]rune(lang.Repr(s))) }
	var chunks []string
	lines := splitLines(s)
	if level == 1 {
		indent++
		allowance++
	}
	maxWidth1 := p.width - indent
	maxWidth := maxWidth1
	for i, line := range lines {
		rep := lang.Repr(line)
		if i == len(lines)-1 {
			maxWidth1 -= allowance
		}
		if len([]rune(rep)) <= maxWidth1 {
			chunks = append(chunks, rep)
			continue
		}
		parts := wordsAndSpaces(line)
		maxWidth2 := maxWidth
		current := ""
		for j, part := range parts {
			candidate := current + part
			if j == len(parts)-1 && i == len(lines)-1 {
				maxWidth2 -= allowance
			}
			if reprLen(candidate) > maxWidth2 {
				if current != "" {
					chunks = append(chunks, lang.Repr(current))
				}
				current = part
			} else {
				current = candidate
			}
		}
		if current != "" {
			chunks = append(chunks, lang.Repr(current))
		}
	}
	if len(chunks) == 1 {
		p.out.WriteString(chunks[0])
		return
	}
	if level == 1 {
		p.out.WriteString("(")
	}
	for i, c := range chunks {
		if i > 0 {
			p.out.WriteString("\n" + strings.Repeat(" ", indent))
		}
		p.out.WriteString(c)
	}
	if level == 1 {
		p.out.WriteString(")")
	}
}

// newPrinter reads PrettyPrinter's options.
func newPrinter(a *lang.Args, sortDicts bool) (*printer, error) {
	p := &printer{indent: a.Int("indent"), width: a.Int("width"), compact: a.Bool("compact"), sortDicts: sortDicts}
	if a.Builtin().HasParam("sort_dicts") {
		p.sortDicts = a.Bool("sort_dicts")
	}
	if !a.IsNone("depth") {
		p.depth = a.Int("depth")
		if a.Err() == nil && p.depth <= 0 {
			return nil, lang.Errorf(lang.ValueError, "depth must be > 0")
		}
	}
	p.underscore = a.Bool("underscore_numbers")
	if err := a.Err(); err != nil {
		return nil, err
	}
	switch {
	case p.indent < 0:
		return nil, lang.Errorf(lang.ValueError, "indent must be >= 0")
	case p.width == 0:
		return nil, lang.Errorf(lang.ValueError, "width must be != 0")
	}
	return p, nil
}

// underscored is the decimal digits of an int's repr in groups of three
// joined by _, as f"{n:_d}".
func underscored(rep string) string {
	sign, digits := "", rep
	if strings.HasPrefix(rep, "-") {
		sign, digits = "-", rep[1:]
	}
	var b strings.Builder
	for i, r := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte('_')
		}
		b.WriteRune(r)
	}
	return sign + b.String()
}

func (p *printer) pformat(v lang.Value) (string, error) {
	err := p.format(v, 0, 0, 0)
	return p.out.String(), err
}

const options = "indent=1, width=80, depth=None, *, compact=False, sort_dicts=True, underscore_numbers=False"

func printOut(a *lang.Args, sortDicts bool) (lang.Value, error) {
	p, err := newPrinter(a, sortDicts)
	if err != nil {
		return nil, err
	}
	s, err := p.pformat(a.Value("object"))
	if err != nil {
		return nil, err
	}
	return lang.None, write(a, a.Value("stream"), s+"\n")
}

// write writes s to stream, the program's output when None.
func write(a *lang.Args, stream lang.Value, s string) error {
	if stream == lang.None {
		a.Write(s)
		return nil
	}
	w, err := lang.GetAttr(stream, "write")
	if err == nil {
		_, err = a.Call(w, s)
	}
	return err
}

var pprintModule = &lang.Module{Name: "pprint", Attrs: map[string]lang.Value{
	"pformat": lang.NewBuiltin(lang.AsValue, "pformat(object, "+options+")", "object's repr laid out over lines of at most width columns, as CPython's PrettyPrinter.",
		func(a *lang.Args) (lang.Value, error) {
			p, err := newPrinter(a, true)
			if err != nil {
				return nil, err
			}
			return p.pformat(a.Value("object"))
		}),
	"pprint": lang.NewBuiltin(lang.AsValue, "pprint(object, stream=None, "+options+")", "Prints pformat(object, ...).",
		func(a *lang.Args) (lang.Value, error) { return printOut(a, true) }),
	"pp": lang.NewBuiltin(lang.AsValue, "pp(object, stream=None, indent=1, width=80, depth=None, *, compact=False, sort_dicts=False, underscore_numbers=False)", "pprint with dicts in their order.",
		func(a *lang.Args) (lang.Value, error) { return printOut(a, false) }),
	"saferepr": lang.NewBuiltin(lang.AsValue, "saferepr(object)", "object's repr with dict keys sorted, on one line.",
		func(a *lang.Args) (lang.Value, error) {
			p := &printer{sortDicts: true}
			return p.repr(a.Value("object"), 0, map[any]bool{})
		}),
}}

func init() {
	lang.RegisterModule("pprint", "Python's pprint: pformat, pprint, pp and saferepr for nested dicts, lists, tuples, sets and long strings.",
		func() *lang.Module { return pprintModule })
}
