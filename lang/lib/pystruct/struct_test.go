package pystruct

import (
	"testing"

	"github.com/kael-dev/kael/lang"
)

// FuzzStructUnpack feeds struct's format parser and unpack any format and
// buffer: never a panic, and what unpacks packs back to the same bytes
// (padding aside).
func FuzzStructUnpack(f *testing.F) {
	f.Add("<Q", []byte{144, 0, 0, 0, 0, 0, 0, 0})
	f.Add("@bq2h?", make([]byte, 24))
	f.Add(">3sxd", make([]byte, 12))
	f.Fuzz(func(t *testing.T, format string, buf []byte) {
		sf, err := parseStructFormat(format)
		if err != nil || sf.size != len(buf) {
			return
		}
		vals, err := sf.unpack(buf)
		if err != nil {
			return
		}
		if _, err := sf.pack(vals); err != nil {
			t.Fatalf("%q: unpack gave %s, which pack refuses: %v", format, lang.Repr(vals), err)
		}
	})
}
