package lang

import "testing"

// TestFailedStatementKeepsEarlierOnes: a statement that fails binds
// nothing, and the statements before it keep their effect, as in CPython
// (issue 32: chapter 1 said a failed cell leaves every variable as it was).
func TestFailedStatementKeepsEarlierOnes(t *testing.T) {
	checkMatchesCPython(t, "a = [1]\n", []string{
		"try:\n    q = 2; r = q + a\nexcept TypeError:\n    pass\nq, 'r' in globals()",
		"try:\n    a = a + 1\nexcept TypeError:\n    pass\na",
	})
}
