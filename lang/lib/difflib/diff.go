package difflib

import (
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/kael-dev/kael/lang"
)

// isCharacterJunk is IS_CHARACTER_JUNK(ch, ws=" \t"): ch in ws.
var isCharacterJunk = lang.NewBuiltin(lang.AsValue, "IS_CHARACTER_JUNK(ch, ws=' \\t')",
	"Whether ch is in ws (a blank or a tab by default): ndiff's default charjunk.",
	func(a *lang.Args) (lang.Value, error) {
		ch, ws := a.Str("ch"), a.Str("ws")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return strings.Contains(ws, ch), nil
	})

// lineJunk is IS_LINE_JUNK's test: the line is blank, or a lone '#',
// with whitespace around (the regular expression \s*(?:#\s*)?$).
func lineJunk(line string) bool {
	rest := strings.TrimLeftFunc(line, unicode.IsSpace)
	rest = strings.TrimPrefix(rest, "#")
	return strings.TrimLeftFunc(rest, unicode.IsSpace) == ""
}

var isLineJunk = lang.NewBuiltin(lang.AsValue, "IS_LINE_JUNK(line)",
	"Whether line is blank or holds a lone '#' (whitespace aside): a linejunk for ndiff.",
	func(a *lang.Args) (lang.Value, error) {
		line := a.Str("line")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lineJunk(line), nil
	})

// junkTest turns a Python isjunk function into the matcher's, over the
// elements elem(i); nil when fn is false (None). IS_CHARACTER_JUNK and
// IS_LINE_JUNK run in Go.
func junkTest(a *lang.Args, fn lang.Value, elem func(int) lang.Value) (func(int) (bool, error), error) {
	if t, err := lang.Truth(fn); err != nil || !t {
		return nil, err
	}
	switch fn {
	case lang.Value(isCharacterJunk):
		return func(i int) (bool, error) { s, _ := elem(i).(string); return s == " " || s == "\t", nil }, nil
	case lang.Value(isLineJunk):
		return func(i int) (bool, error) { s, ok := elem(i).(string); return ok && lineJunk(s), nil }, nil
	}
	return func(i int) (bool, error) {
		r, err := a.Call(fn, elem(i))
		if err != nil {
			return false, err
		}
		return lang.Truth(r)
	}, nil
}

// runeJunk is junkTest over the characters rs of a line.
func runeJunk(a *lang.Args, fn lang.Value, rs []rune) (func(int) (bool, error), error) {
	return junkTest(a, fn, func(i int) lang.Value { return string(rs[i]) })
}

// differ is Differ(linejunk, charjunk) comparing two lists of lines.
type differ struct {
	a                  *lang.Args
	linejunk, charjunk lang.Value
	out                []lang.Value
}

// strLines are the lines of v, which must be strs.
func strLines(v lang.Value) ([]string, error) {
	elems, err := lang.Collect(v)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(elems))
	for i, e := range elems {
		s, ok := e.(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "lines to compare must be str, not %s (%s)", lang.TypeName(e), lang.Repr(e))
		}
		out[i] = s
	}
	return out, nil
}

