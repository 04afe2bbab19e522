package numpy

import "testing"

// FuzzLoadNpy feeds the .npy reader any bytes: it never panics, and what
// it accepts writes back to a file it reads as the same array.
func FuzzLoadNpy(f *testing.F) {
	for _, s := range []string{
		"\x93NUMPY\x01\x00v\x00{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }                                                          \n\x00\x00\x00\x00\x00\x00\xf0?\x00\x00\x00\x00\x00\x00\x00@",
		"\x93NUMPY\x01\x00\x10\x00{'descr': '|b1'}",
		"\x93NUMPY\x02\x00\x00\x00\x00\x00",
		"\x93NUMPY\x01\x00F\x00{'descr': '<i8', 'fortran_order': True, 'shape': (2, 1, 99999999999), }",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		arr, err := decodeNpy(data)
		if err != nil {
			return
		}
		out, err := encodeNpy(arr)
		if err != nil {
			t.Fatalf("cannot write back %v: %v", arr.Shape(), err)
		}
		again, err := decodeNpy(out)
		if err != nil {
			t.Fatalf("reading back: %v", err)
		}
		a, _ := encodeNpy(again)
		if string(a) != string(out) {
			t.Fatalf("round trip changed the file")
		}
	})
}
