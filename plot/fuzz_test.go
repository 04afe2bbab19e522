package plot

import (
	"strings"
	"testing"
)

// FuzzParseStyle checks that format strings, colours, line styles and
// markers from users either parse or fail with an error, never a panic,
// and that a parsed format names only known parts (its colour a letter,
// or the whole string, a colour).
func FuzzParseStyle(f *testing.F) {
	for _, s := range []string{"r--", "o", "g-o", "k:", "b-.", "#ff00ff", "tab:blue", "C3", "--:", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if ft, err := ParseFormat(s); err == nil {
			if ft.Colour != "" && !strings.Contains("bgrcmykw", ft.Colour) && ft.Colour != s {
				t.Errorf("ParseFormat(%q) colour %q", s, ft.Colour)
			}
			if _, err := ParseColour(ft.Colour); ft.Colour != "" && err != nil {
				t.Errorf("ParseFormat(%q) gave colour %q that ParseColour refuses: %v", s, ft.Colour, err)
			}
		}
		ParseColour(s)
		ParseLineStyle(s)
		ParseMarker(s)
		lookupColourMap(s)
	})
}
