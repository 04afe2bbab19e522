package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/kael-dev/kael/internal/booksite"
)

// kernelEnv installs kael's kernelspec into a temporary prefix and returns
// the environment under which Jupyter finds it. The kernelspec points at
// this test binary; mainEnv makes it act as kael.
func kernelEnv(t *testing.T) []string {
	t.Helper()
	env, err := kernelEnvIn(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return env
}

func kernelEnvIn(dir string) ([]string, error) {
	prefix := filepath.Join(dir, "prefix")
	var out, errOut strings.Builder
	if code := run([]string{"kernel", "install", "--prefix", prefix}, nil, &out, &errOut); code != 0 {
		return nil, &kernelInstallError{errOut.String()}
	}
	return []string{mainEnv + "=1", "JUPYTER_PATH=" + filepath.Join(prefix, "share", "jupyter"), "JUPYTER_DATA_DIR=" + filepath.Join(dir, "data")}, nil
}

type kernelInstallError struct{ msg string }

func (e *kernelInstallError) Error() string { return "kael kernel install: " + e.msg }

// theBookSite is the book's site, built once per test binary by bookSite
// (executing the notebooks takes half a minute); TestMain removes dir.
var theBookSite struct {
	once sync.Once
	dir  string
	err  error
}

// bookSite executes the solved notebooks (notebooks/*.ipynb) with nbconvert
// and this binary as the kael kernel, renders the book's site from them as
// make book-html does, and returns the folders of the executed notebooks
// and of the site. A site with a broken link or a missing image fails the
// test that asks.
func bookSite(t *testing.T) (executed, site string) {
	t.Helper()
	py := python(t, "jupyter-nbconvert python3-nbclient", "nbconvert", "nbclient")
	b := &theBookSite
	b.once.Do(func() {
		b.dir, b.err = os.MkdirTemp("", "kael-book-site-")
		if b.err != nil {
			return
		}
		b.err = buildBookSite(py, b.dir)
	})
	if b.err != nil {
		t.Fatalf("building the book's site: %v", b.err)
	}
	return filepath.Join(b.dir, "executed"), filepath.Join(b.dir, "site")
}

func buildBookSite(py, dir string) error {
	env, err := kernelEnvIn(dir)
	if err != nil {
		return err
	}
	notebooks, err := filepath.Glob("../../notebooks/*.ipynb")
	if err != nil {
		return err
	}
	executed := filepath.Join(dir, "executed")
	for _, nb := range notebooks {
		if err := booksite.Execute(context.Background(), py, "kael", env, nb, executed); err != nil {
			return err
		}
	}
	site := filepath.Join(dir, "site")
	if err := booksite.Build(booksite.Config{Root: "../..", Executed: executed, Out: site}); err != nil {
		return err
	}
	return booksite.Check(site)
}

// TestBookSite builds the book's site as make book-html does and fails on
// a broken link or a missing image (bookSite), on a chapter page or a
// notebook without its page, on a chapter that does not link to its
// notebook, and on a notebook page that shows no output.
func TestBookSite(t *testing.T) {
	if testing.Short() {
		t.Skip("starts kernels through nbconvert")
	}
	_, site := bookSite(t)
	chapters, _ := filepath.Glob("../../docs/0*.md")
	notebooks, _ := filepath.Glob("../../notebooks/*.ipynb")
	if len(chapters) == 0 || len(notebooks) == 0 {
		t.Fatalf("%d chapters and %d notebooks", len(chapters), len(notebooks))
	}
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(site, filepath.FromSlash(name)))
		if err != nil {
			t.Error(err)
		}
		return string(data)
	}
	index := read("index.html")
	for _, ch := range chapters {
		name := strings.TrimSuffix(filepath.Base(ch), ".md")
		page := read(name + ".html")
		if !strings.Contains(index, `href="`+name+`.html"`) {
			t.Errorf("the table of contents lacks the chapter %s", name)
		}
		_, err := os.Stat(filepath.Join("../../notebooks", name+".ipynb"))
		if hasNotebook := err == nil; hasNotebook != strings.Contains(page, `class="notebook-link" href="notebooks/`+name+`.html"`) {
			t.Errorf("%s.html: a notebook %v, a link to it %v", name, hasNotebook, !hasNotebook)
		}
	}
	for _, nb := range notebooks {
		name := strings.TrimSuffix(filepath.Base(nb), ".ipynb")
		page := read("notebooks/" + name + ".html")
		if n := strings.Count(page, `<div class="output`); n < 3 {
			t.Errorf("notebooks/%s.html shows %d outputs", name, n)
		}
		if !strings.Contains(page, `class="chapter-link" href="../`+name+`.html"`) {
			t.Errorf("notebooks/%s.html does not link to its chapter", name)
		}
	}
}

// TestBookSiteInBrowser serves the book's site (bookSite) on 127.0.0.1 and
// opens a chapter page and its notebook's page in Debian's Chromium through
// playwright-core (testdata/browser/site.mjs): the table of contents, the
// chapter's transcripts, every image loaded and drawn, the link from the
// chapter to its notebook, and on the notebook's page its figures, a
// tensor's table and printed output. Screenshots go to
// .cache/book-site-test (or $KAEL_ARTIFACTS/book-site-test).
func TestBookSiteInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts kernels and a browser")
	}
	chromium, node, required := browserTools(t)
	_, site := bookSite(t)
	server := httptest.NewServer(http.FileServer(http.Dir(site)))
	defer server.Close()
	runBrowserScript(t, node, required, "site.mjs", "book-site-test", nil, func() string { return "site in " + site }, server.URL, "-", chromium)
}
