package argparse

import (
	"strings"
	"unicode"
)

// Python's textwrap.wrap and fill with their defaults, as argparse's
// help uses them on text whose whitespace is already single spaces:
// words break after a hyphen between letters, and a word longer than the
// line is cut.

// collapseSpace is re.sub(r'\s+', ' ', text, flags=re.ASCII).strip().
func collapseSpace(text string) string {
	var b strings.Builder
	space := false
	for _, r := range text {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f' {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// isLetter is textwrap's [^\d\W]: a letter or _.
func isLetter(r rune) bool { return unicode.IsLetter(r) || r == '_' }

// chunks splits text into words and spaces, a hyphenated word into its
// parts with their hyphens, as textwrap's wordsep_re.
func chunks(text string) [][]rune {
	var out [][]rune
	r := []rune(text)
	i := 0
	for i < len(r) {
		j := i
		if r[i] == ' ' {
			for j < len(r) && r[j] == ' ' {
				j++
			}
			out = append(out, r[i:j])
			i = j
			continue
		}
		for j < len(r) && r[j] != ' ' {
			j++
		}
		word := r[i:j]
		start := 0
		for k := 1; k < len(word); k++ {
			if word[k] != '-' {
				continue
			}
			before := k-start >= 2 && isLetter(word[k-1]) && isLetter(word[k-2]) ||
				k-start >= 3 && isLetter(word[k-1]) && word[k-2] == '-' && isLetter(word[k-3])
			after := k+1 < len(word) && isLetter(word[k+1]) &&
				(k+2 < len(word) && isLetter(word[k+2]) || k+3 < len(word) && word[k+2] == '-' && isLetter(word[k+3]))
			if before && after {
				out = append(out, word[start:k+1])
				start = k + 1
			}
		}
		out = append(out, word[start:])
		i = j
	}
	return out
}

// wrap is textwrap.wrap(text, width).
func wrap(text string, width int) []string { return wrapIndent(text, width, "") }

func wrapIndent(text string, width int, indent string) []string {
	rest := chunks(text)
	var lines []string
	indentLen := len([]rune(indent))
	for len(rest) > 0 {
		var line [][]rune
		curLen := 0
		w := width - indentLen
		if len(lines) > 0 && strings.TrimSpace(string(rest[0])) == "" {
			rest = rest[1:]
		}
		for len(rest) > 0 && curLen+len(rest[0]) <= w {
			line = append(line, rest[0])
			curLen += len(rest[0])
			rest = rest[1:]
		}
		if len(rest) > 0 && len(rest[0]) > w {
			spaceLeft := w - curLen
			if w < 1 {
				spaceLeft = 1
			}
			chunk := rest[0]
			end := spaceLeft
			if len(chunk) > spaceLeft {
				hyphen := strings.LastIndex(string(chunk[:spaceLeft]), "-")
				if hyphen > 0 {
					hyphen = len([]rune(string(chunk[:spaceLeft])[:hyphen]))
					if strings.Trim(string(chunk[:hyphen]), "-") != "" {
						end = hyphen + 1
					}
				}
			}
			line = append(line, chunk[:end])
			rest[0] = chunk[end:]
			if len(rest[0]) == 0 {
				rest = rest[1:]
			}
		}
		if len(line) > 0 && strings.TrimSpace(string(line[len(line)-1])) == "" {
			line = line[:len(line)-1]
		}
		if len(line) > 0 {
			var b strings.Builder
			b.WriteString(indent)
			for _, c := range line {
				b.WriteString(string(c))
			}
			lines = append(lines, b.String())
		}
	}
	return lines
}

// fill is textwrap.fill(text, width, initial_indent=indent,
// subsequent_indent=indent).
func fill(text string, width int, indent string) string {
	return strings.Join(wrapIndent(text, width, indent), "\n")
}
