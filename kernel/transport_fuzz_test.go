package kernel

import (
	"bytes"
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
