package locale_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/locale"
)

// CPython runs under LANG=C.UTF-8 (the prelude checks it), where its
// startup locale is kael's.
const prelude = `import locale
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
`

// cases hold CPython 3.11's outcomes; TestLocaleAgainstCPython checks them there.
var cases = []langtest.Case{
	{"locale.setlocale(locale.LC_ALL), locale.setlocale(locale.LC_CTYPE), locale.setlocale(locale.LC_NUMERIC), locale.getlocale(), locale.getlocale(locale.LC_NUMERIC), locale.getpreferredencoding(), locale.getpreferredencoding(False), locale.getencoding()", "('LC_CTYPE=C.UTF-8;LC_NUMERIC=C;LC_TIME=C;LC_COLLATE=C;LC_MONETARY=C;LC_MESSAGES=C;LC_PAPER=C;LC_NAME=C;LC_ADDRESS=C;LC_TELEPHONE=C;LC_MEASUREMENT=C;LC_IDENTIFICATION=C', 'C.UTF-8', 'C', ('en_US', 'UTF-8'), (None, None), 'UTF-8', 'UTF-8', 'UTF-8')"},
	{"a = locale.setlocale(locale.LC_ALL, 'C')\nb = locale.setlocale(locale.LC_ALL)\nc = locale.getlocale()\nd = locale.setlocale(locale.LC_ALL, '')\ne = locale.setlocale(locale.LC_NUMERIC, 'C.UTF-8')\na, b, c, d, e, locale.getlocale(locale.LC_NUMERIC), err(locale.setlocale, locale.LC_ALL, 'fr_FR.UTF-8'), err(locale.setlocale, locale.LC_ALL, ('de_DE', 'UTF-8')), err(locale.getlocale, locale.LC_ALL)", "('C', 'C', (None, None), 'C.UTF-8', 'C.UTF-8', ('en_US', 'UTF-8'), 'Error: unsupported locale setting', 'Error: unsupported locale setting', ('en_US', 'UTF-8'))"},
	{"sorted(locale.localeconv().items()), locale.str(3.5), locale.str(1/3), locale.format_string('%.2f', 1234.5, grouping=True), locale.format_string('%d-%s', (1, 'x')), locale.atof('1.5'), locale.atoi('12'), locale.delocalize('1,5'), locale.localize('1.5')", "([('currency_symbol', ''), ('decimal_point', '.'), ('frac_digits', 127), ('grouping', []), ('int_curr_symbol', ''), ('int_frac_digits', 127), ('mon_decimal_point', ''), ('mon_grouping', []), ('mon_thousands_sep', ''), ('n_cs_precedes', 127), ('n_sep_by_space', 127), ('n_sign_posn', 127), ('negative_sign', ''), ('p_cs_precedes', 127), ('p_sep_by_space', 127), ('p_sign_posn', 127), ('positive_sign', ''), ('thousands_sep', '')], '3.5', '0.333333333333', '1234.50', '1-x', 1.5, 12, '1,5', '1.5')"},
	{"locale.strcoll('a', 'b'), locale.strcoll('b', 'a'), locale.strcoll('é', 'é'), locale.strxfrm('abc'), sorted(['b', 'A', 'a'], key=locale.strxfrm), err(locale.currency, 1.5), err(locale.atoi, 'x'), issubclass(locale.Error, Exception) and not issubclass(locale.Error, ValueError)", "(-1, 1, 0, 'abc', ['A', 'a', 'b'], \"ValueError: Currency formatting is not possible using the 'C' locale.\", \"ValueError: invalid literal for int() with base 10: 'x'\", True)"},
	{"locale.LC_ALL, locale.LC_CTYPE, locale.LC_NUMERIC, locale.LC_TIME, locale.LC_COLLATE, locale.LC_MONETARY, locale.LC_MESSAGES, locale.CHAR_MAX", "(6, 0, 1, 2, 3, 4, 5, 127)"},
}

func TestLocale(t *testing.T) {
	langtest.CheckCellCases(t, prelude, cases)
}

func TestLocaleAgainstCPython(t *testing.T) {
	t.Setenv("LANG", "C.UTF-8")
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_CTYPE", "")
	cpython.CheckCellCases(t, prelude, cases)
}
