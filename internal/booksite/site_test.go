package booksite

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pngBytes is a 1x1 PNG.
var pngBytes, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")

const svgFigure = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`

// writeTree writes files (path -> content) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func notebookJSON(t *testing.T, cells ...map[string]any) string {
	t.Helper()
	data, err := json.Marshal(map[string]any{"cells": cells, "nbformat": 4, "nbformat_minor": 5, "metadata": map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// book is a small book: an index, two chapters, a reference page, a
// figure, a source folder, and the first chapter's notebook executed with
// every kind of output.
func book(t *testing.T) (root, executed string) {
	t.Helper()
	root, executed = t.TempDir(), t.TempDir()
	writeTree(t, root, map[string]string{
		"docs/README.md":                 "# The test book\n\n1. [One](01-one.md)\n2. [Two](02-two.md)\n\nNotebook: [01](../notebooks/01-one.ipynb).\n",
		"docs/01-one.md":                 "# Chapter 1. One\n\nSee [the part of two](02-two.md#a-part-of-two), [the notebook](../notebooks/01-one.ipynb), [yours](../notebooks/learner/01-one.ipynb), [the layers](../nn) and [the site](https://example.org/).\n\n![a figure](figures/strides.svg)\n\n<details><summary>Answer</summary>4 &lt; 5</details>\n\n<p><img src=\"figures/raw.png\" alt=\"raw\"></p>\n",
		"docs/02-two.md":                 "# Chapter 2. Two\n\n## A part of two\n\nBack to [one](01-one.md) and the [reference](ref.md).\n",
		"docs/ref.md":                    "# Reference <page>\n\nText.\n",
		"docs/figures/strides.svg":       svgFigure,
		"docs/figures/raw.png":           string(pngBytes),
		"notebooks/01-one.ipynb":         "{}",
		"notebooks/learner/01-one.ipynb": "{}",
		"nn/layers.go":                   "package nn\n",
	})
	tb := "\x1b[1mNameError\x1b[0m: name 'nope' is not defined"
	writeTree(t, executed, map[string]string{"01-one.ipynb": notebookJSON(t,
		map[string]any{"cell_type": "markdown", "metadata": map[string]any{}, "source": []string{"# 1. One, the notebook\n", "The chapter is [its page](../docs/01-one.md)."}},
		map[string]any{"cell_type": "code", "execution_count": 1, "metadata": map[string]any{"tags": []string{"checks"}}, "source": "def done(n):\n    pass", "outputs": []any{}},
		map[string]any{"cell_type": "code", "execution_count": 2, "metadata": map[string]any{}, "source": "print('<script>alert(1)</script>')\nx < 3", "outputs": []any{
			map[string]any{"output_type": "stream", "name": "stdout", "text": []string{"<script>alert(1)</script>\n"}},
			map[string]any{"output_type": "execute_result", "execution_count": 2, "metadata": map[string]any{}, "data": map[string]any{
				"text/plain": "tensor([True])", "text/html": "<div class=\"kael-tensor\"><table><caption>bool[1]</caption><tr><td>True</td></tr></table></div>"}},
		}},
		map[string]any{"cell_type": "code", "execution_count": 3, "metadata": map[string]any{}, "source": "plot()", "outputs": []any{
			map[string]any{"output_type": "display_data", "metadata": map[string]any{}, "data": map[string]any{
				"text/plain": "<Figure \"a & b\">", "image/png": base64.StdEncoding.EncodeToString(pngBytes)}},
			map[string]any{"output_type": "display_data", "metadata": map[string]any{}, "data": map[string]any{
				"text/plain": "<Drawing>", "image/svg+xml": svgFigure}},
			map[string]any{"output_type": "stream", "name": "stderr", "text": "warning: a & b\n"},
		}},
		map[string]any{"cell_type": "code", "execution_count": 4, "metadata": map[string]any{"tags": []string{"raises-exception"}}, "source": "nope", "outputs": []any{
			map[string]any{"output_type": "error", "ename": "NameError", "evalue": "name 'nope' is not defined", "traceback": []string{tb}},
		}},
	)})
	return root, executed
}

func read(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestBuild builds the small book and checks what its pages hold and what
// they must not: rewritten links, copied images, escaped outputs, the
// table of contents and the links between a chapter and its notebook.
func TestBuild(t *testing.T) {
	root, executed := book(t)
	out := filepath.Join(t.TempDir(), "site")
	if err := Build(Config{Root: root, Executed: executed, Out: out}); err != nil {
		t.Fatal(err)
	}
	if err := Check(out); err != nil {
		t.Fatalf("the site has broken links:\n%s", err)
	}
	for _, tc := range []struct {
		page        string
		has, hasNot []string
	}{
		{"index.html", []string{`<a href="01-one.html">One</a>`, `<a href="notebooks/01-one.html">01</a>`, `<title>The test book · The test book</title>`}, nil},
		{"01-one.html", []string{
			`<a href="02-two.html#a-part-of-two">the part of two</a>`, `<a href="notebooks/01-one.html">the notebook</a>`,
			`<a href="notebooks/learner/01-one.ipynb">yours</a>`, `the layers and`, `<a href="https://example.org/">the site</a>`,
			`<img src="figures/strides.svg" alt="a figure">`, `<details><summary>Answer</summary>`, `<img src="figures/raw.png" alt="raw">`,
			`class="notebook-link" href="notebooks/01-one.html"`, `<a rel="next" href="02-two.html">Chapter 2. Two →</a>`,
			`<a href="01-one.html" aria-current="page">Chapter 1. One</a>`, `<a href="ref.html">Reference &lt;page&gt;</a>`,
		}, []string{`href="../nn"`, `rel="prev"`}},
		{"02-two.html", []string{`<h2 id="a-part-of-two">A part of two</h2>`, `<a rel="prev" href="01-one.html">`, `<a href="ref.html">reference</a>`}, []string{`notebook-link`}},
		{"notebooks/01-one.html", []string{
			`<a href="../01-one.html">its page</a>`, `class="chapter-link" href="../01-one.html">Chapter 1. One</a>`,
			`<a href="01-one.ipynb" download>solved</a>`, `<a href="learner/01-one.ipynb" download>for learners</a>`,
			`<details class="checks">`, `In [2]:`, `x &lt; 3`,
			`<pre class="stream stdout">&lt;script&gt;alert(1)&lt;/script&gt;`, `<pre class="stream stderr">warning: a &amp; b`,
			`<table><caption>bool[1]</caption>`,
			`<img class="figure" src="01-one_files/cell-4-1.png" alt="&lt;Figure &#34;a &amp; b&#34;&gt;">`,
			`<img class="figure" src="01-one_files/cell-4-2.svg" alt="&lt;Drawing&gt;">`,
			`<pre class="error"><b>NameError</b>: name &#39;nope&#39; is not defined</pre>`,
			`<title>1. One, the notebook · The test book</title>`,
		}, []string{`<script>`, "\x1b"}},
	} {
		t.Run(tc.page, func(t *testing.T) {
			got := read(t, out, tc.page)
			for _, want := range tc.has {
				if !strings.Contains(got, want) {
					t.Errorf("lacks %s\n%s", want, got)
				}
			}
			for _, bad := range tc.hasNot {
				if strings.Contains(got, bad) {
					t.Errorf("has %s\n%s", bad, got)
				}
			}
		})
	}
	for name, want := range map[string]string{
		"figures/strides.svg":                 svgFigure,
		"figures/raw.png":                     string(pngBytes),
		"notebooks/01-one_files/cell-4-1.png": string(pngBytes),
		"notebooks/01-one_files/cell-4-2.svg": svgFigure,
		"notebooks/learner/01-one.ipynb":      "{}",
		"notebooks/01-one.ipynb":              "{}",
	} {
		if got := read(t, out, name); got != want {
			t.Errorf("%s holds %q, want %q", name, got, want)
		}
	}
}

