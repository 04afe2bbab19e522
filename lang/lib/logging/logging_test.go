package logging_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	// The module under test, and the ones its cases import.
	_ "github.com/kael-dev/kael/lang/lib/io"
	_ "github.com/kael-dev/kael/lang/lib/logging"
	_ "github.com/kael-dev/kael/lang/lib/os"
)

// loggingCases hold CPython 3.11's outcomes; TestLoggingAgainstCPython
// checks them there. cmd/kael's TestScriptArgvAndExit compares what
// scripts log to stderr and stdout byte for byte.
var loggingCases = []langtest.Case{
	// exc_info: exception() and exc_info=True append the handled exception's traceback
	{"import io\nbuf = io.StringIO()\nh = logging.StreamHandler(buf)\nh.setFormatter(logging.Formatter('%(levelname)s|%(message)s'))\nlog = logging.getLogger('ex')\nlog.propagate = False\nlog.addHandler(h)\ntry:\n    1 / 0\nexcept ZeroDivisionError:\n    log.exception('boom %d', 1)\n    log.error('plain')\n    log.warning('w', exc_info=True)\n    log.exception('quiet', exc_info=False)\n[l for l in buf.getvalue().splitlines() if not l.startswith('  ')]", "['ERROR|boom 1', 'Traceback (most recent call last):', 'ZeroDivisionError: division by zero', 'ERROR|plain', 'WARNING|w', 'Traceback (most recent call last):', 'ZeroDivisionError: division by zero', 'ERROR|quiet']"},
	{"import io\nbuf = io.StringIO()\nh = logging.StreamHandler(buf)\nh.setFormatter(logging.Formatter('%(levelname)s|%(message)s'))\nlog = logging.getLogger('ex')\nlog.propagate = False\nlog.addHandler(h)\nlog.error('none', exc_info=True)\nlog.error('obj', exc_info=ValueError('v'))\ntry:\n    raise KeyError('k')\nexcept KeyError as e:\n    err = e\nlog.error('tuple', exc_info=(type(err), err, err.__traceback__))\nlines = buf.getvalue().splitlines()\nlines[:4], lines[-1]", "(['ERROR|none', 'NoneType: None', 'ERROR|obj', 'ValueError: v'], \"KeyError: 'k'\")"},

	{"logging.DEBUG, logging.INFO, logging.WARNING, logging.WARN, logging.ERROR, logging.CRITICAL, logging.FATAL, logging.NOTSET, logging.getLevelName(40), logging.getLevelName(15), logging.getLevelName('DEBUG'), logging.getLevelName('nope')", "(10, 20, 30, 30, 40, 50, 50, 0, 'ERROR', 'Level 15', 10, 'Level nope')"},
	{"logging.getLogger() is logging.getLogger('root'), logging.getLogger('a') is logging.getLogger('a'), logging.getLogger('a.b').parent is logging.getLogger('a'), logging.getLogger('q').name, repr(logging.getLogger('q')), logging.getLogger('q').level", "(True, True, True, 'q', '<Logger q (WARNING)>', 0)"},
	{"logging.basicConfig(force=True, filename='log.txt', filemode='w', level=logging.INFO, format='%(levelname)s|%(name)s|%(message)s|%(funcName)s')\nlogging.info('one %d', 1)\nlogging.getLogger('w').warning('two')\nlogging.debug('no')\nlogging.shutdown()\nopen('log.txt').read()", "'INFO|root|one 1|<module>\\nWARNING|w|two|<module>\\n'"},
	{"h = logging.FileHandler('f.log', mode='w')\nh.setLevel(logging.ERROR)\nh.setFormatter(logging.Formatter('%(message)s!'))\nl = logging.getLogger('fh')\nl.propagate = False\nl.addHandler(h)\nl.warning('dropped')\nl.error('kept %s', 'x')\nh.close()\nopen('f.log').read(), h.level, type(h.formatter).__name__", "('kept x!\\n', 40, 'Formatter')"},
	{"logging.basicConfig(force=True, filename='t.log', format='%(asctime)s %(message)s')\nlogging.warning('w')\nlogging.shutdown()\nlen(open('t.log').read().split(' ')[0]), open('t.log').read()[4], open('t.log').read()[19], open('t.log').read()[23:]", "(10, '-', ',', ' w\\n')"},
	{"logging.basicConfig(force=True, filename='d.log', format='%(asctime)s|%(message)s', datefmt='%Y/%m')\nlogging.warning('w')\nlogging.shutdown()\nlen(open('d.log').read().split('|')[0]), open('d.log').read()[4], open('d.log').read().split('|')[1]", "(7, '/', 'w\\n')"},
	{"import io\nbuf = io.StringIO()\nh = logging.StreamHandler(buf)\nh.setFormatter(logging.Formatter('{levelname}|{name}|{message}|{levelno:03d}', style='{'))\nlog = logging.getLogger('st')\nlog.propagate = False\nlog.addHandler(h)\nlog.setLevel(logging.INFO)\nlog.info('hello %s', 'world')\nlog.warning('w')\nh.setFormatter(logging.Formatter('$levelname ${name}: $message', style='$'))\nlog.error('e')\nh.setFormatter(logging.Formatter(style='{'))\nlog.error('plain')\nbuf.getvalue()",
		"'INFO|st|hello world|020\\nWARNING|st|w|030\\nERROR st: e\\nplain\\n'"},
	{"logging.basicConfig(force=True, filename='s.log', filemode='w', style='{')\nlogging.warning('via basic')\nlogging.basicConfig(force=True, filename='s2.log', filemode='w', style='$', format='$levelname/$message')\nlogging.error('two')\nlogging.shutdown()\nopen('s.log').read(), open('s2.log').read()",
		"('WARNING:root:via basic\\n', 'ERROR/two\\n')"},
	{"logging.Formatter(style='x')", "ValueError: Style must be one of: %,{,$"},
	{"logging.getLogger('a').setLevel('bogus')", "ValueError: Unknown level: 'bogus'"},
	{"logging.getLogger('a').setLevel(1.5)", "TypeError: Level not an integer or a valid string: 1.5"},
	{"logging.getLogger(3)", "TypeError: A logger name must be a string"},
	{"logging.basicConfig(force=True, filename='x', stream=1)", "ValueError: 'stream' and 'filename' should not be specified together"},
	// CPython's classes (module.py): a user Handler, Filter, Formatter, LoggerAdapter, Logger class
	{"class Collect(logging.Handler):\n    def __init__(self):\n        super().__init__()\n        self.seen = []\n    def emit(self, record):\n        self.seen.append(self.format(record))\nclass OnlyA(logging.Filter):\n    def filter(self, record):\n        return record.getMessage().startswith('a')\nclass Upper(logging.Formatter):\n    def format(self, record):\n        return super().format(record).upper()\nc = Collect()\nc.setFormatter(Upper('%(name)s:%(message)s'))\nc.addFilter(OnlyA())\nl = logging.getLogger('filt')\nl.propagate = False\nl.addHandler(c)\nl.warning('apple %d', 1)\nl.warning('banana')\nl.addFilter(logging.Filter('other'))\nl.warning('avocado')\nc.seen, c.level, c.name, repr(c)", "(['FILT:APPLE 1'], 0, None, '<Collect (NOTSET)>')"},
	{"logging.root.setLevel(logging.WARNING)\nseen = []\nclass H(logging.Handler):\n    def emit(self, record):\n        seen.append((record.name, record.levelname, record.getMessage(), record.user if hasattr(record, 'user') else None))\nl = logging.getLogger('ad')\nl.propagate = False\nl.addHandler(H())\nclass Ctx(logging.LoggerAdapter):\n    def process(self, msg, kwargs):\n        return '[%s] %s' % (self.extra['user'], msg), kwargs\nCtx(l, {'user': 'bob'}).warning('about %s', 'x')\nlogging.LoggerAdapter(l, {'user': 'u1'}).error('plain')\nl.warning('extra', extra={'user': 'e'})\nseen, repr(logging.LoggerAdapter(l, {}))", "([('ad', 'WARNING', '[bob] about x', None), ('ad', 'ERROR', 'plain', 'u1'), ('ad', 'WARNING', 'extra', 'e')], '<LoggerAdapter ad (WARNING)>')"},
	{"logging.root.setLevel(logging.WARNING)\nlogging.addLevelName(25, 'NOTICE')\nclass MyLogger(logging.Logger):\n    def notice(self, msg, *a):\n        self.log(25, msg, *a)\nlogging.setLoggerClass(MyLogger)\nnl = logging.getLogger('newcls')\nlogging.setLoggerClass(logging.Logger)\nr = logging.makeLogRecord({'msg': 'x%d', 'args': (1,), 'levelno': 40})\nlogging.getLevelName(25), logging.getLevelName('NOTICE'), logging.root, logging.getLogger() is logging.root, type(nl).__name__, logging.getLoggerClass(), r.getMessage(), type(r).__name__, logging.getLevelNamesMapping()['WARN'], logging.lastResort", "('NOTICE', 25, <RootLogger root (WARNING)>, True, 'MyLogger', <class 'logging.Logger'>, 'x1', 'LogRecord', 30, <_StderrHandler <stderr> (WARNING)>)"},
	{"logging.setLoggerClass(int)", "TypeError: logger not derived from logging.Logger: int"},
	// logging.handlers (handlers.py)
	{"import logging.handlers, os\nlog = logging.getLogger('rot')\nlog.propagate = False\nh = logging.handlers.RotatingFileHandler('r.log', maxBytes=40, backupCount=2)\nh.setFormatter(logging.Formatter('%(message)s'))\nlog.addHandler(h)\nfor i in range(8):\n    log.warning('message number %d', i)\nh.close()\nsorted(f for f in os.listdir('.') if f.startswith('r.log')), open('r.log').read(), open('r.log.1').read(), open('r.log.2').read()", "(['r.log', 'r.log.1', 'r.log.2'], 'message number 6\\nmessage number 7\\n', 'message number 4\\nmessage number 5\\n', 'message number 2\\nmessage number 3\\n')"},
	{"import logging.handlers\nt = logging.handlers.TimedRotatingFileHandler('t.log', when='midnight', backupCount=3)\nu = logging.handlers.TimedRotatingFileHandler('u.log', when='S', interval=5)\nt.close()\nu.close()\n(t.when, t.interval, t.suffix, t.backupCount, u.when, u.interval, u.suffix, u.rolloverAt - u.computeRollover(0) > 0)", "('MIDNIGHT', 86400, '%Y-%m-%d', 3, 'S', 5, '%Y-%m-%d_%H-%M-%S', True)"},
	{"import logging.handlers\nlogging.handlers.TimedRotatingFileHandler('t.log', when='fortnight')", "ValueError: Invalid rollover interval specified: FORTNIGHT"},
	{"import logging.handlers, queue\nq = queue.Queue()\nql = logging.getLogger('q')\nql.propagate = False\nql.addHandler(logging.handlers.QueueHandler(q))\nql.error('to the queue %s', 'x')\nr = q.get_nowait()\nseen = []\nclass C(logging.Handler):\n    def emit(self, record):\n        seen.append(record.getMessage())\nm = logging.handlers.MemoryHandler(3, flushLevel=logging.ERROR, target=C())\nml = logging.getLogger('mem')\nml.propagate = False\nml.addHandler(m)\nml.warning('a')\nml.warning('b')\nbefore = list(seen)\nml.warning('c')\nml.error('d')\ntype(r).__name__, r.getMessage(), r.msg, r.args, r.levelname, before, seen", "('LogRecord', 'to the queue x', 'to the queue x', None, 'ERROR', [], ['a', 'b', 'c', 'd'])"},
	// Handler.handleError: the report on stderr, the call stack walked out of logging's frames
	{"import io, sys\nbuf = io.StringIO()\nold = sys.stderr\nsys.stderr = buf\nclass H(logging.Handler):\n    def emit(self, r):\n        try:\n            raise ValueError('x')\n        except ValueError:\n            self.handleError(r)\nl = logging.getLogger('he')\nl.propagate = False\nl.addHandler(H())\nl.error('hi %d', 1)\nsys.stderr = old\nlines = buf.getvalue().splitlines()\nlines[0], lines[-2:], 'Call stack:' in lines, 'ValueError: x' in lines", "('--- Logging error ---', [\"Message: 'hi %d'\", 'Arguments: (1,)'], True, True)"},
	{"l = logging.getLogger('e')\nl.setLevel(logging.INFO)\nl.isEnabledFor(logging.DEBUG), l.isEnabledFor(logging.INFO), l.getEffectiveLevel(), logging.getLogger('e.f').getEffectiveLevel()", "(False, True, 20, 20)"},
}

func TestLogging(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckCellCases(t, langtest.FilePrelude(root, "import logging"), loggingCases)
	})
}

func TestLoggingAgainstCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		cpython.CheckCellCases(t, langtest.FilePrelude(root, "import logging"), loggingCases)
	})
}
