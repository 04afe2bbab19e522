package kernel

import (
	"context"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"
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
