package torch

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// TestRegistration checks how the package registers with lang: one
// function, registerTorch in torch.go (which torch.go's init registers as
// the library's definition), calls every registration step (a function
// defX without parameters or results) once, and defOut last, since it
// adds out= to builtins the other steps define. A file with an init of its
// own would run in the order of the files' names and at start-up; a step
// left out of registerTorch would register nothing.
func TestRegistration(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	steps := map[string]bool{}
	var calls []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil {
				continue
			}
			switch {
			case fd.Name.Name == "init" && name != "torch.go":
				t.Errorf("%s has an init function; make it a registration step defX called from torch.go's registerTorch", fset.Position(fd.Pos()))
			case fd.Name.Name == "registerTorch" && name == "torch.go":
				for _, s := range fd.Body.List {
					if es, ok := s.(*ast.ExprStmt); ok {
						if c, ok := es.X.(*ast.CallExpr); ok {
							if id, ok := c.Fun.(*ast.Ident); ok {
								calls = append(calls, id.Name)
							}
						}
					}
				}
			case strings.HasPrefix(fd.Name.Name, "def") && fd.Type.Params.NumFields() == 0 && fd.Type.Results == nil:
				steps[fd.Name.Name] = true
			}
		}
	}
	if len(calls) == 0 {
		t.Fatal("torch.go has no registerTorch calling the registration steps")
	}
	seen := map[string]int{}
	for _, c := range calls {
		seen[c]++
		if !steps[c] {
			t.Errorf("registerTorch calls %s, which is not a registration step", c)
		}
	}
	for s := range steps {
		if seen[s] != 1 {
			t.Errorf("registerTorch calls %s %d times, want once", s, seen[s])
		}
	}
	// defOut adds out= to the builtins the others define; defAliases,
	// after it, copies builtins with their out=.
	if n := len(calls); n < 2 || calls[n-2] != "defOut" || calls[n-1] != "defAliases" {
		t.Errorf("registerTorch's last steps are %v, want defOut then defAliases", calls[max(n-2, 0):])
	}
}