// TestCheck gives Check sites with one fault each and looks for the fault
// in its error; a sound site passes.
func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string // "" for a sound site
	}{
		{"sound", map[string]string{
			"index.html": `<h1 id="top">T</h1><a href="a/b.html#x">b</a> <a href="#top">top</a> <img src="f%20g.png"> <a href="https://example.org/">x</a> <img src="data:image/png;base64,AA">`,
			"a/b.html":   `<h2 id="x">X</h2><a href="../index.html">up</a><link rel="stylesheet" href="../style.css">`,
			"f g.png":    "png",
			"style.css":  "",
		}, ""},
		{"missing page", map[string]string{"index.html": `<a href="missing.md">m</a>`}, `index.html: link "missing.md" leads to no file`},
		{"missing image", map[string]string{"index.html": `<p><img alt="x" src="figures/x.svg"></p>`}, `index.html: image "figures/x.svg" leads to no file`},
		{"missing anchor", map[string]string{"index.html": `<a href="b.html#nowhere">b</a>`, "b.html": `<h2 id="here">`}, `b.html has no anchor "nowhere"`},
		{"missing anchor here", map[string]string{"index.html": `<a href="#nowhere">b</a>`}, `index.html has no anchor "nowhere"`},
		{"leaves the site", map[string]string{"index.html": `<a href="../nn/">nn</a>`}, `link "../nn/" leaves the site`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeTree(t, dir, tc.files)
			err := Check(dir)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("a sound site fails: %v", err)
			case tc.want != "" && err == nil:
				t.Errorf("passes, want an error with %q", tc.want)
			case tc.want != "" && !strings.Contains(err.Error(), tc.want):
				t.Errorf("error %q lacks %q", err, tc.want)
			}
		})
	}
	if err := Check(t.TempDir()); err == nil {
		t.Error("an empty folder passes as a site")
	}
}

// TestBuildReportsBrokenLinks: a page linking to a page that does not
// exist, or showing an image that does not, builds, and Check names both.
func TestBuildReportsBrokenLinks(t *testing.T) {
	root, executed := book(t)
	writeTree(t, root, map[string]string{"docs/02-two.md": "# Two\n\n[gone](gone.md) ![lost](figures/lost.svg) [no part](01-one.md#no-such-part)\n"})
	out := t.TempDir()
	if err := Build(Config{Root: root, Executed: executed, Out: out}); err != nil {
		t.Fatal(err)
	}
	err := Check(out)
	if err == nil {
		t.Fatal("Check passes a site with broken links")
	}
	for _, want := range []string{`02-two.html: link "gone.md" leads to no file`, `02-two.html: image "figures/lost.svg" leads to no file`, `01-one.html has no anchor "no-such-part"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Check's error lacks %q:\n%v", want, err)
		}
	}
}

// TestTheBooksPages builds the repository's own docs/ without executed
// notebooks (a link to a notebook then leads to its .ipynb) and checks the
// links and images: a page's broken link fails here, where Jupyter is not
// needed; cmd/kael's TestBookSite checks the site with the notebooks.
func TestTheBooksPages(t *testing.T) {
	out := t.TempDir()
	if err := Build(Config{Root: "../..", Executed: t.TempDir(), Out: out}); err != nil {
		t.Fatal(err)
	}
	if err := Check(out); err != nil {
		t.Fatalf("the book's pages have broken links:\n%s", err)
	}
}
