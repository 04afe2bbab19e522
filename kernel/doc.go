// Package kernel is kael's Jupyter kernel. It speaks the Jupyter messaging
// protocol 5.3 itself over ZeroMQ (github.com/go-zeromq/zmq4, pure Go,
// behind guarded transports that bound what one local peer can do; see
// transport.go):
// shell, control, IOPub, stdin and heartbeat channels, HMAC-signed messages,
// execution with interrupts and stdin, persistent history, and kernelspec
// installation.
//
// The kernel does not know the kael language. It drives an [Engine], which
// the caller supplies through [Config.NewEngine] (kael's is in package
// kernel/langeval); [Run] is the entry point
// for `kael kernel CONNECTION_FILE` and [Install] the one for
// `kael kernel install`.
package kernel
