// Package booksite renders the book into a static web site: the chapter
// pages (docs/NN-name.md, with docs/README.md as the index), the other
// pages of docs/, and the executed notebooks (notebooks/NN-name.ipynb run
// with the kael kernel, their outputs and pictures kept). Every page has
// the table of contents; a chapter links to its notebook and the notebook
// back to its chapter. Links between pages are rewritten to the site's
// pages, images and notebooks that a page references are copied beside it,
// and Check fails on a link or an image that leads nowhere.
//
// Markdown is rendered with goldmark (GitHub's flavour: tables, heading
// ids); notebooks with the renderer of notebook.go, which escapes every
// text and writes each picture a cell shows to a file of its own.
// `make book-html` (cmd/kaelbook -html) executes the notebooks with
// nbconvert (Execute) and calls Build and Check.
package booksite

import (
	"bytes"
	"fmt"
	"html/template"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
)

// Config says where the book is and where the site goes.
type Config struct {
	// Root is the repository's root, which holds docs/ and notebooks/.
	Root string
	// Executed is the folder of the executed notebooks: for each
	// notebooks/NAME.ipynb that is in it under the same base name, the site
	// has the page notebooks/NAME.html with its outputs.
	Executed string
	// Out is the site's folder; Build writes into it (it need not exist).
	Out string
}

// A page is one HTML file of the site.
type page struct {
	repo  string // its source, relative to the root: docs/01-x.md, notebooks/01-x.ipynb
	site  string // its path in the site: 01-x.html, notebooks/01-x.html
	title string
	// chapter is the base name of a chapter page or a chapter's notebook
	// ("01-tensors-and-dtypes"), "" for other pages.
	chapter string
	source  []byte
}

// site is the book being built.
type site struct {
	cfg      Config
	pages    map[string]*page // by repo path
	chapters []*page          // docs/NN-*.md in order
	notebook map[string]*page // a chapter's notebook page, by chapter name
	others   []*page          // the other pages of docs/, in path order
	index    *page
	copies   map[string]string // site path -> repo path of a file copied as is
	md       goldmark.Markdown
}

var chapterName = regexp.MustCompile(`^\d\d-[a-z0-9-]+$`)

// Build renders the site into cfg.Out.
func Build(cfg Config) error {
	s := &site{cfg: cfg, pages: map[string]*page{}, notebook: map[string]*page{}, copies: map[string]string{}}
	s.md = goldmark.New(
		goldmark.WithExtensions(extension.GFM),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
		// The pages are the book's own text, with <details> blocks for the
		// answers: their HTML passes through.
		goldmark.WithRendererOptions(html.WithUnsafe()),
	)
	if err := s.collect(); err != nil {
		return err
	}
	if err := os.MkdirAll(cfg.Out, 0o755); err != nil {
		return err
	}
	var repos []string
	for r := range s.pages {
		repos = append(repos, r)
	}
	sort.Strings(repos)
	for _, r := range repos {
		p := s.pages[r]
		var body string
		var err error
		if strings.HasSuffix(p.repo, ".ipynb") {
			body, err = s.renderNotebook(p)
		} else {
			body, err = s.markdown(p.source, p)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", p.repo, err)
		}
		if err := s.write(p, body); err != nil {
			return err
		}
	}
	if err := s.writeFile("style.css", []byte(styleSheet)); err != nil {
		return err
	}
	for sitePath, repo := range s.copies {
		data, err := os.ReadFile(filepath.Join(cfg.Root, filepath.FromSlash(repo)))
		if err != nil {
			return err
		}
		if err := s.writeFile(sitePath, data); err != nil {
			return err
		}
	}
	return nil
}

