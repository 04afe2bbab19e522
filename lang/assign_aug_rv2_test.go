package lang

import (
	"context"
	"testing"
)

// A list += something whose + is not a list (a tensor) stores the result
// instead of crashing on the in-place extend.
func TestAssignAugListPlusTensorNoCrash(t *testing.T) {
	s := NewSession(IO{})
	r := s.Exec(context.Background(), "c", "l = [1, 2]\nl += tensor([1, 2])\nl")
	if r.Err != nil {
		t.Fatalf("l += tensor: %v", r.Err)
	}
	if v, _ := s.Get("l"); TypeName(v) != "Tensor" {
		t.Fatalf("l = %v (%s), want the tensor sum", v, TypeName(v))
	}
}
