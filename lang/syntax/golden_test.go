package syntax

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

// TestGolden parses each testdata/*.kael file and compares the result with
// the .golden file beside it: the tree, as dump renders it, for a valid
// program, or the rendered error for one whose name starts with "err_".
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.kael")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 15 {
		t.Fatalf("found %d golden inputs, want at least 15", len(files))
	}
	for _, file := range files {
		name := filepath.Base(file)
		t.Run(strings.TrimSuffix(name, ".kael"), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			src := string(data)
			f, err := Parse(name, src)
			var got string
			switch wantErr := strings.HasPrefix(name, "err_"); {
			case err != nil && wantErr:
				got = err.(*Error).Render(src) + "\n"
			case err != nil:
				t.Fatalf("unexpected error:\n%s", err.(*Error).Render(src))
			case wantErr:
				t.Fatal("parsed without error")
			default:
				if err := checkSpans(src, f); err != nil {
					t.Error(err)
				}
				got = dump(f)
			}
			golden := strings.TrimSuffix(file, ".kael") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("output differs from %s (run go test -update to accept):\ngot:\n%s\nwant:\n%s", golden, got, want)
			}
		})
	}
}
