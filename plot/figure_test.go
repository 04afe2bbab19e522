package plot

import (
	"bytes"
	"encoding/xml"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

func TestParseFormat(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Format
		err  string
	}{
		{"", Format{}, ""},
		{"r--", Format{Colour: "r", Line: Dashed}, ""},
		{"o", Format{Marker: Circle, Line: NoLine}, ""},
		{"g-o", Format{Colour: "g", Line: Solid, Marker: Circle}, ""},
		{"k:", Format{Colour: "k", Line: Dotted}, ""},
		{"b-.", Format{Colour: "b", Line: DashDot}, ""},
		{".-", Format{Marker: Point, Line: Solid}, ""},
		{"purple", Format{Colour: "purple"}, ""},
		{"tab:blue", Format{Colour: "tab:blue"}, ""},
		{"#ff8800", Format{Colour: "#ff8800"}, ""},
		{"C2", Format{Colour: "C2"}, ""},
		{"purple-", Format{}, `"p" is not a colour`},
		{"rz", Format{}, `"z" is not a colour`},
		{"rg", Format{}, "two colours"},
		{"--:", Format{}, "two line styles"},
	} {
		got, err := ParseFormat(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseFormat(%q) error = %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseFormat(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
}

func TestParseColour(t *testing.T) {
	for _, tc := range []struct {
		in      string
		r, g, b uint8
		ok      bool
	}{
		{"r", 0xd6, 0x27, 0x28, true},
		{"red", 0xff, 0, 0, true},
		{"tab:blue", 0x1f, 0x77, 0xb4, true},
		{"C1", 0xff, 0x7f, 0x0e, true},
		{"#102030", 0x10, 0x20, 0x30, true},
		{"#10203", 0, 0, 0, false},
		{"reddish", 0, 0, 0, false},
	} {
		c, err := ParseColour(tc.in)
		if !tc.ok {
			if err == nil {
				t.Errorf("ParseColour(%q) = %v, want an error", tc.in, c)
			}
			continue
		}
		r, g, b, _ := c.RGBA()
		if err != nil || uint8(r>>8) != tc.r || uint8(g>>8) != tc.g || uint8(b>>8) != tc.b {
			t.Errorf("ParseColour(%q) = %v, %v", tc.in, c, err)
		}
	}
}

func TestAxesModel(t *testing.T) {
	vec, _ := tensor.FromValue([]any{1.0, 4.0, 9.0})
	col, _ := tensor.FromValue([]any{[]any{1.0}, []any{2.0}})
	mat, _ := tensor.FromValue([]any{[]any{1.0, 2.0}, []any{3.0, 4.0}})
	for _, tc := range []struct {
		name  string
		add   func(a *Axes) error
		check func(t *testing.T, a *Axes)
		err   string
	}{
		{"plot y only", func(a *Axes) error { _, err := a.Plot(nil, []float64{3, 1, 2}, LineOptions{}); return err },
			func(t *testing.T, a *Axes) {
				l := a.Series[0].(*Line)
				if len(l.X) != 3 || l.X[2] != 2 || l.Style != Solid || l.Marker != NoMarker || l.Width != 1.5 {
					t.Errorf("line = %+v", l)
				}
			}, ""},
		{"plot a tensor with a format", func(a *Axes) error {
			_, err := a.Plot([]int{0, 1, 2}, vec, LineOptions{Format: "ro", Label: "loss"})
			return err
		}, func(t *testing.T, a *Axes) {
			l := a.Series[0].(*Line)
			r, _, _, _ := l.Colour.RGBA()
			if l.Y[2] != 9 || l.Style != NoLine || l.Marker != Circle || r>>8 != 0xd6 || l.label() != "loss" {
				t.Errorf("line = %+v", l)
			}
		}, ""},
		{"a column vector is a series", func(a *Axes) error { _, err := a.Plot(nil, col, LineOptions{}); return err },
			func(t *testing.T, a *Axes) {
				if l := a.Series[0].(*Line); len(l.Y) != 2 || l.Y[1] != 2 {
					t.Errorf("line = %+v", l)
				}
			}, ""},
		{"the colour cycle", func(a *Axes) error {
			a.Plot(nil, []float64{1}, LineOptions{})
			_, err := a.Plot(nil, []float64{1}, LineOptions{})
			return err
		}, func(t *testing.T, a *Axes) {
			if c := a.Series[1].(*Line).Colour; c != mustColour(cycle[1]) {
				t.Errorf("second line colour = %v", c)
			}
		}, ""},
		{"x and y lengths differ", func(a *Axes) error { _, err := a.Plot([]int{1}, []int{1, 2}, LineOptions{}); return err }, nil, "same length"},
		{"a matrix is not a series", func(a *Axes) error { _, err := a.Plot(nil, mat, LineOptions{}); return err }, nil, "one dimension"},
		{"bad linestyle", func(a *Axes) error { _, err := a.Plot(nil, []int{1}, LineOptions{LineStyle: "~"}); return err }, nil, "line style"},
		{"scatter", func(a *Axes) error {
			_, err := a.Scatter([]float64{1, 2}, []float64{3, 4}, ScatterOptions{Colour: "k", Marker: "x"})
			return err
		}, func(t *testing.T, a *Axes) {
			if s := a.Series[0].(*Scatter); s.Size != 36 || s.Marker != Cross {
				t.Errorf("scatter = %+v", s)
			}
		}, ""},
		{"named bars", func(a *Axes) error { _, err := a.Bar([]string{"a", "b"}, []int{3, 5}, BarOptions{}); return err },
			func(t *testing.T, a *Axes) {
				b := a.Series[0].(*Bars)
				if b.X[1] != 1 || b.Width != 0.8 || len(a.xTickLabels) != 2 {
					t.Errorf("bars = %+v", b)
				}
			}, ""},
		{"bar lengths differ", func(a *Axes) error { _, err := a.Bar([]int{1, 2}, []int{3}, BarOptions{}); return err }, nil, "must match"},
		{"hist", func(a *Axes) error { _, err := a.Hist([]float64{0, 1, 1, 2, 3, 4}, HistOptions{Bins: 4}); return err },
			func(t *testing.T, a *Axes) {
				h := a.Series[0].(*Hist)
				want := []float64{1, 2, 1, 2}
				if len(h.Counts) != 4 || len(h.Edges) != 5 || h.Edges[0] != 0 || h.Edges[4] != 4 {
					t.Fatalf("hist = %+v", h)
				}
				for i, n := range want {
					if h.Counts[i] != n {
						t.Errorf("counts = %v, want %v", h.Counts, want)
						break
					}
				}
			}, ""},
		{"hist of nothing", func(a *Axes) error { _, err := a.Hist([]float64{}, HistOptions{}); return err }, nil, "empty"},
		{"hist bins", func(a *Axes) error { _, err := a.Hist([]float64{1}, HistOptions{Bins: -1}); return err }, nil, "bins must be"},
		{"imshow a tensor", func(a *Axes) error { _, err := a.Imshow(mat, ImageOptions{CMap: "gray"}); return err },
			func(t *testing.T, a *Axes) {
				im := a.Series[0].(*Image)
				if im.M.Rows != 2 || im.M.Cols != 2 || im.VMin != 1 || im.VMax != 4 {
					t.Errorf("image = %+v", im)
				}
			}, ""},
		{"imshow a constant", func(a *Axes) error { _, err := a.Imshow([][]float64{{2, 2}}, ImageOptions{}); return err },
			func(t *testing.T, a *Axes) {
				if im := a.Series[0].(*Image); im.VMin != 1.5 || im.VMax != 2.5 {
					t.Errorf("image = %+v", im)
				}
			}, ""},
		{"imshow a ragged image", func(a *Axes) error { _, err := a.Imshow([][]float64{{1, 2}, {3}}, ImageOptions{}); return err }, nil, "row 1"},
		{"imshow a vector", func(a *Axes) error { _, err := a.Imshow(vec, ImageOptions{}); return err }, nil, "(rows, cols)"},
		{"unknown colour map", func(a *Axes) error { _, err := a.Imshow(mat, ImageOptions{CMap: "jet"}); return err }, nil, "viridis"},
		{"colorbar without image", func(a *Axes) error { return a.Colorbar(nil) }, nil, "imshow first"},
		{"equal limits", func(a *Axes) error { return a.SetXLim(1, 1) }, nil, "equal"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := &Axes{}
			err := tc.add(a)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, a)
		})
	}
}

func TestFigureSize(t *testing.T) {
	for _, tc := range []struct {
		w, h   float64
		pw, ph int
		ok     bool
	}{
		{0, 0, 640, 480, true}, {3, 2, 300, 200, true}, {-1, 2, 0, 0, false}, {1, 1000, 0, 0, false},
	} {
		f, err := New(tc.w, tc.h)
		if !tc.ok {
			if err == nil {
				t.Errorf("New(%g, %g) succeeded", tc.w, tc.h)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		img := decodePNG(t, f)
		if b := img.Bounds(); b.Dx() != tc.pw || b.Dy() != tc.ph {
			t.Errorf("New(%g, %g) renders %v, want %dx%d", tc.w, tc.h, b, tc.pw, tc.ph)
		}
	}
	if _, err := (&Figure{}).Subplots(0, 2); err == nil {
		t.Error("Subplots(0, 2) succeeded")
	}
}

func decodePNG(t *testing.T, f *Figure) image.Image {
	t.Helper()
	data, err := f.PNG()
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// box is the bounding box of the pixels that match.
func box(img image.Image, match func(r, g, b uint32) bool) (image.Rectangle, int) {
	var out image.Rectangle
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if match(r>>8, g>>8, bl>>8) {
				n++
				out = out.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return out, n
}

func pureRed(r, g, b uint32) bool  { return r > 200 && g < 60 && b < 60 }
func pureBlue(r, g, b uint32) bool { return b > 200 && r < 60 && g < 60 }

// topRedInColumns returns the highest red pixel's y in columns [x0, x1).
func topIn(img image.Image, x0, x1 int, match func(r, g, b uint32) bool) int {
	top := img.Bounds().Max.Y
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := x0; x < x1; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if match(r>>8, g>>8, b>>8) && y < top {
				top = y
			}
		}
	}
	return top
}

func TestRenderLine(t *testing.T) {
	f, _ := New(4, 3)
	ax := f.Current()
	if _, err := ax.Plot([]float64{0, 1, 2, 3}, []float64{0, 1, 2, 3}, LineOptions{Colour: "red", Label: "up"}); err != nil {
		t.Fatal(err)
	}
	ax.Title, ax.Legend, ax.Grid = "loss", true, true
	img := decodePNG(t, f)
	b, n := box(img, pureRed)
	if n < 100 || b.Dx() < 200 || b.Dy() < 120 {
		t.Fatalf("red line covers %v (%d pixels) of a 400x300 image", b, n)
	}
	// The line rises: red at the left of its box is lower than at the right.
	left, right := topIn(img, b.Min.X, b.Min.X+20, pureRed), topIn(img, b.Max.X-60, b.Max.X-40, pureRed)
	if left <= right {
		t.Errorf("the rising line's top is at y=%d on the left and y=%d on the right", left, right)
	}
}

func TestRenderBars(t *testing.T) {
	f, _ := New(4, 3)
	if _, err := f.Current().Bar([]string{"a", "b"}, []float64{1, 3}, BarOptions{Colour: "blue"}); err != nil {
		t.Fatal(err)
	}
	img := decodePNG(t, f)
	b, n := box(img, pureBlue)
	if n < 1000 {
		t.Fatalf("the bars have %d blue pixels", n)
	}
	mid := (b.Min.X + b.Max.X) / 2
	left, right := topIn(img, b.Min.X, mid, pureBlue), topIn(img, mid, b.Max.X, pureBlue)
	if right >= left {
		t.Errorf("the taller right bar tops at y=%d, the left one at y=%d", right, left)
	}
	// Between the bars (0.8 wide at 0 and 1) is a gap.
	if _, gap := box(cropped(img, mid-2, mid+2), pureBlue); gap != 0 {
		t.Errorf("%d blue pixels between the bars", gap)
	}
}

func cropped(img image.Image, x0, x1 int) image.Image {
	return img.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(image.Rect(x0, img.Bounds().Min.Y, x1, img.Bounds().Max.Y))
}

func TestRenderHeatmap(t *testing.T) {
	f, _ := New(4, 4)
	ax := f.Current()
	// A gray image: row 0 is [0, 1] (black, white), row 1 is [1, 0].
	im, err := ax.Imshow([][]float64{{0, 1}, {1, 0}}, ImageOptions{CMap: "gray"})
	if err != nil {
		t.Fatal(err)
	}
	if err := ax.Colorbar(im); err != nil {
		t.Fatal(err)
	}
	img := decodePNG(t, f)
	black := func(r, g, b uint32) bool { return r < 20 && g < 20 && b < 20 }
	bb, n := box(img, black)
	if n < 2000 {
		t.Fatalf("%d black pixels", n)
	}
	// The black cells are top-left and bottom-right: the pixel at the
	// middle of the top-left quarter of their box is black, the top-right
	// white.
	q := func(fx, fy float64) (uint32, uint32, uint32) {
		r, g, b, _ := img.At(bb.Min.X+int(fx*float64(bb.Dx())), bb.Min.Y+int(fy*float64(bb.Dy()))).RGBA()
		return r >> 8, g >> 8, b >> 8
	}
	if r, g, b := q(0.2, 0.2); !black(r, g, b) {
		t.Errorf("top-left cell is (%d, %d, %d), want black", r, g, b)
	}
	if r, _, _ := q(0.6, 0.2); r < 200 {
		t.Errorf("top-right cell has red %d, want white", r)
	}
}

func TestSubplotsAndSave(t *testing.T) {
	f, _ := New(0, 0)
	axes, err := f.Subplots(1, 2)
	if err != nil {
		t.Fatal(err)
	}
	axes[0].Plot(nil, []float64{1, 2}, LineOptions{Colour: "red"})
	axes[1].Plot(nil, []float64{1, 2}, LineOptions{Colour: "blue"})
	img := decodePNG(t, f)
	rb, _ := box(img, pureRed)
	bb, _ := box(img, pureBlue)
	if rb.Max.X >= bb.Min.X {
		t.Errorf("left axes' red line %v overlaps the right axes' blue one %v", rb, bb)
	}
	if f.String() != "<Figure size 640x480 with 2 Axes>" {
		t.Errorf("String() = %q", f.String())
	}
	dir := t.TempDir()
	if err := f.Save(filepath.Join(dir, "a.png")); err != nil {
		t.Fatal(err)
	}
	if err := f.Save(filepath.Join(dir, "a.svg")); err != nil {
		t.Fatal(err)
	}
	svg, _ := os.ReadFile(filepath.Join(dir, "a.svg"))
	var root struct {
		XMLName xml.Name
		Width   string `xml:"width,attr"`
	}
	if err := xml.Unmarshal(svg, &root); err != nil || root.XMLName.Local != "svg" || root.Width != "460.8pt" {
		t.Errorf("SVG root = %+v, %v", root, err)
	}
	if !strings.Contains(string(svg), "stroke:#0000FF") {
		t.Error("the SVG has no blue stroke")
	}
	if err := f.Save(filepath.Join(dir, "a.jpg")); err == nil || !strings.Contains(err.Error(), ".png and .svg") {
		t.Errorf("Save(.jpg) = %v", err)
	}
}

func TestRenderRefusesNaN(t *testing.T) {
	f, _ := New(0, 0)
	f.Current().Plot(nil, []float64{1, nanValue(), 2}, LineOptions{})
	if _, err := f.PNG(); err == nil || !strings.Contains(err.Error(), "point 1") {
		t.Errorf("PNG() error = %v", err)
	}
}

func nanValue() float64 { var z float64; return z / z }
