package kernel

import (
	"context"
	"errors"
)

// MimeBundle maps MIME types to representations, like the data dictionaries
// of Jupyter messages. Text types hold strings; JSON types (application/json
// and the like) hold any JSON-encodable value.
type MimeBundle map[string]any

// Engine evaluates code for the kernel. The kernel calls its methods from one
// goroutine at a time, in the order the requests arrive, and never while
// Execute is running; an engine needs no locking of its own. If an Engine
// also implements io.Closer, the kernel closes it when it shuts down or
// restarts.
type Engine interface {
	// Execute runs one cell. ctx is cancelled when the user interrupts the
	// kernel; Execute must then return promptly, leaving the state from the
	// statements that completed. out reaches the front end and may be used
	// from any goroutine while Execute runs.
	Execute(ctx context.Context, code string, out CellIO) Outcome

	// Complete lists completions for the code at cursorPos, counted in
	// Unicode code points.
	Complete(code string, cursorPos int) Completion

	// Inspect describes the object at cursorPos (in code points).
	// detailLevel is 0 for a summary and 1 for more detail. It reports false
	// when there is nothing to show.
	Inspect(code string, cursorPos, detailLevel int) (MimeBundle, bool)

	// IsComplete reports whether code is ready to run: "complete",
	// "incomplete", "invalid" or "unknown". For "incomplete" indent is the
	// whitespace to start the next line with.
	IsComplete(code string) (status, indent string)
}

// ExpressionEvaluator is implemented by engines that can evaluate an
// expression without running it as a cell. The kernel evaluates the
// user_expressions of an execute_request with it, so that they leave the
// engine's history and last result alone and cannot assign variables; an
// engine without it gets each expression through Execute, with its output
// muted. The kernel calls it as it calls Execute, and interrupts it the same
// way.
type ExpressionEvaluator interface {
	EvaluateExpression(ctx context.Context, expr string) Outcome
}

// ExecutionCount returns the execution count of the cell that ctx, the
// context the kernel passes to Execute and EvaluateExpression, belongs to:
// the number the front end shows as In [n]. A cell that does not store
// history (silent, or store_history false) shares the count of the cell
// before it. It reports false for other contexts.
func ExecutionCount(ctx context.Context) (int, bool) {
	n, ok := ctx.Value(executionCountKey{}).(int)
	return n, ok
}

type executionCountKey struct{}

// CellIO is what a running cell can do to the front end.
type CellIO interface {
	// Stdout and Stderr write text to the cell's output streams.
	Stdout(text string)
	Stderr(text string)
	// Display shows rich output (display_data), or replaces an earlier
	// display with the same ID (update_display_data) when d.Update is set.
	Display(d DisplayData)
	// ClearOutput clears the cell's output; with wait, only once new
	// output arrives.
	ClearOutput(wait bool)
	// Input asks the user for a line of text. It fails with ErrNoStdin when
	// the front end does not accept input, and with ErrInterrupted when the
	// kernel is interrupted while waiting.
	Input(prompt string, password bool) (string, error)
}

// DisplayData is one rich output.
type DisplayData struct {
	Data     MimeBundle
	Metadata map[string]any
	// ID names the display so that it can be updated later; may be empty
	// unless Update is set.
	ID     string
	Update bool
}

// Outcome is the result of Execute.
type Outcome struct {
	// Result is the value of the cell, nil when it has none. It should
	// include text/plain; the kernel supplies one if it is missing.
	Result MimeBundle
	// ResultMetadata goes with Result into execute_result.
	ResultMetadata map[string]any
	// Page, when set, is shown in the front end's pager (a "page" payload
	// of execute_reply), as help output is in IPython.
	Page MimeBundle
	// NextInput, when set, is code for the front end to put in the next
	// input for the user to edit (a "set_next_input" payload, as IPython's
	// %load sends); with ReplaceInput, in place of the cell that ran.
	NextInput    string
	ReplaceInput bool
	// Err is set when the cell failed.
	Err *CellError
}

// CellError describes a failed cell.
type CellError struct {
	Name  string // e.g. "NameError"
	Value string // the message
	// Traceback lines, ANSI colours allowed. The kernel makes one from Name
	// and Value when it is empty.
	Traceback []string
}

// Error returns "Name: Value".
func (e *CellError) Error() string { return e.Name + ": " + e.Value }

// Completion is the answer to a complete_request. CursorStart and CursorEnd
// delimit, in code points, the text the matches replace.
type Completion struct {
	Matches     []string
	CursorStart int
	CursorEnd   int
	Metadata    map[string]any
}

// Errors that CellIO.Input returns.
var (
	ErrNoStdin     = errors.New("input is not available: the front end does not accept input for this cell (allow_stdin is false)")
	ErrInterrupted = errors.New("interrupted")
)
