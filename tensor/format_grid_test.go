package tensor

import (
	"strings"
	"testing"
)

func TestFormatGrid(t *testing.T) {
	grid := func(rows [][]string) string {
		var s []string
		for _, r := range rows {
			if r == nil {
				s = append(s, "<skip>")
				continue
			}
			s = append(s, strings.Join(r, " "))
		}
		return strings.Join(s, "/")
	}
	for _, tc := range []struct {
		shape []int
		want  string
		ok    bool
	}{
		{nil, "1.", true},
		{[]int{3}, "1. 1. 1.", true},
		{[]int{2, 3}, "1. 1. 1./1. 1. 1.", true},
		{[]int{0, 3}, "", true},
		{[]int{2000}, "1. 1. 1. ... 1. 1. 1.", true},
		{[]int{1000, 10000}, "1. 1. 1. ... 1. 1. 1./1. 1. 1. ... 1. 1. 1./1. 1. 1. ... 1. 1. 1./<skip>/1. 1. 1. ... 1. 1. 1./1. 1. 1. ... 1. 1. 1./1. 1. 1. ... 1. 1. 1.", true},
		{[]int{2, 30}, strings.TrimSuffix(strings.Repeat("1. ", 30), " ") + "/" + strings.TrimSuffix(strings.Repeat("1. ", 30), " "), true},
		{[]int{2, 2, 2}, "", false},
	} {
		x, err := Ones(Float32, tc.shape...)
		if err != nil {
			t.Fatal(err)
		}
		rows, ok := FormatGrid(x, DefaultPrintOptions)
		if got := grid(rows); got != tc.want || ok != tc.ok {
			t.Errorf("shape %v: %q %v, want %q %v", tc.shape, got, ok, tc.want, tc.ok)
		}
	}
	// Values use the number style of the text form, and views read the
	// right elements.
	x, _ := FromSlice([]float64{0.5, 1, 2, 3}, 2, 2)
	xt, _ := x.Transpose(0, 1)
	rows, _ := FormatGrid(xt, DefaultPrintOptions)
	if got := grid(rows); got != "0.5000 2.0000/1.0000 3.0000" {
		t.Errorf("transposed: %q", got)
	}
}
