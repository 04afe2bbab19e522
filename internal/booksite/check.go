package booksite

import (
	"context"
	"errors"
	"fmt"
	"html"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

var (
	attrRef = regexp.MustCompile(`<(a|img|link|script)\b[^>]*?\s(href|src)="([^"]*)"`)
	attrID  = regexp.MustCompile(`\sid="([^"]*)"`)
)

// Check reads every HTML page of the site in out and returns an error
// naming each link to a file that is not in the site, each link to an
// anchor that is not on its page, and each image whose file is missing.
// Links with a scheme (https:, mailto:, data:) are not followed.
func Check(out string) error {
	pages := map[string]string{} // site path -> content
	err := filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(out, p)
		if err != nil {
			return err
		}
		pages[filepath.ToSlash(rel)] = string(data)
		return nil
	})
	if err != nil {
		return err
	}
	if len(pages) == 0 {
		return fmt.Errorf("no HTML pages in %s", out)
	}
	ids := func(site string) map[string]bool {
		set := map[string]bool{}
		for _, m := range attrID.FindAllStringSubmatch(pages[site], -1) {
			set[html.UnescapeString(m[1])] = true
		}
		return set
	}
	var problems []string
	for site, content := range pages {
		for _, m := range attrRef.FindAllStringSubmatch(content, -1) {
			tag, ref := m[1], html.UnescapeString(m[3])
			if ref == "" || strings.Contains(strings.SplitN(ref, "/", 2)[0], ":") {
				continue
			}
			target, frag, _ := strings.Cut(ref, "#")
			if unescaped, err := url.PathUnescape(target); err == nil {
				target = unescaped
			}
			dest := site
			if target != "" {
				dest = path.Clean(path.Join(path.Dir(site), target))
			}
			what := "link"
			if tag == "img" {
				what = "image"
			}
			if strings.HasPrefix(dest, "../") {
				problems = append(problems, fmt.Sprintf("%s: %s %q leaves the site", site, what, ref))
				continue
			}
			if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(dest))); err != nil {
				problems = append(problems, fmt.Sprintf("%s: %s %q leads to no file (%s)", site, what, ref, dest))
				continue
			}
			if frag != "" && strings.HasSuffix(dest, ".html") && !ids(dest)[frag] {
				problems = append(problems, fmt.Sprintf("%s: link %q: %s has no anchor %q", site, ref, dest, frag))
			}
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return errors.New(strings.Join(problems, "\n"))
	}
	return nil
}

// Execute runs a notebook with nbconvert and the Jupyter kernel named
// kernel, as python (Debian's python3 with jupyter-nbconvert) finds it
// with the environment env added to this process's, and writes the
// executed notebook, under the same name, to outDir. A cell that fails
// does not stop it (--allow-errors): the outputs show the error, as the
// book shows errors on purpose; the tests read the cells.
func Execute(ctx context.Context, python, kernel string, env []string, notebook, outDir string) error {
	cmd := exec.CommandContext(ctx, python, "-m", "nbconvert", "--to", "notebook", "--execute", "--allow-errors",
		"--ExecutePreprocessor.kernel_name="+kernel, "--ExecutePreprocessor.timeout=120",
		"--output-dir", outDir, notebook)
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("executing %s: %v\n%s", notebook, err, out)
	}
	return nil
}
