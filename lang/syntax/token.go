package syntax

// Token is the kind of a lexical token. Operator tokens also name the
// operator of a UnaryExpr, BinaryExpr, BoolOpExpr, CompareExpr or AssignStmt.
type Token uint8

// The tokens of kael.
const (
	ILLEGAL Token = iota
	EOF
	NEWLINE
	INDENT
	DEDENT

	IDENT  // x
	INT    // 123, 0x7f
	FLOAT  // 1.5, 1e-3
	STRING // "abc", 'abc', """abc"""

	PLUS       // +
	MINUS      // -
	STAR       // *
	STARSTAR   // **
	SLASH      // /
	SLASHSLASH // //
	PERCENT    // %
	AT         // @
	TILDE      // ~
	AMP        // &
	PIPE       // |
	CARET      // ^
	LSHIFT     // <<
	RSHIFT     // >>

	LT  // <
	LE  // <=
	GT  // >
	GE  // >=
	EQL // ==
	NEQ // !=

	ASSIGN        // =
	PLUS_EQ       // +=
	MINUS_EQ      // -=
	STAR_EQ       // *=
	STARSTAR_EQ   // **=
	SLASH_EQ      // /=
	SLASHSLASH_EQ // //=
	PERCENT_EQ    // %=
	AT_EQ         // @=
	AMP_EQ        // &=
	PIPE_EQ       // |=
	CARET_EQ      // ^=
	LSHIFT_EQ     // <<=
	RSHIFT_EQ     // >>=

	LPAREN   // (
	RPAREN   // )
	LBRACK   // [
	RBRACK   // ]
	LBRACE   // {
	RBRACE   // }
	COMMA    // ,
	COLON    // :
	SEMI     // ;
	DOT      // .
	ELLIPSIS // ...
	ARROW    // ->
	COLONEQ  // := (the walrus of an assignment expression)

	AND      // and
	AS       // as
	ASSERT   // assert
	BREAK    // break
	CLASS    // class
	CONTINUE // continue
	DEF      // def
	DEL      // del
	ELIF     // elif
	ELSE     // else
	FALSE    // False
	FOR      // for
	FROM     // from
	IF       // if
	IMPORT   // import
	IN       // in
	IS       // is
	LAMBDA   // lambda
	NONE     // None
	NOT      // not
	OR       // or
	PASS     // pass
	RETURN   // return
	TRUE     // True
	WHILE    // while
	WITH     // with

	NOTIN // not in (made by the parser from NOT IN)
	ISNOT // is not (made by the parser from IS NOT)

	// RESERVED is a Python keyword that kael does not support, such as
	// try or yield; the parser reports it with an explanation.
	RESERVED
)

var tokenNames = [...]string{
	ILLEGAL:       "ILLEGAL",
	EOF:           "EOF",
	NEWLINE:       "NEWLINE",
	INDENT:        "INDENT",
	DEDENT:        "DEDENT",
	IDENT:         "IDENT",
	INT:           "INT",
	FLOAT:         "FLOAT",
	STRING:        "STRING",
	PLUS:          "+",
	MINUS:         "-",
	STAR:          "*",
	STARSTAR:      "**",
	SLASH:         "/",
	SLASHSLASH:    "//",
	PERCENT:       "%",
	AT:            "@",
	TILDE:         "~",
	AMP:           "&",
	PIPE:          "|",
	CARET:         "^",
	LSHIFT:        "<<",
	RSHIFT:        ">>",
	LT:            "<",
	LE:            "<=",
	GT:            ">",
	GE:            ">=",
	EQL:           "==",
	NEQ:           "!=",
	ASSIGN:        "=",
	PLUS_EQ:       "+=",
	MINUS_EQ:      "-=",
	STAR_EQ:       "*=",
	STARSTAR_EQ:   "**=",
	SLASH_EQ:      "/=",
	SLASHSLASH_EQ: "//=",
	PERCENT_EQ:    "%=",
	AT_EQ:         "@=",
	AMP_EQ:        "&=",
	PIPE_EQ:       "|=",
	CARET_EQ:      "^=",
	LSHIFT_EQ:     "<<=",
	RSHIFT_EQ:     ">>=",
	LPAREN:        "(",
	RPAREN:        ")",
	LBRACK:        "[",
	RBRACK:        "]",
	LBRACE:        "{",
	RBRACE:        "}",
	COMMA:         ",",
	COLON:         ":",
	SEMI:          ";",
	DOT:           ".",
	ELLIPSIS:      "...",
	ARROW:         "->",
	COLONEQ:       ":=",
	AND:           "and",
	AS:            "as",
	ASSERT:        "assert",
	BREAK:         "break",
	CLASS:         "class",
	CONTINUE:      "continue",
	DEF:           "def",
	DEL:           "del",
	ELIF:          "elif",
	ELSE:          "else",
	FALSE:         "False",
	FOR:           "for",
	FROM:          "from",
	IF:            "if",
	IMPORT:        "import",
	IN:            "in",
	IS:            "is",
	LAMBDA:        "lambda",
	NONE:          "None",
	NOT:           "not",
	OR:            "or",
	PASS:          "pass",
	RETURN:        "return",
	TRUE:          "True",
	WHILE:         "while",
	WITH:          "with",
	NOTIN:         "not in",
	ISNOT:         "is not",
	RESERVED:      "RESERVED",
}

// String returns the token's spelling for operators and keywords ("+",
// "not in", "def") and its upper-case name for the others ("IDENT").
func (t Token) String() string {
	if int(t) < len(tokenNames) {
		return tokenNames[t]
	}
	return "ILLEGAL"
}

// keywords maps each kael keyword to its token.
var keywords = map[string]Token{}

func init() {
	for t := AND; t <= WITH; t++ {
		keywords[t.String()] = t
	}
}

// augmented maps each augmented assignment token to its binary operator.
var augmented = map[Token]Token{
	PLUS_EQ:       PLUS,
	MINUS_EQ:      MINUS,
	STAR_EQ:       STAR,
	STARSTAR_EQ:   STARSTAR,
	SLASH_EQ:      SLASH,
	SLASHSLASH_EQ: SLASHSLASH,
	PERCENT_EQ:    PERCENT,
	AT_EQ:         AT,
	AMP_EQ:        AMP,
	PIPE_EQ:       PIPE,
	CARET_EQ:      CARET,
	LSHIFT_EQ:     LSHIFT,
	RSHIFT_EQ:     RSHIFT,
}

// unsupported explains each Python keyword that kael reserves but does not
// implement.
var unsupported = map[string]struct{ msg, hint string }{
	// try and raise start statements (parser_try.go); these are the
	// messages of the four words where no statement takes them.
	"try":      {"invalid syntax", "'try' starts a statement"},
	"except":   {"invalid syntax", "'except' must line up with a 'try' above it"},
	"finally":  {"invalid syntax", "'finally' must line up with a 'try' above it"},
	"raise":    {"invalid syntax", "'raise' starts a statement"},
	"yield":    {"'yield' stands only as a statement, on the right of '=', or in parentheses", "write (yield x) inside an expression"},
	"global":   {"'global' can only begin a statement", "global x, y declares names of the module"},
	"nonlocal": {"'nonlocal' can only begin a statement", "nonlocal x declares a variable of the enclosing function"},
	"async":    {"kael has no asynchronous code ('async', 'await')", ""},
	"await":    {"kael has no asynchronous code ('async', 'await')", ""},
}
