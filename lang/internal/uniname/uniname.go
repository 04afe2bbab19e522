// Package uniname is the names of Unicode characters as CPython's
// unicodedata gives them: the scanner's \N{name} escapes and the
// unicodedata module share it, so that the language's syntax needs no
// library. The names are golang.org/x/text's (Unicode 15.0; CPython 3.11
// has 14.0), with the names CPython gives by rule (CJK unified
// ideographs, Hangul syllables; not Tangut ideographs, which CPython 3.11
// leaves unnamed) spelled out. Name aliases (NameAliases.txt:
// \N{LINE FEED}) are not held.
package uniname

import (
	"fmt"
	"strings"
	"sync"

	"golang.org/x/text/unicode/runenames"
)

// Name is r's name in the Unicode database, or "" when it has none.
func Name(r rune) string {
	n := runenames.Name(r)
	if !strings.HasPrefix(n, "<") {
		return n
	}
	switch {
	case r >= 0xAC00 && r <= 0xD7A3:
		return hangulName(r)
	case strings.HasPrefix(n, "<CJK Ideograph"):
		return fmt.Sprintf("CJK UNIFIED IDEOGRAPH-%X", r)
	}
	return ""
}

// Lookup returns the character called name, as unicodedata.lookup and
// \N{name} find it: an ordinary name in any case; a name given by rule
// (HANGUL SYLLABLE GA, CJK UNIFIED IDEOGRAPH-4E00) as CPython's _getcode
// reads it, in capitals, the ideograph's code in four or five hex digits.
func Lookup(name string) (rune, bool) {
	for _, prefix := range []string{"HANGUL SYLLABLE ", "CJK UNIFIED IDEOGRAPH-"} {
		if rest, ok := strings.CutPrefix(name, prefix); ok {
			return byRule(prefix, rest)
		}
	}
	r, ok := byName()[strings.ToUpper(name)]
	return r, ok
}

// byRule finds the character of a name given by rule, prefix and rest.
func byRule(prefix, rest string) (rune, bool) {
	if prefix == "HANGUL SYLLABLE " {
		for r := rune(0xAC00); r <= 0xD7A3; r++ {
			if hangulName(r) == prefix+rest {
				return r, true
			}
		}
		return 0, false
	}
	if len(rest) != 4 && len(rest) != 5 {
		return 0, false
	}
	var r rune
	for _, c := range rest {
		switch {
		case c >= '0' && c <= '9':
			r = r*16 + c - '0'
		case c >= 'A' && c <= 'F':
			r = r*16 + c - 'A' + 10
		default:
			return 0, false
		}
	}
	return r, Name(r) == fmt.Sprintf("%s%X", prefix, r)
}

// The jamo of a Hangul syllable's name (Unicode's chapter 3.12).
var (
	hangulL = strings.Split("G GG N D DD R M B BB S SS  J JJ C K T P H", " ")
	hangulV = strings.Split("A AE YA YAE EO E YEO YE O WA WAE OE YO U WEO WE WI YU EU YI I", " ")
	hangulT = strings.Split(" G GG GS N NJ NH D L LG LM LB LS LT LP LH M B BS S SS NG J C K T P H", " ")
)

func hangulName(r rune) string {
	i := int(r - 0xAC00)
	return "HANGUL SYLLABLE " + hangulL[i/(21*28)] + hangulV[i%(21*28)/28] + hangulT[i%28]
}

// namedRanges are the code points whose ordinary names byName holds: the
// planes with named characters (0 and 1), the CJK compatibility
// ideographs of plane 2 and the tags and variation selectors of plane 14.
// The rest of planes 2 and 3 are ideographs named by rule (byRule reads
// those), the others unassigned or private use.
var namedRanges = [][2]rune{{0, 0x1FFFF}, {0x2F800, 0x2FA1F}, {0xE0000, 0xE01EF}}

// byName maps each ordinary name of namedRanges to its character; built
// once, when first asked.
var byName = sync.OnceValue(func() map[string]rune {
	m := map[string]rune{}
	for _, rg := range namedRanges {
		for r := rg[0]; r <= rg[1]; r++ {
			if n := runenames.Name(r); n != "" && !strings.HasPrefix(n, "<") { // not by rule, nor a control's <control>
				m[n] = r
			}
		}
	}
	return m
})
