package lang

import "testing"

// syntaxMessageCases are SyntaxErrors kael reports with CPython 3.11's
// message and place: Python 2's print and exec statements, an ASCII
// character Python has no token for, and break or continue outside a
// loop.
var syntaxMessageCases = []struct{ src, want string }{
	{`print "old style"`, "1:1-18: Missing parentheses in call to 'print'. Did you mean print(...)?"},
	{`print "old style",`, "1:1-19: Missing parentheses in call to 'print'. Did you mean print(...)?"},
	{"print f(a+b,c)", "1:1-15: Missing parentheses in call to 'print'. Did you mean print(...)?"},
	{`exec "old style"`, "1:1-17: Missing parentheses in call to 'exec'. Did you mean exec(...)?"},
	{"exec f(a+b,c)", "1:1-14: Missing parentheses in call to 'exec'. Did you mean exec(...)?"},
	{"if 1:\n    print {1: foo}", "2:5-19: Missing parentheses in call to 'print'. Did you mean print(...)?"},
	{"print (a+b,c) $ 42", "1:15-16: invalid syntax"},
	{"x = 1 $", "1:7-8: invalid syntax"},
	{"!x", "1:1-2: invalid syntax"},
	{"x ? 1", "1:3-4: invalid syntax"},
	{"break", "1:1-6: 'break' outside loop"},
	{"continue", "1:1-9: 'continue' not properly in loop"},
	{"if 1:\n    try:\n        continue\n    except:\n        pass", "3:9-17: 'continue' not properly in loop"},
	{"while 1:\n    def f():\n        break", "3:9-14: 'break' outside loop"},
	{"print", "ok"},
	{"x = 1\nprint, x", "ok"},
}

func TestSyntaxMessages(t *testing.T) {
	for _, tt := range syntaxMessageCases {
		if got := syntaxErrorOutcome(tt.src); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestSyntaxMessagesMatchCPython(t *testing.T) {
	checkCasesAgainst(t, "CPython", syntaxMessageCases, cpythonSyntaxErrors(t, caseSources(syntaxMessageCases)))
}
