package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

const (
	checksFile = "checks.kael"
	learnerDir = "learner"
	// ChecksTag marks the cell that holds notebooks/checks.kael.
	checksTag = "checks"
	// ExerciseTag marks, in a learner notebook, a cell whose solution was taken out.
	exerciseTag   = "exercise"
	beginSolution = "# BEGIN SOLUTION"
	endSolution   = "# END SOLUTION"
)

// notebook is an nbformat 4 document kept as generic JSON, so that fields
// kaelbook does not know about pass through unchanged.
type notebook struct {
	doc   map[string]any
	cells []map[string]any
}

func parseNotebook(data []byte) (*notebook, error) {
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	raw, ok := doc["cells"].([]any)
	if !ok {
		return nil, fmt.Errorf("no cells")
	}
	nb := &notebook{doc: doc}
	for i, c := range raw {
		cell, ok := c.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("cell %d is not an object", i+1)
		}
		nb.cells = append(nb.cells, cell)
	}
	return nb, nil
}

// encode writes the notebook the way nbformat does: one-space indent, sorted
// keys, UTF-8 kept as is, a final newline.
func (nb *notebook) encode() ([]byte, error) {
	cells := make([]any, len(nb.cells))
	for i, c := range nb.cells {
		cells[i] = c
	}
	nb.doc["cells"] = cells
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(nb.doc); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func cellSource(cell map[string]any) string {
	switch s := cell["source"].(type) {
	case string:
		return s
	case []any:
		var b strings.Builder
		for _, line := range s {
			str, _ := line.(string)
			b.WriteString(str)
		}
		return b.String()
	}
	return ""
}

// setSource stores text as nbformat's list of lines, each but the last
// keeping its newline.
func setSource(cell map[string]any, text string) {
	lines := []any{}
	for text != "" {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			lines = append(lines, text)
			break
		}
		lines = append(lines, text[:i+1])
		text = text[i+1:]
	}
	cell["source"] = lines
}

func cellTags(cell map[string]any) []string {
	meta, _ := cell["metadata"].(map[string]any)
	raw, _ := meta["tags"].([]any)
	var tags []string
	for _, t := range raw {
		if s, ok := t.(string); ok {
			tags = append(tags, s)
		}
	}
	return tags
}

func hasTag(cell map[string]any, tag string) bool {
	for _, t := range cellTags(cell) {
		if t == tag {
			return true
		}
	}
	return false
}

func addTag(cell map[string]any, tag string) {
	if hasTag(cell, tag) {
		return
	}
	meta, ok := cell["metadata"].(map[string]any)
	if !ok {
		meta = map[string]any{}
		cell["metadata"] = meta
	}
	tags, _ := meta["tags"].([]any)
	meta["tags"] = append(tags, tag)
}

// setChecks puts the shared check helpers into the notebook's cell tagged
// "checks"; a notebook with exercises must have exactly one such cell.
func (nb *notebook) setChecks(checks string) error {
	found := 0
	exercises := 0
	for _, cell := range nb.cells {
		if hasTag(cell, checksTag) {
			found++
			setSource(cell, strings.TrimRight(checks, "\n"))
		}
		if strings.Contains(cellSource(cell), beginSolution) {
			exercises++
		}
	}
	if exercises > 0 && found != 1 {
		return fmt.Errorf("%d exercises need exactly one code cell tagged %q (it has %d)", exercises, checksTag, found)
	}
	return nil
}

// learner returns a copy of the notebook with every solution replaced by a
// placeholder and every output cleared.
func (nb *notebook) learner() (*notebook, error) {
	data, err := nb.encode()
	if err != nil {
		return nil, err
	}
	out, err := parseNotebook(data)
	if err != nil {
		return nil, err
	}
	for i, cell := range out.cells {
		if cell["cell_type"] != "code" {
			continue
		}
		cell["outputs"] = []any{}
		cell["execution_count"] = nil
		src := cellSource(cell)
		if !strings.Contains(src, beginSolution) && !strings.Contains(src, endSolution) {
			continue
		}
		stripped, err := stripSolutions(src)
		if err != nil {
			return nil, fmt.Errorf("cell %d: %w", i+1, err)
		}
		setSource(cell, stripped)
		addTag(cell, exerciseTag)
	}
	return out, nil
}

var assignTarget = regexp.MustCompile(`^([A-Za-z_][A-Za-z_0-9]*(?:\s*,\s*[A-Za-z_][A-Za-z_0-9]*)*)\s*=[^=]`)

// stripSolutions replaces each block between "# BEGIN SOLUTION" and
// "# END SOLUTION" with placeholders: "NAME = ..." for each name the block
// assigns at its own indentation, or "return ..." when it returns at that
// indentation or assigns nothing (the body of a function the learner writes).
func stripSolutions(src string) (string, error) {
	var out []string
	var block []string
	inBlock := false
	indent := ""
	for n, line := range strings.Split(src, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == beginSolution:
			if inBlock {
				return "", fmt.Errorf("line %d: %s inside a solution", n+1, beginSolution)
			}
			inBlock, block = true, nil
			indent = line[:len(line)-len(strings.TrimLeft(line, " \t"))]
		case trimmed == endSolution:
			if !inBlock {
				return "", fmt.Errorf("line %d: %s without %s", n+1, endSolution, beginSolution)
			}
			inBlock = false
			out = append(out, placeholders(block, indent)...)
		case inBlock:
			block = append(block, line)
		default:
			out = append(out, line)
		}
	}
	if inBlock {
		return "", fmt.Errorf("%s without %s", beginSolution, endSolution)
	}
	return strings.Join(out, "\n"), nil
}

func placeholders(block []string, indent string) []string {
	returnsValue := []string{indent + "return ...  # your answer"}
	var out []string
	seen := map[string]bool{}
	for _, line := range block {
		if !strings.HasPrefix(line, indent) {
			continue
		}
		if strings.HasPrefix(line[len(indent):], "return") {
			return returnsValue
		}
		m := assignTarget.FindStringSubmatch(line[len(indent):])
		if m == nil {
			continue
		}
		for _, name := range strings.Split(m[1], ",") {
			name = strings.TrimSpace(name)
			if !seen[name] {
				seen[name] = true
				out = append(out, indent+name+" = ...  # your answer")
			}
		}
	}
	if len(out) == 0 {
		return returnsValue
	}
	return out
}
