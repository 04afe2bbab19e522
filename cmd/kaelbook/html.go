package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/kael-dev/kael/internal/booksite"
)

// buildHTML renders the book into the static site out (make book-html):
// it installs the kernelspec of the kael binary kael into a temporary
// prefix, executes every notebook of dir with nbconvert (python is a
// python3 that has it), renders the pages of dir/../docs and the executed
// notebooks (internal/booksite) and checks the site's links and images.
func buildHTML(dir, out, kael, python string) error {
	tmp, err := os.MkdirTemp("", "kaelbook-html-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	prefix := filepath.Join(tmp, "prefix")
	if msg, err := exec.Command(kael, "kernel", "install", "--prefix", prefix).CombinedOutput(); err != nil {
		return fmt.Errorf("%s kernel install: %v\n%s", kael, err, msg)
	}
	env := []string{"JUPYTER_PATH=" + filepath.Join(prefix, "share", "jupyter"), "JUPYTER_DATA_DIR=" + filepath.Join(tmp, "data")}
	notebooks, err := filepath.Glob(filepath.Join(dir, "*.ipynb"))
	if err != nil {
		return err
	}
	if len(notebooks) == 0 {
		return fmt.Errorf("no notebooks in %s", dir)
	}
	executed := filepath.Join(tmp, "executed")
	for _, nb := range notebooks {
		fmt.Fprintln(os.Stderr, "executing", nb)
		if err := booksite.Execute(context.Background(), python, "kael", env, nb, executed); err != nil {
			return err
		}
	}
	// A site written before goes, so that no page of an older book stays.
	if _, err := os.Stat(filepath.Join(out, "index.html")); err == nil {
		if err := os.RemoveAll(out); err != nil {
			return err
		}
	}
	cfg := booksite.Config{Root: filepath.Join(dir, ".."), Executed: executed, Out: out}
	if err := booksite.Build(cfg); err != nil {
		return err
	}
	if err := booksite.Check(out); err != nil {
		return fmt.Errorf("the site in %s has broken links:\n%w", out, err)
	}
	fmt.Fprintf(os.Stderr, "the book is in %s/index.html\n", out)
	return nil
}