// collect finds the pages: every Markdown file under docs/ and every
// executed notebook of the book.
func (s *site) collect() error {
	docs := filepath.Join(s.cfg.Root, "docs")
	err := filepath.WalkDir(docs, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(s.cfg.Root, p)
		if err != nil {
			return err
		}
		// Every image of docs/ (docs/figures/) goes with the pages, also
		// those a page shows with an HTML <img> rather than Markdown.
		if imageExt[strings.ToLower(filepath.Ext(p))] {
			repo := filepath.ToSlash(rel)
			s.copies[strings.TrimPrefix(repo, "docs/")] = repo
			return nil
		}
		if !strings.HasSuffix(p, ".md") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		repo := filepath.ToSlash(rel)
		pg := &page{repo: repo, site: strings.TrimSuffix(strings.TrimPrefix(repo, "docs/"), ".md") + ".html", source: src, title: markdownTitle(src)}
		if repo == "docs/README.md" {
			pg.site = "index.html"
			s.index = pg
		} else if name := strings.TrimSuffix(path.Base(repo), ".md"); path.Dir(repo) == "docs" && chapterName.MatchString(name) {
			pg.chapter = name
			s.chapters = append(s.chapters, pg)
		} else {
			s.others = append(s.others, pg)
		}
		if pg.title == "" {
			pg.title = strings.TrimSuffix(path.Base(repo), ".md")
		}
		s.pages[repo] = pg
		return nil
	})
	if err != nil {
		return err
	}
	if s.index == nil {
		return fmt.Errorf("no docs/README.md under %s", s.cfg.Root)
	}
	sort.Slice(s.chapters, func(i, j int) bool { return s.chapters[i].repo < s.chapters[j].repo })
	// The reference pages of docs/ first, then those of its subfolders
	// (the design decisions, docs/adr/).
	sort.Slice(s.others, func(i, j int) bool {
		a, b := s.others[i].repo, s.others[j].repo
		if da, db := strings.Count(a, "/"), strings.Count(b, "/"); da != db {
			return da < db
		}
		return a < b
	})
	executed, err := filepath.Glob(filepath.Join(s.cfg.Executed, "*.ipynb"))
	if err != nil {
		return err
	}
	for _, e := range executed {
		base := filepath.Base(e)
		repo := "notebooks/" + base
		if _, err := os.Stat(filepath.Join(s.cfg.Root, "notebooks", base)); err != nil {
			return fmt.Errorf("%s: no notebook %s in the book", e, repo)
		}
		src, err := os.ReadFile(e)
		if err != nil {
			return err
		}
		name := strings.TrimSuffix(base, ".ipynb")
		pg := &page{repo: repo, site: "notebooks/" + name + ".html", source: src, chapter: name}
		s.pages[repo] = pg
		s.notebook[name] = pg
	}
	return nil
}

// markdownTitle is the text of a page's first "# " heading.
func markdownTitle(src []byte) string {
	for _, line := range strings.Split(string(src), "\n") {
		if t, ok := strings.CutPrefix(line, "# "); ok {
			return strings.TrimSpace(strings.ReplaceAll(t, "`", ""))
		}
	}
	return ""
}

// markdown renders Markdown found in page p (the page itself or one of
// its notebook's cells), with its links and images resolved.
func (s *site) markdown(src []byte, p *page) (string, error) {
	doc := s.md.Parser().Parse(text.NewReader(src))
	var unlink []*ast.Link
	err := ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			dest, ok := s.resolve(p, string(n.Destination), false)
			if !ok {
				unlink = append(unlink, n)
			}
			n.Destination = []byte(dest)
		case *ast.Image:
			dest, _ := s.resolve(p, string(n.Destination), true)
			n.Destination = []byte(dest)
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		return "", err
	}
	// A link to a file of the repository outside the book (a source
	// folder) keeps its text, without the link.
	for _, l := range unlink {
		parent := l.Parent()
		for c := l.FirstChild(); c != nil; {
			next := c.NextSibling()
			parent.InsertBefore(parent, l, c)
			c = next
		}
		parent.RemoveChild(parent, l)
	}
	var b bytes.Buffer
	if err := s.md.Renderer().Render(&b, src, doc); err != nil {
		return "", err
	}
	return b.String(), nil
}

var imageExt = map[string]bool{".png": true, ".svg": true, ".jpg": true, ".jpeg": true, ".gif": true, ".webp": true}

