package gonb

import (
	"bytes"
	"errors"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// capture runs f with what Run's code prints going to a buffer.
func capture(f func()) string {
	var buf bytes.Buffer
	saved := stdout
	stdout = &buf
	defer func() { stdout = saved }()
	f()
	return buf.String()
}

func TestRun(t *testing.T) {
	tests := []struct {
		name    string
		code    string
		printed string
		shows   []string // one substring of each output sent, in order
		value   string   // lang.Repr of the value returned; "" for none
		errKind lang.ErrorKind
	}{
		{"value with a note", "a = tensor([1, 2])\nprint(a.dtype)\na + 0.5\n", "torch.int64\n",
			[]string{`class="kael-tensor"`}, "tensor([1.5000, 2.5000])", ""},
		{"display", "display(a)\ndisplay('hi')\n", "", []string{"int64[2] tensor", "&#39;hi&#39;"}, "", ""},
		{"plain value", "[1, 2.5]\n", "", []string{"<pre style=\"margin:0\">[1, 2.5]</pre>"}, "[1, 2.5]", ""},
		{"statement only", "b = a * 2\n", "", nil, "", ""},
		{"error", "a + undefined_name\n", "", []string{`class="kael-error"`}, "", lang.NameError},
		{"variables survive the error", "b\n", "", []string{"<td>4</td>"}, "tensor([2, 4])", ""},
		{"diagrams as SVG", "show_storage(b, b[1:])\nw = tensor([1.], requires_grad=True)\nshow_graph(w * 2)\n", "",
			[]string{"<div><svg", ">MulBackward0</text>"}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gonbFake.take()
			var v lang.Value
			var err error
			printed := capture(func() { v, err = Run(tt.code) })
			got := gonbFake.take()
			if printed != tt.printed {
				t.Errorf("printed %q, want %q", printed, tt.printed)
			}
			if len(got) != len(tt.shows)+1 || !got[len(got)-1].Sync {
				t.Fatalf("sent %v, want %d outputs and a Sync", got, len(tt.shows))
			}
			for i, want := range tt.shows {
				if s, _ := got[i].Content.(string); !strings.Contains(s, want) {
					t.Errorf("output %d is %v, want it to contain %q", i, got[i], want)
				}
			}
			if repr := ""; v != nil {
				repr = lang.Repr(v)
				if repr != tt.value {
					t.Errorf("returned %s, want %s", repr, tt.value)
				}
			} else if tt.value != "" {
				t.Errorf("returned no value, want %s", tt.value)
			}
			var le *lang.Error
			switch {
			case tt.errKind == "" && err != nil:
				t.Errorf("error %v", err)
			case tt.errKind != "" && (!errors.As(err, &le) || le.Kind != tt.errKind):
				t.Errorf("error %v, want a %s", err, tt.errKind)
			}
		})
	}
}

func TestRunNotes(t *testing.T) {
	gonbFake.take()
	if _, err := Run("c = tensor([1, 2]) + 0.5\nc * 2\n"); err != nil {
		t.Fatal(err)
	}
	got := gonbFake.take()
	if len(got) != 2 || !strings.Contains(got[0].Content.(string), "note: int64 + float") {
		t.Errorf("a promoting cell sent %v, want its note under the table", got)
	}
}

func TestSessionSetFromGo(t *testing.T) {
	w, err := tensor.FromSlice([]float64{0.5, -1}, 2)
	if err != nil {
		t.Fatal(err)
	}
	Session().Set("w", w)
	v, err := Run("w.sum()\n")
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := v.(*tensor.Tensor); !ok || lang.Repr(s) != "tensor(-0.5000, dtype=torch.float64)" {
		t.Errorf("w.sum() = %s", lang.Repr(v))
	}
}

// TestRunInterrupt checks that gonb's interrupt, a SIGINT to the cell's
// program, stops Run's code with a KeyboardInterrupt.
func TestRunInterrupt(t *testing.T) {
	// While the test listens too, a SIGINT that comes before Run listens
	// does not end the test binary; so it is sent until Run returns.
	caught := make(chan os.Signal, 1)
	signal.Notify(caught, os.Interrupt)
	defer signal.Stop(caught)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(100 * time.Millisecond):
				_ = syscall.Kill(os.Getpid(), syscall.SIGINT)
			}
		}
	}()
	gonbFake.take()
	_, err := Run("while True:\n    pass\n")
	close(done)
	var le *lang.Error
	if !errors.As(err, &le) || le.Kind != lang.KeyboardInterrupt {
		t.Fatalf("an interrupted loop returned %v, want a KeyboardInterrupt", err)
	}
	if got := gonbFake.take(); len(got) != 2 || !strings.Contains(got[0].Content.(string), "KeyboardInterrupt") {
		t.Errorf("an interrupted Run sent %v", got)
	}
}
