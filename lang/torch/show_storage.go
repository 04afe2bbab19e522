package torch

import (
	"errors"

	"github.com/kael-dev/kael/diagram"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

func defShowStorage() {
	lang.NewBuiltin(lang.AsFunc, "show_storage(*tensors)", "Shows a diagram of the storage of the first tensor (index, value) and, under it, one row per tensor (views of that storage): where each element the tensor reads lies, numbered in reading order, with its shape, strides, offset and contiguity. A notebook shows it as a picture (SVG, each view's runs in colour); the REPL and a script print it as text. show_storage(x, x[1], x.t()) shows three views of one storage.", func(a *lang.Args) (lang.Value, error) {
		args, _ := a.Value("tensors").(lang.Tuple)
		if len(args) == 0 {
			return nil, lang.Errorf(lang.TypeError, "show_storage() needs a tensor: show_storage(x), or show_storage(x, view, ...)")
		}
		ts := make([]*tensor.Tensor, len(args))
		for i, v := range args {
			t, ok := v.(*tensor.Tensor)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "show_storage() takes tensors, not %s (argument %d)", lang.TypeName(v), i+1)
			}
			ts[i] = t
		}
		d, err := diagram.NewStorage(ts)
		if err != nil {
			var te *tensor.Error
			if errors.As(err, &te) && te.Kind == tensor.ValueError {
				return nil, lang.Errorf(lang.ValueError, "show_storage(): %s", te.Msg)
			}
			return nil, err
		}
		a.Show(&lang.Diagram{Kind: "StorageDiagram", Text: d.Text(), SVG: d.SVG()})
		return lang.None, nil
	})
}
