package transformers

import (
	"slices"
	"testing"
)

func TestTextWriterHoldsSplitCharacters(t *testing.T) {
	var got []string
	w := &textWriter{write: func(s string) { got = append(got, s) }}
	emoji := "🎉"
	w.add("a" + emoji[:2])
	w.add(emoji[2:])
	w.add("b")
	w.add("\xff")
	w.add(emoji[:1])
	w.flush()
	want := []string{"a", emoji, "b", "\ufffd", "\ufffd"}
	if !slices.Equal(got, want) {
		t.Errorf("wrote %q, want %q", got, want)
	}
}
