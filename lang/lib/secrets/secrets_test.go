package secrets_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/secrets"
)

const prelude = `import secrets
URLSAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
`

// cases hold CPython 3.11's outcomes (properties of the random values,
// which differ run to run); TestSecretsAgainstCPython checks them there.
var cases = []langtest.Case{
	{"len(secrets.token_bytes()), len(secrets.token_bytes(5)), type(secrets.token_bytes(0)).__name__, len(secrets.token_hex()), len(secrets.token_hex(3)), len(secrets.token_urlsafe()), len(secrets.token_urlsafe(16)), secrets.DEFAULT_ENTROPY", "(32, 5, 'bytes', 64, 6, 43, 22, 32)"},
	{"set(secrets.token_hex(200)) <= set('0123456789abcdef'), set(secrets.token_urlsafe(300)) <= set(URLSAFE), secrets.token_bytes(16) != secrets.token_bytes(16)", "(True, True, True)"},
	{"b = [secrets.randbelow(10) for _ in range(2000)]\nmin(b), max(b), len(set(b)), all(0 <= secrets.randbelow(2 ** 100) < 2 ** 100 for _ in range(50)), secrets.randbelow(1)", "(0, 9, 10, True, 0)"},
	{"r = [secrets.randbits(7) for _ in range(2000)]\nmin(r) >= 0, max(r) < 128, len(set(r)) > 100, secrets.randbits(0), secrets.randbits(200) < 2 ** 200", "(True, True, True, 0, True)"},
	{"c = [secrets.choice('abc') for _ in range(300)]\nsorted(set(c)), secrets.choice([7]), secrets.choice((1,)), secrets.compare_digest(b'a', b'a'), secrets.compare_digest('a', 'b')", "(['a', 'b', 'c'], 7, 1, True, False)"},
	{"r = secrets.SystemRandom()\nsecrets.SystemRandom is __import__('random').SystemRandom, 0 <= r.random() < 1, r.randint(1, 3) in (1, 2, 3), 'SystemRandom' in secrets.__all__", "(True, True, True, True)"},
	{"err(secrets.randbelow, 0), err(secrets.randbelow, -3), err(secrets.token_bytes, -1), err(secrets.choice, []), err(secrets.randbits, -1), err(secrets.token_hex, -2)", "('ValueError: Upper bound must be positive.', 'ValueError: Upper bound must be positive.', 'ValueError: negative argument not allowed', 'IndexError: Cannot choose from an empty sequence', 'ValueError: number of bits must be non-negative', 'ValueError: negative argument not allowed')"},
}

func TestSecrets(t *testing.T) {
	langtest.CheckCellCases(t, prelude, cases)
}

func TestSecretsAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude, cases)
}
