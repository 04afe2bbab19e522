package lang

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/cuda"
)

var update = flag.Bool("update", false, "rewrite the golden files of rendered errors")

// TestRenderedErrorsGolden runs each testdata/errors/*.kael and compares the
// rendered error with its .golden file (go test -update rewrites them).
func TestRenderedErrorsGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/errors/*.kael")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			if ok, _ := cuda.Available(); ok && strings.HasPrefix(filepath.Base(file), "cuda_") {
				t.Skip("the golden CUDA errors are those of a machine without a GPU driver")
			}
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			r := NewSession(IO{}).Exec(context.Background(), filepath.Base(file), string(src))
			if r.Err == nil {
				t.Fatalf("%s ran without an error", file)
			}
			got := r.Err.Render() + "\n"
			golden := strings.TrimSuffix(file, ".kael") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if got != string(want) {
				t.Errorf("rendered error changed:\n--- got\n%s--- want\n%s", got, want)
			}
		})
	}
}
