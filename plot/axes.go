package plot

import (
	"fmt"
	"image/color"
	"math"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Axes is one plot of a figure: its series, in the order they were added,
// and its decorations.
type Axes struct {
	Title, XLabel, YLabel string
	// XLim and YLim, when set, fix the range of an axis.
	XLim, YLim *[2]float64
	Grid       bool
	// Legend shows the labelled series in a legend.
	Legend bool

	Series      []Series
	xTickLabels []string // names of bars given by name
	colourBar   *Image
}

// Series is one thing drawn on an axes: *Line, *Scatter, *Bars, *Hist or
// *Image.
type Series interface {
	plotters() ([]gplot.Plotter, []gplot.Thumbnailer, error)
	label() string
}

// nextColour returns the colour cycle's next colour for a new series.
func (a *Axes) nextColour() color.Color {
	n := 0
	for _, s := range a.Series {
		if _, ok := s.(*Image); !ok {
			n++
		}
	}
	return mustColour(cycle[n%len(cycle)])
}

// colour returns the colour named by name, or the cycle's next one.
func (a *Axes) colour(name string) (color.Color, error) {
	if name == "" {
		return a.nextColour(), nil
	}
	return ParseColour(name)
}

// LineOptions are the options of Axes.Plot; every field may be left zero.
type LineOptions struct {
	Format    string // a format string such as "r--" or "o"
	Colour    string
	Label     string
	Width     float64 // in points; 1.5 when 0
	LineStyle string  // overrides the format's line style
	Marker    string  // overrides the format's marker
}

// Line is a line through points, with optional markers.
type Line struct {
	X, Y   []float64
	Colour color.Color
	Width  float64
	Style  LineStyle
	Marker Marker
	Label  string
}

// Plot adds a line through the points (x[i], y[i]); a nil x plots y
// against 0, 1, 2, ... as plt.plot(y) does.
func (a *Axes) Plot(x, y any, o LineOptions) (*Line, error) {
	xs, ys, err := xyValues(x, y)
	if err != nil {
		return nil, err
	}
	f, err := ParseFormat(o.Format)
	if err != nil {
		return nil, err
	}
	if o.LineStyle != "" {
		if f.Line, err = ParseLineStyle(o.LineStyle); err != nil {
			return nil, err
		}
	}
	if o.Marker != "" {
		if f.Marker, err = ParseMarker(o.Marker); err != nil {
			return nil, err
		}
	}
	if f.Line == "" {
		f.Line = Solid
	}
	name := f.Colour
	if o.Colour != "" {
		name = o.Colour
	}
	c, err := a.colour(name)
	if err != nil {
		return nil, err
	}
	if o.Width < 0 || o.Width > 100 {
		return nil, fmt.Errorf("linewidth %g is out of range (0 to 100 points)", o.Width)
	}
	l := &Line{X: xs, Y: ys, Colour: c, Width: o.Width, Style: f.Line, Marker: f.Marker, Label: o.Label}
	if l.Width == 0 {
		l.Width = 1.5
	}
	a.Series = append(a.Series, l)
	return l, nil
}

func (l *Line) label() string { return l.Label }

func (l *Line) plotters() ([]gplot.Plotter, []gplot.Thumbnailer, error) {
	xys, err := points(l.X, l.Y)
	if err != nil {
		return nil, nil, err
	}
	var ps []gplot.Plotter
	var ts []gplot.Thumbnailer
	if l.Style != NoLine {
		line, err := plotter.NewLine(xys)
		if err != nil {
			return nil, nil, err
		}
		w := vg.Points(l.Width)
		line.LineStyle = draw.LineStyle{Color: l.Colour, Width: w, Dashes: l.Style.dashes(w)}
		ps, ts = append(ps, line), append(ts, line)
	}
	if l.Marker != NoMarker {
		s, err := plotter.NewScatter(xys)
		if err != nil {
			return nil, nil, err
		}
		s.GlyphStyle = markerStyle(l.Marker, l.Colour, 3)
		ps, ts = append(ps, s), append(ts, s)
	}
	return ps, ts, nil
}

func markerStyle(m Marker, c color.Color, radius float64) draw.GlyphStyle {
	if m == Point {
		radius /= 2.5
	}
	return draw.GlyphStyle{Color: c, Radius: vg.Points(radius), Shape: m.glyph()}
}

// ScatterOptions are the options of Axes.Scatter.
type ScatterOptions struct {
	Colour string
	Size   float64 // marker area in points², as matplotlib's s=; 36 when 0
	Marker string  // "o" when empty
	Label  string
}

// Scatter is a set of unconnected points.
type Scatter struct {
	X, Y   []float64
	Colour color.Color
	Size   float64
	Marker Marker
	Label  string
}

// Scatter adds the points (x[i], y[i]).
func (a *Axes) Scatter(x, y any, o ScatterOptions) (*Scatter, error) {
	xs, ys, err := xyValues(x, y)
	if err != nil {
		return nil, err
	}
	c, err := a.colour(o.Colour)
	if err != nil {
		return nil, err
	}
	m := Circle
	if o.Marker != "" {
		if m, err = ParseMarker(o.Marker); err != nil {
			return nil, err
		}
	}
	if o.Size < 0 || o.Size > 1e5 {
		return nil, fmt.Errorf("marker size s=%g is out of range (0 to 100000 points²)", o.Size)
	}
	s := &Scatter{X: xs, Y: ys, Colour: c, Size: o.Size, Marker: m, Label: o.Label}
	if s.Size == 0 {
		s.Size = 36
	}
	a.Series = append(a.Series, s)
	return s, nil
}

func (s *Scatter) label() string { return s.Label }

func (s *Scatter) plotters() ([]gplot.Plotter, []gplot.Thumbnailer, error) {
	xys, err := points(s.X, s.Y)
	if err != nil {
		return nil, nil, err
	}
	sc, err := plotter.NewScatter(xys)
	if err != nil {
		return nil, nil, err
	}
	sc.GlyphStyle = markerStyle(s.Marker, s.Colour, math.Sqrt(s.Size)/2)
	return []gplot.Plotter{sc}, []gplot.Thumbnailer{sc}, nil
}

// BarOptions are the options of Axes.Bar.
type BarOptions struct {
	Width  float64 // in x units; 0.8 when 0
	Colour string
	Label  string
}

// Bars is a bar chart: bar i spans X[i]±Width/2 from 0 to Heights[i].
type Bars struct {
	X, Heights []float64
	Width      float64
	Colour     color.Color
	Label      string
}

// Bar adds bars of the given heights at x: numbers, or names ([]string),
// which are placed at 0, 1, 2, ... and label the x axis.
func (a *Axes) Bar(x, heights any, o BarOptions) (*Bars, error) {
	hs, err := Values(heights)
	if err != nil {
		return nil, err
	}
	var xs []float64
	if names, ok := x.([]string); ok {
		if len(a.xTickLabels) > 0 && len(a.xTickLabels) != len(names) {
			return nil, fmt.Errorf("bar: the axes already has %d named bars, not %d", len(a.xTickLabels), len(names))
		}
		a.xTickLabels = append([]string(nil), names...)
		xs = make([]float64, len(names))
		for i := range xs {
			xs[i] = float64(i)
		}
	} else if xs, err = Values(x); err != nil {
		return nil, err
	}
	if len(xs) != len(hs) {
		return nil, fmt.Errorf("bar: x has %d values and height has %d; they must match", len(xs), len(hs))
	}
	if o.Width == 0 {
		o.Width = 0.8
	}
	if !(o.Width > 0) || math.IsInf(o.Width, 0) {
		return nil, fmt.Errorf("bar: width must be a positive number, not %g", o.Width)
	}
	c, err := a.colour(o.Colour)
	if err != nil {
		return nil, err
	}
	b := &Bars{X: xs, Heights: hs, Width: o.Width, Colour: c, Label: o.Label}
	a.Series = append(a.Series, b)
	return b, nil
}

func (b *Bars) label() string { return b.Label }

func (b *Bars) plotters() ([]gplot.Plotter, []gplot.Thumbnailer, error) {
	if len(b.X) == 0 {
		return nil, nil, nil
	}
	rings := make([]plotter.XYer, len(b.X))
	for i, x := range b.X {
		lo, hi := x-b.Width/2, x+b.Width/2
		rings[i] = plotter.XYs{{X: lo, Y: 0}, {X: hi, Y: 0}, {X: hi, Y: b.Heights[i]}, {X: lo, Y: b.Heights[i]}}
	}
	poly, err := plotter.NewPolygon(rings...)
	if err != nil {
		return nil, nil, err
	}
	poly.Color = b.Colour
	poly.LineStyle.Width = 0
	return []gplot.Plotter{poly}, []gplot.Thumbnailer{poly}, nil
}

// HistOptions are the options of Axes.Hist.
type HistOptions struct {
	Bins   int // 10 when 0
	Colour string
	Label  string
	// Density draws and returns a probability density, each count
	// divided by its bin's width and the total count, in NumPy's order
	// (np.histogram's n / db / n.sum()), so the bars' area is 1.
	Density bool
}

// MaxBins bounds the bins of a histogram.
const MaxBins = 10000

// Hist is a histogram: Counts[i] values fell in [Edges[i], Edges[i+1]).
type Hist struct {
	Counts, Edges []float64
	Colour        color.Color
	Label         string
}

// Hist adds a histogram of data in evenly spaced bins between its smallest
// and largest value.
func (a *Axes) Hist(data any, o HistOptions) (*Hist, error) {
	vs, err := Values(data)
	if err != nil {
		return nil, err
	}
	if o.Bins == 0 {
		o.Bins = 10
	}
	if o.Bins < 1 || o.Bins > MaxBins {
		return nil, fmt.Errorf("hist: bins must be between 1 and %d, not %d", MaxBins, o.Bins)
	}
	if len(vs) == 0 {
		return nil, fmt.Errorf("hist: the data is empty")
	}
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("hist: the data holds %g; histograms need finite values", v)
		}
	}
	h, err := plotter.NewHist(plotter.Values(vs), o.Bins)
	if err != nil {
		return nil, err
	}
	c, err := a.colour(o.Colour)
	if err != nil {
		return nil, err
	}
	out := &Hist{Colour: c, Label: o.Label}
	for i, bin := range h.Bins {
		out.Counts = append(out.Counts, bin.Weight)
		if i == 0 {
			out.Edges = append(out.Edges, bin.Min)
		}
		out.Edges = append(out.Edges, bin.Max)
	}
	if o.Density {
		total := 0.0
		for _, n := range out.Counts {
			total += n
		}
		for i := range out.Counts {
			out.Counts[i] = out.Counts[i] / (out.Edges[i+1] - out.Edges[i]) / total
		}
	}
	a.Series = append(a.Series, out)
	return out, nil
}

