// Package plot is kael's pyplot: a figure model in the shape of
// matplotlib's (a figure holds a grid of axes; an axes holds lines, scatter
// points, bars, histograms and images with a title, labels, limits, a grid
// and a legend) rendered to PNG and SVG by gonum.org/v1/plot. It knows
// tensors but not the language: lang's matplotlib module, the front ends
// (which show a figure as an image) and Go notebooks all build on it.
//
// The uses it is designed for are loss curves (Axes.Plot of a list of
// numbers, with a label and a legend) and attention heatmaps (Axes.Imshow
// of a (rows, cols) tensor with a colour map and a colour bar).
package plot

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"path/filepath"
	"strings"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/kael-dev/kael/internal/atomicfile"
)

// DPI is the resolution of PNG output: a 6.4×4.8 inch figure (the default
// size, as in matplotlib) is 640×480 pixels.
const DPI = 100

// The default and the largest figure size, in inches.
const (
	DefaultWidth, DefaultHeight = 6.4, 4.8
	MaxInches                   = 50
)

// Figure is a figure: a grid of axes drawn together on one canvas.
type Figure struct {
	Width, Height float64 // in inches
	Rows, Cols    int
	axes          []*Axes
	current       int
}

// New returns a figure of the given size in inches (0, 0 for the default
// 6.4×4.8) with one axes.
func New(width, height float64) (*Figure, error) {
	if width == 0 && height == 0 {
		width, height = DefaultWidth, DefaultHeight
	}
	if !(width > 0 && width <= MaxInches && height > 0 && height <= MaxInches) {
		return nil, fmt.Errorf("figsize (%g, %g) is out of range: each side is between 0 and %d inches", width, height, MaxInches)
	}
	f := &Figure{Width: width, Height: height}
	_, err := f.Subplots(1, 1)
	return f, err
}

// MaxSubplots bounds rows×cols of Subplots.
const MaxSubplots = 100

// Subplots replaces the figure's axes with a rows×cols grid of empty axes
// and returns them row by row.
func (f *Figure) Subplots(rows, cols int) ([]*Axes, error) {
	if rows < 1 || cols < 1 || rows*cols > MaxSubplots {
		return nil, fmt.Errorf("subplots(%d, %d): the grid needs at least one row and one column and at most %d axes", rows, cols, MaxSubplots)
	}
	f.Rows, f.Cols, f.current = rows, cols, 0
	f.axes = make([]*Axes, rows*cols)
	for i := range f.axes {
		f.axes[i] = &Axes{}
	}
	return append([]*Axes(nil), f.axes...), nil
}

// Axes returns the figure's axes row by row.
func (f *Figure) Axes() []*Axes { return append([]*Axes(nil), f.axes...) }

// Current returns the current axes: the first, or the last one made
// current by SetCurrent.
func (f *Figure) Current() *Axes { return f.axes[f.current] }

// SetCurrent makes ax the current axes when it belongs to f.
func (f *Figure) SetCurrent(ax *Axes) bool {
	for i, a := range f.axes {
		if a == ax {
			f.current = i
			return true
		}
	}
	return false
}

// Pixels returns the size of the PNG image.
func (f *Figure) Pixels() (w, h int) {
	return int(math.Round(f.Width * DPI)), int(math.Round(f.Height * DPI))
}

// String describes the figure as matplotlib's repr does.
func (f *Figure) String() string {
	w, h := f.Pixels()
	return fmt.Sprintf("<Figure size %dx%d with %d Axes>", w, h, len(f.axes))
}

// Image renders the figure to an image of Pixels() size.
func (f *Figure) Image() (image.Image, error) {
	c := vgimg.NewWith(vgimg.UseWH(vg.Length(f.Width)*vg.Inch, vg.Length(f.Height)*vg.Inch), vgimg.UseDPI(DPI))
	if err := f.draw(draw.New(c)); err != nil {
		return nil, err
	}
	return c.Image(), nil
}

