// Package textwrap is Python's textwrap module: wrap and fill (CPython's
// TextWrapper algorithm: chunks split at whitespace and after hyphens,
// long words broken, max_lines with a placeholder), shorten, dedent and
// indent.
package textwrap

import (
	"strings"
	"unicode"

	"github.com/kael-dev/kael/lang"
)

// wrapper holds TextWrapper's options.
type wrapper struct {
	width                           int
	initialIndent, subsequentIndent string
	expandTabs, replaceWhitespace   bool
	dropWhitespace, breakLongWords  bool
	breakOnHyphens                  bool
	tabsize                         int
	maxLines                        int // 0: none
	placeholder                     string
	fixSentenceEndings              bool
}

// options reads the keyword options wrap, fill and shorten share.
func options(a *lang.Args) (*wrapper, error) {
	w := &wrapper{width: a.Int("width"), initialIndent: a.Str("initial_indent"), subsequentIndent: a.Str("subsequent_indent"),
		expandTabs: a.Bool("expand_tabs"), replaceWhitespace: a.Bool("replace_whitespace"), dropWhitespace: a.Bool("drop_whitespace"),
		breakLongWords: a.Bool("break_long_words"), breakOnHyphens: a.Bool("break_on_hyphens"), tabsize: a.Int("tabsize"),
		placeholder: a.Str("placeholder"), fixSentenceEndings: a.Bool("fix_sentence_endings")}
	if !a.IsNone("max_lines") {
		w.maxLines = a.Int("max_lines")
	}
	if err := a.Err(); err != nil {
		return nil, err
	}
	return w, w.check()
}

// check is TextWrapper's refusals of its options, as wrap meets them.
func (w *wrapper) check() error {
	if w.width <= 0 {
		return lang.Errorf(lang.ValueError, "invalid width %d (must be > 0)", w.width)
	}
	if w.maxLines > 0 {
		indent := w.initialIndent
		if w.maxLines > 1 {
			indent = w.subsequentIndent
		}
		if runeLen(indent)+runeLen(strings.TrimLeft(w.placeholder, " \t\n\r\v\f")) > w.width {
			return lang.Errorf(lang.ValueError, "placeholder too large for max width")
		}
	}
	return nil
}

func runeLen(s string) int { return len([]rune(s)) }

// expandTabs is str.expandtabs(tabsize).
func expandTabs(s string, tabsize int) string {
	var b strings.Builder
	col := 0
	for _, r := range s {
		switch r {
		case '\t':
			if tabsize > 0 {
				n := tabsize - col%tabsize
				b.WriteString(strings.Repeat(" ", n))
				col += n
			}
		case '\n', '\r':
			b.WriteRune(r)
			col = 0
		default:
			b.WriteRune(r)
			col++
		}
	}
	return b.String()
}

// isSpace is the whitespace textwrap splits at: Python's \s for ASCII.
func isSpace(r rune) bool { return strings.ContainsRune(" \t\n\r\v\f", r) }

// split is TextWrapper._split: runs of whitespace and words, words split
// after hyphens between letters when breakOnHyphens.
func (w *wrapper) split(text string) []string {
	var chunks []string
	rs := []rune(text)
	for i := 0; i < len(rs); {
		j := i
		if isSpace(rs[i]) {
			for j < len(rs) && isSpace(rs[j]) {
				j++
			}
			chunks = append(chunks, string(rs[i:j]))
			i = j
			continue
		}
		for j < len(rs) && !isSpace(rs[j]) {
			j++
		}
		word := rs[i:j]
		start := 0
		if w.breakOnHyphens {
			for k := 1; k+1 < len(word); k++ {
				if word[k] == '-' && unicode.IsLetter(word[k-1]) && unicode.IsLetter(word[k+1]) {
					chunks = append(chunks, string(word[start:k+1]))
					start = k + 1
				}
			}
		}
		chunks = append(chunks, string(word[start:]))
		i = j
	}
	return chunks
}