func (h *Hist) label() string { return h.Label }

func (h *Hist) plotters() ([]gplot.Plotter, []gplot.Thumbnailer, error) {
	bins := make([]plotter.HistogramBin, len(h.Counts))
	for i, n := range h.Counts {
		bins[i] = plotter.HistogramBin{Min: h.Edges[i], Max: h.Edges[i+1], Weight: n}
	}
	hist := &plotter.Histogram{Bins: bins, Width: h.Edges[1] - h.Edges[0], FillColor: h.Colour,
		LineStyle: draw.LineStyle{Color: color.White, Width: vg.Points(0.5)}}
	return []gplot.Plotter{hist}, []gplot.Thumbnailer{hist}, nil
}

// ImageOptions are the options of Axes.Imshow.
type ImageOptions struct {
	CMap string // "viridis" when empty
	// VMin and VMax fix the values mapped to the ends of the colour map;
	// nil for the data's smallest and largest value.
	VMin, VMax *float64
}

// Image is a matrix drawn as coloured cells, row 0 at the top.
type Image struct {
	M          Matrix
	CMap       string
	VMin, VMax float64
}

// Imshow adds an image of a matrix (see NewMatrix) with a colour map.
func (a *Axes) Imshow(data any, o ImageOptions) (*Image, error) {
	m, err := NewMatrix(data)
	if err != nil {
		return nil, err
	}
	if o.CMap == "" {
		o.CMap = "viridis"
	}
	if _, err := lookupColourMap(o.CMap); err != nil {
		return nil, err
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range m.Data {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if lo > hi {
		lo, hi = 0, 1
	}
	if o.VMin != nil {
		lo = *o.VMin
	}
	if o.VMax != nil {
		hi = *o.VMax
	}
	if lo > hi {
		return nil, fmt.Errorf("imshow: vmin %g is above vmax %g", lo, hi)
	}
	if lo == hi {
		lo, hi = lo-0.5, hi+0.5 // one value: the middle of the map, as matplotlib shows it
	}
	im := &Image{M: m, CMap: o.CMap, VMin: lo, VMax: hi}
	a.Series = append(a.Series, im)
	return im, nil
}

func (im *Image) label() string { return "" }

func (im *Image) colourMap() *colourMap {
	cm, _ := lookupColourMap(im.CMap) // checked by Imshow
	cm.SetMin(im.VMin)
	cm.SetMax(im.VMax)
	return cm
}

func (im *Image) plotters() ([]gplot.Plotter, []gplot.Thumbnailer, error) {
	h := plotter.NewHeatMap(grid{im.M}, im.colourMap().Palette(256))
	h.Min, h.Max = im.VMin, im.VMax
	cm := im.colourMap()
	h.Underflow, _ = cm.At(im.VMin)
	h.Overflow, _ = cm.At(im.VMax)
	h.NaN = color.Transparent
	return []gplot.Plotter{h}, nil, nil
}

// Colorbar draws a colour bar beside the axes for im, or for the axes'
// last image when im is nil.
func (a *Axes) Colorbar(im *Image) error {
	if im == nil {
		for _, s := range a.Series {
			if i, ok := s.(*Image); ok {
				im = i
			}
		}
	}
	if im == nil {
		return fmt.Errorf("colorbar: no image to show a colour bar for; call imshow first")
	}
	a.colourBar = im
	return nil
}

// SetXLim fixes the range of the x axis.
func (a *Axes) SetXLim(lo, hi float64) error { return setLim(&a.XLim, "xlim", lo, hi) }

// SetYLim fixes the range of the y axis.
func (a *Axes) SetYLim(lo, hi float64) error { return setLim(&a.YLim, "ylim", lo, hi) }

func setLim(lim **[2]float64, name string, lo, hi float64) error {
	for _, v := range []float64{lo, hi} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%s: limits must be finite, not %g", name, v)
		}
	}
	if lo == hi {
		return fmt.Errorf("%s: the limits are equal (%g); give two different values", name, lo)
	}
	*lim = &[2]float64{lo, hi}
	return nil
}

