package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/kael-dev/kael/kernel"
	"github.com/kael-dev/kael/kernel/langeval"
	"github.com/kael-dev/kael/repl"
)

// replOutputs runs cells in the REPL, piped (so in plain mode), and
// returns what each showed after its echo.
func replOutputs(t *testing.T, cells []string) []string {
	t.Helper()
	var out bytes.Buffer
	input := strings.Join(cells, "\n") + "\n"
	if err := repl.Run(context.Background(), repl.Options{Stdin: io.NopCloser(strings.NewReader(input)), Stdout: &out, Stderr: &out, Version: "test"}); err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(out.String(), "\n>>> ")[1:]
	if len(parts) != len(cells) {
		t.Fatalf("%d cells gave %d outputs:\n%s", len(cells), len(parts), out.String())
	}
	for i, p := range parts {
		echo, rest, _ := strings.Cut(p, "\n")
		if echo != cells[i] {
			t.Fatalf("output %d echoes %q, want %q", i, echo, cells[i])
		}
		parts[i] = rest
	}
	return parts
}

// notebookIO is a notebook cell's output, as the kernel's engine writes it.
type notebookIO struct {
	stdout   strings.Builder
	displays []kernel.MimeBundle
}

func (o *notebookIO) Stdout(text string)           { o.stdout.WriteString(text) }
func (o *notebookIO) Stderr(text string)           { o.stdout.WriteString(text) }
func (o *notebookIO) Display(d kernel.DisplayData) { o.displays = append(o.displays, d.Data) }
func (o *notebookIO) ClearOutput(bool)             {}
func (o *notebookIO) Input(string, bool) (string, error) {
	return "", kernel.ErrNoStdin
}

// TestSameTextAsTheNotebook runs each cell in the REPL (piped, so plain),
// in the kernel's engine and with kael -c, and wants the REPL's output to
// be the notebook's text, the text/plain of the cell's result (or of its
// display) with the notes, and kael -c's (stdout, then the notes on
// stderr). A tensor shows PyTorch's text with its dtype-and-shape caption
// in each (issue 32); print shows PyTorch's text alone.
func TestSameTextAsTheNotebook(t *testing.T) {
	setup := "x = tensor([[1., 2.], [3., 4.]])"
	for _, tc := range []struct {
		cell string
		want string // the text each shows
		// notDashC leaves kael -c out: display() there writes the repr,
		// as in a script, which has no display.
		notDashC bool
	}{
		{"x", "tensor([[1., 2.],\n        [3., 4.]])  float32[2, 2]", false},
		{"tensor([1, 2]) + x", "tensor([[2., 4.],\n        [4., 6.]])  float32[2, 2]\nnote: int64 + float32 → float32", false},
		{"x.sum()", "tensor(10.)  float32[]", false},
		{"ones(2, requires_grad=True) * 2", "tensor([2., 2.], grad_fn=<MulBackward0>)  float32[2]", false},
		{"arange(12.).reshape(2, 6) * 1e6", "tensor([[       0.,  1000000.,  2000000.,  3000000.,  4000000.,  5000000.],\n        [ 6000000.,  7000000.,  8000000.,  9000000., 10000000., 11000000.]])\nfloat32[2, 6]", false},
		{"[x[0], 'a']", "[tensor([1., 2.]), 'a']", false},
		{"display(x[1])", "tensor([3., 4.])  float32[2]", true},
		{"print(x[1])", "tensor([3., 4.])", false},
	} {
		t.Run(tc.cell, func(t *testing.T) {
			repl := replOutputs(t, []string{setup, tc.cell})[1]
			eng := langeval.New()
			io := &notebookIO{}
			if out := eng.Execute(context.Background(), setup, io); out.Err != nil {
				t.Fatal(out.Err)
			}
			io = &notebookIO{}
			out := eng.Execute(context.Background(), tc.cell, io)
			if out.Err != nil {
				t.Fatalf("the kernel fails: %s: %s", out.Err.Name, out.Err.Value)
			}
			notebook := io.stdout.String()
			for _, d := range io.displays {
				notebook += d["text/plain"].(string) + "\n"
			}
			if out.Result != nil {
				notebook += out.Result["text/plain"].(string) + "\n"
			}
			if repl != notebook {
				t.Errorf("the REPL shows\n%s\nthe notebook\n%s", repl, notebook)
			}
			stdout, stderr, code := runCmd(t, "", "-c", setup+"\n"+tc.cell)
			if code != 0 || !tc.notDashC && stdout+stderr != notebook {
				t.Errorf("kael -c exits %d and shows\n%s%s\nthe notebook\n%s", code, stdout, stderr, notebook)
			}
			if strings.TrimSuffix(repl, "\n") != tc.want {
				t.Errorf("both show\n%s\nwant\n%s", repl, tc.want)
			}
		})
	}
}