// compare is Differ.compare(a, b).
func (d *differ) compare(a, b []string) error {
	intern := newInterner()
	var m matcher
	aids, bids := make([]int, len(a)), make([]int, len(b))
	for i, s := range a {
		aids[i], _ = intern.id(s)
	}
	for i, s := range b {
		bids[i], _ = intern.id(s)
	}
	m.setA(aids)
	junk, err := junkTest(d.a, d.linejunk, func(i int) lang.Value { return b[i] })
	if err != nil {
		return err
	}
	if err := m.setB(bids, junk, true); err != nil {
		return err
	}
	for _, c := range m.opcodesOf() {
		var err error
		switch c.tag {
		case "replace":
			err = d.fancyReplace(a, c.i1, c.i2, b, c.j1, c.j2)
		case "delete":
			d.dump("-", a, c.i1, c.i2)
		case "insert":
			d.dump("+", b, c.j1, c.j2)
		case "equal":
			d.dump(" ", a, c.i1, c.i2)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (d *differ) emit(s string) { d.out = append(d.out, s) }

// dump is _dump: each line of x[lo:hi] after tag and a blank.
func (d *differ) dump(tag string, x []string, lo, hi int) {
	for i := lo; i < hi; i++ {
		d.emit(tag + " " + x[i])
	}
}

// plainReplace is _plain_replace: the shorter side first.
func (d *differ) plainReplace(a []string, alo, ahi int, b []string, blo, bhi int) {
	if bhi-blo < ahi-alo {
		d.dump("+", b, blo, bhi)
		d.dump("-", a, alo, ahi)
		return
	}
	d.dump("-", a, alo, ahi)
	d.dump("+", b, blo, bhi)
}

// charMatcher is the character cruncher of _fancy_replace, set to
// compare a with b.
func (d *differ) charMatcher(m *matcher, a, b string) error {
	m.setA(runeIDs([]rune(a)))
	rb := []rune(b)
	junk, err := runeJunk(d.a, d.charjunk, rb)
	if err != nil {
		return err
	}
	return m.setB(runeIDs(rb), junk, true)
}

// fancyReplace is _fancy_replace: a block of lines replaced by another,
// the most alike pair (ratio above 0.75) marked with ? lines, and the
// lines around it compared the same way.
func (d *differ) fancyReplace(a []string, alo, ahi int, b []string, blo, bhi int) error {
	bestRatio, cutoff := 0.74, 0.75
	var cruncher matcher
	eqi, eqj := -1, -1
	besti, bestj := 0, 0
	aids := make([][]int, ahi-alo) // the lines of a as ids, made once
	for i := range aids {
		aids[i] = runeIDs([]rune(a[alo+i]))
	}
	for j := blo; j < bhi; j++ {
		bj := b[j]
		rb := []rune(bj)
		junk, err := runeJunk(d.a, d.charjunk, rb)
		if err != nil {
			return err
		}
		if err := cruncher.setB(runeIDs(rb), junk, true); err != nil {
			return err
		}
		for i := alo; i < ahi; i++ {
			if a[i] == bj {
				if eqi < 0 {
					eqi, eqj = i, j
				}
				continue
			}
			cruncher.setA(aids[i-alo])
			if cruncher.realQuickRatio() > bestRatio && cruncher.quickRatio() > bestRatio && cruncher.ratio() > bestRatio {
				bestRatio, besti, bestj = cruncher.ratio(), i, j
			}
		}
	}
	if bestRatio < cutoff {
		if eqi < 0 {
			d.plainReplace(a, alo, ahi, b, blo, bhi)
			return nil
		}
		besti, bestj = eqi, eqj
	} else {
		eqi = -1
	}
	if err := d.fancyHelper(a, alo, besti, b, blo, bestj); err != nil {
		return err
	}
	aelt, belt := a[besti], b[bestj]
	if eqi < 0 {
		if err := d.charMatcher(&cruncher, aelt, belt); err != nil {
			return err
		}
		var atags, btags strings.Builder
		for _, c := range cruncher.opcodesOf() {
			la, lb := c.i2-c.i1, c.j2-c.j1
			switch c.tag {
			case "replace":
				atags.WriteString(strings.Repeat("^", la))
				btags.WriteString(strings.Repeat("^", lb))
			case "delete":
				atags.WriteString(strings.Repeat("-", la))
			case "insert":
				btags.WriteString(strings.Repeat("+", lb))
			case "equal":
				atags.WriteString(strings.Repeat(" ", la))
				btags.WriteString(strings.Repeat(" ", lb))
			}
		}
		d.qformat(aelt, belt, atags.String(), btags.String())
	} else {
		d.emit("  " + aelt)
	}
	return d.fancyHelper(a, besti+1, ahi, b, bestj+1, bhi)
}

// fancyHelper is _fancy_helper.
func (d *differ) fancyHelper(a []string, alo, ahi int, b []string, blo, bhi int) error {
	switch {
	case alo < ahi && blo < bhi:
		return d.fancyReplace(a, alo, ahi, b, blo, bhi)
	case alo < ahi:
		d.dump("-", a, alo, ahi)
	case blo < bhi:
		d.dump("+", b, blo, bhi)
	}
	return nil
}

// keepOriginalWS is _keep_original_ws: the tags, with the whitespace of
// s where the tag is a blank.
func keepOriginalWS(s, tags string) string {
	var out strings.Builder
	sr, tr := []rune(s), []rune(tags)
	for i := 0; i < len(sr) && i < len(tr); i++ {
		if tr[i] == ' ' && unicode.IsSpace(sr[i]) {
			out.WriteRune(sr[i])
		} else {
			out.WriteRune(tr[i])
		}
	}
	return out.String()
}

// qformat is _qformat: the two lines, each followed by its ? line of
// tags when it has any.
func (d *differ) qformat(aline, bline, atags, btags string) {
	atags = strings.TrimRightFunc(keepOriginalWS(aline, atags), unicode.IsSpace)
	btags = strings.TrimRightFunc(keepOriginalWS(bline, btags), unicode.IsSpace)
	d.emit("- " + aline)
	if atags != "" {
		d.emit("? " + atags + "\n")
	}
	d.emit("+ " + bline)
	if btags != "" {
		d.emit("? " + btags + "\n")
	}
}

// runDiffer compares a and b as Differ(linejunk, charjunk).compare does.
func runDiffer(a *lang.Args, linejunk, charjunk, x, y lang.Value) (lang.Value, error) {
	la, err := strLines(x)
	if err != nil {
		return nil, err
	}
	lb, err := strLines(y)
	if err != nil {
		return nil, err
	}
	d := &differ{a: a, linejunk: linejunk, charjunk: charjunk}
	if err := d.compare(la, lb); err != nil {
		return nil, err
	}
	return lang.NewIterator("generator", d.out), nil
}

// differState is a Differ object's state (its Native).
type differState struct{ linejunk, charjunk lang.Value }

var differClass = lang.MustNewClass("Differ", "difflib", nil,
	lang.NewBuiltin(lang.AsValue, "__init__(self, linejunk=None, charjunk=None)",
		"Compares sequences of lines, as ndiff shows them; linejunk(line) and charjunk(ch) say which lines and characters are junk.",
		func(a *lang.Args) (lang.Value, error) {
			x, ok := a.Value("self").(*lang.Instance)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "descriptor '__init__' requires a 'Differ' object")
			}
			x.SetNative(&differState{linejunk: a.Value("linejunk"), charjunk: a.Value("charjunk")})
			x.SetOwn("linejunk", a.Value("linejunk"))
			x.SetOwn("charjunk", a.Value("charjunk"))
			return lang.None, nil
		}),
	lang.NewBuiltin(lang.AsValue, "compare(self, a, b)",
		"The lines of the delta from the lines a to the lines b: '- ' a line only in a, '+ ' only in b, '  ' in both, '? ' the marks under a changed line; a generator.",
		func(a *lang.Args) (lang.Value, error) {
			x, ok := a.Value("self").(*lang.Instance)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "descriptor 'compare' requires a 'Differ' object")
			}
			st, ok := x.Native().(*differState)
			if !ok {
				return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'linejunk'", lang.TypeName(x))
			}
			return runDiffer(a, st.linejunk, st.charjunk, a.Value("a"), a.Value("b"))
		}),
)

