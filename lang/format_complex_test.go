package lang

import "testing"

// complexFormatCases are format specs of complex numbers, held to
// CPython's complex.__format__.
var complexFormatCases = []string{
	"f'{1+2j:.2f}', f'{1+2j:>20}', f'{1+2j:e}', f'{1+2j}', f'{1+2j!r:>10}'",
	"format(1+2j, ''), format(1+2j), format(-1.5-2j, '+.3g'), format(3j, '^30.1f'), format(1+2j, '*<20.2f'), format(1e20+1j, 'g')",
	"format(complex('nan+infj'), '.2f'), format(complex('-inf-nanj'), 'F'), format(complex('nan+nanj'), '')",
	"format(1j, ''), format(0j, '.2'), format(1+2j, 'n'), format(1.5+2.25j, ',.1f'), format(1+2j, '.3'), format(1+2j, '10'), format(-0j, ''), format(complex(0.0, -0.0), '')",
	"format(1+2j, 'E'), '{:.1f}'.format(2-3j), format(12345.678+1j, '_.2f'), format(1+2j, '#g'), format(1+2j, ' '), format(-1j, ' '), format(1j, '+'), format(1.25+1e-7j, '.3')",
	"format(1.5+1e16j, ''), format(1234567.0+0.1j, ','), format(-0.0+1j, 'z.1f'), format(-1e-9-1j, 'z.2f')",
	"format(1+2j, 'd')",
	// the strings float() and complex() read: signed nan, overflow, no hex
	"float('-nan'), float('+NaN'), float('1e500'), float('-1e500'), complex('-inf-nanj'), complex('1+nanj'), complex('-nan')",
	"float('0x1p4')",
	"float('--nan')",
	"complex('0x1p4j')",
	"format(1+2j, '=10')",
	"format(1+2j, '010')",
	"format(1+2j, '0<10')",
	"format(1+2j, '%')",
	"format(1+2j, 'x')",
	"format(1+2j, ',_f')",
}

func TestComplexFormatAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", complexFormatCases)
}
