package lang

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/cases"
)

// str.casefold, str.maketrans and str.translate.

// strCaseFolder is Unicode's full case folding, as str.casefold applies
// it ('ß' folds to 'ss').
var strCaseFolder = cases.Fold()

func init() {
	defMethod("str", "casefold(self)", "The string case-folded for caseless matching: lower() and more ('Straße'.casefold() is 'strasse').", func(a *Args) (Value, error) {
		return strCaseFolder.String(a.Value("self").(string)), nil
	})
	defClassFunction("str", "maketrans(x, y=None, z=None)", "A table for str.translate: a dict of characters (or code points) to strings, code points or None; or two strings of equal length mapping character to character, and a third whose characters map to None.", func(a *Args) (Value, error) {
		table := NewDict()
		if a.IsNone("y") {
			d, ok := a.Value("x").(*Dict)
			if !ok {
				return nil, Errorf(TypeError, "if you give only one argument to maketrans it must be a dict")
			}
			d.sync()
			for i, k := range d.keys {
				key := k
				if s, isStr := k.(string); isStr {
					if utf8.RuneCountInString(s) != 1 {
						return nil, Errorf(ValueError, "string keys in translate table must be of length 1")
					}
					r, _ := utf8.DecodeRuneInString(s)
					key = int64(r)
				} else if !IsInt(k) {
					return nil, Errorf(TypeError, "keys in translate table must be strings or integers")
				}
				if err := table.Set(key, d.vals[i]); err != nil {
					return nil, err
				}
			}
			return table, nil
		}
		x, ok1 := a.Value("x").(string)
		y, ok2 := a.Value("y").(string)
		if !ok1 || !ok2 {
			return nil, Errorf(TypeError, "maketrans() argument 2 must be str, not %s", TypeName(a.Value("y")))
		}
		xs, ys := []rune(x), []rune(y)
		if len(xs) != len(ys) {
			return nil, Errorf(ValueError, "the first two maketrans arguments must have equal length")
		}
		for i, r := range xs {
			_ = table.Set(int64(r), int64(ys[i]))
		}
		if !a.IsNone("z") {
			z, ok := a.Value("z").(string)
			if !ok {
				return nil, Errorf(TypeError, "maketrans() argument 3 must be str, not %s", TypeName(a.Value("z")))
			}
			for _, r := range z {
				_ = table.Set(int64(r), None)
			}
		}
		return table, nil
	})
	defMethod("str", "translate(self, table)", "The string with each character c replaced by table[ord(c)]: a string, a code point, or None to delete it; characters the table lacks (a LookupError) stay.", func(a *Args) (Value, error) {
		s := a.Value("self").(string)
		table := a.Value("table")
		var out strings.Builder
		for _, r := range s {
			v, err := Index(table, []Subscript{{Value: int64(r)}})
			if err != nil {
				if e, ok := err.(*Error); ok && (e.Kind == KeyError || e.Kind == IndexError || e.Kind == LookupError) {
					out.WriteRune(r)
					continue
				}
				return nil, err
			}
			switch x := v.(type) {
			case NoneType:
			case string:
				out.WriteString(x)
			default:
				n, ok := AsInt(v)
				if !ok || isTensor(v) {
					return nil, Errorf(TypeError, "character mapping must return integer, None or str")
				}
				if n < 0 || n > utf8.MaxRune {
					return nil, Errorf(ValueError, "character mapping must be in range(0x110000)")
				}
				out.WriteRune(rune(n))
			}
		}
		return out.String(), nil
	})
}
