package keyword_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/keyword"
)

// keywordCases are compared with CPython 3.11's outcomes.
var keywordCases = []string{
	"import keyword\nkeyword.kwlist",
	"import keyword\nkeyword.softkwlist, len(keyword.kwlist)",
	"import keyword\n[keyword.iskeyword(w) for w in ('if', 'match', 'print', 'None', 'none', '')]",
	"import keyword\n[keyword.issoftkeyword(w) for w in ('_', 'case', 'match', 'if', 'type')]",
	"from keyword import iskeyword\niskeyword(3)",
	"import keyword\nkeyword.iskeyword([])",
	"import keyword\nsorted(keyword.__all__)",
}

func TestKeywordMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, "", keywordCases)
}
