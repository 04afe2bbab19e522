package repl

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestPipedMagics checks IPython's conventions in the REPL: magics, their
// : aliases, a %%time block ended by a blank line, x? as a page, and the
// history variables.
func TestPipedMagics(t *testing.T) {
	out := runPiped(t, `x = tensor([1., 2.], requires_grad=True)
%who
10
20
_4 + __
Out[3], In[4]
%%time
s = 0
for i in range(4):
    s = s + i

s
x?
:who
:whos
:timeit -n 2 -r 3 x + x
%lsmagic
%tiem 1
nope?
%reset -f
%who
`)
	wantTranscript(t, out,
		">>> %who\nx\n",
		">>> _4 + __\n30\n>>> Out[3], In[4]\n(10, '20')\n",
		"... \nCPU times: user ",
		">>> s\n6\n",
		">>> x?\nx: float32[2] tensor, 8 B, requires_grad\nType:          Tensor\n",
		"requires_grad: True\n",
		">>> :who\ni\ts\tx\n",
		"Variable   Type     Data/Info\n",
		"x          Tensor   float32[2] tensor, 8 B, requires_grad\n",
		"Available line magics:\n%time  %timeit  %who",
		"UsageError: Line magic function `%tiem` not found.\nhint: did you mean %time? %lsmagic lists the magics\n",
		">>> nope?\nObject `nope` not found.\n",
		">>> %reset -f\n>>> %who\nInteractive namespace is empty.\n",
	)
	if !regexp.MustCompile(`>>> :timeit -n 2 -r 3 x \+ x\n(The slowest run.*\n)?[0-9.]+ (ns|µs|ms) ± [0-9.]+ (ns|µs|ms) per loop \(mean ± std\. dev\. of 3 runs, 2 loops each\)\n`).MatchString(out) {
		t.Errorf("no %%timeit line in\n%s", out)
	}
}

// TestPipedDisplays checks displays when the output is not a terminal:
// updates are written below, rich objects show their text.
func TestPipedDisplays(t *testing.T) {
	out := runPiped(t, `h = display(tensor([1., 2.]), display_id=True)
h.update(Markdown('**done**'))
Math('x^2')
for i in tqdm([1, 2], mininterval=100):
    pass

`)
	wantTranscript(t, out,
		">>> h = display(tensor([1., 2.]), display_id=True)\ntensor([1., 2.])  float32[2]\n",
		">>> h.update(Markdown('**done**'))\n**done**\n",
		">>> Math('x^2')\n$x^2$\n",
		"  0%|                    | 0/2 [00:00<?, ?it/s]\n100%|████████████████████| 2/2 [00:00<00:00, ",
	)
}

// TestPipedLoad checks %load in piped input: the file's lines, after the
// "# %load FILE" line, come as the next input's lines, written after their
// prompts as typed lines are, and run as one cell; nothing runs before.
func TestPipedLoad(t *testing.T) {
	file := filepath.Join(t.TempDir(), "s.kael")
	if err := os.WriteFile(file, []byte("v = 6 * 7\ndef f(x):\n    return x + v\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := runPiped(t, "%load "+file+"\nf(1)\n")
	wantTranscript(t, out,
		">>> %load "+file+"\n>>> # %load "+file+"\n... v = 6 * 7\n... def f(x):\n...     return x + v\n... \n>>> f(1)\n43\n",
	)
}
