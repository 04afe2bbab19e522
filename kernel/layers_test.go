package kernel

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestKernelKnowsNoLanguage checks that package kernel imports no package of
// kael's language or front ends: it is the protocol, and kernel/langeval
// connects it to the language.
func TestKernelKnowsNoLanguage(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			for _, banned := range []string{"/lang", "/repl", "/autograd", "/tensor", "/render"} {
				if strings.HasPrefix(path, "github.com/kael-dev/kael"+banned) {
					t.Errorf("%s imports %s", name, path)
				}
			}
		}
	}
}