// PNG renders the figure as a PNG image.
func (f *Figure) PNG() ([]byte, error) {
	img, err := f.Image()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// SVG renders the figure as an SVG document.
func (f *Figure) SVG() ([]byte, error) {
	c := vgsvg.New(vg.Length(f.Width)*vg.Inch, vg.Length(f.Height)*vg.Inch)
	if err := f.draw(draw.New(c)); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Save writes the figure to path, as PNG or SVG by its extension.
func (f *Figure) Save(path string) error {
	var data []byte
	var err error
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".png":
		data, err = f.PNG()
	case ".svg":
		data, err = f.SVG()
	default:
		return fmt.Errorf("savefig(%q): kael writes .png and .svg files, not %q", path, ext)
	}
	if err != nil {
		return err
	}
	// Atomically: a full disk or a failing write leaves a file already at
	// path as it was, rather than cut short.
	if err := atomicfile.Write(path, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
		return &FileError{Path: path, Err: err}
	}
	return nil
}

// FileError is Save's error writing the file (as opposed to drawing the
// figure or naming a format kael does not write): Err is the operating
// system's, a *fs.PathError for a full disk or a missing directory.
type FileError struct {
	Path string
	Err  error
}

func (e *FileError) Error() string { return "savefig: " + e.Err.Error() }

func (e *FileError) Unwrap() error { return e.Err }

// NotDrawn is the note every front end shows, under a figure's repr, for a
// figure that cannot be drawn: "(the figure cannot be drawn: reason)".
func NotDrawn(err error) string {
	return "(the figure cannot be drawn: " + err.Error() + ")"
}

// draw lays the axes out on a grid and draws each, turning a panic in the
// plotting library (it panics on some bad data) into an error.
func (f *Figure) draw(dc draw.Canvas) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("drawing the figure failed: %v", r)
		}
	}()
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	plots := make([][]*gplot.Plot, f.Rows)
	for r := range plots {
		plots[r] = make([]*gplot.Plot, f.Cols)
		for c := range plots[r] {
			p, err := f.axes[r*f.Cols+c].build()
			if err != nil {
				return err
			}
			plots[r][c] = p
		}
	}
	tiles := draw.Tiles{Rows: f.Rows, Cols: f.Cols, PadX: vg.Points(12), PadY: vg.Points(12),
		PadTop: vg.Points(6), PadBottom: vg.Points(6), PadLeft: vg.Points(6), PadRight: vg.Points(10)}
	canvases := gplot.Align(plots, tiles, dc)
	for r := range plots {
		for c, p := range plots[r] {
			cell := canvases[r][c]
			ax := f.axes[r*f.Cols+c]
			if ax.colourBar != nil {
				w := cell.Max.X - cell.Min.X
				bar := draw.Crop(cell, w*0.86, 0, 0, 0)
				cell = draw.Crop(cell, 0, -w*0.16, 0, 0)
				ax.colourBar.drawBar(bar)
			}
			p.Draw(cell)
		}
	}
	return nil
}

// drawBar draws the colour bar of an image on c.
func (im *Image) drawBar(c draw.Canvas) {
	p := gplot.New()
	p.Add(&plotter.ColorBar{ColorMap: im.colourMap(), Vertical: true})
	p.HideX()
	p.Y.Padding = 0
	p.Draw(c)
}

// SmallImage returns the image of a figure that shows one matrix of at
// most maxRows×maxCols cells and nothing else (one axes, one image), and
// that axes: a heatmap small enough that a terminal can show its numbers
// in place of a picture.
func (f *Figure) SmallImage(maxRows, maxCols int) (*Image, *Axes, bool) {
	if len(f.axes) != 1 || len(f.axes[0].Series) != 1 {
		return nil, nil, false
	}
	im, ok := f.axes[0].Series[0].(*Image)
	if !ok || im.M.Rows > maxRows || im.M.Cols > maxCols {
		return nil, nil, false
	}
	return im, f.axes[0], true
}
