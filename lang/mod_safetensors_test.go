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
