// Package std links kael's libraries into a program: importing it (for
// its effect) makes torch and its submodules (lang/torch), the standard
// modules cmath, json, itertools, functools, struct, time, typing, math and
// random, and the look-alikes safetensors and transformers importable in
// the language, each registered by the init function of its package. Every front end that
// runs kael code (the REPL, the Jupyter kernel, gonb, cmd/kael) imports
// it:
//
//	import _ "github.com/kael-dev/kael/lang/std"
//
// A program that wants fewer modules imports the packages it wants
// instead.
package std

import (
	_ "github.com/kael-dev/kael/lang/lib/cmath"
	_ "github.com/kael-dev/kael/lang/lib/functools"
	_ "github.com/kael-dev/kael/lang/lib/itertools"
	_ "github.com/kael-dev/kael/lang/lib/json"
	_ "github.com/kael-dev/kael/lang/lib/math"
	_ "github.com/kael-dev/kael/lang/lib/matplotlib"
	_ "github.com/kael-dev/kael/lang/lib/pystruct"
	_ "github.com/kael-dev/kael/lang/lib/random"
	_ "github.com/kael-dev/kael/lang/lib/safetensors"
	_ "github.com/kael-dev/kael/lang/lib/time"
	_ "github.com/kael-dev/kael/lang/lib/tqdm"
	_ "github.com/kael-dev/kael/lang/lib/transformers"
	_ "github.com/kael-dev/kael/lang/lib/typing"
	_ "github.com/kael-dev/kael/lang/torch"
)
