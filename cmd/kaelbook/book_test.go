package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/book"
)

const root = "../.."

// TestCommittedNotebooksUpToDate fails when a source notebook's checks cell
// or a learner notebook differs from what kaelbook writes (run make book).
func TestCommittedNotebooksUpToDate(t *testing.T) {
	stale, err := syncBook(filepath.Join(root, "notebooks"), false)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range stale {
		t.Errorf("%s is out of date: run make book", p)
	}
}

// chapter is one chapter of the book: its page under docs/ and, when it
// has one, its notebook under notebooks/.
type chapter struct {
	page, notebook string
}

// bookChapters lists the chapters written so far, in order; docs/README.md
// links each one.
var bookChapters = []chapter{
	{"01-tensors-and-dtypes.md", "01-tensors-and-dtypes.ipynb"},
	{"02-memory-model.md", "02-memory-model.ipynb"},
	{"03-tensor-iterator.md", "03-tensor-iterator.ipynb"},
	{"04-operations.md", "04-operations.ipynb"},
	{"05-autograd.md", "05-autograd.ipynb"},
	{"06-cuda.md", ""}, // no backend yet: the page says what it will hold
	{"07-language.md", "07-language.ipynb"},
	{"08-loading-gpt2.md", "08-loading-gpt2.ipynb"},
}

var (
	// questionLine starts a numbered question of "Check your understanding".
	questionLine = regexp.MustCompile(`(?m)^\d+\.\s+\S`)
	// answerLine opens a question's answer, folded away until the reader
	// opens it.
	answerLine = regexp.MustCompile(`(?m)^\s+<details><summary>Answer</summary>$`)
	answerEnd  = regexp.MustCompile(`(?m)^\s+</details>$`)
	backticked = regexp.MustCompile("`([^`\n]+)`")
	// citedFile is a repository path: it has a slash or ends in .go.
	citedFile = regexp.MustCompile(`^[A-Za-z0-9_.\-]+(/[A-Za-z0-9_.\-]+)+/?$|^[A-Za-z0-9_\-]+\.go$`)
	// citedName is a Go identifier qualified by its package's directory:
	// tensor.NewIter, tensor.Tensor.View, lang/syntax.Parse.
	citedName = regexp.MustCompile(`^([a-z][a-z0-9]*(?:/[a-z][a-z0-9]*)*)\.([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?(?:\(\))?$`)
)

// TestChapterPages checks every chapter page: it exists, is linked from
// docs/README.md, links its notebook, ends with a "Check your understanding"
// section of five or more questions, each answer folded in a <details>
// block, and every file and Go name it cites exists in the tree.
func TestChapterPages(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(root, "docs", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	decls := map[string]map[string]bool{}
	for _, ch := range bookChapters {
		t.Run(ch.page, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(root, "docs", ch.page))
			if err != nil {
				t.Fatal(err)
			}
			page := string(data)
			if !strings.Contains(string(readme), "("+ch.page+")") {
				t.Errorf("docs/README.md does not link %s", ch.page)
			}
			if ch.notebook != "" && !strings.Contains(page, "(../notebooks/"+ch.notebook+")") {
				t.Errorf("the page does not link its notebook ../notebooks/%s", ch.notebook)
			}
			checkQuestions(t, page)
			files, names := 0, 0
			for _, m := range backticked.FindAllStringSubmatch(page, -1) {
				cite := m[1]
				if sm := citedName.FindStringSubmatch(cite); sm != nil && isDir(filepath.Join(root, sm[1])) {
					names++
					if decls[sm[1]] == nil {
						decls[sm[1]] = packageDecls(t, filepath.Join(root, sm[1]))
					}
					name := sm[2]
					if sm[3] != "" {
						name += "." + sm[3]
					}
					if !decls[sm[1]][name] {
						t.Errorf("cites %s, but package %s declares no %s", cite, sm[1], name)
					}
					continue
				}
				if citedFile.MatchString(cite) {
					files++
					if _, err := os.Stat(filepath.Join(root, strings.TrimPrefix(cite, "../"))); err != nil {
						t.Errorf("cites %s, which is not in the tree", cite)
					}
				}
				// Anything else is kael code, such as x.t() or x.view(6).
			}
			if files == 0 || names == 0 {
				t.Errorf("cites %d files and %d Go names: a chapter shows the code that implements it", files, names)
			}
		})
	}
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

func checkQuestions(t *testing.T, page string) {
	t.Helper()
	const heading = "## Check your understanding"
	i := strings.Index(page, heading)
	if i < 0 {
		t.Errorf("no %q section", heading)
		return
	}
	section := page[i+len(heading):]
	if j := strings.Index(section, "\n## "); j >= 0 {
		t.Errorf("%q is not the last section", heading)
		section = section[:j]
	}
	q := len(questionLine.FindAllString(section, -1))
	a := len(answerLine.FindAllString(section, -1))
	if q < 5 {
		t.Errorf("%d questions in %q, want at least 5", q, heading)
	}
	if a != q {
		t.Errorf("%d questions but %d answers (an indented <details><summary>Answer</summary> block)", q, a)
	}
	if e := len(answerEnd.FindAllString(section, -1)); e != a {
		t.Errorf("%d answers open a <details> block but %d close one", a, e)
	}
}