// checkTypes is _check_types: the first line of each side, and the
// other arguments, must be strs.
func checkTypes(a, b []lang.Value, args ...lang.Value) error {
	for _, side := range [][]lang.Value{a, b} {
		if len(side) > 0 {
			if _, ok := side[0].(string); !ok {
				return lang.Errorf(lang.TypeError, "lines to compare must be str, not %s (%s)", lang.TypeName(side[0]), lang.Repr(side[0]))
			}
		}
	}
	for _, v := range args {
		if _, ok := v.(string); !ok {
			return lang.Errorf(lang.TypeError, "all arguments must be str, not: %s", lang.Repr(v))
		}
	}
	return nil
}

// prefixed is prefix + line, a TypeError for a line that is not a str
// (CPython's concatenation).
func prefixed(prefix string, line lang.Value) (lang.Value, error) {
	s, ok := line.(string)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "can only concatenate str (not \"%s\") to str", lang.TypeName(line))
	}
	return prefix + s, nil
}

// diffArgs are unified_diff's and context_diff's arguments: the lines,
// their matcher's hunks, and the header parts.
type diffArgs struct {
	a, b                          []lang.Value
	groups                        [][]opcode
	from, to, fromDate, toDate, t string
}

func readDiffArgs(a *lang.Args) (*diffArgs, error) {
	la, err := lang.Collect(a.Value("a"))
	if err != nil {
		return nil, err
	}
	lb, err := lang.Collect(a.Value("b"))
	if err != nil {
		return nil, err
	}
	if err := checkTypes(la, lb, a.Value("fromfile"), a.Value("tofile"), a.Value("fromfiledate"), a.Value("tofiledate"), a.Value("lineterm")); err != nil {
		return nil, err
	}
	n := a.Int("n")
	if err := a.Err(); err != nil {
		return nil, err
	}
	intern := newInterner()
	aids, err := intern.ids(la)
	if err != nil {
		return nil, err
	}
	bids, err := intern.ids(lb)
	if err != nil {
		return nil, err
	}
	var m matcher
	m.setA(aids)
	_ = m.setB(bids, nil, true)
	return &diffArgs{a: la, b: lb, groups: m.grouped(n),
		from: a.Str("fromfile"), to: a.Str("tofile"), fromDate: a.Str("fromfiledate"), toDate: a.Str("tofiledate"), t: a.Str("lineterm")}, nil
}

