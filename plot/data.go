package plot

import (
	"fmt"

	"github.com/kael-dev/kael/tensor"
)

// Values converts the data of one series to float64s: a []float64,
// []float32, []int, []int64 or a tensor with one dimension (or more, of
// which all but one have size 1, such as a column vector).
func Values(data any) ([]float64, error) {
	switch d := data.(type) {
	case []float64:
		return append([]float64(nil), d...), nil
	case []float32:
		return convert(d), nil
	case []int:
		return convert(d), nil
	case []int64:
		return convert(d), nil
	case *tensor.Tensor:
		if d == nil {
			return nil, fmt.Errorf("the data is a nil tensor")
		}
		long := 0
		for _, s := range d.Shape() {
			if s != 1 {
				long++
			}
		}
		if long > 1 {
			return nil, fmt.Errorf("a series needs a tensor with one dimension, not shape %s", tensor.FormatShape(d.Shape()))
		}
		return d.Float64s()
	}
	return nil, fmt.Errorf("a series is a list of numbers or a tensor, not %T", data)
}

func convert[T float32 | int | int64](d []T) []float64 {
	out := make([]float64, len(d))
	for i, v := range d {
		out[i] = float64(v)
	}
	return out
}

// Matrix is a grid of values for imshow, row-major: row r, column c is
// Data[r*Cols+c]. Row 0 is drawn at the top.
type Matrix struct {
	Rows, Cols int
	Data       []float64
}

// NewMatrix converts image data: a [][]float64 with rows of one length,
// a Matrix, or a tensor with two dimensions (or three with a leading
// dimension of size 1, such as one head's attention weights).
func NewMatrix(data any) (Matrix, error) {
	switch d := data.(type) {
	case Matrix:
		if d.Rows*d.Cols != len(d.Data) || d.Rows < 1 || d.Cols < 1 {
			return Matrix{}, fmt.Errorf("a %d×%d matrix needs %d values, not %d", d.Rows, d.Cols, d.Rows*d.Cols, len(d.Data))
		}
		return d, nil
	case [][]float64:
		if len(d) == 0 || len(d[0]) == 0 {
			return Matrix{}, fmt.Errorf("an image needs at least one row and one column")
		}
		m := Matrix{Rows: len(d), Cols: len(d[0])}
		for i, row := range d {
			if len(row) != m.Cols {
				return Matrix{}, fmt.Errorf("row %d of the image has %d values, row 0 has %d", i, len(row), m.Cols)
			}
			m.Data = append(m.Data, row...)
		}
		return m, nil
	case *tensor.Tensor:
		if d == nil {
			return Matrix{}, fmt.Errorf("the image is a nil tensor")
		}
		shape := d.Shape()
		for len(shape) > 2 && shape[0] == 1 {
			shape = shape[1:]
		}
		if len(shape) != 2 || shape[0] == 0 || shape[1] == 0 {
			return Matrix{}, fmt.Errorf("imshow needs a tensor of shape (rows, cols), not %s", tensor.FormatShape(d.Shape()))
		}
		vals, err := d.Float64s()
		if err != nil {
			return Matrix{}, err
		}
		return Matrix{Rows: shape[0], Cols: shape[1], Data: vals}, nil
	}
	return Matrix{}, fmt.Errorf("an image is a list of rows of numbers or a tensor, not %T", data)
}

// grid adapts a Matrix to gonum's plotter.GridXYZ: column c is at x = c,
// row r at y = r (the y axis is inverted, so row 0 is on top).
type grid struct{ m Matrix }

func (g grid) Dims() (c, r int)   { return g.m.Cols, g.m.Rows }
func (g grid) Z(c, r int) float64 { return g.m.Data[r*g.m.Cols+c] }
func (g grid) X(c int) float64    { return float64(c) }
func (g grid) Y(r int) float64    { return float64(r) }
