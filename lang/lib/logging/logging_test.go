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
