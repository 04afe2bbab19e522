package lang

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/tensor"
)

// execOK runs src in s and fails the test on an error.
func execOK(t *testing.T, s *Session, src string) Value {
	t.Helper()
	r := s.Exec(context.Background(), "", src)
	if r.Err != nil {
		t.Fatalf("%s\n%s: %s", src, r.Err.Kind, r.Err.Msg)
	}
	return r.Value
}

func TestSafetensorsRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.safetensors")
	s := NewSession(IO{})
	execOK(t, s, `from safetensors.torch import load_file, save_file
d = {"w": torch.arange(6.0).reshape(2, 3), "b": torch.tensor([1, -2], dtype=torch.int64),
     "m": torch.tensor([True, False]), "f64": torch.tensor([0.1], dtype=torch.float64),
     "t": torch.arange(6.0).reshape(2, 3).T, "s": torch.tensor(3.5)}
save_file(d, `+strconv.Quote(path)+`, metadata={"format": "pt"})
e = load_file(`+strconv.Quote(path)+`)`)
	runCellsIn(t, s, []cell{
		{"list(e.keys())", "['b', 'f64', 'm', 's', 't', 'w']"},
		{"all(torch.equal(d[k], e[k]) and d[k].dtype == e[k].dtype for k in d)", "True"},
		{"e['t'].tolist(), e['s'].shape", "([[0.0, 3.0], [1.0, 4.0], [2.0, 5.0]], torch.Size([]))"},
		{"e['w'][0, 0] = 7.0\nload_file(" + strconv.Quote(path) + ")['w'][0, 0].item()", "0.0"},
	})
}

