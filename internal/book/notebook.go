// Package book reads and writes the book's notebooks (notebooks/*.ipynb):
// it puts the shared exercise checks and each notebook's hints and
// solutions into the cell tagged "checks", and derives the learner's copy
// (solutions taken out) and the wrong-answer copy (each exercise answered
// with the common mistake kept beside its solution), which the notebook
// tests run. cmd/kaelbook writes the derived files; cmd/kael's tests run
// them.
//
// An exercise is a code cell with a block between "# BEGIN SOLUTION" and
// "# END SOLUTION". Inside the block, lines "# hint: TEXT" are its hints,
// weakest first (hint(N), hint(N, 2) show them), and lines "# wrong: CODE"
// are a wrong answer (the wrong copy runs them in place of the solution);
// the other lines are the solution (solution(N) shows it). The check under
// the block names the exercise's number in its call done(N, ...).
package book

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

const (
	// ChecksFile is the shared checks, in the notebooks folder.
	ChecksFile = "checks.kael"
	// LearnerDir is the folder of the learner notebooks, in the notebooks folder.
	LearnerDir = "learner"
	// ChecksTag marks the cell that holds notebooks/checks.kael.
	ChecksTag = "checks"
	// ExerciseTag marks, in a learner notebook, a cell whose solution was taken out.
	ExerciseTag = "exercise"
	// ProgressTag marks the last cell, which shows how many exercises are done.
	ProgressTag = "progress"
	// QuizTag marks the markdown cell before it that holds the questions
	// of the chapter page's "Check your understanding".
	QuizTag = "quiz"
	// QuizHeading starts the section of a chapter page that SetQuiz copies.
	QuizHeading   = "## Check your understanding"
	beginSolution = "# BEGIN SOLUTION"
	endSolution   = "# END SOLUTION"
	hintPrefix    = "# hint:"
	wrongPrefix   = "# wrong:"
	progressCode  = "progress()"
)

// Notebook is an nbformat 4 document kept as generic JSON, so that fields
// the book does not know about pass through unchanged.
type Notebook struct {
	doc   map[string]any
	cells []map[string]any
}

// Parse reads a notebook.
func Parse(data []byte) (*Notebook, error) {
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	raw, ok := doc["cells"].([]any)
	if !ok {
		return nil, fmt.Errorf("no cells")
	}
	nb := &Notebook{doc: doc}
	for i, c := range raw {
		cell, ok := c.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("cell %d is not an object", i+1)
		}
		nb.cells = append(nb.cells, cell)
	}
	return nb, nil
}

