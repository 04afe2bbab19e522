package kernel

import (
	"context"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

func TestWatchParent(t *testing.T) {
	checks := 0
	dead := make(chan struct{})
	go watchParent(context.Background(), time.Millisecond, func() bool {
		checks++
		return checks < 3
	}, func() { close(dead) })
	select {
	case <-dead:
	case <-time.After(waitTimeout):
		t.Fatal("onDead was not called")
	}

	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() {
		watchParent(ctx, time.Millisecond, func() bool { return true }, func() { t.Error("onDead called for a live parent") })
		close(stopped)
	}()
	cancel()
	<-stopped
}

func TestParentAlive(t *testing.T) {
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Skip("cannot start a process:", err)
	}
	tests := []struct {
		name string
		jpy  string
		want bool
	}{
		{"no JPY_PARENT_PID", "", true},
		{"live parent", strconv.Itoa(os.Getpid()), true},
		{"dead parent", strconv.Itoa(gone.Process.Pid), false},
		{"not a number", "handle", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("JPY_PARENT_PID", tt.jpy)
			if got := parentAlive()(); got != tt.want {
				t.Errorf("parentAlive = %v", got)
			}
		})
	}
}

// TestKernelSurvivesClosedStderr starts the kernel with a stderr pipe
// whose reader is gone, as when the process that started it has exited:
// logging must not kill it with SIGPIPE (issue 35; ipykernel survives).
func TestKernelSurvivesClosedStderr(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGPIPE")
	}
	path, info := writeConnectionFile(t, newID())
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close() // nobody will read what the kernel logs
	cmd := exec.Command(exe, path)
	cmd.Env = append(os.Environ(), fakeKernelEnv+"=1")
	cmd.Stderr = w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})
	c := connect(t, info)
	// An unsigned message makes the kernel log a warning.
	if err := c.shell.Send(zmq4.NewMsgFrom([]byte(delimiter), []byte("bad"), []byte("{}"), []byte("{}"), []byte("{}"), []byte("{}"))); err != nil {
		t.Fatal(err)
	}
	timedExecute(t, c, "x = 1", waitTimeout)
	select {
	case err := <-exited:
		t.Fatalf("the kernel exited: %v", err)
	default:
	}
}
