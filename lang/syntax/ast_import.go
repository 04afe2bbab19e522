package syntax

import "strings"

// ImportStmt is import a.b.c, d as e. Without as, import a.b.c binds the
// top-level name a; with it, the name after as is bound to a.b.c itself.
type ImportStmt struct {
	ImportPos Pos
	Names     []*ImportName
}

// FromImportStmt is from a.b import c, d as e, or from a.b import *.
// Each of Names has a one-element Path. Star is the position of '*'; it is
// zero unless the statement imports every public name.
type FromImportStmt struct {
	FromPos Pos
	// Level is the number of dots of a relative import (from ..a import
	// b: 2); Module is nil in from . import b.
	Level  int
	Module *DottedName
	Names  []*ImportName
	Star   Pos
	End    Pos // where the statement ends (after ')' when parenthesised)
}

// DottedName is a module path such as torch.nn.functional.
type DottedName struct {
	Parts []*Ident
}

// ImportName is one imported name and its optional alias: torch.nn as nn.
// As is nil without an alias.
type ImportName struct {
	Name *DottedName
	As   *Ident
}

// String returns the dotted path: "torch.nn".
func (d *DottedName) String() string {
	parts := make([]string, len(d.Parts))
	for i, p := range d.Parts {
		parts[i] = p.Name
	}
	return strings.Join(parts, ".")
}

// Bound returns the name an ImportName binds: the alias, or, for a plain
// import a.b.c, the first part a.
func (n *ImportName) Bound() *Ident {
	if n.As != nil {
		return n.As
	}
	return n.Name.Parts[0]
}

// Bound returns the names the statement binds, in order.
func (s *ImportStmt) Bound() []*Ident {
	out := make([]*Ident, len(s.Names))
	for i, n := range s.Names {
		out[i] = n.Bound()
	}
	return out
}

// Bound returns the names the statement binds, in order; nil for a star
// import, whose names are known only when it runs.
func (s *FromImportStmt) Bound() []*Ident {
	out := make([]*Ident, len(s.Names))
	for i, n := range s.Names {
		out[i] = n.Bound()
	}
	return out
}

func (d *DottedName) Span() Span {
	return Span{d.Parts[0].NamePos, d.Parts[len(d.Parts)-1].Span().End}
}

func (n *ImportName) Span() Span {
	s := n.Name.Span()
	if n.As != nil {
		s.End = n.As.Span().End
	}
	return s
}

func (s *ImportStmt) Span() Span {
	return Span{s.ImportPos, s.Names[len(s.Names)-1].Span().End}
}

func (s *FromImportStmt) Span() Span { return Span{s.FromPos, s.End} }

func (*ImportStmt) stmtNode()     {}
func (*FromImportStmt) stmtNode() {}
