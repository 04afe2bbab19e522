package lang

import "testing"

// Complex numbers: literals, complex(), arithmetic with CPython's
// algorithms, repr, equality, hashing and the attributes.
func TestComplexMatchesCPython(t *testing.T) {
	checkMatchesCPython(t, "", []string{
		`1j, 2.5j, 1e3j, 0j, 1 + 2j, 1 - 2j, -1j, (1 + 0j), -(1 + 0j), complex(-0.0, -1.0), 10J`,
		`complex(), complex(1), complex(1, 2), complex(1.5, -2), complex(1j, 1j), complex(True), complex(2**70)`,
		`complex(1, -0.0), complex(-0.0, -0.0), complex(1j, -0.0), complex(-0.0, 1j), complex(complex(1, -0.0), 0.0)`,
		`complex('1+2j'), complex(' (1.5-2e3j) '), complex('j'), complex('-j'), complex('3'), complex('1e300j'), complex('-1.5e-3+4J')`,
		`complex('1+2')`,
		`complex('x')`,
		`complex('1', 2)`,
		`complex([])`,
		`(1 + 2j) * (3 - 4j), (1 + 2j) / (3 - 4j), (1 + 2j) - 1.5, 2 * 1j, 1j * 1j, (1+2j) + True`,
		`1j ** 2, (1 + 1j) ** 3, (1 + 1j) ** -2, (2 + 0j) ** 0.5, 2 ** 1j, (1 + 2j) ** (0.5 + 0.5j), 0j ** 0, 0j ** 2`,
		`1j / 0`,
		`0j ** -1`,
		`1j // 2`,
		`1j % 2`,
		`1j < 2j`,
		`abs(3 + 4j), abs(-1j), abs(complex(float('inf'), 1))`,
		`abs(complex(1e308, 1e308))`,
		`(1 + 2j).real, (1 + 2j).imag, (1 + 2j).conjugate(), (1j).real, type(1j), isinstance(1j, complex)`,
		`1 + 0j == 1, 1j == 1j, 1j != 1, 2.5 + 0j == 2.5, {1: 'a'}[1 + 0j], hash(1 + 0j) == hash(1), hash(1 + 2j), hash(-1.5j)`,
		`bool(0j), bool(1j), not 0j, str(1 + 2j), repr(-1j), [1j, (2+3j)], float('nan') * 1j, complex(float('inf'), float('nan'))`,
		`float(1j)`,
		`int(1j)`,
		"x = 1j\nx += 1\nx *= 2\nx",
		`sum([1j, 2, 3.5]), -(-0.0 + 0j), +(1j)`,
		`2**1100 * 1j`,
	})
}
