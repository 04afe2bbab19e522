// Package diagram draws the pictures that explain kael's ideas: a
// tensor's storage with the views that read it (Storage), and the autograd
// graph behind a tensor (Graph). Each drawing has a text form, for a
// terminal and a script, and an SVG form, for a notebook and the book's
// figures; both come from one model of the drawing, and the SVG is
// deterministic (the same input gives the same bytes), so that committed
// figures can be checked against the code. It knows tensors and autograd
// but not the language: lang/torch's show_storage and show_graph and the
// book's figures (cmd/kaelbook) build on it.
package diagram
