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
				x.Native = &generator{r: pyrandom.New(big.NewInt(time.Now().UnixNano()))}
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
