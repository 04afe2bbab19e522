package repl

import (
	"encoding/base64"
	"fmt"
	"image"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/plot"
)

// pictureMode is how the REPL shows a figure (a lang.Drawing).
type pictureMode int

const (
	// braillePlain draws the figure with Unicode braille characters, each
	// a 2×4 grid of dots, without colour.
	braillePlain pictureMode = iota
	// brailleColour draws braille characters in the figure's colours
	// (24-bit ANSI), leaving black and grey (axes, text) in the
	// terminal's own foreground colour so they show on dark backgrounds.
	brailleColour
	// kittyImage sends the PNG with kitty's graphics protocol.
	kittyImage
	// itermImage sends the PNG with iTerm2's inline image protocol
	// (also understood by WezTerm).
	itermImage
)

// pictureModeFor picks how figures are shown from the environment:
// KAEL_IMAGES=braille|kitty|iterm chooses; otherwise a terminal that says
// it is kitty (KITTY_WINDOW_ID, TERM=xterm-kitty) or iTerm2/WezTerm
// (TERM_PROGRAM) gets its image protocol, except inside tmux or screen,
// which do not pass images on; everything else gets braille. Plain output
// (NO_COLOR, not a terminal) is always uncoloured braille.
func pictureModeFor(getenv func(string) string, plain bool) pictureMode {
	if plain {
		return braillePlain
	}
	switch getenv("KAEL_IMAGES") {
	case "braille":
		return brailleColour
	case "kitty":
		return kittyImage
	case "iterm":
		return itermImage
	}
	if getenv("TMUX") != "" || strings.HasPrefix(getenv("TERM"), "screen") {
		return brailleColour
	}
	switch {
	case getenv("KITTY_WINDOW_ID") != "" || getenv("TERM") == "xterm-kitty":
		return kittyImage
	case getenv("TERM_PROGRAM") == "iTerm.app" || getenv("TERM_PROGRAM") == "WezTerm":
		return itermImage
	}
	return brailleColour
}

// maxPictureColumns bounds the width of a braille figure.
const maxPictureColumns = 100

// picture renders a figure for the terminal, width columns wide at most:
// as an image where the terminal shows images, else a small heatmap as a
// table of its numbers and anything else in braille. A figure that cannot
// be drawn is its repr and the reason.
func (st styles) picture(d lang.Drawing, width int) string {
	fail := func(err error) string {
		return lang.Repr(d) + "\n" + st.dim.Render(plot.NotDrawn(err))
	}
	switch st.pictures {
	case kittyImage, itermImage:
		data, err := d.PNG()
		if err != nil {
			return fail(err)
		}
		if st.pictures == kittyImage {
			return kittyEscape(data)
		}
		return itermEscape(data)
	}
	if im, ax, ok := heatmapOf(d); ok {
		if table, ok := st.heatmapTable(im, ax, width, st.pictures == brailleColour); ok {
			return table
		}
	}
	img, err := d.Image()
	if err != nil {
		return fail(err)
	}
	return braille(img, min(width-1, maxPictureColumns), st.pictures == brailleColour)
}

// kittyEscape is kitty's graphics protocol command that shows a PNG
// (f=100) now (a=T), sent in chunks of 4096 base64 bytes (m=1 until the
// last).
func kittyEscape(png []byte) string {
	enc := base64.StdEncoding.EncodeToString(png)
	var b strings.Builder
	for first := true; first || enc != ""; first = false {
		chunk := enc[:min(len(enc), 4096)]
		enc = enc[len(chunk):]
		more := 0
		if enc != "" {
			more = 1
		}
		if first {
			fmt.Fprintf(&b, "\x1b_Ga=T,f=100,m=%d;%s\x1b\\", more, chunk)
		} else {
			fmt.Fprintf(&b, "\x1b_Gm=%d;%s\x1b\\", more, chunk)
		}
	}
	return b.String()
}

