package kernel

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"syscall"
	"time"
)

// parentPoll is how often Run checks that its parent is alive.
const parentPoll = time.Second

// Run serves the kernel described by the connection file until a
// shutdown_request arrives, ctx is cancelled, or the parent process exits.
// SIGINT interrupts the running cell instead of ending the process, and
// SIGPIPE is ignored: a write to a stderr or stdout whose reader is gone
// fails (and logging gives up) instead of killing the kernel.
func Run(ctx context.Context, connectionFile string, cfg Config) error {
	signal.Ignore(syscall.SIGPIPE)
	info, err := ReadConnectionFile(connectionFile)
	if err != nil {
		return err
	}
	k, err := New(info, cfg)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	defer signal.Stop(sigs)
	go k.interruptOnSignal(ctx, sigs)
	go watchParent(ctx, parentPoll, parentAlive(), func() {
		k.log.Warn("parent process exited; shutting down")
		cancel(ErrParentExited)
	})
	return k.Serve(ctx)
}

// interruptOnSignal interrupts the running cell for each signal received.
func (k *Kernel) interruptOnSignal(ctx context.Context, sigs <-chan os.Signal) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-sigs:
			k.Interrupt()
		}
	}
}

// watchParent calls onDead once alive reports false, checking every
// interval until ctx is done.
func watchParent(ctx context.Context, interval time.Duration, alive func() bool, onDead func()) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if !alive() {
				onDead()
				return
			}
		}
	}
}

// parentAlive returns a check that the process that started the kernel is
// still there: the parent process id has not changed (an orphan is adopted
// by another process) and the process named by JPY_PARENT_PID, which
// Jupyter sets, exists.
func parentAlive() func() bool {
	ppid := os.Getppid()
	jpy, err := strconv.Atoi(os.Getenv("JPY_PARENT_PID"))
	if err != nil || runtime.GOOS == "windows" { // there it holds a handle
		jpy = 0
	}
	return func() bool {
		if ppid > 1 && os.Getppid() != ppid {
			return false
		}
		return jpy <= 0 || processExists(jpy)
	}
}

// processExists reports whether a process with the given id exists.
func processExists(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, syscall.EPERM)
}