// dated is a header's date part: a tab and the date, or nothing.
func dated(date string) string {
	if date == "" {
		return ""
	}
	return "\t" + date
}

// slice is s[i:j] as Python slices a list: a negative index counts
// from the end, and the bounds are clipped (a negative n of
// unified_diff or context_diff makes hunks whose bounds cross).
func slice(s []lang.Value, i, j int) []lang.Value {
	clip := func(k int) int {
		if k < 0 {
			k += len(s)
		}
		return min(max(k, 0), len(s))
	}
	i, j = clip(i), clip(j)
	if j < i {
		return nil
	}
	return s[i:j]
}

// addLines appends prefix + line to out for each of lines, which must
// be strs.
func addLines(out *[]lang.Value, prefix string, lines []lang.Value) error {
	for _, line := range lines {
		s, err := prefixed(prefix, line)
		if err != nil {
			return err
		}
		*out = append(*out, s)
	}
	return nil
}

// rangeUnified is _format_range_unified.
func rangeUnified(start, stop int) string {
	beginning, length := start+1, stop-start
	if length == 1 {
		return fmt.Sprint(beginning)
	}
	if length == 0 {
		beginning--
	}
	return fmt.Sprintf("%d,%d", beginning, length)
}

// rangeContext is _format_range_context.
func rangeContext(start, stop int) string {
	beginning, length := start+1, stop-start
	if length == 0 {
		beginning--
	}
	if length <= 1 {
		return fmt.Sprint(beginning)
	}
	return fmt.Sprintf("%d,%d", beginning, beginning+length-1)
}

var unifiedDiff = lang.NewBuiltin(lang.AsValue, "unified_diff(a, b, fromfile='', tofile='', fromfiledate='', tofiledate='', n=3, lineterm='\\n')",
	"The unified diff (diff -u) of the lists of lines a and b, with n lines of context: '---'/'+++' headers, '@@ -l,s +l,s @@' hunks, and lines prefixed ' ', '-' or '+'; a generator. Lines keep their own endings; lineterm ends the header lines.",
	func(a *lang.Args) (lang.Value, error) {
		d, err := readDiffArgs(a)
		if err != nil {
			return nil, err
		}
		var out []lang.Value
		for gi, group := range d.groups {
			if gi == 0 {
				out = append(out, "--- "+d.from+dated(d.fromDate)+d.t, "+++ "+d.to+dated(d.toDate)+d.t)
			}
			first, last := group[0], group[len(group)-1]
			out = append(out, "@@ -"+rangeUnified(first.i1, last.i2)+" +"+rangeUnified(first.j1, last.j2)+" @@"+d.t)
			for _, c := range group {
				var err error
				switch c.tag {
				case "equal":
					err = addLines(&out, " ", slice(d.a, c.i1, c.i2))
				case "replace":
					if err = addLines(&out, "-", slice(d.a, c.i1, c.i2)); err == nil {
						err = addLines(&out, "+", slice(d.b, c.j1, c.j2))
					}
				case "delete":
					err = addLines(&out, "-", slice(d.a, c.i1, c.i2))
				case "insert":
					err = addLines(&out, "+", slice(d.b, c.j1, c.j2))
				}
				if err != nil {
					return nil, err
				}
			}
		}
		return lang.NewIterator("generator", out), nil
	})