// itermEscape is iTerm2's inline image escape for a PNG.
func itermEscape(png []byte) string {
	return fmt.Sprintf("\x1b]1337;File=inline=1;size=%d;preserveAspectRatio=1:%s\a", len(png), base64.StdEncoding.EncodeToString(png))
}

// brailleBits are the bits of the dots of a braille character, by
// column (0, 1) and row (0 to 3) within the character.
var brailleBits = [2][4]rune{{0x01, 0x02, 0x04, 0x40}, {0x08, 0x10, 0x20, 0x80}}

// inkThreshold is how far from white (out of 765, the sum of the three
// channels' distances) a pixel must be to set its dot.
const inkThreshold = 120

// braille draws img in cols columns of braille characters: each dot
// stands for a block of pixels and is set when the block's most inked
// pixel is far enough from white (so that one-pixel lines survive the
// scaling). Rows keep the image's aspect ratio with character cells twice
// as tall as wide. With colour, each character takes the mean colour of
// its dots; dark and grey ones use the terminal's foreground colour.
func braille(img image.Image, cols int, colour bool) string {
	bounds := img.Bounds()
	w, h := bounds.Dx(), bounds.Dy()
	if cols < 1 || w == 0 || h == 0 {
		return ""
	}
	dotsW := 2 * cols
	dotsH := max(4, (dotsW*h/w+3)/4*4)
	rows := dotsH / 4
	lines := make([]string, rows)
	var b strings.Builder
	for row := range rows {
		b.Reset()
		current := ""
		for col := range cols {
			var bits rune
			var sumR, sumG, sumB, n int
			for dx := range 2 {
				for dy := range 4 {
					r, g, bl, ink := mostInked(img, bounds, col*2+dx, row*4+dy, dotsW, dotsH)
					if ink > inkThreshold {
						bits |= brailleBits[dx][dy]
						sumR, sumG, sumB, n = sumR+r, sumG+g, sumB+bl, n+1
					}
				}
			}
			if bits == 0 {
				b.WriteByte(' ')
				continue
			}
			if colour {
				if code := colourCode(sumR/n, sumG/n, sumB/n); code != current {
					b.WriteString(code)
					current = code
				}
			}
			b.WriteRune(0x2800 + bits)
		}
		line := strings.TrimRight(b.String(), " ")
		if current != "" {
			line += "\x1b[0m"
		}
		lines[row] = line
	}
	return strings.Join(lines, "\n")
}

// mostInked returns the colour (8 bits a channel) of the pixel farthest
// from white in the block of img that dot (x, y) of a dotsW×dotsH grid
// covers, and that distance.
func mostInked(img image.Image, bounds image.Rectangle, x, y, dotsW, dotsH int) (r, g, b, ink int) {
	w, h := bounds.Dx(), bounds.Dy()
	x0, x1 := x*w/dotsW, max((x+1)*w/dotsW, x*w/dotsW+1)
	y0, y1 := y*h/dotsH, max((y+1)*h/dotsH, y*h/dotsH+1)
	ink = -1
	for py := y0; py < min(y1, h); py++ {
		for px := x0; px < min(x1, w); px++ {
			cr, cg, cb, _ := img.At(bounds.Min.X+px, bounds.Min.Y+py).RGBA()
			pr, pg, pb := int(cr>>8), int(cg>>8), int(cb>>8)
			if d := 765 - pr - pg - pb; d > ink {
				r, g, b, ink = pr, pg, pb, d
			}
		}
	}
	return r, g, b, ink
}

// colourCode is the ANSI code for a dot colour: 24-bit for a colour, the
// terminal's default foreground for black and greys (whose channels are
// within 24 of each other), which would vanish on a dark background.
func colourCode(r, g, b int) string {
	if max(r, g, b)-min(r, g, b) < 24 {
		return "\x1b[39m"
	}
	return fmt.Sprintf("\x1b[38;2;%d;%d;%dm", r, g, b)
}
