package safetensors

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/tensor"
)

type described struct {
	DType  string    `json:"dtype"`
	Shape  []int     `json:"shape"`
	Values []float64 `json:"values"`
}

// TestTorchRoundTrip has PyTorch read a file kael wrote, and kael read a
// file PyTorch wrote, in every dtype either side has.
func TestTorchRoundTrip(t *testing.T) {
	py := reftest.TorchPython(t)
	dir := t.TempDir()
	in, out := filepath.Join(dir, "kael.safetensors"), filepath.Join(dir, "torch.safetensors")
	saved := sampleTensors(t)
	if err := Save(in, saved, map[string]string{"format": "pt"}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "testdata/torch_roundtrip.py", in, out)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	var report struct{ Read, Written map[string]described }
	if err := json.Unmarshal(stdout, &report); err != nil {
		t.Fatal(err)
	}
	if len(report.Read) != len(saved) {
		t.Fatalf("torch read %d tensors, kael wrote %d", len(report.Read), len(saved))
	}
	for name, x := range saved {
		compare(t, "torch reading kael's "+name, report.Read[name], x)
	}
	loaded, meta, err := Load(out, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if meta["format"] != "pt" || len(loaded) != len(report.Written) {
		t.Fatalf("metadata %v, %d tensors, want %d", meta, len(loaded), len(report.Written))
	}
	for name, want := range report.Written {
		compare(t, "kael reading torch's "+name, want, loaded[name])
	}
}

func compare(t *testing.T, what string, want described, got *tensor.Tensor) {
	t.Helper()
	if got == nil {
		t.Errorf("%s: missing", what)
		return
	}
	vals, err := got.Float64s()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Shape(), want.Shape) && !(len(want.Shape) == 0 && got.Dim() == 0) {
		t.Errorf("%s: shape %v, want %v", what, got.Shape(), want.Shape)
	}
	if !slices.Equal(vals, want.Values) && !(len(vals) == 0 && len(want.Values) == 0) {
		t.Errorf("%s: values %v, want %v", what, vals, want.Values)
	}
}
