package safetensors

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// must returns x, failing the test binary on an error from a constructor
// whose arguments are known to be good.
func must(x *tensor.Tensor, err error) *tensor.Tensor {
	if err != nil {
		panic(err)
	}
	return x
}

func sampleTensors(t *testing.T) map[string]*tensor.Tensor {
	f32 := must(tensor.FromSlice([]float32{1, -2.5, 3, 4e-8, 5, 6}, 2, 3))
	return map[string]*tensor.Tensor{
		"f32":        f32,
		"f32.t":      f32.T(), // a non-contiguous view is saved as its values
		"f64":        must(tensor.FromSlice([]float64{1.5, -7}, 2)),
		"i64":        must(tensor.FromSlice([]int64{-1, 1 << 40, 3}, 3, 1)),
		"bool":       must(tensor.FromBools([]bool{true, false, true}, 3)),
		"scalar":     must(tensor.FromSlice([]float32{9}, []int{}...)),
		"empty":      must(tensor.Zeros(tensor.Float32, 0, 4)),
		"h.0.weight": must(tensor.FromSlice([]float32{7}, 1)),
	}
}

func TestSaveLoadRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.safetensors")
	want := sampleTensors(t)
	meta := map[string]string{"format": "pt", "note": "ünïcode"}
	if err := Save(path, want, meta); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	n := binary.LittleEndian.Uint64(raw)
	if n%8 != 0 {
		t.Errorf("header length %d is not a multiple of 8", n)
	}
	got, gotMeta, err := Load(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) || gotMeta["note"] != meta["note"] || gotMeta["format"] != "pt" {
		t.Fatalf("got %d tensors, metadata %v", len(got), gotMeta)
	}
	for name, w := range want {
		g := got[name]
		if g == nil || g.DType() != w.DType() || !tensor.Equal(g, w) {
			t.Errorf("%s: got %v, want %v", name, g, w)
		}
	}
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	names := f.Names()
	for i := 1; i < len(names); i++ {
		if names[i-1] >= names[i] {
			t.Errorf("names not sorted: %v", names)
		}
	}
	// Data is laid out in name order too.
	for i := 1; i < len(f.Tensors); i++ {
		if f.Tensors[i].Begin != f.Tensors[i-1].End {
			t.Errorf("data not in name order: %+v", f.Tensors)
		}
	}
}

