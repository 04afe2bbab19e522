package matplotlib_test

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/langtest"
	"github.com/kael-dev/kael/lang/lib/matplotlib"
	_ "github.com/kael-dev/kael/lang/torch" // the cases draw tensors
)

func TestPyplotCells(t *testing.T) {
	cells := []langtest.Case{
		{"plt.plot([1, 2, 3])", ""},
		{"plt.plot(torch.tensor([1.0, 4.0]), 'r--', label='loss'); plt.legend(); plt.gcf()", "<Figure size 640x480 with 1 Axes>"},
		{"fig, axes = plt.subplots(1, 2); plt.plot([1, 2]); plt.clf(); plt.gcf() is fig, len(fig.axes), plt.gca() is axes[0]", "(True, 1, False)"},
		{"fig = plt.figure(); plt.imshow(torch.rand(2, 2)); fig.clf(); plt.plot([3, 4]); fig", "<Figure size 640x480 with 1 Axes>"},
		// a format string that is a colour alone, as NumPy's tutorial draws
		{"plt.plot([1, 2], [3, 4], 'purple'); plt.plot([1, 2], 'tab:green'); plt.gcf()", "<Figure size 640x480 with 1 Axes>"},
		{"plt.figure(figsize=(3, 2))", "<Figure size 300x200 with 1 Axes>"},
		{"fig, axes = plt.subplots(2, 3); len(axes), len(axes[0]), type(axes[1][2]).__name__ if False else fig", "(2, 3, <Figure size 640x480 with 6 Axes>)"},
		{"fig, ax = plt.subplots(); ax.set_title('t'); ax", "<Axes: 't'>"},
		{"fig, axes = plt.subplots(1, 2); axes[1].plot([1, 2], 'o'); len(fig.axes)", "2"},
		{"n, edges, _ = plt.hist([0, 1, 1, 2, 3, 4], bins=4); n.tolist(), edges.tolist()", "([1.0, 2.0, 1.0, 2.0], [0.0, 1.0, 2.0, 3.0, 4.0])"},
		// density=True divides as np.histogram does, n / db / n.sum(): NumPy's
		// [0.2857142857142857, 0.09523809523809523, 0.19047619047619047, ...]
		// in the float32 tensor hist returns
		{"n, edges, _ = plt.hist([0, 1, 1, 2, 3, 4, 6], bins=4, density=True); [round(v, 7) for v in n.tolist()], edges.tolist()", "([0.2857143, 0.0952381, 0.1904762, 0.0952381], [0.0, 1.5, 3.0, 4.5, 6.0])"},
		{"plt.xlim(0, 10)", "(0.0, 10.0)"},
		{"plt.ylim((1, 2))", "(1.0, 2.0)"},
		{"plt.xlim()", ""},
		{"im = plt.imshow(torch.rand(3, 4), cmap='gray'); plt.colorbar(im); im", "<AxesImage>"},
		{"plt.imshow(torch.rand(2, 2), cmap='gray_r', aspect='auto', interpolation='nearest')", "<AxesImage>"},
		{"plt.bar(['a', 'b'], [3, 5], color='tab:orange')", ""},
		{"plt.scatter(range(3), [1, 2, 3], s=10, c='k')", ""},
		{"plt.plot([1]); plt.show()", ""}, // a script shows nowhere, as CPython with Agg
		{"plt.figure(); plt.close('all'); plt.show()", ""},
		{"matplotlib.pyplot is plt", "True"},
		// Errors are clear and name the argument.
		{"plt.plot([1, 2], [1])", "ValueError: x and y must have the same length, not 2 and 1"},
		{"plt.plot([1], 'q')", `~ValueError: format string "q": "q" is not a colour`},
		{"plt.plot(1, 2, 3, 4)", "~TypeError: plot() takes (y), (x, y), (y, fmt) or (x, y, fmt), not 4 arguments"},
		{"plt.plot('abc', [1])", "~TypeError: plot(): x must be a list of numbers or a Tensor, not str"},
		{"plt.imshow(torch.rand(3, 4), cmap='jet')", `~ValueError: "jet" is not a colour map`},
		{"plt.imshow([[1, 2]], aspect='equal')", "~ValueError: imshow(): kael draws aspect='auto' only"},
		{"plt.colorbar()", "~ValueError: colorbar: no image"},
		{"plt.colorbar(3)", "~TypeError: colorbar(): the mappable must be what imshow returned, not int"},
		{"plt.figure(figsize=(0, 1))", "~ValueError: figsize (0, 1) is out of range"},
		{"plt.figure(figsize=3)", "~TypeError: figure(): figsize must be a (width, height) pair"},
		{"plt.subplots(0, 1)", "~ValueError: subplots(0, 1)"},
		{"plt.hist([1, 2], bins=0)", "~ValueError: hist(): bins must be at least 1"},
		{"plt.xlim(1, 1)", "~ValueError: xlim: the limits are equal"},
		{"plt.close('some')", "~ValueError: close(): the only name is 'all'"},
		{"plt.savefig('x.gif')", "~ValueError: savefig(\"x.gif\"): kael writes .png and .svg files"},
		{"plt.plot([1, float('nan')]); plt.savefig('/nonexistent/x.png')", "~ValueError: point 1 is (1, NaN)"},
		// A file that cannot be written is matplotlib's OSError.
		{"plt.plot([1, 2]); plt.savefig('/nonexistent/x.png')", "FileNotFoundError: [Errno 2] No such file or directory: '/nonexistent/x.png'"},
		{"fig, ax = plt.subplots(); ax.nope", "~AttributeError: 'Axes' object has no attribute 'nope'"},
	}
	for i := range cells {
		cells[i].Src = "import matplotlib.pyplot as plt\nimport matplotlib\n" + cells[i].Src
	}
	langtest.RunCells(t, cells)
}

