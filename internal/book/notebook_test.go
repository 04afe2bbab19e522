package book

import (
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"
)

func TestStripSolutions(t *testing.T) {
	for _, tc := range []struct{ name, src, want, err string }{
		{"assignment", "a = 1\n# BEGIN SOLUTION\nb = a + 1\n# END SOLUTION\ncheck(b)",
			"a = 1\nb = ...  # your answer\ncheck(b)", ""},
		{"several names, helpers dropped", "# BEGIN SOLUTION\ntmp = 2\nfor i in range(3):\n    tmp = tmp * 2\nu, v = tmp, 1\n# END SOLUTION",
			"tmp = ...  # your answer\nu = ...  # your answer\nv = ...  # your answer", ""},
		{"comparison is not an assignment", "# BEGIN SOLUTION\nx == 1\n# END SOLUTION", "return ...  # your answer", ""},
		{"function body", "def f(n):\n    # BEGIN SOLUTION\n    s = 0\n    for i in range(n):\n        s += i\n    return s\n    # END SOLUTION\nf(3)",
			"def f(n):\n    return ...  # your answer\nf(3)", ""},
		{"two blocks", "# BEGIN SOLUTION\na = 1\n# END SOLUTION\n# BEGIN SOLUTION\nb = 2\n# END SOLUTION",
			"a = ...  # your answer\nb = ...  # your answer", ""},
		{"unclosed", "# BEGIN SOLUTION\na = 1", "", "without"},
		{"end without begin", "a = 1\n# END SOLUTION", "", "without"},
		{"nested", "# BEGIN SOLUTION\n# BEGIN SOLUTION\n# END SOLUTION", "", "inside"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := StripSolutions(tc.src)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one mentioning %q", err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %q, %v\nwant %q", got, err, tc.want)
			}
		})
	}
}

// testNotebook is a notebook with a checks cell and two exercises: one
// assignment and one function body.
func testNotebook(t *testing.T, exercise2 string) *Notebook {
	t.Helper()
	cell := func(kind, src string, tags ...string) string {
		tagList := `[]`
		if len(tags) > 0 {
			tagList = `["` + strings.Join(tags, `","`) + `"]`
		}
		data, _ := json.Marshal(src)
		return `{"cell_type": "` + kind + `", "metadata": {"tags": ` + tagList + `}, "outputs": [], "source": ` + string(data) + `}`
	}
	doc := `{"cells": [` + strings.Join([]string{
		cell("code", "old checks", ChecksTag),
		cell("markdown", "**Exercise 1.**"),
		cell("code", "x = 2\n# BEGIN SOLUTION\n# hint: gentle\n# hint: strong\n# wrong: y = x\ny = x * 3\n# END SOLUTION\nif done(1, y):\n    check(1, \"y\", y, 6, \"\")"),
		cell("code", exercise2),
	}, ",") + `], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`
	nb, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return nb
}

const functionExercise = "def f(n):\n    # BEGIN SOLUTION\n    # hint: add them\n    # wrong: return n\n    s = 0\n    for i in range(n):\n        s += i\n    return s\n    # END SOLUTION\n\nif done(2, f(3)):\n    check(2, \"f(3)\", f(3), 3, \"\")"

func TestSetChecks(t *testing.T) {
	nb := testNotebook(t, functionExercise)
	if err := nb.SetChecks("def done(n, *a):\n    pass\n"); err != nil {
		t.Fatal(err)
	}
	checks := CellSource(nb.cells[0])
	for _, want := range []string{
		"def done(n, *a):\n    pass\n\n# This notebook's exercises",
		"_exercises = [1, 2]",
		`1: ["gentle", "strong"],`,
		`2: ["add them"],`,
		`1: "` + hex.EncodeToString([]byte("x = 2\ny = x * 3")) + `",`,
		`2: "` + hex.EncodeToString([]byte("def f(n):\n    s = 0\n    for i in range(n):\n        s += i\n    return s")) + `",`,
	} {
		if !strings.Contains(checks, want) {
			t.Errorf("the checks cell lacks %q:\n%s", want, checks)
		}
	}
	last := nb.cells[len(nb.cells)-1]
	if !HasTag(last, ProgressTag) || CellSource(last) != "progress()" || len(nb.cells) != 5 {
		t.Errorf("the notebook does not end with a progress() cell: %v", last)
	}
	// Running it again changes nothing: the progress cell is not added twice.
	if err := nb.SetChecks("def done(n, *a):\n    pass\n"); err != nil || len(nb.cells) != 5 {
		t.Errorf("a second SetChecks gives %d cells, %v", len(nb.cells), err)
	}
}

