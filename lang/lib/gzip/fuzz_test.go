package gzip

import (
	"testing"
	"time"

	"github.com/kael-dev/kael/lang"
)

// time0 is a fixed header time.
var time0 = time.Unix(0, 0)

// FuzzDecompress decompresses any bytes: an error is CPython's kind for
// bad gzip data, never a panic; what compress makes decompresses back.
func FuzzDecompress(f *testing.F) {
	good, _ := compress([]byte("hello\nworld"), 9, "a", time0)
	for _, seed := range [][]byte{good, good[:10], {0x1f, 0x8b}, {0x1f}, nil, []byte("not gzip"), append(good, good...)} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := decompress(data); err != nil {
			switch lang.ToError(err).Kind {
			case BadGzipFile, lang.EOFError, lang.MemoryError:
			default:
				t.Fatalf("%x: %v", data, err)
			}
		}
		packed, err := compress(data, 6, "", time0)
		if err != nil {
			t.Fatal(err)
		}
		back, err := decompress(packed)
		if err != nil || string(back) != string(data) {
			t.Fatalf("%x: round trip gave %x, %v", data, back, err)
		}
	})
}
