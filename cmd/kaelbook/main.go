// Command kaelbook keeps the book's notebooks in step: it copies the shared
// exercise checks (notebooks/checks.kael), with each notebook's hints and
// solutions, into every source notebook, ends it with the questions of its
// chapter's page (docs/NN-name.md) and a progress() cell, and
// writes each learner notebook (notebooks/learner/) from its source with the
// solutions taken out (internal/book says how). It also draws the chapter
// pages' figures, docs/figures/*.svg (figures.go lists them).
//
// Usage:
//
//	kaelbook [-check] [DIR]
//
//	kaelbook -html OUT [-kael BIN] [-python PY] [DIR]
//
// DIR is the notebooks folder (default "notebooks"); the figures go to
// DIR/../docs/figures. With -check it writes nothing and fails when a
// committed file differs from what it would write. With -html it writes
// nothing into DIR: it executes the notebooks with the kael kernel of BIN
// (nbconvert, from PY) and renders them with the pages of DIR/../docs into
// the static site OUT (make book-html; internal/booksite).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kael-dev/kael/internal/book"
)

func main() {
	check := flag.Bool("check", false, "write nothing; fail when a committed notebook is out of date")
	htmlOut := flag.String("html", "", "render the book into this folder as a static site, the notebooks executed")
	kael := flag.String("kael", "bin/kael", "with -html: the kael binary whose kernel executes the notebooks")
	python := flag.String("python", "/usr/bin/python3", "with -html: a python3 with nbconvert (Debian's jupyter-nbconvert)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: kaelbook [-check] [DIR]\n       kaelbook -html OUT [-kael BIN] [-python PY] [DIR]\n\nwrites DIR/learner/*.ipynb from DIR/*.ipynb (DIR defaults to notebooks);\nwith -html renders the book with its notebooks executed into the site OUT")
		flag.PrintDefaults()
	}
	flag.Parse()
	dir := "notebooks"
	if flag.NArg() > 0 {
		dir = flag.Arg(0)
	}
	if *htmlOut != "" {
		if err := buildHTML(dir, *htmlOut, *kael, *python); err != nil {
			fmt.Fprintln(os.Stderr, "kaelbook:", err)
			os.Exit(1)
		}
		return
	}
	stale, err := syncBook(dir, !*check)
	if err == nil {
		var figs []string
		figs, err = syncFigures(filepath.Join(dir, "..", "docs"), !*check)
		stale = append(stale, figs...)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "kaelbook:", err)
		os.Exit(1)
	}
	if *check && len(stale) > 0 {
		for _, p := range stale {
			fmt.Fprintf(os.Stderr, "kaelbook: %s is out of date: run make book\n", p)
		}
		os.Exit(1)
	}
}

// syncBook computes every file the book derives under dir and returns the
// paths whose content differs from what is on disk; with write it also
// writes them.
func syncBook(dir string, write bool) (stale []string, err error) {
	checks, err := os.ReadFile(filepath.Join(dir, book.ChecksFile))
	if err != nil {
		return nil, err
	}
	sources, err := filepath.Glob(filepath.Join(dir, "*.ipynb"))
	if err != nil {
		return nil, err
	}
	if len(sources) == 0 {
		return nil, fmt.Errorf("no notebooks in %s", dir)
	}
	for _, src := range sources {
		data, err := os.ReadFile(src)
		if err != nil {
			return nil, err
		}
		nb, err := book.Parse(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", src, err)
		}
		if err := nb.SetChecks(string(checks)); err != nil {
			return nil, fmt.Errorf("%s: %w", src, err)
		}
		// The chapter's page, docs/NN-name.md beside notebooks/NN-name.ipynb,
		// gives the notebook its closing questions.
		page, err := os.ReadFile(filepath.Join(dir, "..", "docs", strings.TrimSuffix(filepath.Base(src), ".ipynb")+".md"))
		if err != nil && !os.IsNotExist(err) {
			return nil, err
		}
		nb.SetQuiz(string(page))
		learner, err := nb.Learner()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", src, err)
		}
		outputs := map[string]*book.Notebook{
			src: nb,
			filepath.Join(dir, book.LearnerDir, filepath.Base(src)): learner,
		}
		for _, path := range []string{src, filepath.Join(dir, book.LearnerDir, filepath.Base(src))} {
			want, err := outputs[path].Encode()
			if err != nil {
				return nil, err
			}
			differs, err := syncFile(path, want, bytes.Equal, write)
			if err != nil {
				return nil, err
			}
			if differs {
				stale = append(stale, path)
			}
		}
	}
	return stale, nil
}

// syncFile reports whether the file at path differs from want (by same)
// and, with write, replaces it: one rule for the notebooks and figures
// make book keeps current.
func syncFile(path string, want []byte, same func(have, want []byte) bool, write bool) (bool, error) {
	have, _ := os.ReadFile(path)
	if same(have, want) {
		return false, nil
	}
	if !write {
		return true, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return true, err
	}
	return true, os.WriteFile(path, want, 0o644)
}
