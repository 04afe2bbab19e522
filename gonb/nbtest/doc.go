// Package nbtest holds the test that executes every notebook under
// notebooks/go/ with the real gonb kernel (through nbconvert) and checks
// the outputs: no error outputs, no panic or exit status in the standard
// error streams, kael's tensor table among the displays, and the strings a
// notebook's metadata lists under "kael"/"expect", none of those under
// "kael"/"absent". `make test-gonb` builds
// gonb and goimports from gonb/tools and runs it; without KAEL_GONB_BIN
// the test skips, unless KAEL_REQUIRE_GONB=1 demands it.
package nbtest