// resolve maps a link or image destination found in page p to the site:
// a page of the book to its HTML page, an image or a notebook not rendered
// to a copy of the file, each relative to p. It returns ok false for a
// file of the repository outside the book, whose link is dropped. A
// destination that leads to no file is returned unchanged, for Check to
// report.
func (s *site) resolve(p *page, dest string, image bool) (string, bool) {
	if dest == "" || strings.HasPrefix(dest, "#") || strings.Contains(dest, ":") {
		return dest, true // a fragment, or a URL with a scheme (https:, mailto:, data:)
	}
	target, frag, _ := strings.Cut(dest, "#")
	repo := path.Clean(path.Join(path.Dir(p.repo), target))
	if strings.HasPrefix(repo, "../") {
		return dest, true
	}
	if frag != "" {
		frag = "#" + frag
	}
	if pg, ok := s.pages[repo]; ok {
		return relative(p.site, pg.site) + frag, true
	}
	info, err := os.Stat(filepath.Join(s.cfg.Root, filepath.FromSlash(repo)))
	if err != nil {
		return dest, true
	}
	ext := strings.ToLower(path.Ext(repo))
	inBook := strings.HasPrefix(repo, "docs/") || strings.HasPrefix(repo, "notebooks/")
	switch {
	case !info.IsDir() && inBook && (imageExt[ext] || ext == ".ipynb"):
		sitePath := strings.TrimPrefix(repo, "docs/")
		s.copies[sitePath] = repo
		return relative(p.site, sitePath) + frag, true
	case image:
		return dest, true // an image outside the book is not copied: Check reports it
	}
	return dest, false
}

// relative is the link from the page at site path from to the site path to.
func relative(from, to string) string {
	rel, err := filepath.Rel(filepath.Dir(filepath.FromSlash(from)), filepath.FromSlash(to))
	if err != nil {
		return to
	}
	return filepath.ToSlash(rel)
}

// write writes page p with the frame around body.
func (s *site) write(p *page, body string) error {
	link := func(to *page) string { return relative(p.site, to.site) }
	type entry struct {
		Title, Href      string
		Current          bool
		Notebook         string
		NotebookCurrent  bool
		Prev, Next       *entry
		NotebookOf       string
		ChapterOf        string
		ChapterOfTitle   string
		DownloadNotebook string
		DownloadLearner  string
	}
	var chapters []entry
	for _, c := range s.chapters {
		e := entry{Title: c.title, Href: link(c), Current: c == p}
		if nb := s.notebook[c.chapter]; nb != nil {
			e.Notebook = link(nb)
			e.NotebookCurrent = nb == p
		}
		chapters = append(chapters, e)
	}
	var others []entry
	for _, o := range s.others {
		others = append(others, entry{Title: o.title, Href: link(o), Current: o == p})
	}
	var here entry
	if p.chapter != "" {
		for i, c := range s.chapters {
			if c.chapter != p.chapter {
				continue
			}
			if i > 0 {
				here.Prev = &chapters[i-1]
			}
			if i+1 < len(chapters) {
				here.Next = &chapters[i+1]
			}
			if strings.HasSuffix(p.repo, ".md") {
				here.NotebookOf = chapters[i].Notebook
			} else {
				here.ChapterOf, here.ChapterOfTitle = link(c), c.title
			}
		}
		if strings.HasSuffix(p.repo, ".ipynb") {
			s.copies[p.repo] = p.repo
			here.DownloadNotebook = relative(p.site, p.repo)
			learner := "notebooks/learner/" + path.Base(p.repo)
			if _, err := os.Stat(filepath.Join(s.cfg.Root, filepath.FromSlash(learner))); err == nil {
				s.copies[learner] = learner
				here.DownloadLearner = relative(p.site, learner)
			}
		}
	}
	var b bytes.Buffer
	err := frame.Execute(&b, map[string]any{
		"Title":    p.title,
		"Style":    relative(p.site, "style.css"),
		"Home":     relative(p.site, s.index.site),
		"Book":     s.index.title,
		"Chapters": chapters,
		"Others":   others,
		"Here":     here,
		"Kind":     map[bool]string{true: "notebook", false: "page"}[strings.HasSuffix(p.repo, ".ipynb")],
		"Body":     template.HTML(body),
	})
	if err != nil {
		return err
	}
	return s.writeFile(p.site, b.Bytes())
}

