package syntax

import (
	"reflect"
	"testing"
)

func TestInspectPrune(t *testing.T) {
	f, err := Parse("", "x = f(a + b)\nif c: d[e] = g")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	Inspect(f, func(n Node) bool {
		got = append(got, reflect.TypeOf(n).Elem().Name())
		_, isCall := n.(*CallExpr)
		_, isIndex := n.(*IndexExpr)
		return !isCall && !isIndex
	})
	want := []string{"File", "AssignStmt", "Ident", "CallExpr", "IfStmt", "Ident", "AssignStmt", "IndexExpr", "Ident"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("visited %v, want %v", got, want)
	}
}
