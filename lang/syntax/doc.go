// Package syntax scans and parses kael, the small Python-flavoured language
// in which kael programs and notebook cells are written, into a syntax tree
// for the evaluator in package lang.
//
// Parse turns a source file into a *File and ParseExpr a single expression;
// both report the first syntax error as an *Error, which Render shows with
// the offending source line underlined (see Snippet). Completeness tells a
// REPL or a Jupyter kernel whether the lines typed so far are ready to run.
// Every node records where it came from: Span returns its source range,
// with 1-based lines and columns counted in Unicode code points.
//
// # Lexical structure
//
// Lexical structure follows Python's. Comments run from # to the end of the
// line. A newline ends a statement except inside (), [] or {}, or after a
// backslash. The indentation of a statement's first line, with tabs to
// multiples of 8, opens blocks (INDENT) and closes them (DEDENT); a line
// indented less than its block must line up with an enclosing block, and
// tabs and spaces must be mixed consistently.
//
//	IDENT  = letter {letter | digit} .           letter includes '_' and Unicode letters
//	INT    = decimal | '0' ('x'|'X') hexdigits | '0' ('o'|'O') octdigits | '0' ('b'|'B') bindigits .
//	FLOAT  = digits '.' [digits] [exponent] | '.' digits [exponent] | digits exponent .
//	exponent = ('e'|'E') ['+'|'-'] digits .
//	STRING = [prefix] (short_string | long_string) .
//	prefix = 'r' | 'u' | 'f' | 'rf' | 'fr' | 'b' | 'rb' | 'br' .     in either case
//
// Digits may be separated by single underscores (1_000), and one may
// follow a base prefix (0x_ff), as in CPython. A decimal integer
// other than 0 must not start with 0 (012j and 01.5 are fine); a bad
// literal gets CPython's message (`invalid digit '2' in binary literal`,
// `invalid decimal literal`, `invalid imaginary literal`, `leading zeros
// in decimal integer literals are not permitted; use an 0o prefix for
// octal integers`). A number followed at once by one of the keywords
// `and`, `else`, `for`, `if`, `in`, `is`, `not`, `or` ends there, with a
// SyntaxWarning (`1if x else y`, `[0x1for x in y]`: `invalid decimal
// literal`), by any other letter, digit or underscore is an error, as
// CPython 3.11's tokenizer rules. Integers have any size (a literal
// past 64 bits is a big integer); floats that overflow are infinite, and a
// number followed by j is imaginary (1j, 2.5e3j). Strings are quoted with
// ' or ", or with three of either to span lines. Escapes are \\ \' \" \a \b \f \n \r \t \v,
// \ooo (octal), \xhh, \uhhhh, \Uhhhhhhhh, \N{name} (a character by its
// Unicode name, in any case; names given by rule, CJK UNIFIED
// IDEOGRAPH-4E00 and HANGUL SYLLABLE GA, in capitals, as CPython reads
// them) and backslash-newline, which is dropped; a backslash before any
// other character is kept with it, as CPython 3.11 keeps it (its
// DeprecationWarning is not shown). Raw strings (r"...") keep
// backslashes. Bytes literals (b"...") hold ASCII characters and \x, octal
// and the one-character escapes. Adjacent string literals are
// concatenated.
//
// An f-string (f"...", rf"...") holds replacement fields as in Python 3.11:
//
//	FStringField = '{' TestList ['='] ['!' ('r'|'s'|'a')] [':' spec] '}' .
//
// where spec is text that may itself hold replacement fields (one level:
// f"{x:>{width}.{prec}f}") and {{ and }} stand for literal braces. A field's
// expression may not contain a backslash, a '#', or the f-string's own quote
// character; it may span lines in a triple-quoted f-string. A '=' after the
// expression makes the field self-documenting: f"{x = }" gives "x = " and
// x's repr.
//
// Keywords:
//
//	and as assert break class continue def del elif else False for from if
//	import in is lambda None not or pass return True while with
//
// try, except, finally and raise are keywords too (TryStmt, RaiseStmt),
// yield is one where a function body allows it (YieldExpr), and global
// and nonlocal are soft keywords that begin a statement, as are match
// and case. async def, async for, async with, async comprehensions, await
// and except* parse as in Python 3.11 (AwaitExpr; the Async positions of
// DefStmt, ForStmt, WithStmt and CompFor; ExceptClause.StarPos), with
// CPython's errors where Python rejects them; the engine runs coroutines
// and try statements with except* (see "Exception groups and except*"). A class takes any number of base classes and
// keyword arguments (class A(B, flag=True, **kw)), which reach
// __init_subclass__ when the class is made.
//
// # Grammar
//
// The grammar in EBNF, as parsed; NEWLINE, INDENT and DEDENT are the tokens
// the scanner makes from line structure, and lower-case names in quotes are
// keywords.
//
//	File         = {Stmt} EOF .
//	Stmt         = CompoundStmt | SimpleStmts .
//	SimpleStmts  = SmallStmt {';' SmallStmt} [';'] NEWLINE .
//	SmallStmt    = ExprStmt | 'return' [TestList] | 'del' ExprList
//	             | 'assert' Test [',' Test]
//	             | 'break' | 'continue' | 'pass' | ImportStmt | FromImport
//	             | RaiseStmt
//	             | ('global' | 'nonlocal') IDENT {',' IDENT} .
//	RaiseStmt    = 'raise' [Test ['from' Test]] .
//	ImportStmt   = 'import' DottedAs {',' DottedAs} .
//	DottedAs     = Dotted ['as' IDENT] .
//	Dotted       = IDENT {'.' IDENT} .
//	FromImport   = 'from' ({'.'} Dotted | '.' {'.'}) 'import' ('*' | '(' ImportAs {',' ImportAs} [','] ')'
//	             | ImportAs {',' ImportAs}) .
//	ImportAs     = IDENT ['as' IDENT] .
//	ExprStmt     = TestList [('=' TestList)+ | AugOp TestList | ':' Test ['=' TestList]] .
//	AugOp        = '+=' | '-=' | '*=' | '/=' | '//=' | '%=' | '**=' | '@='
//	             | '&=' | '|=' | '^=' | '<<=' | '>>=' .
//
//	CompoundStmt = IfStmt | ForStmt | WhileStmt | DefStmt | WithStmt
//	             | TryStmt | ClassStmt | Decorated | MatchStmt .
//	IfStmt       = 'if' NamedTest ':' Suite {'elif' NamedTest ':' Suite} ['else' ':' Suite] .
//	ForStmt      = 'for' ExprList 'in' TestList ':' Suite ['else' ':' Suite] .
//	WhileStmt    = 'while' NamedTest ':' Suite ['else' ':' Suite] .
//	DefStmt      = 'def' IDENT '(' [DefParams] ')' ['->' Test] ':' Suite .
//	ClassStmt    = 'class' IDENT ['(' [ClassArgs] ')'] ':' Suite .
//	ClassArgs    = ClassArg {',' ClassArg} [','] .      bases before keywords
//	ClassArg     = Test | IDENT '=' Test | '**' Test .
//	Decorated    = ('@' Test NEWLINE)+ (DefStmt | ClassStmt) .
//	WithStmt     = 'with' WithItem {',' WithItem} ':' Suite .
//	WithItem     = Test ['as' BitOr] .
//	TryStmt      = 'try' ':' Suite (ExceptClause {ExceptClause}
//	               ['else' ':' Suite] ['finally' ':' Suite] | 'finally' ':' Suite) .
//	ExceptClause = 'except' [Test ['as' IDENT]] ':' Suite .    a bare except last
//	Suite        = SimpleStmts | NEWLINE INDENT {Stmt} DEDENT .
//	MatchStmt    = 'match' Elts ':' NEWLINE INDENT Case {Case} DEDENT .
//	Case         = 'case' Patterns ['if' NamedTest] ':' Suite .
//	Patterns     = Pattern | SeqItem ',' [SeqItem {',' SeqItem} [',']] .
//	Pattern      = ClosedPat {'|' ClosedPat} ['as' IDENT] .
//	ClosedPat    = Literal | IDENT | '_' | Dotted | '(' Pattern ')'
//	             | '[' [SeqItem {',' SeqItem} [',']] ']' | '(' [SeqItem ',' {SeqItem ','} [SeqItem]] ')'
//	             | '{' [MapItem {',' MapItem}] [','] ['**' IDENT [',']] '}'
//	             | Dotted '(' [Pattern {',' Pattern}] {',' IDENT '=' Pattern} [','] ')' .
//	SeqItem      = Pattern | '*' IDENT .
//	MapItem      = (Literal | Dotted) ':' Pattern .
//	Literal      = ['-'] (INT | FLOAT) | STRING {STRING} | 'None' | 'True' | 'False' .
//	DefParams    = DefParam {',' DefParam} [','] .
//	DefParam     = IDENT [':' Test] ['=' Test] | '*' [IDENT [':' Test]]
//	             | '**' IDENT [':' Test] | '/' .
//	Params       = Param {',' Param} [','] .                 in a lambda
//	Param        = IDENT ['=' Test] | '*' [IDENT] | '**' IDENT | '/' .
//
//	TestList     = StarTest {',' StarTest} [','] .    a comma makes a tuple
//	StarTest     = Test | '*' BitOr .
//	ExprList     = StarExpr {',' StarExpr} [','] .
//	StarExpr     = BitOr | '*' BitOr .
//	Test         = OrTest ['if' OrTest 'else' Test] | Lambda .
//	NamedTest    = Test | IDENT ':=' Test .
//	Lambda       = 'lambda' [Params] ':' Test .
//	OrTest       = AndTest {'or' AndTest} .
//	AndTest      = NotTest {'and' NotTest} .
//	NotTest      = 'not' NotTest | Comparison .
//	Comparison   = BitOr {CompOp BitOr} .
//	CompOp       = '<' | '<=' | '>' | '>=' | '==' | '!=' | 'in' | 'not' 'in'
//	             | 'is' | 'is' 'not' .
//	BitOr        = BitXor {'|' BitXor} .
//	BitXor       = BitAnd {'^' BitAnd} .
//	BitAnd       = Shift {'&' Shift} .
//	Shift        = Arith {('<<' | '>>') Arith} .
//	Arith        = Term {('+' | '-') Term} .
//	Term         = Factor {('*' | '/' | '//' | '%' | '@') Factor} .
//	Factor       = ('+' | '-' | '~') Factor | Power .
//	Power        = Primary ['**' Factor] .
//	Primary      = Atom {'.' IDENT | '(' [Args | Test CompFor {CompFor}] ')' | '[' Subscripts ']'} .
//	Args         = Arg {',' Arg} [','] .
//	Arg          = NamedTest | IDENT '=' Test | '*' Test | '**' Test .
//	Subscripts   = Subscript {',' Subscript} [','] .
//	Subscript    = NamedTest | [Test] ':' [Test] [':' [Test]] .
//	Atom         = IDENT | INT | FLOAT | STRING {STRING} | 'True' | 'False'
//	             | 'None' | '...'
//	             | '(' [StarNamed | StarNamed ',' [Elts] | NamedTest CompFor {CompFor}] ')'
//	             | '[' [Elts | NamedTest CompFor {CompFor}] ']'
//	             | '{' [Test ':' Test {',' Test ':' Test} [',']] '}'
//	             | '{' Test ':' Test CompFor {CompFor} '}'
//	             | '{' Elts '}' | '{' NamedTest CompFor {CompFor} '}' .
//	Elts         = StarNamed {',' StarNamed} [','] .
//	StarNamed    = NamedTest | '*' BitOr .
//	CompFor      = 'for' ExprList 'in' OrTest {'if' OrTest} .
//
// A generator expression, (x for x in xs) or the only argument of a call
// as in sum(x for x in xs), is evaluated at once into a list (a
// ListComp). {k: v for ...} and {x for ...} are dict and set
// comprehensions; {a, b} is a set and {} an empty dict.
//
// Annotations (x: int in a def, -> T after its parameters, and the
// annotated assignment x: int = 0 or bare x: int) are parsed as
// expressions; the package evaluates none of them (package lang evaluates
// a def's, as Python does); an annotated assignment's target is a single
// name, attribute or index, and a bare one binds nothing.
//
// The else block of a for or while loop runs when the loop ends without
// break, as in Python.
//
// Besides the grammar, the parser checks that assignment, for, with and del
// targets are names, attributes, indexes, or tuples and lists of targets
// (augmented assignment takes a single name, attribute or index); that at
// most one element of each tuple or list of assignment or for targets is
// starred (a, *rest = xs binds rest to a list of what the others leave);
// that no starred element stands anywhere else than there and in a tuple,
// list or set display ([*a, b], which unpacks a into it; a dict display
// takes **m); that keyword arguments follow positional ones and are not
// repeated; and that in a def, parameters without defaults come before
// those with defaults, except after *args, at most one *args and one
// **kwargs appear, **kwargs is last, and no name repeats.
//
// match and case are soft keywords (PEP 634): a line is a match
// statement when "match Elts ':' NEWLINE" begins it, and an ordinary
// statement otherwise (match = 1, match(x)). Besides the grammar, the
// parser applies CPython's rules: a capture or wildcard case without a
// guard must be the last, a pattern binds a name once, the alternatives
// of an or-pattern bind the same names, a sequence has one starred name,
// and the literal keys of a mapping pattern differ.
//
// An assignment expression name := value (NamedExpr, PEP 572) stands
// where NamedTest does, and in parentheses anywhere else; its target is a
// name. In a def or lambda, a '/' makes the parameters before it
// positional-only, and a bare '*' the named ones after it keyword-only,
// as *args does; CPython's rules hold: '/' once and before any '*', a
// bare '*' followed by a named parameter, at most one '*', nothing after
// **kwargs.
//
// As in Python, ** binds tighter than a unary operator on its left (-2**2 is
// -(2**2)) and is right-associative; comparisons chain (a < b < c); and
// x[a, b] has two subscripts, and a lone one with a trailing comma is a
// tuple of one: x[1,] is x[(1,)], x[1:2,] is x[(slice(1, 2),)].
package syntax
