package tensor

import (
	"runtime"
	"testing"
	"unsafe"
)

func TestFromBytes(t *testing.T) {
	backing := make([]float32, 6)
	for i := range backing {
		backing[i] = float32(i)
	}
	raw := unsafe.Slice((*byte)(unsafe.Pointer(&backing[0])), 24)
	released := make(chan struct{})
	owner := new(int)
	runtime.AddCleanup(owner, func(ch chan struct{}) { close(ch) }, released)
	x, err := FromBytes(raw, Float32, []int{2, 3}, owner)
	if err != nil {
		t.Fatal(err)
	}
	owner = nil
	runtime.GC()
	select {
	case <-released:
		t.Fatal("the keep-alive was released while the tensor lives")
	default:
	}
	backing[4] = 40 // the tensor views the bytes
	if v, _ := x.T().Contiguous(); v.String() == "" {
		t.Fatal("empty format")
	}
	got, _ := Values[float32](x)
	if got[4] != 40 || got[5] != 5 {
		t.Fatalf("got %v", got)
	}
	runtime.KeepAlive(x)

	tests := []struct {
		name  string
		data  []byte
		d     DType
		shape []int
	}{
		{"short", raw[:20], Float32, []int{2, 3}},
		{"misaligned", raw[1:17], Float32, []int{4}},
		{"bad bool", []byte{0, 1, 2}, Bool, []int{3}},
		{"negative", raw, Float32, []int{-6}},
	}
	for _, tt := range tests {
		if _, err := FromBytes(tt.data, tt.d, tt.shape, nil); err == nil {
			t.Errorf("%s: accepted", tt.name)
		}
	}
	if e, err := FromBytes(nil, Int64, []int{0, 3}, nil); err != nil || e.Numel() != 0 {
		t.Errorf("empty: %v %v", e, err)
	}
}
