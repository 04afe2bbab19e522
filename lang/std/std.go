// Package std links kael's libraries into a program: importing it (for
// its effect) makes torch and its submodules (lang/torch), the standard
// modules (json, math, collections, dataclasses, itertools, threading,
// zipfile, ..., one package each under lang/lib), numpy, and the
// look-alikes safetensors, tqdm, matplotlib and transformers importable in
// the language, each registered by the init function of its package.
// Every front end that runs kael code (the REPL, the Jupyter kernel, gonb,
// cmd/kael) imports it:
//
//	import _ "github.com/kael-dev/kael/lang/std"
//
// A program that wants fewer modules imports the packages it wants
// instead.
package std

import (
	_ "github.com/kael-dev/kael/lang/lib/abc"
	_ "github.com/kael-dev/kael/lang/lib/absent"
	_ "github.com/kael-dev/kael/lang/lib/argparse"
	_ "github.com/kael-dev/kael/lang/lib/ast"
	_ "github.com/kael-dev/kael/lang/lib/asyncio"
	_ "github.com/kael-dev/kael/lang/lib/bisect"
	_ "github.com/kael-dev/kael/lang/lib/cmath"
	_ "github.com/kael-dev/kael/lang/lib/codecs"
	_ "github.com/kael-dev/kael/lang/lib/collections"
	_ "github.com/kael-dev/kael/lang/lib/contextlib"
	_ "github.com/kael-dev/kael/lang/lib/copy"
	_ "github.com/kael-dev/kael/lang/lib/csv"
	_ "github.com/kael-dev/kael/lang/lib/dataclasses"
	_ "github.com/kael-dev/kael/lang/lib/datetime"
	_ "github.com/kael-dev/kael/lang/lib/difflib"
	_ "github.com/kael-dev/kael/lang/lib/enum"
	_ "github.com/kael-dev/kael/lang/lib/errno"
	_ "github.com/kael-dev/kael/lang/lib/fnmatch"
	_ "github.com/kael-dev/kael/lang/lib/functools"
	_ "github.com/kael-dev/kael/lang/lib/futures"
	_ "github.com/kael-dev/kael/lang/lib/gc"
	_ "github.com/kael-dev/kael/lang/lib/glob"
	_ "github.com/kael-dev/kael/lang/lib/gzip"
	_ "github.com/kael-dev/kael/lang/lib/hashlib"
	_ "github.com/kael-dev/kael/lang/lib/heapq"
	_ "github.com/kael-dev/kael/lang/lib/inspect"
	_ "github.com/kael-dev/kael/lang/lib/io"
	_ "github.com/kael-dev/kael/lang/lib/itertools"
	_ "github.com/kael-dev/kael/lang/lib/json"
	_ "github.com/kael-dev/kael/lang/lib/logging"
	_ "github.com/kael-dev/kael/lang/lib/math"
	_ "github.com/kael-dev/kael/lang/lib/matplotlib"
	_ "github.com/kael-dev/kael/lang/lib/numpy"
	_ "github.com/kael-dev/kael/lang/lib/operator"
	_ "github.com/kael-dev/kael/lang/lib/os"
	_ "github.com/kael-dev/kael/lang/lib/pathlib"
	_ "github.com/kael-dev/kael/lang/lib/pickle"
	_ "github.com/kael-dev/kael/lang/lib/platform"
	_ "github.com/kael-dev/kael/lang/lib/pprint"
	_ "github.com/kael-dev/kael/lang/lib/pystring"
	_ "github.com/kael-dev/kael/lang/lib/pystruct"
	_ "github.com/kael-dev/kael/lang/lib/queue"
	_ "github.com/kael-dev/kael/lang/lib/random"
	_ "github.com/kael-dev/kael/lang/lib/re"
	_ "github.com/kael-dev/kael/lang/lib/safetensors"
	_ "github.com/kael-dev/kael/lang/lib/shutil"
	_ "github.com/kael-dev/kael/lang/lib/statistics"
	_ "github.com/kael-dev/kael/lang/lib/sys"
	_ "github.com/kael-dev/kael/lang/lib/tempfile"
	_ "github.com/kael-dev/kael/lang/lib/textwrap"
	_ "github.com/kael-dev/kael/lang/lib/threading"
	_ "github.com/kael-dev/kael/lang/lib/time"
	_ "github.com/kael-dev/kael/lang/lib/tqdm"
	_ "github.com/kael-dev/kael/lang/lib/traceback"
	_ "github.com/kael-dev/kael/lang/lib/transformers"
	_ "github.com/kael-dev/kael/lang/lib/types"
	_ "github.com/kael-dev/kael/lang/lib/typing"
	_ "github.com/kael-dev/kael/lang/lib/unicodedata"
	_ "github.com/kael-dev/kael/lang/lib/unittest"
	_ "github.com/kael-dev/kael/lang/lib/uuid"
	_ "github.com/kael-dev/kael/lang/lib/warnings"
	_ "github.com/kael-dev/kael/lang/lib/weakref"
	_ "github.com/kael-dev/kael/lang/lib/zipfile"
	_ "github.com/kael-dev/kael/lang/lib/zoneinfo"
	_ "github.com/kael-dev/kael/lang/torch"
)
