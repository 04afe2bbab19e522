package lang_test

// The tests of package lang run kael code that imports the standard
// modules (import json, math.sqrt): this external test file links them
// in, through lang/std, which lang itself cannot import.
import _ "github.com/kael-dev/kael/lang/std"
