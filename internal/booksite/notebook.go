package booksite

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"path"
	"regexp"
	"strings"
)

// nbDoc is the part of an nbformat 4 notebook the site shows.
type nbDoc struct {
	Cells []nbCell `json:"cells"`
}

type nbCell struct {
	CellType       string          `json:"cell_type"`
	Source         json.RawMessage `json:"source"`
	ExecutionCount *int            `json:"execution_count"`
	Metadata       struct {
		Tags []string `json:"tags"`
	} `json:"metadata"`
	Outputs []nbOutput `json:"outputs"`
}

type nbOutput struct {
	OutputType string                     `json:"output_type"`
	Name       string                     `json:"name"`
	Text       json.RawMessage            `json:"text"`
	Data       map[string]json.RawMessage `json:"data"`
	Ename      string                     `json:"ename"`
	Evalue     string                     `json:"evalue"`
	Traceback  []string                   `json:"traceback"`
}

// multiline reads nbformat's multiline strings: a string or a list of
// lines.
func multiline(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var lines []string
	_ = json.Unmarshal(raw, &lines)
	return strings.Join(lines, "")
}

// checksTag marks the notebook cell that holds the shared exercise
// checks (internal/book's ChecksTag): long library code, shown folded.
const checksTag = "checks"

// The MIME types of a display, in the order the site prefers them: a
// picture first (a figure's bundle also has text), then HTML (a tensor's
// table), then text.
var preferred = []string{"image/svg+xml", "image/png", "image/jpeg", "text/html", "text/markdown", "text/plain"}

var pictureExt = map[string]string{"image/svg+xml": ".svg", "image/png": ".png", "image/jpeg": ".jpg"}

// renderNotebook renders an executed notebook's cells: Markdown cells as
// Markdown, code cells as their source and outputs. Each picture an output
// shows is written to NAME_files/ beside the page.
func (s *site) renderNotebook(p *page) (string, error) {
	var nb nbDoc
	if err := json.Unmarshal(p.source, &nb); err != nil {
		return "", err
	}
	var b strings.Builder
	files := strings.TrimSuffix(path.Base(p.site), ".html") + "_files"
	for i, c := range nb.Cells {
		src := multiline(c.Source)
		switch c.CellType {
		case "markdown":
			if p.title == "" {
				p.title = markdownTitle([]byte(src))
			}
			h, err := s.markdown([]byte(src), p)
			if err != nil {
				return "", fmt.Errorf("cell %d: %w", i+1, err)
			}
			fmt.Fprintf(&b, "<div class=\"cell markdown\">\n%s</div>\n", h)
		case "code":
			count := " "
			if c.ExecutionCount != nil {
				count = fmt.Sprint(*c.ExecutionCount)
			}
			fmt.Fprintf(&b, "<div class=\"cell code\" id=\"cell-%d\">\n", i+1)
			input := fmt.Sprintf("<div class=\"prompt\">In [%s]:</div>\n<pre class=\"input\"><code>%s</code></pre>\n", count, html.EscapeString(src))
			if hasTag(c.Metadata.Tags, checksTag) {
				input = "<details class=\"checks\"><summary>The exercise checks (run first)</summary>\n" + input + "</details>\n"
			}
			b.WriteString(input)
			for k, o := range c.Outputs {
				out, err := s.output(p, o, fmt.Sprintf("%s/cell-%d-%d", files, i+1, k+1))
				if err != nil {
					return "", fmt.Errorf("cell %d, output %d: %w", i+1, k+1, err)
				}
				b.WriteString(out)
			}
			b.WriteString("</div>\n")
		default: // raw cells hold text for other converters
			fmt.Fprintf(&b, "<pre class=\"cell raw\">%s</pre>\n", html.EscapeString(src))
		}
	}
	if p.title == "" {
		p.title = p.chapter
	}
	return b.String(), nil
}

func hasTag(tags []string, tag string) bool {
	for _, t := range tags {
		if t == tag {
			return true
		}
	}
	return false
}

// output renders one output of a code cell; a picture goes to the file
// named stem plus its extension, relative to the page's folder.
func (s *site) output(p *page, o nbOutput, stem string) (string, error) {
	switch o.OutputType {
	case "stream":
		name := "stdout"
		if o.Name == "stderr" {
			name = "stderr"
		}
		return fmt.Sprintf("<div class=\"output\"><pre class=\"stream %s\">%s</pre></div>\n", name, html.EscapeString(multiline(o.Text))), nil
	case "error":
		tb := strings.Join(o.Traceback, "\n")
		if tb == "" {
			tb = o.Ename + ": " + o.Evalue
		}
		return fmt.Sprintf("<div class=\"output\"><pre class=\"error\">%s</pre></div>\n", ansiHTML(tb)), nil
	case "execute_result", "display_data":
		for _, mime := range preferred {
			raw, ok := o.Data[mime]
			if !ok {
				continue
			}
			data := multiline(raw)
			switch mime {
			case "image/svg+xml", "image/png", "image/jpeg":
				content := []byte(data)
				if mime != "image/svg+xml" {
					dec, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(data), ""))
					if err != nil {
						return "", fmt.Errorf("%s: %w", mime, err)
					}
					content = dec
				}
				file := stem + pictureExt[mime]
				if err := s.writeFile(path.Join(path.Dir(p.site), file), content); err != nil {
					return "", err
				}
				alt := "a figure"
				if t, ok := o.Data["text/plain"]; ok {
					alt = multiline(t)
				}
				return fmt.Sprintf("<div class=\"output\"><img class=\"figure\" src=\"%s\" alt=\"%s\"></div>\n", html.EscapeString(file), html.EscapeString(alt)), nil
			case "text/html":
				// The kernel's own HTML (a tensor's table), as Jupyter shows it.
				return "<div class=\"output html\">\n" + data + "\n</div>\n", nil
			case "text/markdown":
				h, err := s.markdown([]byte(data), p)
				if err != nil {
					return "", err
				}
				return "<div class=\"output markdown\">\n" + h + "</div>\n", nil
			default:
				return fmt.Sprintf("<div class=\"output\"><pre class=\"result\">%s</pre></div>\n", html.EscapeString(data)), nil
			}
		}
		return "", nil // a bundle with nothing the site shows (a widget)
	}
	return "", fmt.Errorf("unknown output type %q", o.OutputType)
}

var ansiCode = regexp.MustCompile("\x1b\\[([0-9;]*)m")

// ansiHTML escapes a traceback's text and turns its bold ANSI codes into
// <b>; other codes (colours) are dropped.
func ansiHTML(s string) string {
	var b strings.Builder
	bold := false
	last := 0
	for _, m := range ansiCode.FindAllStringSubmatchIndex(s, -1) {
		b.WriteString(html.EscapeString(s[last:m[0]]))
		last = m[1]
		for _, code := range strings.Split(s[m[2]:m[3]], ";") {
			switch {
			case code == "1" && !bold:
				b.WriteString("<b>")
				bold = true
			case (code == "0" || code == "" || code == "22") && bold:
				b.WriteString("</b>")
				bold = false
			}
		}
	}
	b.WriteString(html.EscapeString(s[last:]))
	if bold {
		b.WriteString("</b>")
	}
	return b.String()
}