var contextDiff = lang.NewBuiltin(lang.AsValue, "context_diff(a, b, fromfile='', tofile='', fromfiledate='', tofiledate='', n=3, lineterm='\\n')",
	"The context diff (diff -c) of the lists of lines a and b, with n lines of context: '***'/'---' headers, then each hunk's lines of a and of b prefixed '  ', '- ', '+ ' or '! '; a generator.",
	func(a *lang.Args) (lang.Value, error) {
		d, err := readDiffArgs(a)
		if err != nil {
			return nil, err
		}
		prefix := func(tag string) string {
			switch tag {
			case "insert":
				return "+ "
			case "delete":
				return "- "
			case "replace":
				return "! "
			}
			return "  "
		}
		var out []lang.Value
		for gi, group := range d.groups {
			if gi == 0 {
				out = append(out, "*** "+d.from+dated(d.fromDate)+d.t, "--- "+d.to+dated(d.toDate)+d.t)
			}
			first, last := group[0], group[len(group)-1]
			out = append(out, "***************"+d.t, "*** "+rangeContext(first.i1, last.i2)+" ****"+d.t)
			has := func(tags ...string) bool {
				for _, c := range group {
					for _, t := range tags {
						if c.tag == t {
							return true
						}
					}
				}
				return false
			}
			if has("replace", "delete") {
				for _, c := range group {
					if c.tag != "insert" {
						if err := addLines(&out, prefix(c.tag), slice(d.a, c.i1, c.i2)); err != nil {
							return nil, err
						}
					}
				}
			}
			out = append(out, "--- "+rangeContext(first.j1, last.j2)+" ----"+d.t)
			if has("replace", "insert") {
				for _, c := range group {
					if c.tag != "delete" {
						if err := addLines(&out, prefix(c.tag), slice(d.b, c.j1, c.j2)); err != nil {
							return nil, err
						}
					}
				}
			}
		}
		return lang.NewIterator("generator", out), nil
	})

var ndiff = lang.NewBuiltin(lang.AsValue, "ndiff(a, b, linejunk=None, charjunk=None)",
	"Differ(linejunk, charjunk).compare(a, b): the delta of the lists of lines a and b, with '? ' lines marking the changes within similar lines; a generator.",
	func(a *lang.Args) (lang.Value, error) {
		return runDiffer(a, a.Value("linejunk"), a.Value("charjunk"), a.Value("a"), a.Value("b"))
	})

var restore = lang.NewBuiltin(lang.AsValue, "restore(delta, which)",
	"One of the two sequences of lines an ndiff delta was made from: which is 1 (a) or 2 (b); a generator.",
	func(a *lang.Args) (lang.Value, error) {
		which, ok := lang.AsInt(a.Value("which"))
		if !ok || (which != 1 && which != 2) {
			return nil, lang.Errorf(lang.ValueError, "unknown delta choice (must be 1 or 2): %s", lang.Repr(a.Value("which")))
		}
		tag := map[int64]string{1: "- ", 2: "+ "}[which]
		lines, err := lang.Collect(a.Value("delta"))
		if err != nil {
			return nil, err
		}
		var out []lang.Value
		for _, l := range lines {
			s, ok := l.(string)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "'%s' object is not subscriptable", lang.TypeName(l))
			}
			r := []rune(s)
			if p := string(r[:min(2, len(r))]); p == "  " || p == tag {
				out = append(out, string(r[2:]))
			}
		}
		return lang.NewIterator("generator", out), nil
	})

