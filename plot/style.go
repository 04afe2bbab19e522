package plot

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// cycle is matplotlib's default colour cycle (tab10): the n-th line of an
// axes without a colour of its own gets cycle[n%10].
var cycle = []string{"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
	"#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"}

// namedColours are the colour names matplotlib code uses most: the
// one-letter codes of format strings, the base names and the tab: names.
var namedColours = map[string]string{
	"b": "#1f77b4", "g": "#2ca02c", "r": "#d62728", "c": "#17becf", "m": "#e377c2",
	"y": "#bcbd22", "k": "#000000", "w": "#ffffff",
	"blue": "#0000ff", "green": "#008000", "red": "#ff0000", "cyan": "#00ffff",
	"magenta": "#ff00ff", "yellow": "#ffff00", "black": "#000000", "white": "#ffffff",
	"orange": "#ffa500", "purple": "#800080", "brown": "#a52a2a", "pink": "#ffc0cb",
	"gray": "#808080", "grey": "#808080", "olive": "#808000", "navy": "#000080",
	"tab:blue": cycle[0], "tab:orange": cycle[1], "tab:green": cycle[2], "tab:red": cycle[3],
	"tab:purple": cycle[4], "tab:brown": cycle[5], "tab:pink": cycle[6], "tab:gray": cycle[7],
	"tab:olive": cycle[8], "tab:cyan": cycle[9],
}

// ParseColour reads a colour as matplotlib writes it: a name ("red",
// "tab:blue"), a one-letter code ("r"), "#rrggbb" or "#rrggbbaa", or
// "C0".."C9" for the colour cycle.
func ParseColour(s string) (color.Color, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	if hex, ok := namedColours[name]; ok {
		name = hex
	}
	if len(name) == 2 && name[0] == 'c' && name[1] >= '0' && name[1] <= '9' {
		name = cycle[name[1]-'0']
	}
	if strings.HasPrefix(name, "#") && (len(name) == 7 || len(name) == 9) {
		v, err := strconv.ParseUint(name[1:], 16, 32)
		if err == nil {
			if len(name) == 7 {
				v = v<<8 | 0xff
			}
			return color.NRGBA{R: uint8(v >> 24), G: uint8(v >> 16), B: uint8(v >> 8), A: uint8(v)}, nil
		}
	}
	return nil, fmt.Errorf("%q is not a colour: use a name such as 'red' or 'tab:blue', a letter such as 'r', or '#rrggbb'", s)
}

func mustColour(s string) color.Color {
	c, err := ParseColour(s)
	if err != nil {
		panic(err)
	}
	return c
}

// Marker is the shape drawn at each point of a line or scatter.
type Marker string

// The markers of format strings and marker=.
const (
	NoMarker Marker = ""
	Circle   Marker = "o"
	Point    Marker = "."
	Square   Marker = "s"
	Triangle Marker = "^"
	Cross    Marker = "x"
	Plus     Marker = "+"
	Diamond  Marker = "D"
)

// glyph returns the gonum glyph of a marker.
func (m Marker) glyph() draw.GlyphDrawer {
	switch m {
	case Square:
		return draw.BoxGlyph{}
	case Triangle:
		return draw.PyramidGlyph{}
	case Cross:
		return draw.CrossGlyph{}
	case Plus:
		return draw.PlusGlyph{}
	case Diamond:
		return draw.SquareGlyph{}
	}
	return draw.CircleGlyph{}
}

// LineStyle is how a line is stroked.
type LineStyle string

// The line styles of format strings and linestyle=.
const (
	NoLine  LineStyle = "None"
	Solid   LineStyle = "-"
	Dashed  LineStyle = "--"
	Dotted  LineStyle = ":"
	DashDot LineStyle = "-."
)

// dashes returns the dash pattern of a line style for a line of width w.
func (s LineStyle) dashes(w vg.Length) []vg.Length {
	switch s {
	case Dashed:
		return []vg.Length{3.7 * w, 1.6 * w}
	case Dotted:
		return []vg.Length{w, 1.65 * w}
	case DashDot:
		return []vg.Length{6.4 * w, 1.6 * w, w, 1.6 * w}
	}
	return nil
}

// ParseLineStyle reads linestyle=: '-', '--', ':', '-.', their names
// ('solid', 'dashed', 'dotted', 'dashdot') or 'None' / ”.
func ParseLineStyle(s string) (LineStyle, error) {
	switch s {
	case "-", "solid":
		return Solid, nil
	case "--", "dashed":
		return Dashed, nil
	case ":", "dotted":
		return Dotted, nil
	case "-.", "dashdot":
		return DashDot, nil
	case "", "None", "none", " ":
		return NoLine, nil
	}
	return "", fmt.Errorf("%q is not a line style: use '-', '--', ':' or '-.'", s)
}

// ParseMarker reads marker=: one of o . s ^ x + D, or 'None' / ”.
func ParseMarker(s string) (Marker, error) {
	switch m := Marker(s); m {
	case Circle, Point, Square, Triangle, Cross, Plus, Diamond:
		return m, nil
	case "", "None", "none":
		return NoMarker, nil
	}
	return "", fmt.Errorf("%q is not a marker: use one of o . s ^ x + D", s)
}

// Format is a parsed format string such as 'r--' or 'bo': each part is
// empty when the string does not give it.
type Format struct {
	Colour string
	Marker Marker
	Line   LineStyle
}

// ParseFormat reads a matplotlib format string: an optional colour letter,
// marker and line style in any order ('r--', 'o', 'g-o', 'k:'), or, as
// matplotlib's _process_plot_format tries first, a colour alone ('purple',
// 'tab:blue', '#ff8800', 'C2'). A marker without a line style draws
// markers only, as in matplotlib.
func ParseFormat(s string) (Format, error) {
	var f Format
	if len(s) > 1 {
		if _, err := ParseColour(s); err == nil {
			return Format{Colour: s}, nil
		}
	}
	rest := s
	for rest != "" {
		switch {
		case strings.HasPrefix(rest, "--"), strings.HasPrefix(rest, "-."):
			if f.Line != "" {
				return Format{}, fmt.Errorf("format string %q has two line styles", s)
			}
			f.Line = LineStyle(rest[:2])
			rest = rest[2:]
			continue
		case rest[0] == '-' || rest[0] == ':':
			if f.Line != "" {
				return Format{}, fmt.Errorf("format string %q has two line styles", s)
			}
			f.Line = LineStyle(rest[:1])
		case strings.ContainsRune("bgrcmykw", rune(rest[0])):
			if f.Colour != "" {
				return Format{}, fmt.Errorf("format string %q has two colours", s)
			}
			f.Colour = rest[:1]
		case strings.ContainsRune("o.s^x+D", rune(rest[0])):
			if f.Marker != "" {
				return Format{}, fmt.Errorf("format string %q has two markers", s)
			}
			f.Marker = Marker(rest[:1])
		default:
			return Format{}, fmt.Errorf("format string %q: %q is not a colour (bgrcmykw), marker (o.s^x+D) or line style (- -- : -.)", s, rest[:1])
		}
		rest = rest[1:]
	}
	if f.Line == "" && f.Marker != "" {
		f.Line = NoLine
	}
	return f, nil
}
