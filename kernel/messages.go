package kernel

// The contents of the messages the kernel sends, one type per message type
// of the Jupyter messaging protocol 5.3, with the protocol's field names.
// TestMessageSchemas checks each against the fields the specification
// requires; the jupyter_kernel_test harness validates them on the wire.

// statusContent is the content of status.
type statusContent struct {
	ExecutionState string `json:"execution_state"` // "starting", "busy" or "idle"
}

// streamContent is the content of stream.
type streamContent struct {
	Name string `json:"name"` // "stdout" or "stderr"
	Text string `json:"text"`
}

// executeInputContent is the content of execute_input.
type executeInputContent struct {
	Code           string `json:"code"`
	ExecutionCount int    `json:"execution_count"`
}

// errorFields describe an error: the content of the error message, and
// part of every reply whose status is "error".
type errorFields struct {
	Ename     string   `json:"ename"`
	Evalue    string   `json:"evalue"`
	Traceback []string `json:"traceback"`
}

func errorFieldsOf(e *CellError) errorFields {
	e = withTraceback(e)
	return errorFields{Ename: e.Name, Evalue: e.Value, Traceback: e.Traceback}
}

// errorReply is the content of any reply with status "error" but
// execute_reply's.
type errorReply struct {
	Status string `json:"status"` // "error"
	errorFields
}

func newErrorReply(e *CellError) errorReply {
	return errorReply{Status: "error", errorFields: errorFieldsOf(e)}
}

// executeReply is the content of execute_reply with status "ok" or
// "error" (then with the error's fields).
type executeReply struct {
	Status          string         `json:"status"`
	ExecutionCount  int            `json:"execution_count"`
	UserExpressions map[string]any `json:"user_expressions"` // of expressionResult and errorReply
	Payload         []any          `json:"payload"`          // of pagePayload and nextInputPayload
	*errorFields
}

func newExecuteErrorReply(count int, e *CellError) executeReply {
	fields := errorFieldsOf(e)
	return executeReply{
		Status: "error", ExecutionCount: count, UserExpressions: map[string]any{}, Payload: []any{}, errorFields: &fields,
	}
}

// abortedReply is the content of execute_reply for a request aborted after
// an error.
type abortedReply struct {
	Status         string `json:"status"` // "aborted"
	ExecutionCount int    `json:"execution_count"`
}

// executeMetadata is the metadata of execute_reply, as ipykernel sends it.
type executeMetadata struct {
	Started string `json:"started"`
	Status  string `json:"status"`
}

// expressionResult is the result of one user expression that succeeded.
type expressionResult struct {
	Status   string         `json:"status"` // "ok"
	Data     MimeBundle     `json:"data"`
	Metadata map[string]any `json:"metadata"`
}

// nextInputPayload is a "set_next_input" payload of execute_reply: code
// for the front end's next input, in place of the cell that ran when
// Replace is set (IPython's %load).
type nextInputPayload struct {
	Source  string `json:"source"` // "set_next_input"
	Text    string `json:"text"`
	Replace bool   `json:"replace"`
}

// pagePayload is a "page" payload of execute_reply: text for the pager.
type pagePayload struct {
	Source string     `json:"source"` // "page"
	Data   MimeBundle `json:"data"`
	Start  int        `json:"start"`
}

// executeResultContent is the content of execute_result.
type executeResultContent struct {
	ExecutionCount int            `json:"execution_count"`
	Data           MimeBundle     `json:"data"`
	Metadata       map[string]any `json:"metadata"`
}

// displayDataContent is the content of display_data and
// update_display_data.
type displayDataContent struct {
	Data      MimeBundle     `json:"data"`
	Metadata  map[string]any `json:"metadata"`
	Transient transient      `json:"transient"`
}

type transient struct {
	DisplayID string `json:"display_id,omitempty"`
}

// clearOutputContent is the content of clear_output.
type clearOutputContent struct {
	Wait bool `json:"wait"`
}

// inputRequestContent is the content of input_request.
type inputRequestContent struct {
	Prompt   string `json:"prompt"`
	Password bool   `json:"password"`
}

// commCloseContent is the content of comm_close.
type commCloseContent struct {
	CommID string         `json:"comm_id"`
	Data   map[string]any `json:"data"`
}

// commInfoReply is the content of comm_info_reply.
type commInfoReply struct {
	Status string         `json:"status"`
	Comms  map[string]any `json:"comms"`
}

// okReply is the content of interrupt_reply.
type okReply struct {
	Status string `json:"status"`
}

// shutdownReply is the content of shutdown_reply.
type shutdownReply struct {
	Status  string `json:"status"`
	Restart bool   `json:"restart"`
}

// kernelInfoReply is the content of kernel_info_reply.
type kernelInfoReply struct {
	Status                string       `json:"status"`
	ProtocolVersion       string       `json:"protocol_version"`
	Implementation        string       `json:"implementation"`
	ImplementationVersion string       `json:"implementation_version"`
	LanguageInfo          languageInfo `json:"language_info"`
	Banner                string       `json:"banner"`
	HelpLinks             []helpLink   `json:"help_links"`
	Debugger              bool         `json:"debugger"`
}

type languageInfo struct {
	Name              string `json:"name"`
	Version           string `json:"version"`
	Mimetype          string `json:"mimetype"`
	FileExtension     string `json:"file_extension"`
	PygmentsLexer     string `json:"pygments_lexer"`
	CodemirrorMode    string `json:"codemirror_mode"`
	NbconvertExporter string `json:"nbconvert_exporter"`
}

type helpLink struct {
	Text string `json:"text"`
	URL  string `json:"url"`
}

// completeReply is the content of complete_reply.
type completeReply struct {
	Status      string         `json:"status"`
	Matches     []string       `json:"matches"`
	CursorStart int            `json:"cursor_start"`
	CursorEnd   int            `json:"cursor_end"`
	Metadata    map[string]any `json:"metadata"`
}

// inspectReply is the content of inspect_reply.
type inspectReply struct {
	Status   string         `json:"status"`
	Found    bool           `json:"found"`
	Data     MimeBundle     `json:"data"`
	Metadata map[string]any `json:"metadata"`
}

// isCompleteReply is the content of is_complete_reply; Indent is set only
// for "incomplete".
type isCompleteReply struct {
	Status string  `json:"status"`
	Indent *string `json:"indent,omitempty"`
}

// historyReply is the content of history_reply.
type historyReply struct {
	Status  string  `json:"status"`
	History [][]any `json:"history"`
}