// Encode writes the notebook the way nbformat does: one-space indent,
// sorted keys, UTF-8 kept as is, a final newline.
func (nb *Notebook) Encode() ([]byte, error) {
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

// CodeCells returns the source of each code cell, in order.
func (nb *Notebook) CodeCells() []string {
	var out []string
	for _, c := range nb.cells {
		if c["cell_type"] == "code" {
			out = append(out, CellSource(c))
		}
	}
	return out
}

func (nb *Notebook) clone() (*Notebook, error) {
	data, err := nb.Encode()
	if err != nil {
		return nil, err
	}
	return Parse(data)
}

// CellSource is a cell's source as one string.
func CellSource(cell map[string]any) string {
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

// HasTag reports whether a cell carries tag.
func HasTag(cell map[string]any, tag string) bool {
	for _, t := range cellTags(cell) {
		if t == tag {
			return true
		}
	}
	return false
}

func addTag(cell map[string]any, tag string) {
	if HasTag(cell, tag) {
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

// exercise is what one exercise cell keeps beside its solution.
type exercise struct {
	n        int
	hints    []string
	solution string
	wrong    string
}

var doneCall = regexp.MustCompile(`\bdone\((\d+)\b`)

// exercises reads every exercise of the notebook, in order.
func (nb *Notebook) exercises() ([]exercise, error) {
	var out []exercise
	seen := map[int]bool{}
	for i, cell := range nb.cells {
		src := CellSource(cell)
		if cell["cell_type"] != "code" || !strings.Contains(src, beginSolution) {
			continue
		}
		m := doneCall.FindStringSubmatch(src)
		if m == nil {
			return nil, fmt.Errorf("cell %d: an exercise with no check done(N, ...)", i+1)
		}
		n, _ := strconv.Atoi(m[1])
		if seen[n] {
			return nil, fmt.Errorf("cell %d: exercise %d twice", i+1, n)
		}
		seen[n] = true
		ex, err := readExercise(src)
		if err != nil {
			return nil, fmt.Errorf("cell %d: %w", i+1, err)
		}
		ex.n = n
		if len(ex.hints) == 0 || ex.wrong == "" {
			return nil, fmt.Errorf("cell %d: exercise %d needs a %q line and a %q line in its solution", i+1, n, hintPrefix, wrongPrefix)
		}
		out = append(out, ex)
	}
	return out, nil
}

// readExercise collects the hints and the wrong answer of the solution
// blocks of a cell, and its solution: the cell up to the end of its last
// block, markers, hints and wrong answers left out (the check below it too).
func readExercise(src string) (exercise, error) {
	var ex exercise
	var wrong []string
	marked, err := eachBlock(src, func(block []string, indent string) []string {
		var sol []string
		for _, line := range block {
			switch t := strings.TrimSpace(line); {
			case strings.HasPrefix(t, hintPrefix):
				ex.hints = append(ex.hints, strings.TrimSpace(strings.TrimPrefix(t, hintPrefix)))
			case strings.HasPrefix(t, wrongPrefix):
				wrong = append(wrong, indent+strings.TrimPrefix(strings.TrimPrefix(t, wrongPrefix), " "))
			default:
				sol = append(sol, line)
			}
		}
		return append(sol, endSolution)
	})
	if err != nil {
		return ex, err
	}
	last := strings.LastIndex(marked, endSolution)
	ex.solution = strings.TrimRight(strings.ReplaceAll(marked[:last], endSolution+"\n", ""), " \t\n")
	ex.wrong = strings.Join(wrong, "\n")
	return ex, nil
}

// eachBlock calls replace with the lines of each solution block and the
// indentation of its "# BEGIN SOLUTION" line, and returns src with each
// block (its markers included) replaced by what replace returns.
func eachBlock(src string, replace func(block []string, indent string) []string) (string, error) {
	var out, block []string
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
			out = append(out, replace(block, indent)...)
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

// SetChecks puts the shared check helpers, followed by the notebook's
// hints and solutions, into the notebook's cell tagged "checks", and makes
// the last cell a progress() cell; a notebook with exercises must have
// exactly one checks cell.
func (nb *Notebook) SetChecks(checks string) error {
	exercises, err := nb.exercises()
	if err != nil {
		return err
	}
	found := 0
	for _, cell := range nb.cells {
		if HasTag(cell, ChecksTag) {
			found++
			setSource(cell, strings.TrimRight(checks, "\n")+"\n\n"+registry(exercises))
		}
	}
	if len(exercises) == 0 {
		return nil
	}
	if found != 1 {
		return fmt.Errorf("%d exercises need exactly one code cell tagged %q (it has %d)", len(exercises), ChecksTag, found)
	}
	last := nb.cells[len(nb.cells)-1]
	if !HasTag(last, ProgressTag) {
		last = map[string]any{"cell_type": "code", "execution_count": nil, "metadata": map[string]any{}, "outputs": []any{}}
		addTag(last, ProgressTag)
		nb.cells = append(nb.cells, last)
	}
	setSource(last, progressCode)
	return nil
}

// SetQuiz puts the "Check your understanding" section of the chapter's
// page (its questions, each answer folded in a <details> block) into a
// markdown cell tagged "quiz" before the last cell, so that a notebook ends
// with the same questions as its page. page is the page's text; a page
// without the section leaves the notebook as it is.
func (nb *Notebook) SetQuiz(page string) {
	i := strings.Index(page, QuizHeading)
	if i < 0 || len(nb.cells) == 0 {
		return
	}
	section := strings.TrimSpace(page[i:])
	if j := strings.Index(section[len(QuizHeading):], "\n## "); j >= 0 {
		section = strings.TrimSpace(section[:len(QuizHeading)+j])
	}
	text := section[:len(QuizHeading)] + "\n\nThe questions of the chapter's page; click an answer to open it.\n" + section[len(QuizHeading):]
	for _, cell := range nb.cells {
		if HasTag(cell, QuizTag) {
			setSource(cell, text)
			return
		}
	}
	quiz := map[string]any{"cell_type": "markdown", "metadata": map[string]any{}}
	addTag(quiz, QuizTag)
	setSource(quiz, text)
	last := len(nb.cells) - 1
	if !HasTag(nb.cells[last], ProgressTag) {
		last = len(nb.cells)
	}
	nb.cells = append(nb.cells[:last], append([]map[string]any{quiz}, nb.cells[last:]...)...)
}

// registry is the code that gives the checks the notebook's exercises:
// their numbers, hints and solutions (in hex, so that a glance at the
// checks cell does not give an answer away).
func registry(exercises []exercise) string {
	sort.Slice(exercises, func(i, j int) bool { return exercises[i].n < exercises[j].n })
	var b strings.Builder
	b.WriteString("# This notebook's exercises, written by `make book` from the solved\n")
	b.WriteString("# notebook: their hints, and their solutions in hex (solution(N) shows one).\n")
	nums := make([]string, len(exercises))
	for i, ex := range exercises {
		nums[i] = strconv.Itoa(ex.n)
	}
	fmt.Fprintf(&b, "_exercises = [%s]\n_hints = {\n", strings.Join(nums, ", "))
	for _, ex := range exercises {
		quoted := make([]string, len(ex.hints))
		for i, h := range ex.hints {
			quoted[i] = strconv.Quote(h)
		}
		fmt.Fprintf(&b, "    %d: [%s],\n", ex.n, strings.Join(quoted, ", "))
	}
	b.WriteString("}\n_solutions = {\n")
	for _, ex := range exercises {
		fmt.Fprintf(&b, "    %d: %q,\n", ex.n, hex.EncodeToString([]byte(ex.solution)))
	}
	b.WriteString("}")
	return b.String()
}

// Learner returns a copy of the notebook with every solution replaced by a
// placeholder and every output cleared.
func (nb *Notebook) Learner() (*Notebook, error) {
	return nb.derive(func(block []string, indent string) []string { return placeholders(block, indent) }, ExerciseTag)
}

// Wrong returns a copy of the notebook in which every exercise runs its
// wrong answer in place of its solution, with every output cleared and
// each exercise cell tagged "exercise".
func (nb *Notebook) Wrong() (*Notebook, error) {
	return nb.derive(func(block []string, indent string) []string {
		var out []string
		for _, line := range block {
			if t := strings.TrimSpace(line); strings.HasPrefix(t, wrongPrefix) {
				out = append(out, indent+strings.TrimPrefix(strings.TrimPrefix(t, wrongPrefix), " "))
			}
		}
		return out
	}, ExerciseTag)
}

func (nb *Notebook) derive(replace func(block []string, indent string) []string, tag string) (*Notebook, error) {
	out, err := nb.clone()
	if err != nil {
		return nil, err
	}
	for i, cell := range out.cells {
		if cell["cell_type"] != "code" {
			continue
		}
		cell["outputs"] = []any{}
		cell["execution_count"] = nil
		src := CellSource(cell)
		if !strings.Contains(src, beginSolution) && !strings.Contains(src, endSolution) {
			continue
		}
		changed, err := eachBlock(src, replace)
		if err != nil {
			return nil, fmt.Errorf("cell %d: %w", i+1, err)
		}
		setSource(cell, changed)
		if tag != "" {
			addTag(cell, tag)
		}
	}
	return out, nil
}

// StripSolutions replaces each block between "# BEGIN SOLUTION" and
// "# END SOLUTION" with placeholders: "NAME = ..." for each name the block
// assigns at its own indentation, or "return ..." when it returns at that
// indentation or assigns nothing (the body of a function the learner writes).
func StripSolutions(src string) (string, error) {
	return eachBlock(src, placeholders)
}

var assignTarget = regexp.MustCompile(`^([A-Za-z_][A-Za-z_0-9]*(?:\s*,\s*[A-Za-z_][A-Za-z_0-9]*)*)\s*=[^=]`)

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
