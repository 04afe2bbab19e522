// Package secrets is Python's secrets module: random numbers and tokens
// from the operating system's source (Go's crypto/rand). Its Python text,
// module.py, builds choice and the tokens on _secrets, the Go part.
// SystemRandom is random's.
package secrets

import (
	"crypto/rand"
	_ "embed" // module.py
	"math/big"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/base64" // module.py imports base64
	_ "github.com/kael-dev/kael/lang/lib/hmac"   // hmac
	_ "github.com/kael-dev/kael/lang/lib/random" // and random
)

//go:embed module.py
var source string

// defaultEntropy is how many bytes a token has when not told.
const defaultEntropy = 32

func init() {
	lang.RegisterSourceModule("secrets", "Python's secrets: token_bytes, token_hex, token_urlsafe, randbelow, randbits, choice and compare_digest, from the operating system's random source.", source)
	lang.RegisterModule("_secrets", "The part of secrets written in Go: the operating system's random bytes and ints.", func() *lang.Module {
		return &lang.Module{Name: "_secrets", Attrs: map[string]lang.Value{
			"DEFAULT_ENTROPY": int64(defaultEntropy),
			"token_bytes": lang.NewBuiltin(lang.AsValue, "token_bytes(nbytes=None)", "A random byte string of nbytes bytes (32 when None).", func(a *lang.Args) (lang.Value, error) {
				n := defaultEntropy
				if !a.IsNone("nbytes") {
					n = a.Int("nbytes")
				}
				if err := a.Err(); err != nil {
					return nil, err
				}
				if n < 0 {
					return nil, lang.Errorf(lang.ValueError, "negative argument not allowed")
				}
				b := make([]byte, n)
				rand.Read(b)
				return lang.NewBytes(b), nil
			}),
			"randbelow": lang.NewBuiltin(lang.AsValue, "randbelow(exclusive_upper_bound)", "A random int in the range [0, exclusive_upper_bound).", func(a *lang.Args) (lang.Value, error) {
				n, ok := lang.BigOf(a.Value("exclusive_upper_bound"))
				if !ok {
					return nil, a.WrongType("exclusive_upper_bound", "int", a.Value("exclusive_upper_bound"))
				}
				if n.Sign() <= 0 {
					return nil, lang.Errorf(lang.ValueError, "Upper bound must be positive.")
				}
				r, err := rand.Int(rand.Reader, n)
				if err != nil {
					return nil, lang.Errorf(lang.OSError, "%v", err)
				}
				return lang.IntFromBig(r), nil
			}),
			"randbits": lang.NewBuiltin(lang.AsValue, "randbits(k)", "An int with k random bits.", func(a *lang.Args) (lang.Value, error) {
				k := a.Int("k")
				if err := a.Err(); err != nil {
					return nil, err
				}
				if k < 0 {
					return nil, lang.Errorf(lang.ValueError, "number of bits must be non-negative")
				}
				b := make([]byte, (k+7)/8)
				rand.Read(b)
				if k%8 != 0 {
					b[0] &= byte(1)<<(k%8) - 1
				}
				return lang.IntFromBig(new(big.Int).SetBytes(b)), nil
			}),
		}}
	})
}