func TestSetChecksRefuses(t *testing.T) {
	for _, tc := range []struct{ name, src, err string }{
		{"no hint", "# BEGIN SOLUTION\n# wrong: y = 1\ny = 2\n# END SOLUTION\ndone(2, y)", "hint"},
		{"no wrong answer", "# BEGIN SOLUTION\n# hint: h\ny = 2\n# END SOLUTION\ndone(2, y)", "wrong"},
		{"no check", "# BEGIN SOLUTION\n# hint: h\n# wrong: y = 1\ny = 2\n# END SOLUTION", "done(N"},
		{"same number twice", "# BEGIN SOLUTION\n# hint: h\n# wrong: y = 1\ny = 2\n# END SOLUTION\ndone(1, y)", "exercise 1 twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := testNotebook(t, tc.src).SetChecks("")
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("error %v, want one mentioning %q", err, tc.err)
			}
		})
	}
}

func TestLearnerAndWrong(t *testing.T) {
	nb := testNotebook(t, functionExercise)
	if err := nb.SetChecks(""); err != nil {
		t.Fatal(err)
	}
	learner, err := nb.Learner()
	if err != nil {
		t.Fatal(err)
	}
	wrong, err := nb.Wrong()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		nb   *Notebook
		want []string
	}{
		{"learner", learner, []string{
			"x = 2\ny = ...  # your answer\nif done(1, y):\n    check(1, \"y\", y, 6, \"\")",
			"def f(n):\n    return ...  # your answer\n\nif done(2, f(3)):\n    check(2, \"f(3)\", f(3), 3, \"\")"}},
		{"wrong", wrong, []string{
			"x = 2\ny = x\nif done(1, y):\n    check(1, \"y\", y, 6, \"\")",
			"def f(n):\n    return n\n\nif done(2, f(3)):\n    check(2, \"f(3)\", f(3), 3, \"\")"}},
	} {
		cells := tc.nb.CodeCells()
		if len(cells) != 4 {
			t.Fatalf("%s: %d code cells, want 4", tc.name, len(cells))
		}
		for i, want := range tc.want {
			if cells[i+1] != want {
				t.Errorf("%s: exercise %d is\n%s\nwant\n%s", tc.name, i+1, cells[i+1], want)
			}
			if !HasTag(tc.nb.cells[i+2], ExerciseTag) {
				t.Errorf("%s: exercise %d is not tagged %q", tc.name, i+1, ExerciseTag)
			}
		}
		if strings.Contains(strings.Join(cells[1:], "\n"), "# hint:") {
			t.Errorf("%s: a hint is left in an exercise cell", tc.name)
		}
	}
}

func TestSetQuiz(t *testing.T) {
	nb := testNotebook(t, functionExercise)
	if err := nb.SetChecks(""); err != nil {
		t.Fatal(err)
	}
	page := "# Chapter\n\ntext\n\n## Check your understanding\n\n1. Why?\n\n   <details><summary>Answer</summary>\n\n   Because.\n\n   </details>\n"
	for range 2 { // a second time replaces the quiz, adds none
		nb.SetQuiz(page)
	}
	if len(nb.cells) != 6 {
		t.Fatalf("%d cells, want 6", len(nb.cells))
	}
	quiz := nb.cells[4]
	if !HasTag(quiz, QuizTag) || quiz["cell_type"] != "markdown" || !HasTag(nb.cells[5], ProgressTag) {
		t.Errorf("the quiz is not the markdown cell before the progress cell: %v", nb.cells[4:])
	}
	if src := CellSource(quiz); !strings.HasPrefix(src, "## Check your understanding\n") || !strings.HasSuffix(src, "   Because.\n\n   </details>") {
		t.Errorf("quiz cell:\n%s", src)
	}
	before := len(nb.cells)
	nb.SetQuiz("a page without the section")
	if len(nb.cells) != before {
		t.Error("a page without questions added a cell")
	}
}
