// Package unicodedata is Python's unicodedata module for what programs
// use of it: normalize and is_normalized (the four forms), category,
// name and lookup, combining, decimal, bidirectional and
// east_asian_width. Its tables are Go's and golang.org/x/text's, of Unicode
// 15.0 (CPython 3.11 has 14.0): characters added in 15.0 have their
// properties here and none in CPython. decomposition, digit, numeric,
// mirrored and ucd_3_2_0 are absent.
package unicodedata

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/uniname"
)

// forms are the normalization forms by name.
var forms = map[string]norm.Form{"NFC": norm.NFC, "NFD": norm.NFD, "NFKC": norm.NFKC, "NFKD": norm.NFKD}

// formArgs reads the form and unistr arguments of normalize and
// is_normalized.
func formArgs(a *lang.Args) (norm.Form, string, error) {
	name, ok := a.Value("form").(string)
	if !ok {
		return 0, "", lang.Errorf(lang.TypeError, "%s() argument 1 must be str, not %s", a.Builtin().Name, lang.TypeName(a.Value("form")))
	}
	s, ok := a.Value("unistr").(string)
	if !ok {
		return 0, "", lang.Errorf(lang.TypeError, "%s() argument 2 must be str, not %s", a.Builtin().Name, lang.TypeName(a.Value("unistr")))
	}
	f, ok := forms[name]
	if !ok {
		return 0, "", lang.Errorf(lang.ValueError, "invalid normalization form")
	}
	return f, s, nil
}

// char reads the one-character argument chr.
func char(a *lang.Args) (rune, error) {
	v := a.Value("chr")
	s, ok := v.(string)
	if !ok || utf8.RuneCountInString(s) != 1 {
		which := "argument" // "argument 1" where a default may follow
		if a.Builtin().Name == "name" || a.Builtin().Name == "decimal" {
			which = "argument 1"
		}
		return 0, lang.Errorf(lang.TypeError, "%s() %s must be a unicode character, not %s", a.Builtin().Name, which, lang.TypeName(v))
	}
	r, _ := utf8.DecodeRuneInString(s)
	return r, nil
}

// categories are the general categories, each a table of Go's unicode.
var categories = []string{
	"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No",
	"Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So",
	"Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co",
}

// category is r's general category; Cn for a code point not assigned.
func category(r rune) string {
	for _, c := range categories {
		if unicode.Is(unicode.Categories[c], r) {
			return c
		}
	}
	return "Cn"
}

// bidiClasses are the bidirectional classes' names by x/text's class.
var bidiClasses = map[bidi.Class]string{
	bidi.L: "L", bidi.R: "R", bidi.EN: "EN", bidi.ES: "ES", bidi.ET: "ET",
	bidi.AN: "AN", bidi.CS: "CS", bidi.B: "B", bidi.S: "S", bidi.WS: "WS",
	bidi.ON: "ON", bidi.BN: "BN", bidi.NSM: "NSM", bidi.AL: "AL",
	bidi.LRO: "LRO", bidi.RLO: "RLO", bidi.LRE: "LRE", bidi.RLE: "RLE",
	bidi.PDF: "PDF", bidi.LRI: "LRI", bidi.RLI: "RLI", bidi.FSI: "FSI",
	bidi.PDI: "PDI",
}

// eastAsianWidths are the East Asian width properties' names.
var eastAsianWidths = map[width.Kind]string{
	width.Neutral: "N", width.EastAsianAmbiguous: "A", width.EastAsianWide: "W",
	width.EastAsianNarrow: "Na", width.EastAsianFullwidth: "F", width.EastAsianHalfwidth: "H",
}

// decimal is the value of r as a decimal digit (general category Nd),
// or -1: Unicode keeps each script's digits 0 to 9 contiguous, so the
// value is r's place in its run of Nd characters, modulo 10.
func decimal(r rune) int {
	if category(r) != "Nd" {
		return -1
	}
	n := 0
	for r-rune(n)-1 >= 0 && category(r-rune(n)-1) == "Nd" {
		n++
	}
	return n % 10
}

