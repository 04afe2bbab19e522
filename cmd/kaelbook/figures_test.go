package main

import (
	"bytes"
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// figureLink is a Markdown image of a figure: ![alt](figures/NAME.svg).
var figureLink = regexp.MustCompile(`!\[([^\]]*)\]\(figures/([^)\s]+)\)`)

// TestFiguresUpToDate draws every figure twice and fails when the two
// drawings differ (a figure must be deterministic), when one is not a
// well-formed SVG document, or when the committed file under docs/figures/
// is not what the code draws now (make book rewrites them).
func TestFiguresUpToDate(t *testing.T) {
	for _, f := range figures {
		t.Run(f.file, func(t *testing.T) {
			first, err := drawFigure(f)
			if err != nil {
				t.Fatal(err)
			}
			second, err := drawFigure(f)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(first, second) {
				t.Errorf("two drawings differ: the figure is not deterministic")
			}
			if err := xml.Unmarshal(first, new(struct {
				XMLName xml.Name `xml:"svg"`
			})); err != nil {
				t.Errorf("not an SVG document: %v", err)
			}
			have, err := os.ReadFile(filepath.Join(root, "docs", figuresDir, f.file))
			if err != nil {
				t.Fatalf("%v: run make book", err)
			}
			if !sameFigure(have, first) {
				t.Errorf("docs/figures/%s is not what the code draws now: run make book", f.file)
			}
		})
	}
}

// TestFiguresOnPages: every figure is embedded in its chapter page with
// alt text that says what it shows, every figure a page embeds is one
// kaelbook draws, and docs/figures/ holds nothing else.
func TestFiguresOnPages(t *testing.T) {
	known := map[string]string{}
	for _, f := range figures {
		known[f.file] = f.page
	}
	embedded := map[string]bool{}
	for _, ch := range bookChapters {
		data, err := os.ReadFile(filepath.Join(root, "docs", ch.page))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range figureLink.FindAllStringSubmatch(string(data), -1) {
			alt, file := m[1], m[2]
			if known[file] != ch.page {
				t.Errorf("%s embeds figures/%s, which kaelbook does not draw for it", ch.page, file)
			}
			if len(strings.Fields(alt)) < 4 {
				t.Errorf("%s: figures/%s has alt text %q; say what the figure shows", ch.page, file, alt)
			}
			embedded[file] = true
		}
	}
	for _, f := range figures {
		if !embedded[f.file] {
			t.Errorf("figures/%s is not embedded in %s", f.file, f.page)
		}
	}
	entries, err := os.ReadDir(filepath.Join(root, "docs", figuresDir))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if _, ok := known[e.Name()]; !ok {
			t.Errorf("docs/figures/%s is no figure kaelbook draws", e.Name())
		}
	}
}

// TestSameFigure: drawings are the same when only their numbers differ,
// by at most 0.01 (a last bit computed differently on another CPU).
func TestSameFigure(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{`<path d="M1.25,3L4,5"/>`, `<path d="M1.25,3L4,5"/>`, true},
		{`<path d="M1.251,3L4,5"/>`, `<path d="M1.249,3L4,5"/>`, true},
		{`<path d="M1.3,3L4,5"/>`, `<path d="M1.25,3L4,5"/>`, false},
		{`<text>MulBackward0</text>`, `<text>AddBackward0</text>`, false},
		{`<path d="M1,3L4,5"/>`, `<path d="M1,3L4"/>`, false},
		{`fill="#FDE725"`, `fill="#FDE724"`, false},
	} {
		if got := sameFigure([]byte(c.a), []byte(c.b)); got != c.same {
			t.Errorf("sameFigure(%q, %q) = %v", c.a, c.b, got)
		}
	}
}
