package syntax

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// tabWidth is the tab stop used when displaying source lines.
const tabWidth = 4

// Snippet returns the source line on which span starts, prefixed by its line
// number, and under it a line of carets marking the span's columns on that
// line:
//
//	1 | y = x + tensr(1)
//	  |         ^^^^^
//
// Tabs are expanded to stops every 4 columns in both lines; a span reaching
// past its first line is marked to the end of that line; an empty span gets
// one caret. The result has no trailing newline; it is "" if span is
// invalid.
func Snippet(src string, span Span) string {
	if !span.Start.IsValid() {
		return ""
	}
	start := min(max(span.Start.Offset, 0), len(src))
	end := min(max(span.End.Offset, start), len(src))
	lineStart := start
	for lineStart > 0 && !isLineBreak(src[lineStart-1]) {
		lineStart--
	}
	lineEnd := start
	for lineEnd < len(src) && !isLineBreak(src[lineEnd]) {
		lineEnd++
	}
	end = min(end, lineEnd)

	// Expand the line, noting the display columns where the span starts
	// and ends.
	var text strings.Builder
	col, startCol, endCol := 0, -1, -1
	line := src[lineStart:lineEnd]
	for i := 0; ; {
		if startCol < 0 && lineStart+i >= start {
			startCol = col
		}
		if endCol < 0 && lineStart+i >= end {
			endCol = col
		}
		if i >= len(line) {
			break
		}
		r, n := utf8.DecodeRuneInString(line[i:])
		switch {
		case r == '\t':
			w := tabWidth - col%tabWidth
			text.WriteString(strings.Repeat(" ", w))
			col += w
		case r == utf8.RuneError && n == 1:
			text.WriteRune(utf8.RuneError)
			col++
		default:
			text.WriteString(line[i : i+n])
			col++
		}
		i += n
	}
	num := strconv.Itoa(span.Start.Line)
	margin := strings.Repeat(" ", len(num))
	return num + " | " + text.String() + "\n" +
		margin + " | " + strings.Repeat(" ", startCol) + strings.Repeat("^", max(endCol-startCol, 1))
}

func isLineBreak(c byte) bool { return c == '\n' || c == '\r' }

// Suggest returns the candidate most similar to name, for a "did you mean"
// hint, or "" if none is close enough. Similarity is the Damerau-Levenshtein
// distance (insertions, deletions, substitutions and swaps of adjacent
// characters), which may be at most 1 for names of 2 to 4 characters and 2
// for longer ones; a candidate differing from name only in case always
// qualifies. Ties go to the alphabetically first candidate.
func Suggest(name string, candidates []string) string {
	limit := min((utf8.RuneCountInString(name)+1)/3, 2)
	best, bestDist := "", limit+1
	sorted := append([]string(nil), candidates...)
	sort.Strings(sorted)
	for _, c := range sorted {
		if c == name {
			continue
		}
		d := distance([]rune(name), []rune(c), limit)
		if strings.EqualFold(c, name) {
			d = 0
		}
		if d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// distance returns the optimal string alignment distance between a and b,
// or limit+1 if it is more than limit.
func distance(a, b []rune, limit int) int {
	if abs(len(a)-len(b)) > limit {
		return limit + 1
	}
	// d[i][j] is the distance between a[:i] and b[:j]; three rows suffice.
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], limit+1)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
