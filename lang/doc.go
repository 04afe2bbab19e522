// Package lang evaluates kael, a small Python-flavoured language, against the
// tensor core and autograd, so that code from a PyTorch tutorial reads almost
// unchanged.
//
// A Session holds the variables of one REPL or notebook. Session.Exec runs a
// cell and returns its value, the notes it produced (dtype promotions) and,
// when it failed, an *Error carrying the kind (TypeError, NameError, ...),
// the source span and a hint; Error.Render shows the source line with a
// caret under the span. Complete, Inspect, Completeness and Explain serve the
// front ends (package repl and package kernel), which add only rendering.
//
// Syntax lives in package lang/syntax. This package runs a cell in three
// steps: the resolver (resolve.go) applies Python's scoping rules and gives
// every name a place (a slot of the call's frame, a cell shared with
// closures, or a slot of the session's global table); the compiler
// (compile*.go) turns the resolved tree into Go closures, with fast paths
// for int and float arithmetic, range loops and calls; running them calls
// the builtins and applies the operators. docs/adr/0003-language-engine.md
// explains the design. Modules that import statements can name come from a
// registry: RegisterModule adds one. The libraries are packages of their
// own, and the engine names none of them: torch and its submodules in
// lang/torch, the standard modules (json, math, random, ...) and the
// look-alikes matplotlib, tqdm, safetensors and transformers under
// lang/lib; a program links them in by importing lang/std
// (docs/adr/0006-engine-and-libraries.md). A library makes functions
// with NewBuiltin, reaches Go values through the protocols of
// protocols.go, and adds to the engine through its hooks: NativeBase (a
// Go class a class statement derives from, nn.Module), RegisterTensorAttr,
// RegisterTensorSubclass, RegisterClass, RegisterSubclass and
// RegisterGlobalModule (a module reachable without an import, as torch,
// F, optim and math are when their libraries are linked). The engine
// keeps the display machinery front ends render: display() and the rich
// text objects (display.go) and the progress bar tqdm draws
// (progress.go).
// The Python surface a tutorial
// expects, f-strings and formatting (format.go, strformat.go), named
// tuples, classes for type() and isinstance, sets and iterators,
// lives in files of its own beside the engine. docs/language.md is the
// reference.
package lang
