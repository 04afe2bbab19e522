package repl

import (
	"context"
	"strings"
	"testing"

	"github.com/kael-dev/kael/kernel"
	"github.com/kael-dev/kael/kernel/langeval"
)

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

// TestSameTextAsTheNotebook runs each cell in the REPL (piped, so plain)
// and in the kernel's engine, and wants the REPL's output to be the
// notebook's text: the text/plain of the cell's result (or of its
// display), with the notes. A tensor shows PyTorch's text with its
// dtype-and-shape caption in both (issue 32); print shows PyTorch's text
// alone.
func TestSameTextAsTheNotebook(t *testing.T) {
	setup := "x = tensor([[1., 2.], [3., 4.]])"
	for _, tc := range []struct {
		cell string
		want string // the text both show
	}{
		{"x", "tensor([[1., 2.],\n        [3., 4.]])  float32[2, 2]"},
		{"tensor([1, 2]) + x", "tensor([[2., 4.],\n        [4., 6.]])  float32[2, 2]\nnote: int64 + float32 → float32"},
		{"x.sum()", "tensor(10.)  float32[]"},
		{"ones(2, requires_grad=True) * 2", "tensor([2., 2.], grad_fn=<MulBackward0>)  float32[2]"},
		{"arange(12.).reshape(2, 6) * 1e6", "tensor([[       0.,  1000000.,  2000000.,  3000000.,  4000000.,  5000000.],\n        [ 6000000.,  7000000.,  8000000.,  9000000., 10000000., 11000000.]])\nfloat32[2, 6]"},
		{"[x[0], 'a']", "[tensor([1., 2.]), 'a']"},
		{"display(x[1])", "tensor([3., 4.])  float32[2]"},
		{"print(x[1])", "tensor([3., 4.])"},
	} {
		t.Run(tc.cell, func(t *testing.T) {
			repl := outputs(t, []string{setup, tc.cell})[1]
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
			if strings.TrimSuffix(repl, "\n") != tc.want {
				t.Errorf("both show\n%s\nwant\n%s", repl, tc.want)
			}
		})
	}
}
