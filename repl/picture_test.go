package repl

import (
	"bytes"
	"context"
	"encoding/base64"
	"image/png"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/lipgloss"
	"github.com/kael-dev/kael/lang"
	"github.com/muesli/termenv"
)

func TestPictureModeFor(t *testing.T) {
	for _, tc := range []struct {
		env   map[string]string
		plain bool
		want  pictureMode
	}{
		{nil, false, brailleColour},
		{nil, true, braillePlain},
		{map[string]string{"KITTY_WINDOW_ID": "1"}, false, kittyImage},
		{map[string]string{"TERM": "xterm-kitty"}, false, kittyImage},
		{map[string]string{"TERM": "xterm-kitty"}, true, braillePlain},
		{map[string]string{"TERM_PROGRAM": "iTerm.app"}, false, itermImage},
		{map[string]string{"TERM_PROGRAM": "WezTerm"}, false, itermImage},
		{map[string]string{"KITTY_WINDOW_ID": "1", "TMUX": "/tmp/tmux"}, false, brailleColour},
		{map[string]string{"TERM_PROGRAM": "iTerm.app", "KAEL_IMAGES": "braille"}, false, brailleColour},
		{map[string]string{"KAEL_IMAGES": "kitty"}, false, kittyImage},
	} {
		if got := pictureModeFor(func(k string) string { return tc.env[k] }, tc.plain); got != tc.want {
			t.Errorf("pictureModeFor(%v, plain=%v) = %v, want %v", tc.env, tc.plain, got, tc.want)
		}
	}
}

// figureValue runs src in a session and returns the figure it ends with.
func figureValue(t *testing.T, src string) lang.Drawing {
	t.Helper()
	res := lang.NewSession(lang.IO{}).Exec(context.Background(), "", "import matplotlib.pyplot as plt\n"+src)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	d, ok := res.Value.(lang.Drawing)
	if !ok {
		t.Fatalf("%s is a %T", src, res.Value)
	}
	return d
}

func pictureStyles(mode pictureMode) styles {
	r := lipgloss.NewRenderer(&bytes.Buffer{})
	r.SetColorProfile(termenv.Ascii)
	st := newStyles(r)
	st.pictures = mode
	return st
}

var ansiCode = regexp.MustCompile("\x1b\\[[0-9;]*m")

func TestBrailleFigure(t *testing.T) {
	// A red rising line: plain braille has no escapes, keeps the aspect
	// ratio (640×480 in 60 columns: 120×90 dots, 23 rows) and has dots
	// rising from the bottom left to the top right of the plot.
	d := figureValue(t, "plt.figure(); plt.plot([0, 1, 2, 3], [0, 1, 2, 3], 'r'); plt.gcf()")
	plain := pictureStyles(braillePlain).value(d, 61)
	lines := strings.Split(plain, "\n")
	if strings.Contains(plain, "\x1b") || len(lines) != 23 {
		t.Fatalf("plain braille has %d lines (want 23), escapes %v:\n%s", len(lines), strings.Contains(plain, "\x1b"), plain)
	}
	for i, l := range lines {
		if n := utf8.RuneCountInString(l); n > 60 {
			t.Errorf("line %d is %d columns wide", i, n)
		}
		for _, r := range l {
			if r != ' ' && (r < 0x2800 || r > 0x28ff) {
				t.Fatalf("line %d has %q, not braille", i, r)
			}
		}
	}
	coloured := pictureStyles(brailleColour).value(d, 61)
	if stripped := ansiCode.ReplaceAllString(coloured, ""); stripped != plain {
		t.Errorf("coloured braille without its escapes differs from the plain one:\n%s", stripped)
	}
	// The line is tab:red (#d62728), the axes the terminal's colour.
	red := "\x1b[38;2;214;39;40m"
	if !strings.Contains(coloured, red) || !strings.Contains(coloured, "\x1b[39m") {
		t.Fatalf("no red line or default-colour axes in:\n%q", coloured)
	}
	// Red rises: its first row's red run is right of its last row's.
	var redCols []int
	for _, l := range strings.Split(coloured, "\n") {
		if i := strings.Index(l, red); i >= 0 {
			redCols = append(redCols, utf8.RuneCountInString(ansiCode.ReplaceAllString(l[:i], "")))
		}
	}
	if len(redCols) < 10 || redCols[0] <= redCols[len(redCols)-1] {
		t.Errorf("red starts at columns %v from top to bottom; a rising line starts further right at the top", redCols)
	}
}

func TestImageProtocols(t *testing.T) {
	d := figureValue(t, "plt.figure(figsize=(2, 1)); plt.bar([1, 2], [3, 4]); plt.gcf()")
	kitty := pictureStyles(kittyImage).value(d, 80)
	chunks := regexp.MustCompile("\x1b_G([^;]*);([^\x1b]*)\x1b\\\\").FindAllStringSubmatch(kitty, -1)
	if len(chunks) == 0 || !strings.HasPrefix(chunks[0][1], "a=T,f=100,") || chunks[len(chunks)-1][1] != "m=0" && len(chunks) > 1 {
		t.Fatalf("kitty escape %.200q", kitty)
	}
	var enc string
	for _, c := range chunks {
		if len(c[2]) > 4096 {
			t.Errorf("a chunk of %d bytes", len(c[2]))
		}
		enc += c[2]
	}
	checkPNG(t, enc, 200, 100)
	iterm := pictureStyles(itermImage).value(d, 80)
	m := regexp.MustCompile("^\x1b]1337;File=inline=1;size=[0-9]+;preserveAspectRatio=1:([A-Za-z0-9+/=]+)\a$").FindStringSubmatch(iterm)
	if m == nil {
		t.Fatalf("iTerm escape %.200q", iterm)
	}
	checkPNG(t, m[1], 200, 100)
}

func checkPNG(t *testing.T, enc string, w, h int) {
	t.Helper()
	raw, err := base64.StdEncoding.DecodeString(enc)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil || img.Bounds().Dx() != w || img.Bounds().Dy() != h {
		t.Errorf("PNG %v, %v; want %dx%d", img.Bounds(), err, w, h)
	}
}

func TestPictureOfBadFigure(t *testing.T) {
	d := figureValue(t, "plt.figure(); plt.plot([1, float('nan')]); plt.gcf()")
	got := pictureStyles(brailleColour).value(d, 80)
	if !strings.HasPrefix(got, "<Figure size 640x480 with 1 Axes>\n(the figure cannot be drawn: point 1 is (1, NaN)") {
		t.Errorf("got %q", got)
	}
}
