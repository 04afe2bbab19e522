package lang

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"unicode/utf8"

	"github.com/kael-dev/kael/internal/fileguard"
	"github.com/kael-dev/kael/tensor"
)

// MaxScriptBytes is the largest script ReadScript and ReadScriptFrom
// accept.
const MaxScriptBytes = 16 << 20

// ReadScript reads the kael source file at path, for the front ends that
// run files (the REPL's :load, kael run). Only regular files are read, and
// the open never blocks: a FIFO would wait for a writer and a device such
// as /dev/zero would never end. See ReadScriptFrom for the other checks.
func ReadScript(path string) (string, error) {
	f, info, err := fileguard.OpenRegular(path, os.O_RDONLY, 0)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if info.Size() > MaxScriptBytes {
		return "", tooLarge()
	}
	return ReadScriptFrom(f)
}

// ReadScriptFrom reads a script from r (a file, or piped standard input):
// UTF-8 text of at most MaxScriptBytes. A binary file would otherwise show
// as a syntax error in bytes, and an endless stream would fill memory.
func ReadScriptFrom(r io.Reader) (string, error) {
	src, err := io.ReadAll(io.LimitReader(r, MaxScriptBytes+1))
	switch {
	case err != nil:
		return "", err
	case len(src) > MaxScriptBytes:
		return "", tooLarge()
	case !utf8.Valid(src) || bytes.IndexByte(src, 0) >= 0:
		return "", errors.New("not a UTF-8 text file")
	}
	return string(src), nil
}

func tooLarge() error {
	return fmt.Errorf("larger than %s", tensor.HumanBytes(MaxScriptBytes))
}
