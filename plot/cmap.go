package plot

import (
	"fmt"
	"image/color"
	"math"
	"sort"
	"strings"

	"gonum.org/v1/plot/palette"
)

// colourStops are matplotlib's colour maps sampled at evenly spaced points
// (the perceptually uniform ones at ten points, from matplotlib's tables);
// a value between two samples gets the colour between them.
var colourStops = map[string][]string{
	"viridis":  {"#440154", "#482878", "#3e4989", "#31688e", "#26828e", "#1f9e89", "#35b779", "#6ece58", "#b5de2b", "#fde725"},
	"plasma":   {"#0d0887", "#46039f", "#7201a8", "#9c179e", "#bd3786", "#d8576b", "#ed7953", "#fb9f3a", "#fdca26", "#f0f921"},
	"inferno":  {"#000004", "#1b0c41", "#4a0c6b", "#781c6d", "#a52c60", "#cf4446", "#ed6925", "#fb9b06", "#f7d13d", "#fcffa4"},
	"magma":    {"#000004", "#180f3d", "#440f76", "#721f81", "#9e2f7f", "#cd4071", "#f1605d", "#fd9668", "#feca8d", "#fcfdbf"},
	"gray":     {"#000000", "#ffffff"},
	"hot":      {"#0b0000", "#ff0000", "#ffff00", "#ffffff"},
	"coolwarm": {"#3b4cc0", "#6282ea", "#8db0fe", "#b8d0f9", "#dcdddd", "#f5c4ad", "#f49a7b", "#e26952", "#b40426"},
	"Blues":    {"#f7fbff", "#deebf7", "#c6dbef", "#9ecae1", "#6baed6", "#4292c6", "#2171b5", "#08519c", "#08306b"},
	"Reds":     {"#fff5f0", "#fee0d2", "#fcbba1", "#fc9272", "#fb6a4a", "#ef3b2c", "#cb181d", "#a50f15", "#67000d"},
}

// ColourMaps lists the colour map names imshow's cmap= takes; each also
// has a reversed form with the suffix _r ("gray_r").
func ColourMaps() []string {
	names := make([]string, 0, len(colourStops)+1)
	for n := range colourStops {
		names = append(names, n)
	}
	names = append(names, "grey")
	sort.Strings(names)
	return names
}

// colourMap is a palette.ColorMap made of evenly spaced colour stops.
type colourMap struct {
	stops    []color.NRGBA
	min, max float64
	alpha    float64
}

var _ palette.ColorMap = (*colourMap)(nil)

// ColourMap returns the named colour map over [0, 1].
func ColourMap(name string) (palette.ColorMap, error) {
	return lookupColourMap(name)
}

func lookupColourMap(name string) (*colourMap, error) {
	base, reversed := strings.CutSuffix(name, "_r")
	if base == "grey" {
		base = "gray"
	}
	hexes, ok := colourStops[base]
	if !ok {
		return nil, fmt.Errorf("%q is not a colour map: kael has %s", name, strings.Join(ColourMaps(), ", "))
	}
	m := &colourMap{max: 1, alpha: 1}
	for _, h := range hexes {
		m.stops = append(m.stops, mustColour(h).(color.NRGBA))
	}
	if reversed {
		for i, j := 0, len(m.stops)-1; i < j; i, j = i+1, j-1 {
			m.stops[i], m.stops[j] = m.stops[j], m.stops[i]
		}
	}
	return m, nil
}

func (m *colourMap) At(v float64) (color.Color, error) {
	if math.IsNaN(v) {
		return nil, palette.ErrNaN
	}
	t := 0.0
	if m.max > m.min {
		t = (v - m.min) / (m.max - m.min)
	}
	if t < 0 {
		return m.stops[0], palette.ErrUnderflow
	}
	if t > 1 {
		return m.stops[len(m.stops)-1], palette.ErrOverflow
	}
	pos := t * float64(len(m.stops)-1)
	i := int(pos)
	if i >= len(m.stops)-1 {
		i = len(m.stops) - 2
	}
	f := pos - float64(i)
	a, b := m.stops[i], m.stops[i+1]
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-f) + float64(y)*f)) }
	return color.NRGBA{R: mix(a.R, b.R), G: mix(a.G, b.G), B: mix(a.B, b.B), A: uint8(math.Round(255 * m.alpha))}, nil
}

func (m *colourMap) Max() float64                  { return m.max }
func (m *colourMap) SetMax(v float64)              { m.max = v }
func (m *colourMap) Min() float64                  { return m.min }
func (m *colourMap) SetMin(v float64)              { m.min = v }
func (m *colourMap) Alpha() float64                { return m.alpha }
func (m *colourMap) SetAlpha(a float64)            { m.alpha = a }
func (m *colourMap) Palette(n int) palette.Palette { return colourMapPalette{m, n} }

// colourMapPalette is n colours sampled evenly from a colour map.
type colourMapPalette struct {
	m *colourMap
	n int
}

func (p colourMapPalette) Colors() []color.Color {
	out := make([]color.Color, p.n)
	for i := range out {
		t := 0.0
		if p.n > 1 {
			t = float64(i) / float64(p.n-1)
		}
		out[i], _ = p.m.At(p.m.min + t*(p.m.max-p.m.min))
	}
	return out
}