// build turns the axes into a gonum plot.
func (a *Axes) build() (*gplot.Plot, error) {
	p := gplot.New()
	p.Title.Text, p.X.Label.Text, p.Y.Label.Text = a.Title, a.XLabel, a.YLabel
	if a.Grid {
		g := plotter.NewGrid()
		g.Vertical.Color, g.Horizontal.Color = color.Gray{Y: 0xb0}, color.Gray{Y: 0xb0}
		p.Add(g)
	}
	image := false
	for _, s := range a.Series {
		ps, ts, err := s.plotters()
		if err != nil {
			return nil, err
		}
		p.Add(ps...)
		if _, ok := s.(*Image); ok {
			image = true
		}
		if a.Legend && s.label() != "" && len(ts) > 0 {
			p.Legend.Add(s.label(), ts...)
		}
	}
	p.Legend.Top = true
	if len(a.xTickLabels) > 0 {
		p.NominalX(a.xTickLabels...)
	}
	fixRange(&p.X, a.XLim, !image)
	fixRange(&p.Y, a.YLim, !image)
	if image {
		p.Y.Scale = gplot.InvertedScale{Normalizer: p.Y.Scale}
	}
	return p, nil
}

// fixRange applies a limit, or pads the data range by 5% on each side as
// matplotlib does (images fill their axes exactly).
func fixRange(ax *gplot.Axis, lim *[2]float64, pad bool) {
	switch {
	case lim != nil:
		ax.Min, ax.Max = lim[0], lim[1]
		if ax.Min > ax.Max {
			ax.Min, ax.Max = ax.Max, ax.Min
			ax.Scale = gplot.InvertedScale{Normalizer: ax.Scale}
		}
		return
	case ax.Min > ax.Max: // no data
		ax.Min, ax.Max = 0, 1
		return
	case ax.Min == ax.Max:
		ax.Min, ax.Max = ax.Min-0.5, ax.Max+0.5
		return
	}
	if pad {
		d := (ax.Max - ax.Min) * 0.05
		ax.Min, ax.Max = ax.Min-d, ax.Max+d
	}
}