func TestLoadViewsTheMapping(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.safetensors")
	x := must(tensor.Arange(0, 1024, 1, tensor.Float32))
	if err := Save(path, map[string]*tensor.Tensor{"x": x}, nil); err != nil {
		t.Fatal(err)
	}
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	y, err := f.Tensor("x")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := tensor.Data[float32](y)
	if len(data) != 1024 || &data[0] != (*float32)(unsafePointer(f.m.data[f.DataOffset:])) {
		t.Fatal("float32 tensor is a copy, not a view of the mapping")
	}
	// The mapping stays alive through the tensor alone, and writes to the
	// tensor do not reach the file.
	f = nil
	runtime.GC()
	runtime.GC()
	data[3] = -1
	if v, _ := y.Item(); v != nil {
		_ = v
	}
	vals, _ := tensor.Values[float32](y)
	if vals[3] != -1 || vals[1000] != 1000 {
		t.Fatalf("got %v %v", vals[3], vals[1000])
	}
	again, _, err := Load(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := tensor.Values[float32](again["x"]); v[3] != 3 {
		t.Fatalf("a write through a loaded tensor reached the file: %v", v[3])
	}
}

func TestHandWrittenDTypes(t *testing.T) {
	// One tensor of each dtype the format has beyond the seed's four,
	// written by hand: kael's own dtype where it has one, int64 for the
	// unsigned integers it lacks.
	type entry struct {
		name, dtype string
		shape       []int
		data        []byte
	}
	entries := []entry{
		{"f16", "F16", []int{4}, le16(0x3c00, 0xc000, 0x0001, 0x7c00)}, // 1, -2, 2^-24, inf
		{"bf16", "BF16", []int{2}, le16(0x3f80, 0xc0a0)},               // 1, -5
		{"i32", "I32", []int{2}, []byte{0xff, 0xff, 0xff, 0xff, 7, 0, 0, 0}},
		{"i16", "I16", []int{1}, []byte{0xfe, 0xff}},
		{"i8", "I8", []int{2}, []byte{0x80, 5}},
		{"u8", "U8", []int{2}, []byte{0xff, 0}},
		{"u16", "U16", []int{1}, []byte{0xff, 0xff}},
		{"u32", "U32", []int{1}, []byte{0xff, 0xff, 0xff, 0xff}},
	}
	header := "{"
	var body []byte
	for i, e := range entries {
		if i > 0 {
			header += ","
		}
		header += `"` + e.name + `":{"dtype":"` + e.dtype + `","shape":` + jsonInts(e.shape) +
			`,"data_offsets":[` + itoa(len(body)) + "," + itoa(len(body)+len(e.data)) + "]}"
		body = append(body, e.data...)
	}
	header += "}"
	f, err := Parse("hand.safetensors", fileBytes(header, body))
	if err != nil {
		t.Fatal(err)
	}
	got, err := f.All(Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]float64{
		"f16": {1, -2, 1.0 / (1 << 24), inf()}, "bf16": {1, -5},
		"i32": {-1, 7}, "i16": {-2}, "i8": {-128, 5}, "u8": {255, 0}, "u16": {65535}, "u32": {4294967295},
	}
	for name, w := range want {
		g := got[name]
		vals, err := g.Float64s()
		if err != nil {
			t.Fatal(err)
		}
		wantDType := map[string]tensor.DType{"f16": tensor.Float16, "bf16": tensor.BFloat16, "i32": tensor.Int32,
			"i16": tensor.Int16, "i8": tensor.Int8, "u8": tensor.Uint8, "u16": tensor.Int64, "u32": tensor.Int64}[name]
		if g.DType() != wantDType {
			t.Errorf("%s: dtype %s, want %s", name, g.DType(), wantDType)
		}
		for i := range w {
			if vals[i] != w[i] {
				t.Errorf("%s: got %v, want %v", name, vals, w)
				break
			}
		}
	}
}

func TestProgress(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.safetensors")
	if err := Save(path, sampleTensors(t), nil); err != nil {
		t.Fatal(err)
	}
	var calls int
	var last, total int64
	if _, _, err := Load(path, Options{Progress: func(done, tot int64) { calls++; last, total = done, tot }}); err != nil {
		t.Fatal(err)
	}
	if calls != len(sampleTensors(t)) || last != total || total == 0 {
		t.Errorf("progress: %d calls, last %d of %d", calls, last, total)
	}
}

func TestSaveRefuses(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.safetensors")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	x := must(tensor.FromSlice([]float32{1}, 1))
	for name, ts := range map[string]map[string]*tensor.Tensor{
		"reserved name": {"__metadata__": x},
		"nil tensor":    {"x": nil},
	} {
		if err := Save(path, ts, nil); err == nil {
			t.Errorf("%s: saved", name)
		}
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("a failed save changed the file: %q", b)
	}
	if err := Save(filepath.Join(dir, "no", "such", "dir"), map[string]*tensor.Tensor{"x": x}, nil); err == nil {
		t.Error("saved into a missing directory")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func TestValidation(t *testing.T) {
	entry := func(name, dtype, shape string, b, e int) string {
		return `"` + name + `":{"dtype":"` + dtype + `","shape":` + shape + `,"data_offsets":[` + itoa(b) + `,` + itoa(e) + `]}`
	}
	huge := make([]byte, 8)
	binary.LittleEndian.PutUint64(huge, MaxHeaderSize+1)
	past := make([]byte, 16)
	binary.LittleEndian.PutUint64(past, 100)
	tests := []struct {
		name string
		file []byte
		want string // in the error
	}{
		{"too short", []byte{1, 2, 3}, "too short"},
		{"header too large", huge, "larger than the limit"},
		{"header past the end", past, "past the end"},
		{"not json", fileBytes(`{"a":`, nil), "not JSON"},
		{"not an object", fileBytes(`[1,2]   `, nil), "not a JSON object"},
		{"invalid utf-8", fileBytes("{\"\xff\":1}", nil), "UTF-8"},
		{"trailing text", fileBytes(`{} x`, nil), "after its JSON"},
		{"duplicate", fileBytes("{"+entry("a", "F32", "[1]", 0, 4)+","+entry("a", "F32", "[1]", 4, 8)+"}", make([]byte, 8)), `"a": the name appears twice`},
		{"unknown dtype", fileBytes("{"+entry("w", "F33", "[1]", 0, 4)+"}", make([]byte, 4)), `"w": unknown dtype "F33"`},
		{"unsupported dtype", fileBytes("{"+entry("w", "U64", "[1]", 0, 8)+"}", make([]byte, 8)), `"w": dtype U64 has no kael`},
		{"size mismatch", fileBytes("{"+entry("w", "F32", "[2]", 0, 4)+"}", make([]byte, 4)), `"w": data_offsets [0, 4] hold 4 bytes, but shape [2] of F32 needs 8`},
		{"gap", fileBytes("{"+entry("a", "F32", "[1]", 0, 4)+","+entry("b", "F32", "[1]", 8, 12)+"}", make([]byte, 12)), `"b": data_offsets [8, 12] leave a gap`},
		{"overlap", fileBytes("{"+entry("a", "F32", "[2]", 0, 8)+","+entry("b", "F32", "[1]", 4, 8)+"}", make([]byte, 8)), `overlap`},
		{"buffer too long", fileBytes("{"+entry("a", "F32", "[1]", 0, 4)+"}", make([]byte, 8)), "hold 4 bytes of data but the data buffer has 8"},
		{"buffer too short", fileBytes("{"+entry("a", "F32", "[2]", 0, 8)+"}", make([]byte, 4)), "hold 8 bytes of data but the data buffer has 4"},
		{"reversed offsets", fileBytes("{"+entry("a", "F32", "[0]", 4, 0)+"}", nil), "not a byte range"},
		{"count overflow", fileBytes(`{"a":{"dtype":"F32","shape":[4294967296,4294967296],"data_offsets":[0,0]}}`, nil), "more elements than fit"},
		{"bytes overflow", fileBytes(`{"a":{"dtype":"F64","shape":[4611686018427387904],"data_offsets":[0,0]}}`, nil), "more bytes than fit"},
		{"negative shape", fileBytes(`{"a":{"dtype":"F32","shape":[-1],"data_offsets":[0,0]}}`, nil), `"a": entry is not`},
		{"missing dtype", fileBytes(`{"a":{"shape":[1],"data_offsets":[0,4]}}`, make([]byte, 4)), "no dtype"},
		{"missing shape", fileBytes(`{"a":{"dtype":"F32","data_offsets":[0,4]}}`, make([]byte, 4)), "no shape"},
		{"three offsets", fileBytes(`{"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4,4]}}`, make([]byte, 4)), "[begin, end]"},
		{"bad metadata", fileBytes(`{"__metadata__":{"a":1}}`, nil), "__metadata__ is not a map"},
		{"bad bool", fileBytes("{"+entry("b", "BOOL", "[2]", 0, 2)+"}", []byte{1, 2}), `"b": ValueError: bool data holds the byte 2`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bad.safetensors")
			if err := os.WriteFile(path, tt.file, 0o644); err != nil {
				t.Fatal(err)
			}
			_, _, err := Load(path, Options{})
			if err == nil {
				t.Fatal("loaded")
			}
			var se *Error
			if !errors.As(err, &se) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q: want a *safetensors.Error naming the file and containing %q", err, tt.want)
			}
		})
	}
}

func TestOpenMissingFile(t *testing.T) {
	if _, err := Open(filepath.Join(t.TempDir(), "none.safetensors")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("got %v", err)
	}
}

// FuzzParse checks that no input makes the reader panic, and that whatever
// it accepts it can turn into tensors that save and load back equal.
func FuzzParse(f *testing.F) {
	f.Add(fileBytes(`{"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}}`, make([]byte, 4)))
	f.Add(fileBytes(`{"__metadata__":{"k":"v"},"b":{"dtype":"BOOL","shape":[2],"data_offsets":[0,2]},"c":{"dtype":"F16","shape":[1],"data_offsets":[2,4]}}`, []byte{1, 0, 0, 0x3c}))
	f.Add(fileBytes(`{"a":{"dtype":"I8","shape":[2,1],"data_offsets":[0,2]},"z":{"dtype":"F64","shape":[],"data_offsets":[2,10]}}`, make([]byte, 10)))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse("fuzz", data)
		if err != nil {
			return
		}
		ts, err := file.All(Options{})
		if err != nil {
			return
		}
		path := filepath.Join(t.TempDir(), "f.safetensors")
		if err := Save(path, ts, file.Metadata); err != nil {
			t.Fatalf("cannot save what was loaded: %v", err)
		}
		back, _, err := Load(path, Options{})
		if err != nil {
			t.Fatalf("cannot load what was saved: %v", err)
		}
		for name, x := range ts {
			if !tensor.Equal(back[name], x) && !hasNaN(x) {
				t.Fatalf("%s changed in a round trip", name)
			}
		}
	})
}

// TestMarshalIsTheFileSaveWrites checks that Marshal returns exactly the
// bytes Save writes, and that Parse reads them back.
func TestMarshalIsTheFileSaveWrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.safetensors")
	ts := sampleTensors(t)
	meta := map[string]string{"format": "pt"}
	if err := Save(path, ts, meta); err != nil {
		t.Fatal(err)
	}
	onDisk, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Marshal(ts, meta)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(onDisk) {
		t.Fatalf("Marshal gave %d bytes that differ from the %d Save wrote", len(got), len(onDisk))
	}
	f, err := Parse("marshalled", got)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Names()) != len(ts) {
		t.Fatalf("parsed %d tensors, want %d", len(f.Names()), len(ts))
	}
	if _, err := Marshal(map[string]*tensor.Tensor{"__metadata__": ts["f32"]}, nil); err == nil {
		t.Fatal("Marshal accepted the reserved name __metadata__")
	}
}
