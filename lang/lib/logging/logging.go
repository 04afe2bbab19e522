// Package logging is Python's logging module: CPython 3.11's
// Lib/logging/__init__.py (module.py), run as a source module, with the
// few changes its header lists for what kael lacks, and logging.handlers
// (handlers.py), CPython's too, less the handlers that need sockets,
// syslog or processes.
package logging

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"

	// the modules module.py and handlers.py import
	_ "github.com/kael-dev/kael/lang/lib/collections"
	_ "github.com/kael-dev/kael/lang/lib/copy"
	_ "github.com/kael-dev/kael/lang/lib/io"
	_ "github.com/kael-dev/kael/lang/lib/os"
	_ "github.com/kael-dev/kael/lang/lib/pickle" // the __reduce__ hook of Logger
	_ "github.com/kael-dev/kael/lang/lib/pystring"
	_ "github.com/kael-dev/kael/lang/lib/pystruct"
	_ "github.com/kael-dev/kael/lang/lib/queue"
	_ "github.com/kael-dev/kael/lang/lib/re"
	_ "github.com/kael-dev/kael/lang/lib/sys"
	_ "github.com/kael-dev/kael/lang/lib/threading"
	_ "github.com/kael-dev/kael/lang/lib/time"
	_ "github.com/kael-dev/kael/lang/lib/traceback"
	_ "github.com/kael-dev/kael/lang/lib/warnings"
	_ "github.com/kael-dev/kael/lang/lib/weakref"
)

//go:embed module.py
var source string

//go:embed handlers.py
var handlersSource string

func init() {
	lang.RegisterSourceModule("logging", "Python's logging, CPython 3.11's: loggers by dotted name, handlers, formatters, filters, LogRecord, LoggerAdapter, basicConfig and the module's functions.", source)
	lang.RegisterSourceModule("logging.handlers", "CPython 3.11's logging.handlers: RotatingFileHandler, TimedRotatingFileHandler, MemoryHandler, QueueHandler and QueueListener.", handlersSource)
}