var getCloseMatches = lang.NewBuiltin(lang.AsValue, "get_close_matches(word, possibilities, n=3, cutoff=0.6)",
	"The best at most n of possibilities that are like word (SequenceMatcher ratio at least cutoff), the most alike first.",
	func(a *lang.Args) (lang.Value, error) {
		n := a.Int("n")
		cutoff := a.Float("cutoff")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if n <= 0 {
			return nil, lang.Errorf(lang.ValueError, "n must be > 0: %s", lang.Repr(a.Value("n")))
		}
		if !(0.0 <= cutoff && cutoff <= 1.0) {
			return nil, lang.Errorf(lang.ValueError, "cutoff must be in [0.0, 1.0]: %s", lang.Repr(a.Value("cutoff")))
		}
		poss, err := lang.Collect(a.Value("possibilities"))
		if err != nil {
			return nil, err
		}
		intern := newInterner()
		_, wids, err := intern.seq(a.Value("word"))
		if err != nil {
			return nil, err
		}
		var m matcher
		_ = m.setB(wids, nil, true)
		type scored struct {
			score float64
			x     lang.Value
		}
		var result []scored
		for _, x := range poss {
			_, xids, err := intern.seq(x)
			if err != nil {
				return nil, err
			}
			m.setA(xids)
			if m.realQuickRatio() >= cutoff && m.quickRatio() >= cutoff && m.ratio() >= cutoff {
				result = append(result, scored{m.ratio(), x})
			}
		}
		// heapq.nlargest(n, result): the (score, x) pairs in descending
		// order, ties in score ordered by x
		var cmpErr error
		sort.SliceStable(result, func(i, j int) bool {
			if result[i].score != result[j].score {
				return result[i].score > result[j].score
			}
			c, err := lang.Compare(result[j].x, result[i].x)
			if err != nil && cmpErr == nil {
				cmpErr = err
			}
			return c < 0
		})
		if cmpErr != nil {
			return nil, cmpErr
		}
		out := []lang.Value{}
		for i := 0; i < len(result) && i < n; i++ {
			out = append(out, result[i].x)
		}
		return &lang.List{Elems: out}, nil
	})

func init() {
	// charjunk's default is a function, which a signature's text cannot
	// write: set it, and the text help shows
	ndiff.SetDefault("charjunk", isCharacterJunk)
	ndiff.Sig = "ndiff(a, b, linejunk=None, charjunk=IS_CHARACTER_JUNK)"
	_ = sequenceMatcherClass.SetAttr("__doc__", "SequenceMatcher(isjunk=None, a='', b='', autojunk=True): compares two sequences of hashable elements (strs: their characters), CPython's Ratcliff/Obershelp matching: get_matching_blocks, get_opcodes, get_grouped_opcodes, ratio.")
	_ = differClass.SetAttr("__doc__", "Differ(linejunk=None, charjunk=None): compares sequences of lines (strs); compare(a, b) gives the delta ndiff shows.")
	m := &lang.Module{Name: "difflib", Doc: "Python's difflib: SequenceMatcher, get_close_matches, Differ, ndiff, unified_diff, context_diff and restore, with CPython's algorithm (docs/stdlib.md).", Attrs: map[string]lang.Value{
		"SequenceMatcher":   sequenceMatcherClass,
		"Differ":            differClass,
		"Match":             matchClass,
		"get_close_matches": getCloseMatches,
		"ndiff":             ndiff,
		"unified_diff":      unifiedDiff,
		"context_diff":      contextDiff,
		"restore":           restore,
		"diff_bytes":        diffBytes,
		"IS_LINE_JUNK":      isLineJunk,
		"IS_CHARACTER_JUNK": isCharacterJunk,
	}}
	lang.RegisterModule("difflib", "Python's difflib: SequenceMatcher (matching blocks, opcodes, ratio), get_close_matches, Differ and ndiff, unified_diff, context_diff, restore.",
		func() *lang.Module { return m })
}
