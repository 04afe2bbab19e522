package tensor

import (
	"testing"
	"unsafe"
)

func TestDataPtrOfViews(t *testing.T) {
	for _, d := range DTypes {
		x, err := Zeros(d, 2, 3)
		if err != nil {
			t.Fatal(err)
		}
		base := x.DataPtr()
		if base == 0 || base != x.StorageDataPtr() {
			t.Fatalf("%s: data_ptr %#x, storage %#x", d, base, x.StorageDataPtr())
		}
		row, _ := x.Select(0, 1)
		col, _ := x.Select(1, 2)
		tr, _ := x.Transpose(0, 1)
		for _, tt := range []struct {
			name   string
			view   *Tensor
			offset int
		}{{"row 1", row, 3}, {"column 2", col, 2}, {"transpose", tr, 0}, {"detach", x.Detach(), 0}} {
			if got := tt.view.DataPtr() - base; got != uintptr(tt.offset*d.Size()) {
				t.Errorf("%s %s: data_ptr is base+%d, want base+%d", d, tt.name, got, tt.offset*d.Size())
			}
			if tt.view.StorageDataPtr() != base || tt.view.StorageNbytes() != 6*d.Size() {
				t.Errorf("%s %s: storage %#x of %d bytes, want %#x of %d", d, tt.name, tt.view.StorageDataPtr(), tt.view.StorageNbytes(), base, 6*d.Size())
			}
		}
		c, _ := tr.Contiguous()
		if c.DataPtr() == base {
			t.Errorf("%s: a contiguous copy has the original's address", d)
		}
	}
}

func TestDataPtrIsTheElementsAddress(t *testing.T) {
	x := mustTensor(t, []float64{1, 2, 3}, 3)
	data, err := Data[float64](x)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := x.DataPtr(), uintptr(unsafe.Pointer(&data[0])); got != want {
		t.Errorf("data_ptr %#x, the first element is at %#x", got, want)
	}
	tail, _ := x.Slice(0, 1, 3, 1)
	if got, want := tail.DataPtr(), uintptr(unsafe.Pointer(&data[1])); got != want {
		t.Errorf("x[1:].data_ptr %#x, element 1 is at %#x", got, want)
	}
}

func TestDataPtrOfEmpty(t *testing.T) {
	x, _ := Zeros(Float32, 0)
	if x.DataPtr() != 0 || x.StorageNbytes() != 0 {
		t.Errorf("empty tensor: data_ptr %#x, %d bytes", x.DataPtr(), x.StorageNbytes())
	}
}

func TestEmptyTensorsAreContiguous(t *testing.T) {
	x, _ := Zeros(Float32, 0, 3)
	tr, _ := x.Transpose(0, 1)
	if !tr.IsContiguous() {
		t.Error("a transposed empty tensor should be contiguous, as in PyTorch")
	}
	y, _ := Zeros(Float32, 2, 3)
	ty, _ := y.Transpose(0, 1)
	if ty.IsContiguous() {
		t.Error("a transposed 2x3 tensor is not contiguous")
	}
}
