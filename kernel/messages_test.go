package kernel

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestMessageSchemas checks the typed contents of messages.go against the
// fields that the Jupyter messaging specification (5.3) requires of each
// message type, with their JSON kinds, and that no field is left null.
func TestMessageSchemas(t *testing.T) {
	indent := "    "
	err := &CellError{Name: "ValueError", Value: "bad"}
	tests := []struct {
		msgType  string
		content  any
		required map[string]string // field -> JSON kind; "a.b" for nested
	}{
		{"status", statusContent{ExecutionState: "idle"}, map[string]string{"execution_state": "string"}},
		{"stream", streamContent{Name: "stdout", Text: "x"}, map[string]string{"name": "string", "text": "string"}},
		{"execute_input", executeInputContent{Code: "1", ExecutionCount: 1}, map[string]string{"code": "string", "execution_count": "number"}},
		{"error", errorFieldsOf(err), map[string]string{"ename": "string", "evalue": "string", "traceback": "array"}},
		{"execute_reply ok", executeReply{Status: "ok", ExecutionCount: 2, UserExpressions: map[string]any{}, Payload: []any{}},
			map[string]string{"status": "string", "execution_count": "number", "user_expressions": "object", "payload": "array"}},
		{"execute_reply error", newExecuteErrorReply(3, err), map[string]string{
			"status": "string", "execution_count": "number", "user_expressions": "object", "payload": "array",
			"ename": "string", "evalue": "string", "traceback": "array"}},
		{"execute_reply aborted", abortedReply{Status: "aborted"}, map[string]string{"status": "string"}},
		{"execute_reply metadata", executeMetadata{Started: now(), Status: "ok"}, map[string]string{"started": "string", "status": "string"}},
		{"page payload", pagePayload{Source: "page", Data: MimeBundle{"text/plain": "x"}}, map[string]string{"source": "string", "data": "object", "start": "number"}},
		{"set_next_input payload", nextInputPayload{Source: "set_next_input", Text: "x"}, map[string]string{"source": "string", "text": "string", "replace": "bool"}},
		{"user expression", expressionResult{Status: "ok", Data: MimeBundle{}, Metadata: map[string]any{}}, map[string]string{"status": "string", "data": "object", "metadata": "object"}},
		{"error reply", newErrorReply(err), map[string]string{"status": "string", "ename": "string", "evalue": "string", "traceback": "array"}},
		{"execute_result", executeResultContent{ExecutionCount: 1, Data: MimeBundle{"text/plain": "1"}, Metadata: map[string]any{}},
			map[string]string{"execution_count": "number", "data": "object", "metadata": "object"}},
		{"display_data", displayDataContent{Data: MimeBundle{}, Metadata: map[string]any{}}, map[string]string{"data": "object", "metadata": "object", "transient": "object"}},
		{"update_display_data", displayDataContent{Data: MimeBundle{}, Metadata: map[string]any{}, Transient: transient{DisplayID: "d"}},
			map[string]string{"data": "object", "metadata": "object", "transient.display_id": "string"}},
		{"clear_output", clearOutputContent{}, map[string]string{"wait": "bool"}},
		{"input_request", inputRequestContent{Prompt: "? "}, map[string]string{"prompt": "string", "password": "bool"}},
		{"comm_close", commCloseContent{CommID: "c", Data: map[string]any{}}, map[string]string{"comm_id": "string", "data": "object"}},
		{"comm_info_reply", commInfoReply{Status: "ok", Comms: map[string]any{}}, map[string]string{"status": "string", "comms": "object"}},
		{"interrupt_reply", okReply{Status: "ok"}, map[string]string{"status": "string"}},
		{"shutdown_reply", shutdownReply{Status: "ok"}, map[string]string{"status": "string", "restart": "bool"}},
		{"kernel_info_reply", (&Kernel{cfg: Config{Version: "1", Banner: "b"}}).kernelInfo(), map[string]string{
			"status": "string", "protocol_version": "string", "implementation": "string", "implementation_version": "string",
			"language_info.name": "string", "language_info.version": "string", "language_info.mimetype": "string",
			"language_info.file_extension": "string", "banner": "string", "help_links": "array"}},
		{"complete_reply", completeReply{Status: "ok", Matches: []string{}, Metadata: map[string]any{}}, map[string]string{
			"status": "string", "matches": "array", "cursor_start": "number", "cursor_end": "number", "metadata": "object"}},
		{"inspect_reply", inspectReply{Status: "ok", Data: MimeBundle{}, Metadata: map[string]any{}}, map[string]string{
			"status": "string", "found": "bool", "data": "object", "metadata": "object"}},
		{"is_complete_reply incomplete", isCompleteReply{Status: "incomplete", Indent: &indent}, map[string]string{"status": "string", "indent": "string"}},
		{"is_complete_reply complete", isCompleteReply{Status: "complete"}, map[string]string{"status": "string"}},
		{"history_reply", historyReply{Status: "ok", History: [][]any{{1, 1, "x"}}}, map[string]string{"status": "string", "history": "array"}},
	}
	for _, tt := range tests {
		t.Run(tt.msgType, func(t *testing.T) {
			b, err := marshalJSON(tt.content)
			if err != nil {
				t.Fatal(err)
			}
			var got map[string]any
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatal(err)
			}
			for field, kind := range tt.required {
				v, ok := lookup(got, field)
				if !ok {
					t.Errorf("%s lacks %s: %s", tt.msgType, field, b)
					continue
				}
				if k := jsonKind(v); k != kind {
					t.Errorf("%s.%s is %s, want %s: %s", tt.msgType, field, k, kind, b)
				}
			}
			for field, v := range got {
				if v == nil {
					t.Errorf("%s.%s is null: %s", tt.msgType, field, b)
				}
			}
		})
	}
}

func lookup(m map[string]any, path string) (any, bool) {
	for {
		key, rest, nested := strings.Cut(path, ".")
		v, ok := m[key]
		if !ok || !nested {
			return v, ok
		}
		if m, ok = v.(map[string]any); !ok {
			return nil, false
		}
		path = rest
	}
}

func jsonKind(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "bool"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "null"
}
