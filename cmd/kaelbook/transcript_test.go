package main

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/magic"
)

var updateTranscripts = flag.Bool("update-transcripts", false, "rewrite the outputs of the chapter pages' transcripts")

// A transcript is a fenced block of the language pycon in a chapter page:
// inputs after ">>> " (continued after "... "), each followed by what kael
// shows for it, as the REPL and a notebook cell do: what it prints, the
// text of its value (lang.ShowText: for a tensor PyTorch's text and its
// dtype-and-shape caption), its notes ("note: ...") and its error.
const transcriptFence = "```pycon"

// TestChapterTranscripts re-runs every transcript of every chapter page,
// one session per page, and fails where kael's output is not the page's
// (-update-transcripts rewrites them). Every page with a notebook shows at
// least one transcript: a chapter shows real output, not a description of
// it (issue 32).
func TestChapterTranscripts(t *testing.T) {
	for _, ch := range bookChapters {
		t.Run(ch.page, func(t *testing.T) {
			path := filepath.Join(root, "docs", ch.page)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			page, n, err := rerunTranscripts(string(data))
			if err != nil {
				t.Fatal(err)
			}
			if n == 0 && ch.notebook != "" {
				t.Errorf("no transcript (a %s block of inputs and outputs)", transcriptFence)
			}
			if page == string(data) {
				return
			}
			if *updateTranscripts {
				if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			t.Errorf("a transcript's output is not what kael shows (go test ./cmd/kaelbook -run TestChapterTranscripts -update-transcripts rewrites them):\n%s", firstDiff(string(data), page))
		})
	}
}

// rerunTranscripts returns the page with every transcript's outputs
// replaced by what kael shows now, and the number of transcripts.
func rerunTranscripts(page string) (string, int, error) {
	lines := strings.Split(page, "\n")
	var out []string
	var sh *magic.Shell
	var buf strings.Builder
	n := 0
	for i := 0; i < len(lines); i++ {
		out = append(out, lines[i])
		if strings.TrimSpace(lines[i]) != transcriptFence {
			continue
		}
		n++
		if sh == nil {
			sh = magic.New(lang.NewSession(lang.IO{Stdout: &buf}))
		}
		i++
		for i < len(lines) && strings.TrimSpace(lines[i]) != "```" {
			if !strings.HasPrefix(lines[i], ">>> ") && lines[i] != ">>>" {
				i++ // an old output line
				continue
			}
			cell := []string{strings.TrimPrefix(strings.TrimPrefix(lines[i], ">>>"), " ")}
			out = append(out, lines[i])
			for i++; i < len(lines) && (strings.HasPrefix(lines[i], "... ") || lines[i] == "..."); i++ {
				cell = append(cell, strings.TrimPrefix(strings.TrimPrefix(lines[i], "..."), " "))
				out = append(out, lines[i])
			}
			buf.Reset()
			res := sh.Run(context.Background(), 0, "", strings.Join(cell, "\n")+"\n")
			shown := buf.String() + res.Text
			if res.Err == nil && res.Value != nil {
				shown += lang.Shown(res.Value).String() + "\n"
			}
			for _, note := range res.Notes {
				shown += "note: " + note.Text + "\n"
			}
			if res.Err != nil {
				shown += res.Err.Render() + "\n"
			}
			if shown != "" {
				out = append(out, strings.Split(strings.TrimRight(shown, "\n"), "\n")...)
			}
		}
		if i < len(lines) {
			out = append(out, lines[i])
		}
	}
	return strings.Join(out, "\n"), n, nil
}

// firstDiff shows the first line where two texts differ.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return "line " + strconv.Itoa(i+1) + ":\n page: " + al[i] + "\n kael: " + bl[i]
		}
	}
	return "the lengths differ"
}