// xyValues converts x and y; a nil x is 0, 1, 2, ...
func xyValues(x, y any) ([]float64, []float64, error) {
	ys, err := Values(y)
	if err != nil {
		return nil, nil, err
	}
	if x == nil {
		xs := make([]float64, len(ys))
		for i := range xs {
			xs[i] = float64(i)
		}
		return xs, ys, nil
	}
	xs, err := Values(x)
	if err != nil {
		return nil, nil, err
	}
	if len(xs) != len(ys) {
		return nil, nil, fmt.Errorf("x and y must have the same length, not %d and %d", len(xs), len(ys))
	}
	return xs, ys, nil
}

// points pairs x and y for gonum, refusing NaN and infinite values with a
// message that says which point.
func points(xs, ys []float64) (plotter.XYs, error) {
	out := make(plotter.XYs, len(xs))
	for i := range xs {
		for _, v := range []float64{xs[i], ys[i]} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("point %d is (%g, %g); plots need finite values", i, xs[i], ys[i])
			}
		}
		out[i] = plotter.XY{X: xs[i], Y: ys[i]}
	}
	return out, nil
}

// Colour is the colour of value v in the image's colour map (values
// outside VMin..VMax take the map's ends); false for NaN, which the image
// leaves blank.
func (im *Image) Colour(v float64) (color.NRGBA, bool) {
	if math.IsNaN(v) {
		return color.NRGBA{}, false
	}
	c, _ := im.colourMap().At(v) // an out-of-range value gets the end it passed
	return color.NRGBAModel.Convert(c).(color.NRGBA), true
}
