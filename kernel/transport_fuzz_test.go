package kernel

import (
	"bytes"
	"errors"
	"io"
	"net"
	"testing"
)

// FuzzFramer feeds what a peer might send through the framer that enforces
// the message size and frame-count limits: it must never panic, never let a
// message past either limit, and reach the same verdict however the bytes
// are split into reads.
func FuzzFramer(f *testing.F) {
	f.Add([]byte{0, 1, 'a', flagMore, 0, 0, 2, 'b', 'c'}, uint8(3))
	f.Add([]byte{flagLong, 0, 0, 0, 0, 0, 0, 0, 200}, uint8(1))
	f.Add(append([]byte{flagCommand, 6}, "\x05READY"...), uint8(7))
	f.Add([]byte{flagMore, 0, flagMore, 0, flagMore, 0, flagMore, 0, flagMore, 0, 0, 0}, uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, split uint8) {
		const limit, maxFrames = 4*frameOverhead + 100, 4
		run := func(chunk int) (messages int, err error) {
			fr := framer{max: limit, maxFrames: maxFrames}
			for b := data; len(b) > 0; {
				piece := b[:min(chunk, len(b))]
				b = b[len(piece):]
				for len(piece) > 0 {
					k, _, ferr := fr.step(piece)
					if ferr != nil {
						return messages, ferr
					}
					if fr.msgSize > limit {
						t.Fatalf("message of %d bytes passed a limit of %d", fr.msgSize, limit)
					}
					if fr.frames > maxFrames {
						t.Fatalf("message of %d frames passed a limit of %d", fr.frames, maxFrames)
					}
					if fr.ended {
						messages++
					}
					piece = piece[k:]
				}
			}
			return messages, nil
		}
		whole, errWhole := run(len(data) + 1)
		parts, errParts := run(int(split%16) + 1)
		if whole != parts || (errWhole == nil) != (errParts == nil) {
			t.Fatalf("whole: %d messages, %v; in pieces of %d: %d, %v", whole, errWhole, split%16+1, parts, errParts)
		}
	})
}

// FuzzParseReady checks that any READY body parses or fails cleanly.
func FuzzParseReady(f *testing.F) {
	f.Add(readySeed(map[string]string{"Socket-Type": "DEALER", "Identity": "abc"}))
	f.Add([]byte("\x05READY\x0bSocket-Type\xff\xff\xff\xffDEALER"))
	f.Fuzz(func(t *testing.T, body []byte) {
		meta, err := parseReady(body)
		if err == nil && !bytes.HasPrefix(body, []byte("\x05READY")) {
			t.Fatalf("accepted %q as READY: %v", body, meta)
		}
	})
}

func readySeed(props map[string]string) []byte {
	body := []byte("\x05READY")
	for name, value := range props {
		body = append(body, byte(len(name)))
		body = append(body, name...)
		body = append(body, 0, 0, 0, byte(len(value)))
		body = append(body, value...)
	}
	return body
}

// FuzzGuardedConnRead feeds what a peer might send through the kernel's
// wire reader, guardedConn, over a pipe and in reads of any size: what it
// passes on is a prefix of what was sent, all of it when the framer finds
// no message over the size or frame-count limit, and it drops the
// connection (a *dropError) when the framer does.
func FuzzGuardedConnRead(f *testing.F) {
	f.Add([]byte{0, 1, 'a', flagMore, 0, 0, 2, 'b', 'c'}, uint8(3))
	f.Add([]byte{flagMore, 0, flagMore, 0, flagMore, 0, flagMore, 0, flagMore, 0, 0, 0}, uint8(1))
	f.Add([]byte{flagLong, 0, 0, 0, 0, 0, 0, 2, 0}, uint8(9))
	f.Fuzz(func(t *testing.T, data []byte, split uint8) {
		limits := TransportLimits{MaxMessageSize: 4*frameOverhead + 100, MaxFrames: 4}.withDefaults()
		want := framer{max: uint64(limits.MaxMessageSize), maxFrames: limits.MaxFrames}
		var wantErr error
		for b := data; len(b) > 0 && wantErr == nil; {
			var k int
			k, _, wantErr = want.step(b)
			b = b[k:]
		}
		local, peer := net.Pipe()
		c := newGuardedConn(local, nil, limits, nil)
		defer c.Close()
		chunk := int(split%32) + 1
		go func() {
			defer peer.Close()
			for b := data; len(b) > 0; {
				k := min(chunk, len(b))
				if _, err := peer.Write(b[:k]); err != nil {
					return
				}
				b = b[k:]
			}
		}()
		var got []byte
		buf := make([]byte, int(split%7)+1)
		var err error
		for err == nil {
			var n int
			n, err = c.Read(buf)
			got = append(got, buf[:n]...)
		}
		if !bytes.HasPrefix(data, got) {
			t.Fatalf("passed on %q, not a prefix of %q", got, data)
		}
		var drop *dropError
		switch {
		case wantErr != nil && !errors.As(err, &drop):
			t.Fatalf("the framer refuses %q (%v), the connection ended with %v", data, wantErr, err)
		case wantErr == nil && (err != io.EOF || len(got) != len(data)):
			t.Fatalf("passed on %d of %d bytes, then %v", len(got), len(data), err)
		}
	})
}