// runCellsIn runs the cells one after another in s, checking each outcome.
func runCellsIn(t *testing.T, s *Session, cells []cell) {
	t.Helper()
	for _, c := range cells {
		if got := cellOutcome(s, c.src); !matches(got, c.want) {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

func TestSafetensorsErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.safetensors")
	if err := os.WriteFile(bad, []byte("\x10\x00\x00\x00\x00\x00\x00\x00{\"a\": 1}        "), 0o644); err != nil {
		t.Fatal(err)
	}
	short := filepath.Join(dir, "short.safetensors")
	if err := os.WriteFile(short, []byte("\x40\x00\x00\x00\x00\x00\x00\x00{\"a\":{\"dtype\":\"F32\",\"shape\":[4],\"data_offsets\":[0,16]}}      "), 0o644); err != nil {
		t.Fatal(err)
	}
	q := strconv.Quote
	imp := "from safetensors.torch import load_file, save_file\n"
	runCells(t, []cell{
		{imp + "load_file(" + q(filepath.Join(dir, "none.safetensors")) + ")", "FileNotFoundError: No such file or directory: '" + filepath.Join(dir, "none.safetensors") + "'"},
		{imp + "load_file(" + q(bad) + ")", "~SafetensorError: safetensors: " + bad},
		{imp + "load_file(" + q(short) + ")", "~SafetensorError: safetensors: " + short},
		{imp + "load_file(" + q(dir) + ")", "~Error"},
		{imp + "load_file(3)", "~TypeError"},
		{imp + "load_file(" + q(bad) + ", device='cuda')", "~" + cudaRefusal(t)},
		{imp + "save_file({'a': [1]}, " + q(filepath.Join(dir, "o")) + ")", "TypeError: save_file: 'a' is a list, not a Tensor"},
		{imp + "save_file({1: torch.ones(1)}, " + q(filepath.Join(dir, "o")) + ")", "TypeError: save_file expects str keys, got 1"},
		{imp + "save_file({'a': torch.ones(1)}, " + q(filepath.Join(dir, "o")) + ", metadata={'k': 1})", "~TypeError: metadata must be a dict of str to str"},
		{imp + "save_file({'a': torch.ones(1)}, " + q(filepath.Join(dir, "no", "such", "o")) + ")", "~Error"},
		{"import safetensors\nsafetensors.load_file", "~AttributeError"},
	})
}

// TestSafetensorsTorch has PyTorch read a file the language wrote and the
// language read one PyTorch wrote, with the safetensors package's script.
func TestSafetensorsTorch(t *testing.T) {
	py := reftest.TorchPython(t)
	dir := t.TempDir()
	in, out := filepath.Join(dir, "kael.safetensors"), filepath.Join(dir, "torch.safetensors")
	s := NewSession(IO{})
	execOK(t, s, `from safetensors.torch import load_file, save_file
save_file({"a": torch.arange(12.0).reshape(3, 4) / 7, "i": torch.tensor([[-3, 4]]), "b": torch.tensor([True, False, True])}, `+strconv.Quote(in)+`)`)
	cmd := exec.Command(py, "../safetensors/testdata/torch_roundtrip.py", in, out)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	var report struct {
		Read, Written map[string]struct {
			Shape  []int     `json:"shape"`
			Values []float64 `json:"values"`
		}
	}
	if err := json.Unmarshal(stdout, &report); err != nil {
		t.Fatal(err)
	}
	if want := []float64{-3, 4}; !slices.Equal(report.Read["i"].Values, want) {
		t.Errorf("torch read i as %v, want %v", report.Read["i"].Values, want)
	}
	d, ok := execOK(t, s, "load_file("+strconv.Quote(out)+")").(*Dict)
	if !ok || d.Len() != len(report.Written) {
		t.Fatalf("load_file gave %v, want %d tensors", d, len(report.Written))
	}
	for name, want := range report.Written {
		v, _, _ := d.Get(name)
		x, ok := v.(*tensor.Tensor)
		if !ok {
			t.Errorf("%s: %v", name, v)
			continue
		}
		got, err := x.Float64s()
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(x.Shape(), want.Shape) || !slices.Equal(got, want.Values) && len(got)+len(want.Values) > 0 {
			t.Errorf("%s: %v %v, want %v %v", name, x.Shape(), got, want.Shape, want.Values)
		}
	}
}

// TestLoadProgress checks that a load past the threshold draws a bar that
// ends at its total, and that a small one draws nothing.
func TestLoadProgress(t *testing.T) {
	var shown []Value
	s := NewSession(IO{Display: func(v Value) { shown = append(shown, v) }})
	report := ProgressReporter(&Args{in: &interp{s: s}}, "loading f")
	report(10<<20, 20<<20)
	if len(shown) != 0 {
		t.Fatalf("a 20 MiB load drew %d bars", len(shown))
	}
	report(64<<20, 128<<20)
	report(128<<20, 128<<20)
	if len(shown) == 0 {
		t.Fatal("a 128 MiB load drew no bar")
	}
	bar, ok := shown[len(shown)-1].(*ProgressBar)
	if !ok || bar.n != 128 || bar.total != 128 || !bar.closed {
		t.Fatalf("last drawn %#v", shown[len(shown)-1])
	}
}

// safetensorsPyTorch is Python for Debian's PyTorch that writes (write(path,
// tensors)) and reads (read(path)) the safetensors format by hand, for
// checking kael's files against PyTorch's tensors without the safetensors
// package.
const safetensorsPyTorch = `
import json, struct, torch
CODES = {torch.float16: "F16", torch.bfloat16: "BF16", torch.float32: "F32", torch.float64: "F64", torch.int64: "I64",
         torch.int32: "I32", torch.int16: "I16", torch.int8: "I8", torch.uint8: "U8", torch.bool: "BOOL"}
def write(path, tensors):
    header, body = {}, b""
    for k, v in tensors.items():
        raw = v.contiguous().view(torch.uint8).numpy().tobytes() if v.dtype != torch.bool else v.numpy().tobytes()
        header[k] = {"dtype": CODES[v.dtype], "shape": list(v.shape), "data_offsets": [len(body), len(body) + len(raw)]}
        body += raw
    h = json.dumps(header).encode()
    open(path, "wb").write(struct.pack("<Q", len(h)) + h + body)
def read(path):
    data = open(path, "rb").read()
    n = struct.unpack("<Q", data[:8])[0]
    header = json.loads(data[8:8 + n])
    back = {c: d for d, c in CODES.items()}
    out = {}
    for k, e in header.items():
        if k == "__metadata__":
            continue
        b, end = e["data_offsets"]
        raw = bytearray(data[8 + n + b:8 + n + end])
        out[k] = torch.frombuffer(raw, dtype=back[e["dtype"]]).reshape(e["shape"]) if raw else torch.zeros(e["shape"], dtype=back[e["dtype"]])
    return out
`

// TestSafetensorsDTypesWithPyTorch round-trips a tensor of every dtype the
// format and kael share through safetensors files: PyTorch's file loads in
// kael as PyTorch prints it, and kael's file of the same tensors reads back
// in PyTorch bit for bit.
func TestSafetensorsDTypesWithPyTorch(t *testing.T) {
	debianTorch(t)
	dir := t.TempDir()
	theirs, ours := filepath.Join(dir, "torch.safetensors"), filepath.Join(dir, "kael.safetensors")
	build := "src = torch.tensor([[-1.5, 0.25, 300.0], [65519.0, -0.0, 1e-6]], dtype=torch.float64)\n" +
		"tensors = {n: src.to(getattr(torch, n)) for n in ['float16', 'bfloat16', 'float32', 'float64', 'int64', 'int32', 'int16', 'int8', 'uint8', 'bool']}\n"
	show := "for k in sorted(tensors):\n    print(k, tensors[k], tensors[k].dtype)\n"
	want := runTorchScript(t, "import torch\n"+safetensorsPyTorch+build+"write("+Repr(theirs)+", tensors)\n"+show)
	got := runKaelScript(t, "import torch\nfrom safetensors.torch import load_file, save_file\ntensors = load_file("+Repr(theirs)+")\n"+show+
		"save_file(tensors, "+Repr(ours)+")\n")
	if got != want {
		t.Errorf("kael loads PyTorch's file as\n%s\nPyTorch wrote\n%s", got, want)
	}
	check := "import torch\n" + safetensorsPyTorch + build + "back = read(" + Repr(ours) + ")\n" +
		"for k in sorted(tensors):\n    same = back[k].dtype == tensors[k].dtype and torch.equal(back[k].view(torch.uint8) if k != 'bool' else back[k], tensors[k].view(torch.uint8) if k != 'bool' else tensors[k])\n    print(k, same)\n"
	for _, line := range strings.Split(strings.TrimSpace(runTorchScript(t, check)), "\n") {
		if !strings.HasSuffix(line, " True") {
			t.Errorf("kael's file differs from PyTorch's tensors: %s", line)
		}
	}
}