// wrap is TextWrapper.wrap.
func (w *wrapper) wrap(text string) []string {
	if w.expandTabs {
		text = expandTabs(text, w.tabsize)
	}
	if w.replaceWhitespace {
		text = strings.Map(func(r rune) rune {
			if isSpace(r) {
				return ' '
			}
			return r
		}, text)
	}
	chunks := w.split(text)
	if w.fixSentenceEndings {
		fixSentenceEndings(chunks)
	}
	for i, j := 0, len(chunks)-1; i < j; i, j = i+1, j-1 {
		chunks[i], chunks[j] = chunks[j], chunks[i]
	}
	blank := func(s string) bool { return strings.TrimFunc(s, isSpace) == "" }
	var lines []string
	for len(chunks) > 0 {
		var cur []string
		curLen := 0
		indent := w.initialIndent
		if len(lines) > 0 {
			indent = w.subsequentIndent
		}
		width := w.width - runeLen(indent)
		if w.dropWhitespace && blank(chunks[len(chunks)-1]) && len(lines) > 0 {
			chunks = chunks[:len(chunks)-1]
		}
		for len(chunks) > 0 {
			l := runeLen(chunks[len(chunks)-1])
			if curLen+l > width {
				break
			}
			cur = append(cur, chunks[len(chunks)-1])
			chunks = chunks[:len(chunks)-1]
			curLen += l
		}
		if len(chunks) > 0 && runeLen(chunks[len(chunks)-1]) > width {
			chunks, cur = w.longWord(chunks, cur, curLen, width)
			curLen = 0
			for _, c := range cur {
				curLen += runeLen(c)
			}
		}
		if w.dropWhitespace && len(cur) > 0 && blank(cur[len(cur)-1]) {
			curLen -= runeLen(cur[len(cur)-1])
			cur = cur[:len(cur)-1]
		}
		if len(cur) == 0 {
			continue
		}
		rest := len(chunks) > 0 && !(w.dropWhitespace && len(chunks) == 1 && blank(chunks[0]))
		if w.maxLines == 0 || len(lines)+1 < w.maxLines || !rest && curLen <= width {
			lines = append(lines, indent+strings.Join(cur, ""))
			continue
		}
		placed := false
		for len(cur) > 0 {
			if !blank(cur[len(cur)-1]) && curLen+runeLen(w.placeholder) <= width {
				lines = append(lines, indent+strings.Join(cur, "")+w.placeholder)
				placed = true
				break
			}
			curLen -= runeLen(cur[len(cur)-1])
			cur = cur[:len(cur)-1]
		}
		if !placed {
			if len(lines) > 0 {
				prev := strings.TrimRightFunc(lines[len(lines)-1], isSpace)
				if runeLen(prev)+runeLen(w.placeholder) <= w.width {
					lines[len(lines)-1] = prev + w.placeholder
					break
				}
			}
			lines = append(lines, indent+strings.TrimLeftFunc(w.placeholder, isSpace))
		}
		break
	}
	return lines
}

// fixSentenceEndings is TextWrapper._fix_sentence_endings: the single
// space after a chunk that ends a sentence (a lowercase ASCII letter,
// then . ! or ?, then an optional quote) becomes two.
func fixSentenceEndings(chunks []string) {
	ends := func(c string) bool {
		n := len(c)
		if n > 0 && (c[n-1] == '\'' || c[n-1] == '"') {
			n--
		}
		return n >= 2 && strings.IndexByte(".!?", c[n-1]) >= 0 && c[n-2] >= 'a' && c[n-2] <= 'z'
	}
	for i := 0; i < len(chunks)-1; {
		if chunks[i+1] == " " && ends(chunks[i]) {
			chunks[i+1] = "  "
			i += 2
		} else {
			i++
		}
	}
}

// longWord is TextWrapper._handle_long_word: the chunk too long for a
// line broken at the space left (after a hyphen there when it can), or
// put on a line of its own.
func (w *wrapper) longWord(chunks, cur []string, curLen, width int) ([]string, []string) {
	spaceLeft := 1
	if width >= 1 {
		spaceLeft = width - curLen
	}
	last := []rune(chunks[len(chunks)-1])
	if w.breakLongWords {
		end := spaceLeft
		if w.breakOnHyphens && len(last) > spaceLeft {
			hyphen := strings.LastIndex(string(last[:spaceLeft]), "-")
			if hyphen > 0 {
				h := runeLen(string(last[:spaceLeft])[:hyphen])
				if strings.Trim(string(last[:h]), "-") != "" {
					end = h + 1
				}
			}
		}
		cur = append(cur, string(last[:end]))
		chunks[len(chunks)-1] = string(last[end:])
	} else if len(cur) == 0 {
		cur = append(cur, string(last))
		chunks = chunks[:len(chunks)-1]
	}
	return chunks, cur
}

const wrapOptions = "width=70, *, initial_indent='', subsequent_indent='', expand_tabs=True, replace_whitespace=True, fix_sentence_endings=False, break_long_words=True, drop_whitespace=True, break_on_hyphens=True, tabsize=8, max_lines=None, placeholder=' [...]'"

