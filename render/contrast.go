package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MinContrast is the WCAG 2 AA contrast ratio for normal text, which every
// colour pair kael shows (here and in the REPL) must reach.
const MinContrast = 4.5

// Contrast returns the WCAG 2 contrast ratio (1 to 21) of two colours
// written "#RRGGBB".
func Contrast(fg, bg string) (float64, error) {
	l1, err := luminance(fg)
	if err != nil {
		return 0, err
	}
	l2, err := luminance(bg)
	if err != nil {
		return 0, err
	}
	return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05), nil
}

// luminance is the relative luminance of an sRGB colour, as WCAG 2 defines
// it.
func luminance(hex string) (float64, error) {
	s, ok := strings.CutPrefix(hex, "#")
	if !ok || len(s) != 6 {
		return 0, fmt.Errorf("colour %q is not #RRGGBB", hex)
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return 0, fmt.Errorf("colour %q is not #RRGGBB", hex)
	}
	channel := func(shift uint) float64 {
		c := float64((v>>shift)&0xff) / 255
		if c <= 0.03928 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	return 0.2126*channel(16) + 0.7152*channel(8) + 0.0722*channel(0), nil
}