// withDefault returns v, or the default argument (*default: given or
// not) when ok is false, or raises ValueError(msg) without one.
func withDefault(a *lang.Args, v lang.Value, ok bool, msg string) (lang.Value, error) {
	d := a.Value("default").(lang.Tuple)
	if len(d) > 1 {
		return nil, lang.Errorf(lang.TypeError, "%s expected at most 2 arguments, got %d", a.Builtin().Name, 1+len(d))
	}
	if ok {
		return v, nil
	}
	if len(d) == 1 {
		return d[0], nil
	}
	return nil, lang.Errorf(lang.ValueError, "%s", msg)
}

func charFunc(sig, doc string, f func(a *lang.Args, r rune) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		r, err := char(a)
		if err != nil {
			return nil, err
		}
		return f(a, r)
	})
}

var module = map[string]lang.Value{
	"unidata_version": unicode.Version,
	"normalize": lang.NewBuiltin(lang.AsValue, "normalize(form, unistr, /)",
		"unistr in the normal form form: 'NFC', 'NFD' (canonical composition or decomposition), 'NFKC' or 'NFKD' (compatibility).",
		func(a *lang.Args) (lang.Value, error) {
			f, s, err := formArgs(a)
			if err != nil {
				return nil, err
			}
			return f.String(s), nil
		}),
	"is_normalized": lang.NewBuiltin(lang.AsValue, "is_normalized(form, unistr, /)",
		"Whether unistr is in the normal form form ('NFC', 'NFD', 'NFKC' or 'NFKD').",
		func(a *lang.Args) (lang.Value, error) {
			f, s, err := formArgs(a)
			if err != nil {
				return nil, err
			}
			return f.IsNormalString(s), nil
		}),
	"category": charFunc("category(chr, /)", "The general category of the character chr, such as 'Lu' (an upper-case letter) or 'Mn' (a non-spacing mark); 'Cn' when unassigned.",
		func(a *lang.Args, r rune) (lang.Value, error) { return category(r), nil }),
	"name": charFunc("name(chr, /, *default)", "The name of the character chr, such as 'LATIN SMALL LETTER A'; default, or ValueError, when it has none.",
		func(a *lang.Args, r rune) (lang.Value, error) {
			n := uniname.Name(r)
			return withDefault(a, n, n != "", "no such name")
		}),
	"lookup": lang.NewBuiltin(lang.AsValue, "lookup(name, /)", "The character named name (in any case); KeyError when no character has it.",
		func(a *lang.Args) (lang.Value, error) {
			n, ok := a.Value("name").(string)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "lookup() argument must be str, not %s", lang.TypeName(a.Value("name")))
			}
			r, found := uniname.Lookup(n)
			if !found {
				return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr("undefined character name '"+n+"'"))
			}
			return string(r), nil
		}),
	"combining": charFunc("combining(chr, /)", "The canonical combining class of the character chr; 0 when it combines with none.",
		func(a *lang.Args, r rune) (lang.Value, error) {
			return int64(norm.NFD.PropertiesString(string(r)).CCC()), nil
		}),
	"decimal": charFunc("decimal(chr, /, *default)", "The value of chr as a decimal digit (of any script); default, or ValueError, when it is none.",
		func(a *lang.Args, r rune) (lang.Value, error) {
			d := decimal(r)
			return withDefault(a, int64(d), d >= 0, "not a decimal")
		}),
	"bidirectional": charFunc("bidirectional(chr, /)", "The bidirectional class of the character chr, such as 'L' or 'AN'; '' when unassigned.",
		func(a *lang.Args, r rune) (lang.Value, error) {
			if category(r) == "Cn" {
				return "", nil
			}
			p, _ := bidi.LookupRune(r)
			return bidiClasses[p.Class()], nil
		}),
	"east_asian_width": charFunc("east_asian_width(chr, /)", "The East Asian width of the character chr: 'F', 'H', 'W', 'Na', 'A' or 'N'.",
		func(a *lang.Args, r rune) (lang.Value, error) {
			return eastAsianWidths[width.LookupRune(r).Kind()], nil
		}),
}

func init() {
	lang.RegisterModule("unicodedata", "The Unicode database: normalize, category, name, lookup and the other properties of characters.",
		func() *lang.Module { return &lang.Module{Attrs: module} })
}