func (s *site) writeFile(sitePath string, data []byte) error {
	full := filepath.Join(s.cfg.Out, filepath.FromSlash(sitePath))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		return err
	}
	return os.WriteFile(full, data, 0o644)
}

var frame = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} · {{.Book}}</title>
<link rel="stylesheet" href="{{.Style}}">
</head>
<body class="{{.Kind}}">
<nav class="toc" aria-label="Table of contents">
<p class="book"><a href="{{.Home}}">{{.Book}}</a></p>
<h2>Chapters</h2>
<ol class="chapters">
{{- range .Chapters}}
<li><a href="{{.Href}}"{{if .Current}} aria-current="page"{{end}}>{{.Title}}</a>{{if .Notebook}} · <a class="nb" href="{{.Notebook}}"{{if .NotebookCurrent}} aria-current="page"{{end}}>notebook</a>{{end}}</li>
{{- end}}
</ol>
<h2>Reference</h2>
<ul class="reference">
{{- range .Others}}
<li><a href="{{.Href}}"{{if .Current}} aria-current="page"{{end}}>{{.Title}}</a></li>
{{- end}}
</ul>
</nav>
<main>
{{- with .Here}}
{{- if .NotebookOf}}
<p class="companion">Run this chapter: <a class="notebook-link" href="{{.NotebookOf}}">its notebook, executed</a></p>
{{- end}}
{{- if .ChapterOf}}
<p class="companion">The notebook of the chapter <a class="chapter-link" href="{{.ChapterOf}}">{{.ChapterOfTitle}}</a>, shown as executed.
Download it: <a href="{{.DownloadNotebook}}" download>solved</a>{{if .DownloadLearner}}, <a href="{{.DownloadLearner}}" download>for learners</a>{{end}}.</p>
{{- end}}
{{- end}}
<article>
{{.Body}}
</article>
{{- with .Here}}{{if or .Prev .Next}}
<nav class="pager" aria-label="Chapters">
{{- if .Prev}}<a rel="prev" href="{{.Prev.Href}}">← {{.Prev.Title}}</a>{{end}}
{{- if .Next}}<a rel="next" href="{{.Next.Href}}">{{.Next.Title}} →</a>{{end}}
</nav>
{{- end}}{{end}}
</main>
</body>
</html>
`))

const styleSheet = `body { margin: 0; display: flex; font: 16px/1.55 system-ui, sans-serif; color: #1f2328; background: #fff; }
nav.toc { flex: 0 0 17rem; padding: 1rem 1.2rem; border-right: 1px solid #d0d7de; background: #f6f8fa; min-height: 100vh; font-size: 14px; }
nav.toc h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: #57606a; margin: 1.2rem 0 .4rem; }
nav.toc ol, nav.toc ul { padding-left: 1.2rem; margin: 0; }
nav.toc li { margin: .25rem 0; }
nav.toc .book { font-weight: 600; font-size: 16px; margin: 0; }
a[aria-current="page"] { font-weight: 600; color: #1f2328; }
main { flex: 1; min-width: 0; max-width: 60rem; padding: 1rem 2.5rem 4rem; }
a { color: #0550ae; }
pre, code { font: 13.5px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; }
pre { background: #f6f8fa; padding: .7rem 1rem; overflow-x: auto; border-radius: 6px; }
table { border-collapse: collapse; }
th, td { border: 1px solid #d0d7de; padding: .25rem .6rem; }
.companion { background: #ddf4ff; border: 1px solid #54aeff; border-radius: 6px; padding: .5rem .8rem; }
.pager { display: flex; justify-content: space-between; margin-top: 3rem; border-top: 1px solid #d0d7de; padding-top: 1rem; }
.cell { margin: 1rem 0; }
.cell .prompt { font: 12px ui-monospace, monospace; color: #57606a; }
.cell pre.input { background: #f6f8fa; border-left: 3px solid #0969da; }
.output { margin: .3rem 0 0 0; }
.output pre { background: #fff; border: 1px solid #d0d7de; }
.output pre.stderr { background: #fff8c5; }
.output pre.error { background: #ffebe9; border-color: #ff8182; }
.output img { max-width: 100%; height: auto; }
details.checks summary { cursor: pointer; color: #57606a; }
`
