package diagram

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// The drawings' common style: a monospace font of fontSize pixels, whose
// characters are about charWidth wide, so that boxes can be sized to
// their text without measuring it.
const (
	fontSize  = 13
	charWidth = 7.8
	smallFont = 11
)

// svgWriter accumulates an SVG document.
type svgWriter struct{ b strings.Builder }

// begin opens the document, w×h pixels, with the shared font, a title
// and a white background.
func (s *svgWriter) begin(w, h float64, title string) {
	fmt.Fprintf(&s.b, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="%d">`+"\n", num(w), num(h), num(w), num(h), fontSize)
	fmt.Fprintf(&s.b, "<title>%s</title>\n", html.EscapeString(title))
	fmt.Fprintf(&s.b, `<rect width="%s" height="%s" fill="white"/>`+"\n", num(w), num(h))
}

func (s *svgWriter) rect(x, y, w, h float64, fill, stroke string) {
	fmt.Fprintf(&s.b, `<rect x="%s" y="%s" width="%s" height="%s" rx="3" fill="%s" stroke="%s"/>`+"\n", num(x), num(y), num(w), num(h), fill, stroke)
}

// text writes one line of text; anchor is start, middle or end.
func (s *svgWriter) text(x, y float64, anchor string, size int, fill, text string) {
	fmt.Fprintf(&s.b, `<text x="%s" y="%s" text-anchor="%s" font-size="%d" fill="%s">%s</text>`+"\n", num(x), num(y), anchor, size, fill, html.EscapeString(text))
}

// polyArrow draws a line through pts ending in an arrowhead, drawn as a
// triangle of its own rather than an SVG marker, whose id would clash
// between two pictures on one notebook page.
func (s *svgWriter) polyArrow(pts [][2]float64) {
	const headLen, headHalf = 8.0, 4.0
	n := len(pts)
	tip, from := pts[n-1], pts[n-2]
	dx, dy := tip[0]-from[0], tip[1]-from[1]
	length := math.Hypot(dx, dy)
	if length == 0 {
		return
	}
	ux, uy := dx/length, dy/length
	base := [2]float64{tip[0] - ux*headLen, tip[1] - uy*headLen}
	line := append(append([][2]float64(nil), pts[:n-1]...), base)
	coords := make([]string, len(line))
	for i, p := range line {
		coords[i] = num(p[0]) + "," + num(p[1])
	}
	fmt.Fprintf(&s.b, `<polyline points="%s" fill="none" stroke="#555" stroke-width="1.3"/>`+"\n", strings.Join(coords, " "))
	fmt.Fprintf(&s.b, `<polygon points="%s,%s %s,%s %s,%s" fill="#555"/>`+"\n",
		num(tip[0]), num(tip[1]),
		num(base[0]-uy*headHalf), num(base[1]+ux*headHalf),
		num(base[0]+uy*headHalf), num(base[1]-ux*headHalf))
}

func (s *svgWriter) end() []byte {
	s.b.WriteString("</svg>\n")
	return []byte(s.b.String())
}

// num writes a coordinate with at most one decimal, so that the output
// does not depend on the last bits of a float.
func num(v float64) string {
	return strings.TrimSuffix(fmt.Sprintf("%.1f", v), ".0")
}

// textWidth is the width in pixels of text in a font of size pixels.
func textWidth(text string, size int) float64 {
	return float64(len([]rune(text))) * charWidth * float64(size) / fontSize
}

// runColours fill the cells of a view's consecutive runs (its innermost
// rows), in turn; light enough for black text.
var runColours = []string{"#cfe3f7", "#fde2c4", "#d4efcf", "#f6d0d8", "#e2d7f2", "#fbf0b8"}
