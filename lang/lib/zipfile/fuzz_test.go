package zipfile_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/kael-dev/kael/lang"
)

// FuzzReadArchive opens any bytes as an archive and reads every member:
// the outcome is the data or a Python exception, never a crash.
func FuzzReadArchive(f *testing.F) {
	dir := f.TempDir()
	seed := filepath.Join(dir, "seed.zip")
	src := "import zipfile\nwith zipfile.ZipFile(" + lang.Repr(seed) + ", 'w', zipfile.ZIP_DEFLATED) as z:\n    z.writestr('a.txt', 'hello ' * 20)\n    z.writestr('d/', '')\n"
	if r := lang.NewSession(lang.IO{}).Exec(context.Background(), "", src); r.Err != nil {
		f.Fatal(r.Err)
	}
	data, err := os.ReadFile(seed)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte("PK\x05\x06" + string(make([]byte, 18))))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "f.zip")
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		src := "import zipfile\ntry:\n    z = zipfile.ZipFile(" + lang.Repr(p) + ")\n    r = [z.read(n) for n in z.namelist()], z.testzip()\nexcept Exception as e:\n    r = e\n"
		r := lang.NewSession(lang.IO{}).Exec(context.Background(), "", src)
		if r.Err != nil && r.Err.Kind == lang.InternalError {
			t.Fatalf("%x: %v", data, r.Err)
		}
	})
}
