package repl

import (
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/kael-dev/kael/render"
)

// TestColourContrast checks every REPL colour against light and dark
// terminal backgrounds (issue 15: the hint's cyan had 2.0:1 on white).
func TestColourContrast(t *testing.T) {
	light := []string{"#FFFFFF", "#F5F5F5", "#FDF6E3"}           // white, light grey, Solarized light
	dark := []string{"#000000", "#1E1E1E", "#282C34", "#002B36"} // black, VS Code, One Dark, Solarized dark
	for name, c := range map[string]lipgloss.AdaptiveColor{
		"dim": dimColour, "error": errorColour, "hint": hintColour, "prompt": promptColour,
	} {
		for _, pair := range []struct {
			fg  string
			bgs []string
		}{{c.Light, light}, {c.Dark, dark}} {
			for _, bg := range pair.bgs {
				r, err := render.Contrast(pair.fg, bg)
				if err != nil || r < render.MinContrast {
					t.Errorf("%s %s on %s: contrast %.2f (%v), want at least %.1f", name, pair.fg, bg, r, err, render.MinContrast)
				}
			}
		}
	}
}

func TestDarkBackground(t *testing.T) {
	tests := []struct {
		env  map[string]string
		dark bool
	}{
		{nil, true},
		{map[string]string{"COLORFGBG": "15;0"}, true},
		{map[string]string{"COLORFGBG": "0;15"}, false},
		{map[string]string{"COLORFGBG": "0;default;15"}, false},
		{map[string]string{"COLORFGBG": "0;15", "KAEL_BACKGROUND": "dark"}, true},
		{map[string]string{"KAEL_BACKGROUND": "light"}, false},
	}
	for _, tt := range tests {
		if got := darkBackground(func(k string) string { return tt.env[k] }); got != tt.dark {
			t.Errorf("%v: dark %v, want %v", tt.env, got, tt.dark)
		}
	}
}
