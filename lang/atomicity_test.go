package lang

import "testing"

// TestFailedStatementKeepsEarlierOnes: a statement that fails binds
// nothing, and the statements before it keep their effect, as in CPython
// (issue 32: chapter 1 said a failed cell leaves every variable as it was).
func TestFailedStatementKeepsEarlierOnes(t *testing.T) {
	checkMatchesCPython(t, "a = [1]\n", []string{
		"try:\n    q = 2; r = q + a\nexcept TypeError:\n    pass\ntry:\n    r\n    bound = True\nexcept NameError:\n    bound = False\nq, bound",
		"try:\n    a = a + 1\nexcept TypeError:\n    pass\na",
	})
}
