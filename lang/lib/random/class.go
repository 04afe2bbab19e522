package random

import (
	"math/big"
	"time"

	"github.com/kael-dev/kael/internal/pyrandom"
	"github.com/kael-dev/kael/lang"
)

// random.Random: a generator of its own, with the module's functions as
// its methods (the module's draw from one shared generator, as CPython's
// module functions are the bound methods of a hidden Random). A subclass
// may override them; Random(x) calls self.seed(x), as CPython's does.

var randomClass *lang.UserClass

// defRandomClass makes random.Random from the module's functions.
func defRandomClass() {
	initMethod := lang.NewBuiltin(lang.AsValue, "__init__(self, x=None)", "A generator of its own, seeded with self.seed(x) (from the clock when x is None).",
		func(a *lang.Args) (lang.Value, error) {
			self := a.Value("self")
			if x, ok := self.(*lang.Instance); ok {
				x.SetNative(&generator{r: pyrandom.New(big.NewInt(time.Now().UnixNano()))})
			}
			seed, err := lang.GetAttr(self, "seed")
			if err != nil {
				return nil, err
			}
			if _, err := a.Call(seed, a.Value("x")); err != nil {
				return nil, err
			}
			return lang.None, nil
		})
	randomClass = lang.MustNewClass("Random", "random", nil, append([]*lang.Builtin{initMethod}, methods...)...)
	_ = randomClass.SetAttr("__doc__", "Random(x=None): a random number generator of its own, drawing CPython's numbers for the same seed, with the random module's functions as methods.")
	randomModule.Attrs["Random"] = randomClass
}

// random.SystemRandom: Random drawing from the operating system's source
// (pyrandom.NewSystem), with no state: seed does nothing, getstate and
// setstate are CPython's NotImplementedError.
func defSystemRandomClass() {
	initMethod := lang.NewBuiltin(lang.AsValue, "__init__(self, x=None)", "A generator drawing from the operating system's random source; x is ignored.",
		func(a *lang.Args) (lang.Value, error) {
			if x, ok := a.Value("self").(*lang.Instance); ok {
				x.SetNative(&generator{r: pyrandom.NewSystem()})
			}
			return lang.None, nil
		})
	stateless := func(sig string) *lang.Builtin {
		return lang.NewBuiltin(lang.AsValue, sig, "Not available: the system's random source has no state.", func(a *lang.Args) (lang.Value, error) {
			return nil, lang.Errorf(lang.ErrorKind("NotImplementedError"), "System entropy source does not have state.")
		})
	}
	c := lang.MustNewClass("SystemRandom", "random", []*lang.UserClass{randomClass}, initMethod, stateless("getstate(self)"), stateless("setstate(self, state)"))
	_ = c.SetAttr("__doc__", "SystemRandom(x=None): random numbers from the operating system's source (os.urandom's), with random.Random's methods; it cannot be seeded or saved.")
	randomModule.Attrs["SystemRandom"] = c
}
