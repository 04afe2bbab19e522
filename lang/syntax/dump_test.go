package syntax

import (
	"fmt"
	"reflect"
	"strings"
)

// dump renders a syntax tree as indented text, one node per line with its
// span, for golden files and test failure messages. Positions other than
// spans are left out.
func dump(n Node) string {
	var b strings.Builder
	dumpNode(&b, "", n, 0)
	return b.String()
}

var (
	nodeType = reflect.TypeFor[Node]()
	posType  = reflect.TypeFor[Pos]()
)

func dumpNode(b *strings.Builder, label string, n Node, depth int) {
	indent := strings.Repeat("  ", depth)
	fmt.Fprintf(b, "%s%s%s %s", indent, label, reflect.TypeOf(n).Elem().Name(), n.Span())
	v := reflect.ValueOf(n).Elem()
	type child struct {
		label string
		node  Node
	}
	var children []child
	for i := range v.NumField() {
		f, fv := v.Type().Field(i), v.Field(i)
		switch {
		case f.Type == posType:
		case f.Type.Kind() == reflect.Slice:
			for j := range fv.Len() {
				children = append(children, child{fmt.Sprintf("%s[%d]: ", f.Name, j), fv.Index(j).Interface().(Node)})
			}
		case f.Type.Implements(nodeType) || f.Type.Kind() == reflect.Interface:
			if !fv.IsNil() {
				children = append(children, child{f.Name + ": ", fv.Interface().(Node)})
			}
		case f.Type == reflect.TypeFor[Token]():
			if t := fv.Interface().(Token); t != ILLEGAL {
				fmt.Fprintf(b, " %s=%q", f.Name, t.String())
			}
		case f.Name == "Unmangled" && fv.String() == "": // only the engine mangles names
		case f.Type.Kind() == reflect.String:
			fmt.Fprintf(b, " %s=%q", f.Name, fv.String())
		case f.Type.Kind() == reflect.Pointer && fv.IsNil(): // IntLit.Big of a small int
		case (f.Name == "Bytes" || f.Name == "Imag") && !fv.Bool(): // a StringLit that is not bytes, a real FloatLit
		default:
			fmt.Fprintf(b, " %s=%v", f.Name, fv.Interface())
		}
	}
	b.WriteString("\n")
	for _, c := range children {
		dumpNode(b, c.label, c.node, depth+1)
	}
}
