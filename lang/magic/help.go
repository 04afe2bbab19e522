package magic

import (
	"strings"
	"unicode"
)

// helpRequest recognises IPython's help syntax: x?, x??, ?x and ??x, where
// x is a name or a chain of attributes (x.sum, torch.nn). detail is 1 for ??.
func helpRequest(src string) (name string, detail int, ok bool) {
	s := strings.TrimSpace(src)
	if strings.Contains(s, "\n") {
		return "", 0, false
	}
	switch {
	case strings.HasSuffix(s, "??"):
		name, detail = strings.TrimSuffix(s, "??"), 1
	case strings.HasSuffix(s, "?"):
		name = strings.TrimSuffix(s, "?")
	case strings.HasPrefix(s, "??"):
		name, detail = strings.TrimPrefix(s, "??"), 1
	case strings.HasPrefix(s, "?"):
		name = strings.TrimPrefix(s, "?")
	default:
		return "", 0, false
	}
	name = strings.TrimSpace(name)
	if !isChain(name) {
		return "", 0, false
	}
	return name, detail, true
}

// isChain reports whether s is name(.name)*.
func isChain(s string) bool {
	if s == "" {
		return false
	}
	for _, part := range strings.Split(s, ".") {
		for i, r := range part {
			if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
				return false
			}
		}
		if part == "" {
			return false
		}
	}
	return true
}

// help answers x? and x?? with a page: the text inspection gives at
// detail 0 or 1. A name that is not defined says so, as IPython does.
func (sh *Shell) help(name string, detail int) Output {
	in, ok := sh.sess.Inspect(name, len([]rune(name)), detail)
	if !ok {
		return Output{Text: "Object `" + name + "` not found.\n"}
	}
	return Output{Page: in.Text + "\n"}
}

// Complete completes a magic's name: when the line up to cursor (in code
// points) is % or %% and the start of a name, it returns the magics that
// fit, with their % signs, and the runes [start, cursor) they replace.
func Complete(code string, cursor int) (matches []string, start int, ok bool) {
	runes := []rune(code)
	cursor = min(max(cursor, 0), len(runes))
	lineStart := cursor
	for lineStart > 0 && runes[lineStart-1] != '\n' {
		lineStart--
	}
	start = lineStart
	for start < cursor && (runes[start] == ' ' || runes[start] == '\t') {
		start++
	}
	word := string(runes[start:cursor])
	if !strings.HasPrefix(word, "%") || strings.ContainsAny(word, " \t") {
		return nil, 0, false
	}
	for _, m := range Magics() {
		if strings.HasPrefix(m.Name, word) {
			matches = append(matches, m.Name)
		}
	}
	return matches, start, true
}
