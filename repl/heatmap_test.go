package repl

import (
	"strings"
	"testing"
)

// TestHeatmapTable: a small heatmap in braille mode is a table of its
// values (a 4×3 tensor in 6 lines, not 40 lines of dots), each value on
// its colour in colour mode; a large one, or one too wide for the
// terminal, stays a braille picture.
func TestHeatmapTable(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		mode      pictureMode
		width     int
		want      string // the whole text, or "" for braille
	}{
		{"plain 4x3", "plt.figure(); plt.imshow(arange(12.).view(4, 3) / 10); plt.title('weights'); plt.gcf()", braillePlain, 80,
			"weights\n     0     1     2\n0 0.00  0.10  0.20\n1 0.30  0.40  0.50\n2 0.60  0.70  0.80\n3 0.90  1.00  1.10\n(4×3 image, cmap viridis from 0.00 to 1.10)"},
		{"integers", "plt.figure(); plt.imshow(tensor([[1, -20], [300, 4]])); plt.gcf()", braillePlain, 80,
			"    0    1\n0   1  -20\n1 300    4\n(2×2 image, cmap viridis from -20 to 300)"},
		{"tiny values", "plt.figure(); plt.imshow(tensor([[1e-5, 2e-4]])); plt.gcf()", braillePlain, 80,
			"         0         1\n0 1.00e-05  2.00e-04\n(1×2 image, cmap viridis from 1.00e-05 to 2.00e-04)"},
		{"nan", "plt.figure(); plt.imshow(tensor([[0.5, float('nan')]])); plt.gcf()", braillePlain, 80,
			"      0      1\n0 0.500    nan\n(1×2 image, cmap viridis from 0 to 1)"},
		{"too big", "plt.figure(); plt.imshow(ones(17, 3)); plt.gcf()", braillePlain, 80, ""},
		{"too wide", "plt.figure(); plt.imshow(ones(2, 16) / 3); plt.gcf()", braillePlain, 60, ""},
		{"with a line", "plt.figure(); plt.imshow(ones(2, 2)); plt.plot([0, 1]); plt.gcf()", braillePlain, 80, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := pictureStyles(tc.mode).value(figureValue(t, tc.src), tc.width)
			if tc.want == "" {
				if !strings.ContainsRune(got, 0x28ff) && !strings.ContainsAny(got, "⠀⣀⣿") {
					t.Errorf("want braille, got\n%s", got)
				}
				return
			}
			if got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
	// In colour each value sits on its cell's colour: viridis's ends,
	// dark purple (white text) for the smallest, yellow (black text) for
	// the largest.
	got := pictureStyles(brailleColour).value(figureValue(t, "plt.figure(); plt.imshow(tensor([[0., 1.]])); plt.gcf()"), 80)
	for _, cell := range []string{"\x1b[48;2;68;1;84m\x1b[38;2;255;255;255m 0 \x1b[0m", "\x1b[48;2;253;231;37m\x1b[38;2;0;0;0m 1 \x1b[0m"} {
		if !strings.Contains(got, cell) {
			t.Errorf("no %q in\n%q", cell, got)
		}
	}
	if n := strings.Count(got, "\n") + 1; n != 3 {
		t.Errorf("%d lines", n)
	}
}
