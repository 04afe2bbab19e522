package gonb

import (
	"encoding/gob"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/protocol"
)

// fakeGonb plays gonb's side of the named pipes that gonbui talks to, as
// gonb's internal/jpyexec does: it decodes each protocol.DisplayData the
// program sends, records it, and answers a Sync request with its
// acknowledgement. The tests run against the real gonbui.
type fakeGonb struct {
	mu       sync.Mutex
	messages []message
}

// message is one DisplayData as the fake received it: a display (MIME
// type and content, DisplayID set for updates) or a sync request.
type message struct {
	Sync      bool
	MIME      protocol.MIMEType
	Content   any
	DisplayID string
}

func (m message) String() string {
	if m.Sync {
		return "sync"
	}
	return fmt.Sprintf("%s id=%q %.80v", m.MIME, m.DisplayID, m.Content)
}

var gonbFake *fakeGonb

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "kael-gonb-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	gonbFake, err = startFakeGonb(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// startFakeGonb makes the two pipes in dir, points gonbui at them through
// the environment variables gonb sets for a cell's program, and serves
// them. gonbui reads IsNotebook from the environment in its init, before
// TestMain runs, so it is set here too.
func startFakeGonb(dir string) (*fakeGonb, error) {
	toGonb, fromGonb := filepath.Join(dir, "pipe"), filepath.Join(dir, "pipe_back")
	for _, p := range []string{toGonb, fromGonb} {
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			return nil, err
		}
	}
	if err := os.Setenv(protocol.GONB_PIPE_ENV, toGonb); err != nil {
		return nil, err
	}
	if err := os.Setenv(protocol.GONB_PIPE_BACK_ENV, fromGonb); err != nil {
		return nil, err
	}
	gonbui.IsNotebook = true
	f := &fakeGonb{}
	acks := make(chan int, 16)
	go func() { // gonbui opens its writer first; this open waits for it
		r, err := os.OpenFile(toGonb, os.O_RDONLY, 0)
		if err != nil {
			panic(err)
		}
		dec := gob.NewDecoder(r)
		for {
			var d protocol.DisplayData
			if err := dec.Decode(&d); err != nil {
				return
			}
			f.receive(&d, acks)
		}
	}()
	go func() {
		w, err := os.OpenFile(fromGonb, os.O_WRONLY, 0)
		if err != nil {
			panic(err)
		}
		enc := gob.NewEncoder(w)
		for id := range acks {
			if err := enc.Encode(&protocol.CommValue{Address: protocol.GonbuiSyncAckAddress, Value: id}); err != nil {
				return
			}
		}
	}()
	return f, nil
}

func (f *fakeGonb) receive(d *protocol.DisplayData, acks chan<- int) {
	if v, ok := d.Data[protocol.MIMECommValue]; ok {
		if cv, ok := v.(protocol.CommValue); ok && cv.Address == protocol.GonbuiSyncAddress {
			f.record(message{Sync: true})
			acks <- cv.Value.(int)
			return
		}
	}
	for mime, content := range d.Data {
		f.record(message{MIME: mime, Content: content, DisplayID: d.DisplayID})
	}
}

func (f *fakeGonb) record(m message) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.messages = append(f.messages, m)
}

// take returns the messages received since the last take. Display and
// Update return only after gonb acknowledged their Sync, so when they have
// returned everything they sent is here.
func (f *fakeGonb) take() []message {
	f.mu.Lock()
	defer f.mu.Unlock()
	m := f.messages
	f.messages = nil
	return m
}