// packageDecls returns the names a Go package directory declares at top
// level, with methods as "Type.Method".
func packageDecls(t *testing.T, dir string) map[string]bool {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil || len(d.Recv.List) == 0 {
					names[d.Name.Name] = true
					continue
				}
				names[receiverType(d.Recv.List[0].Type)+"."+d.Name.Name] = true
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						names[s.Name.Name] = true
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names[n.Name] = true
						}
					}
				}
			}
		}
	}
	return names
}

func receiverType(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return receiverType(e.X)
	case *ast.IndexExpr:
		return receiverType(e.X)
	case *ast.IndexListExpr:
		return receiverType(e.X)
	case *ast.Ident:
		return e.Name
	}
	return ""
}

// relativePath is a string literal in code that names a file relative to
// the working folder: "../x", "./x", "testdata/model.safetensors",
// "loss.png".
var relativePath = regexp.MustCompile(`["'](\.\.?/[^"'\s]*|[A-Za-z0-9_\-][A-Za-z0-9_\-/.]*\.(safetensors|json|png|svg|txt|csv|kael|bin|ipynb))["']`)

// TestNotebooksNeedNoFolder keeps the book's notebooks independent of the
// folder they run from: the solved notebook runs from notebooks/ and the
// learner's from notebooks/learner/ (Jupyter starts a kernel in the
// notebook's folder), so a relative path would work in one and not the
// other. A notebook makes what it needs in memory (chapter 8 keeps its
// checkpoint's bytes), as docs/README.md says.
func TestNotebooksNeedNoFolder(t *testing.T) {
	sources, err := filepath.Glob(filepath.Join(root, "notebooks", "*.ipynb"))
	if err != nil || len(sources) == 0 {
		t.Fatalf("no notebooks: %v", err)
	}
	for _, src := range sources {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		nb, err := book.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		for i, src := range nb.CodeCells() {
			if m := relativePath.FindString(src); m != "" {
				t.Errorf("%s, code cell %d: %s is a path relative to the folder the notebook runs from", filepath.Base(src), i+1, m)
			}
		}
	}
}

func TestRelativePathPattern(t *testing.T) {
	for _, tc := range []struct {
		src  string
		path bool
	}{
		{`load_file("../gpt2/testdata/tiny-a/model.safetensors")`, true},
		{`plt.savefig('loss.png')`, true},
		{`from_pretrained("./gpt2")`, true},
		{`load_file("/home/you/models/gpt2/model.safetensors")`, false},
		{`sd["h.0.attn.c_attn.weight"]`, false},
		{`expect("Exercise 2", "dq/dx", a, b, "hint")`, false},
	} {
		if got := relativePath.MatchString(tc.src); got != tc.path {
			t.Errorf("%s: relative path %v, want %v", tc.src, got, tc.path)
		}
	}
}

// topLevelAssign is a name a cell binds at its top level.
var topLevelAssign = regexp.MustCompile(`(?m)^([A-Za-z_][A-Za-z_0-9]*)\s*=[^=]`)

// TestExercisesKeepEarlierNames: no exercise's solution rebinds a name an
// earlier cell that is not an exercise binds, so that running the cells
// above again after an exercise still works (issue 32: chapter 3's
// Exercise 5 set n = 513, and the %timeit cells on n.t() then failed).
func TestExercisesKeepEarlierNames(t *testing.T) {
	sources, err := filepath.Glob(filepath.Join(root, "notebooks", "*.ipynb"))
	if err != nil || len(sources) == 0 {
		t.Fatalf("no notebooks: %v", err)
	}
	for _, src := range sources {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		nb, err := book.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		earlier := map[string]bool{}
		for i, cell := range nb.CodeCells() {
			begin := strings.Index(cell, "# BEGIN SOLUTION\n")
			if begin < 0 {
				for _, m := range topLevelAssign.FindAllStringSubmatch(cell, -1) {
					earlier[m[1]] = true
				}
				continue
			}
			solution := cell[begin:]
			if end := strings.Index(solution, "# END SOLUTION"); end >= 0 {
				solution = solution[:end]
			}
			for _, m := range topLevelAssign.FindAllStringSubmatch(solution, -1) {
				if earlier[m[1]] {
					t.Errorf("%s, code cell %d: the solution rebinds %s, which an earlier cell set", filepath.Base(src), i+1, m[1])
				}
			}
		}
	}
}
