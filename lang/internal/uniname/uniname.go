// Package uniname is the names of Unicode characters as CPython's
// unicodedata gives them: the scanner's \N{name} escapes and the
// unicodedata module share it, so that the language's syntax needs no
// library. The names are golang.org/x/text's (Unicode 15.0; CPython 3.11
// has 14.0), with the names the database gives by rule (CJK ideographs,
// Hangul syllables, Tangut ideographs) spelled out. Name aliases
// (NameAliases.txt: \N{LINE FEED}) are not held.
package uniname

import (
	"fmt"
	"strings"
	"sync"
	"unicode"

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
	case strings.HasPrefix(n, "<Tangut Ideograph"):
		return fmt.Sprintf("TANGUT IDEOGRAPH-%X", r)
	}
	return ""
}

// Lookup returns the character called name, in any case, as
// unicodedata.lookup and \N{name} find it.
func Lookup(name string) (rune, bool) {
	r, ok := byName()[strings.ToUpper(name)]
	return r, ok
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

// byName maps each name to its character; built once, when first asked.
var byName = sync.OnceValue(func() map[string]rune {
	m := map[string]rune{}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if n := Name(r); n != "" {
			m[n] = r
		}
	}
	return m
})
