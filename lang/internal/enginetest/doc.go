// Package enginetest tests the engine alone: its test binary links
// package lang and none of kael's libraries (no lang/std, lang/torch or
// lang/lib/...), as a program that embeds the bare engine does. Package
// lang's own tests cannot, since lang/std_test.go links every library
// into their binary. It has no code of its own.
package enginetest