// TestPyplotShowDisplays checks that plt.show() hands each open figure to
// the front end's Display as a Drawing whose PNG is an image, and that
// savefig writes PNG and SVG files.
func TestPyplotShowDisplays(t *testing.T) {
	var shown []lang.Value
	s := lang.NewSession(lang.IO{Display: func(v lang.Value) { shown = append(shown, v) }})
	dir := t.TempDir()
	src := `
import matplotlib.pyplot as plt
fig, ax = plt.subplots(figsize=(4, 3))
ax.plot([0.9, 0.5, 0.3, 0.2], label='loss')
ax.set_xlabel('step')
ax.legend()
fig.savefig('` + filepath.Join(dir, "loss.png") + `')
plt.savefig('` + filepath.Join(dir, "loss.svg") + `')
plt.figure()
plt.imshow(torch.softmax(torch.rand(4, 4), dim=-1))
plt.show()
`
	if r := s.Exec(context.Background(), "", src); r.Err != nil {
		t.Fatal(r.Err)
	}
	if len(shown) != 2 {
		t.Fatalf("show displayed %d values, want 2", len(shown))
	}
	d, ok := shown[0].(lang.Drawing)
	if !ok {
		t.Fatalf("show displayed a %T, not a Drawing", shown[0])
	}
	data, err := d.PNG()
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil || img.Bounds().Dx() != 400 || img.Bounds().Dy() != 300 {
		t.Fatalf("the first figure's PNG is %v, %v; want 400x300", img.Bounds(), err)
	}
	saved, err := os.ReadFile(filepath.Join(dir, "loss.png"))
	if err != nil || !bytes.HasPrefix(saved, []byte("\x89PNG")) {
		t.Errorf("loss.png: %v", err)
	}
	svg, err := os.ReadFile(filepath.Join(dir, "loss.svg"))
	if err != nil || !strings.Contains(string(svg), "<svg") {
		t.Errorf("loss.svg: %v", err)
	}
	if figs := matplotlib.TakeFigures(s); len(figs) != 0 {
		t.Errorf("%d figures are open after show", len(figs))
	}
}

// TestSavefigOnFullDisk fills a 64 KiB tmpfs (mounting one needs root; the
// test skips with a message elsewhere, and runs in CI, which is root) and
// saves over a good figure: the save is an OSError (ENOSPC) and the good
// file is left as it was, not replaced by a partial one.
func TestSavefigOnFullDisk(t *testing.T) {
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a small tmpfs (needs root): %v %s", err, out)
	}
	defer exec.Command("umount", dir).Run()
	good := filepath.Join(dir, "good.png")
	s := lang.NewSession(lang.IO{})
	src := "import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.savefig(" + lang.Repr(good) + ")"
	if r := s.Exec(context.Background(), "", src); r.Err != nil {
		t.Fatal(r.Err)
	}
	before, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fill"), make([]byte, 64<<10-len(before)-4096), 0o644); err != nil {
		t.Logf("filling: %v", err) // a partly written filler fills the disk too
	}
	src = "plt.figure()\nplt.imshow(torch.rand(300, 300))\nplt.savefig(" + lang.Repr(good) + ")"
	r := s.Exec(context.Background(), "", src)
	if r.Err == nil || r.Err.Kind != lang.OSError || !strings.Contains(r.Err.Msg, "No space left on device") {
		t.Errorf("saving on a full disk: %v, want OSError: [Errno 28] No space left on device", r.Err)
	}
	if after, err := os.ReadFile(good); err != nil || !bytes.Equal(after, before) {
		t.Errorf("the good file changed: %d bytes, was %d (%v)", len(after), len(before), err)
	}
}
