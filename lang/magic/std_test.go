package magic

// The tests run kael code that uses the standard modules (math, time):
// link them in, as the front ends that use this package do.
import _ "github.com/kael-dev/kael/lang/std"
