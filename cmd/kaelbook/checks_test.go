package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/std" // torch and warnings, as the kernel has them
)

// checksSession is a session that has run notebooks/checks.kael and a
// registry of two exercises, as a notebook's checks cell does.
func checksSession(t *testing.T) (*lang.Session, *bytes.Buffer) {
	t.Helper()
	checks, err := os.ReadFile(filepath.Join(root, "notebooks", "checks.kael"))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	s := lang.NewSession(lang.IO{Stdout: &out})
	registry := "\n_exercises = [1, 2]\n_hints = {1: ['gentle', 'strong'], 2: ['only']}\n_solutions = {1: '792033', 2: '7a'}\n"
	if r := s.Exec(context.Background(), "checks", string(checks)+registry); r.Err != nil {
		t.Fatal(r.Err.Render())
	}
	out.Reset()
	return s, &out
}

// TestChecksMessages runs the book's checks on wrong answers: each says
// what is wrong with the answer in a sentence of its own, never the right
// answer, and points to hint(N) (issue 32's defects: garbled "got X, got
// Y", values shown with str(), torch.bool shown as <class 'bool'>, a tuple
// taken for a list).
func TestChecksMessages(t *testing.T) {
	for _, tc := range []struct {
		src, want string
		never     []string // texts the output must not hold: the answer
	}{
		{`check(1, "the dtype of a + b", "float32", float32, "nudge")`,
			"Exercise 1: the dtype of a + b: you gave the string 'float32', not the dtype torch.float32 (hint(1) gives a hint)\n", nil},
		{`check(1, "the dtype of a + b", "float64", float32, "nudge")`,
			"Exercise 1: the dtype of a + b: you gave the string 'float64', not the dtype torch.float64 (hint(1) gives a hint)\n", []string{"float32"}},
		{`check(1, "the dtype of even", bool, torch.bool, "nudge")`,
			"Exercise 1: the dtype of even: you gave Python's type bool, not the dtype torch.bool (hint(1) gives a hint)\n", []string{"<class"}},
		{`check(1, "the dtype of m", float64, float32, "nudge")`,
			"Exercise 1: the dtype of m is not torch.float64: nudge (hint(1) gives a hint)\n", []string{"float32"}},
		{`check(1, "the shape", (2, 3), [2, 3], "nudge")`,
			"Exercise 1: the shape: you gave a tuple, (2, 3), not a list (hint(1) gives a hint)\n", nil},
		{`check(1, "the walk", [5, 6, 9], [5, 6, 9, 10], "nudge")`,
			"Exercise 1: the walk: it has 3 items, where 4 are expected (hint(1) gives a hint)\n", []string{"10", "got"}},
		{`check(1, "index", 7, 9, "multiply by the strides")`,
			"Exercise 1: index is not 7: multiply by the strides (hint(1) gives a hint)\n", []string{"9"}},
		{`check(1, "tensor_sum(10)", tensor(285), 285, "nudge")`,
			"Exercise 1: tensor_sum(10): you gave a tensor, not a Python int: .item() gives the number (hint(1) gives a hint)\n", nil},
		{`check(1, "count", 3.0, 3, "nudge")`,
			"Exercise 1: count: you gave the float 3.0, where an int is expected (hint(1) gives a hint)\n", nil},
		{`check(1, "f(2)", None, [1, 2], "nudge")`,
			"Exercise 1: f(2): the answer is None: does a function miss its return? (hint(1) gives a hint)\n", nil},
		{`check_each(1, ["a", "b", "c"], [True, False, True], [True, True, False], "nudge")`,
			"Exercise 1: 2 of your 3 answers are not right: nudge (hint(1) gives a hint)\n", nil},
		{`check_each(1, ["a + b", "a / a"], [float32, int64], [float32, float32], "nudge")`,
			"Exercise 1: a / a does not give torch.int64: nudge (hint(1) gives a hint)\n", nil},
		{`check_close(1, "the mean", tensor([1.0, 2.0]), 3.5, "nudge")`,
			"Exercise 1: the mean: you gave a tensor of shape [2], where one number is expected (hint(1) gives a hint)\n", nil},
		{`check_tensor(1, "grad_x", tensor([1.0, 2.0]), tensor([1.0, 4.0]), "nudge")`,
			"Exercise 1: grad_x is off by up to 2: nudge (hint(1) gives a hint)\n", []string{"4.0"}},
		{`print(check(1, "b", None, None, ""), check(1, "s", [1, 2], [1, 2], ""), check_close(1, "m", tensor(3.5), 3.5, ""))`,
			"True True True\n", nil},
		{`done(2, 1, ...)`, "Exercise 2: not done yet\n", nil},
		{"for i in range(3):\n    wrong(2, 'no')", "Exercise 2: no (hint(2) gives a hint)\nExercise 2: no (hint(2) gives a hint)\nExercise 2: no (hint(2, 2) gives a stronger hint, solution(2) a solution)\n", nil},
		{"hint(1)\nhint(1, 2)\nhint(1, 3)\nhint(4)", "Exercise 1, hint 1: gentle (hint(1, 2) says more)\nExercise 1, hint 2: strong (solution(1) shows a solution)\nExercise 1 has hints 1 to 2; solution(1) shows a solution\nThere is no exercise 4 in this notebook: the exercises are [1, 2]\n", nil},
		{"solution(1)", "Exercise 1, a solution:\ny 3\n", nil},
		{"progress()\ncorrect(1)\nprogress()\ncorrect(2)\nprogress()", "0 of 2 exercises done, still to do: 1, 2\nExercise 1: correct\n1 of 2 exercises done, still to do: 2\nExercise 2: correct\n2 of 2 exercises done\n", nil},
		{"correct(1)\nwrong(1, 'changed')\nprogress()", "Exercise 1: correct\nExercise 1: changed (hint(1) gives a hint)\n0 of 2 exercises done, still to do: 1, 2\n", nil},
	} {
		s, out := checksSession(t)
		if r := s.Exec(context.Background(), "cell", tc.src); r.Err != nil {
			t.Errorf("%s\nfails: %s", tc.src, r.Err.Render())
			continue
		}
		if out.String() != tc.want {
			t.Errorf("%s\nprints %q\nwant   %q", tc.src, out.String(), tc.want)
		}
		for _, never := range tc.never {
			if strings.Contains(out.String(), never) {
				t.Errorf("%s\nprints %q, which gives %q away", tc.src, out.String(), never)
			}
		}
	}
}

// TestChecksQuiet: inside `with quiet():` a check's own promotions add no
// note, and the cell's own promotions after it still do (issue 32: notes
// under a check gave "predict the dtype" answers away).
func TestChecksQuiet(t *testing.T) {
	s, _ := checksSession(t)
	r := s.Exec(context.Background(), "cell", "with quiet():\n    r = (tensor([1]) + 2.5).dtype\nr")
	if r.Err != nil || len(r.Notes) != 0 {
		t.Errorf("inside quiet(): notes %v, error %v", r.Notes, r.Err)
	}
	r = s.Exec(context.Background(), "cell", "tensor([1]) + 2.5")
	if r.Err != nil || len(r.Notes) != 1 {
		t.Errorf("after quiet(): notes %v, error %v, want one", r.Notes, r.Err)
	}
}