func linesOf(a *lang.Args) ([]string, error) {
	text := a.Str("text")
	if err := a.Err(); err != nil {
		return nil, err
	}
	w, err := options(a)
	if err != nil {
		return nil, err
	}
	return w.wrap(text), nil
}

// dedent is textwrap.dedent: the common leading whitespace of the lines
// removed (lines of whitespace alone count as empty).
func dedent(text string) string {
	lines := strings.Split(text, "\n")
	margin, set := "", false
	for i, l := range lines {
		if strings.TrimLeft(l, " \t") == "" {
			lines[i] = ""
			continue
		}
		indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		switch {
		case !set:
			margin, set = indent, true
		case strings.HasPrefix(indent, margin):
		case strings.HasPrefix(margin, indent):
			margin = indent
		default:
			k := 0
			for k < len(margin) && k < len(indent) && margin[k] == indent[k] {
				k++
			}
			margin = margin[:k]
		}
	}
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, margin)
	}
	return strings.Join(lines, "\n")
}

// splitLinesKeepEnds is str.splitlines(keepends=True) for \n, \r\n, \r.
func splitLinesKeepEnds(s string) []string {
	var out []string
	for len(s) > 0 {
		i := strings.IndexAny(s, "\r\n")
		if i < 0 {
			out = append(out, s)
			break
		}
		end := i + 1
		if s[i] == '\r' && end < len(s) && s[end] == '\n' {
			end++
		}
		out = append(out, s[:end])
		s = s[end:]
	}
	return out
}

var textwrapModule = &lang.Module{Name: "textwrap", Attrs: map[string]lang.Value{
	"wrap": lang.NewBuiltin(lang.AsValue, "wrap(text, "+wrapOptions+")", "The lines of text wrapped to width columns, as TextWrapper does.",
		func(a *lang.Args) (lang.Value, error) {
			lines, err := linesOf(a)
			if err != nil {
				return nil, err
			}
			out := make([]lang.Value, len(lines))
			for i, l := range lines {
				out[i] = l
			}
			return &lang.List{Elems: out}, nil
		}),
	"fill": lang.NewBuiltin(lang.AsValue, "fill(text, "+wrapOptions+")", "wrap's lines joined by newlines.",
		func(a *lang.Args) (lang.Value, error) {
			lines, err := linesOf(a)
			if err != nil {
				return nil, err
			}
			return strings.Join(lines, "\n"), nil
		}),
	"shorten": lang.NewBuiltin(lang.AsValue, "shorten(text, width, *, placeholder=' [...]', initial_indent='', subsequent_indent='', break_long_words=True, break_on_hyphens=True)",
		"text with its whitespace collapsed, cut at a word to fit width with placeholder at the end.",
		func(a *lang.Args) (lang.Value, error) {
			text := a.Str("text")
			w := &wrapper{width: a.Int("width"), placeholder: a.Str("placeholder"), initialIndent: a.Str("initial_indent"),
				subsequentIndent: a.Str("subsequent_indent"), breakLongWords: a.Bool("break_long_words"), breakOnHyphens: a.Bool("break_on_hyphens"),
				expandTabs: true, replaceWhitespace: true, dropWhitespace: true, tabsize: 8, maxLines: 1}
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := w.check(); err != nil {
				return nil, err
			}
			return strings.Join(w.wrap(strings.Join(strings.Fields(text), " ")), "\n"), nil
		}),
	"dedent": lang.NewBuiltin(lang.AsValue, "dedent(text)", "text with the leading whitespace common to its lines removed.",
		func(a *lang.Args) (lang.Value, error) {
			text := a.Str("text")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return dedent(text), nil
		}),
	"indent": lang.NewBuiltin(lang.AsValue, "indent(text, prefix, predicate=None)", "text with prefix added to the lines predicate(line) holds for (by default, those not only whitespace).",
		func(a *lang.Args) (lang.Value, error) {
			text, prefix := a.Str("text"), a.Str("prefix")
			if err := a.Err(); err != nil {
				return nil, err
			}
			var b strings.Builder
			for _, line := range splitLinesKeepEnds(text) {
				add := strings.TrimFunc(line, isSpace) != ""
				if !a.IsNone("predicate") {
					r, err := a.Call(a.Value("predicate"), line)
					if err != nil {
						return nil, err
					}
					if add, err = lang.Truth(r); err != nil {
						return nil, err
					}
				}
				if add {
					b.WriteString(prefix)
				}
				b.WriteString(line)
			}
			return b.String(), nil
		}),
}}

func init() {
	lang.RegisterModule("textwrap", "Python's textwrap: wrap, fill, shorten, dedent and indent.",
		func() *lang.Module { return textwrapModule })
}
