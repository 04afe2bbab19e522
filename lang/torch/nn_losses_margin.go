package torch

import (
	"slices"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// The distances and the margin, embedding and likelihood losses of
// torch.nn (package nn's losses_margin.go): each one row of multiOps,
// which gives both the function of torch.nn.functional
// (F.margin_ranking_loss(input1, input2, target, margin=0, ...)) and the
// module (nn.MarginRankingLoss(margin=0.0, ...)(input1, input2, target)),
// with PyTorch's signatures.

// multiSettings are the settings of the functions of multiOps, read by
// name from their parameters.
type multiSettings struct {
	reduction            string
	margin, p, eps       float64
	dim                  int
	swap, keepdim, logIn bool
	full                 bool
	weight               *tensor.Tensor
}

// multiOp is one function of torch.nn.functional and its module.
type multiOp struct {
	class, fn, file string
	// inputs are the tensor parameters of the function and of the
	// module's forward; params the settings of both, classParams the
	// module's when they are written differently.
	inputs, params, classParams string
	doc                         string
	run                         func(in []*tensor.Tensor, s multiSettings) (*tensor.Tensor, error)
}

const legacyReduction = "size_average=None, reduce=None, reduction='mean'"

var multiOps = []multiOp{
	{"CosineSimilarity", "cosine_similarity", "distance", "x1, x2", "dim=1, eps=1e-08", "",
		"The cosine similarity Σ x1·x2 / (max(‖x1‖, eps)·max(‖x2‖, eps)) along dim, the inputs broadcast together.",
		func(in []*tensor.Tensor, s multiSettings) (*tensor.Tensor, error) {
			return nn.CosineSimilarity(in[0], in[1], s.dim, s.eps)
		}},
	{"PairwiseDistance", "pairwise_distance", "distance", "x1, x2", "p=2.0, eps=1e-06, keepdim=False", "",
		"The p-norm ‖x1 - x2 + eps‖ over the last dimension.",
		func(in []*tensor.Tensor, s multiSettings) (*tensor.Tensor, error) {
			return nn.PairwiseDistance(in[0], in[1], s.p, s.eps, s.keepdim)
		}},
	{"MarginRankingLoss", "margin_ranking_loss", "loss", "input1, input2, target", "margin=0, " + legacyReduction, "margin=0.0, " + legacyReduction,
		"max(0, -target·(input1 - input2) + margin), target 1 or -1 saying which input should rank higher.",
		func(in []*tensor.Tensor, s multiSettings) (*tensor.Tensor, error) {
			return nn.MarginRankingLoss(in[0], in[1], in[2], s.margin, s.reduction)
		}},
	{"HingeEmbeddingLoss", "hinge_embedding_loss", "loss", "input, target", "margin=1.0, " + legacyReduction, "",
		"input where target is 1, max(0, margin - input) where it is -1.",
		func(in []*tensor.Tensor, s multiSettings) (*tensor.Tensor, error) {
			return nn.HingeEmbeddingLoss(in[0], in[1], s.margin, s.reduction)
		}},
	{"SoftMarginLoss", "soft_margin_loss", "loss", "input, target", legacyReduction, "",
		"The two-class logistic loss log(1 + exp(-target·input)), target 1 or -1.",
		func(in []*tensor.Tensor, s multiSettings) (*tensor.Tensor, error) {
			return nn.SoftMarginLoss(in[0], in[1], s.reduction)
		}},
	{"MultiLabelSoftMarginLoss", "multilabel_soft_margin_loss", "loss", "input, target", "weight=None, " + legacyReduction, "",
		"The multi-label one-versus-all loss: the mean over the classes of -(y·logσ(x) + (1-y)·logσ(-x)), weight rescaling each class.",
		func(in []*tensor.Tensor, s multiSettings) (*tensor.Tensor, error) {
			return nn.MultiLabelSoftMarginLoss(in[0], in[1], s.weight, s.reduction)
		}},
	{"MultiLabelMarginLoss", "multilabel_margin_loss", "loss", "input, target", legacyReduction, "",
		"The multi-class multi-label hinge loss: target holds each sample's classes, ended by -1; Σ over target classes j and other classes k of max(0, 1 - (x_j - x_k)) / C.",
		func(in []*tensor.Tensor, s multiSettings) (*tensor.Tensor, error) {
			return nn.MultiLabelMarginLoss(in[0], in[1], s.reduction)
		}},
	{"MultiMarginLoss", "multi_margin_loss", "loss", "input, target", "p=1, margin=1.0, weight=None, " + legacyReduction, "",
		"The multi-class hinge loss: Σ over classes j ≠ y of weight[y]·max(0, margin - x_y + x_j)^p / C, p 1 or 2.",
		func(in []*tensor.Tensor, s multiSettings) (*tensor.Tensor, error) {
			return nn.MultiMarginLoss(in[0], in[1], int(s.p), s.margin, s.weight, s.reduction)
		}},
	{"CosineEmbeddingLoss", "cosine_embedding_loss", "loss", "input1, input2, target", "margin=0, " + legacyReduction, "margin=0.0, " + legacyReduction,
		"1 - cos(input1, input2) where target is 1, max(0, cos(input1, input2) - margin) where it is -1.",
		func(in []*tensor.Tensor, s multiSettings) (*tensor.Tensor, error) {
			return nn.CosineEmbeddingLoss(in[0], in[1], in[2], s.margin, s.reduction)
		}},
	{"TripletMarginLoss", "triplet_margin_loss", "loss", "anchor, positive, negative", "margin=1.0, p=2, eps=1e-06, swap=False, " + legacyReduction, "margin=1.0, p=2.0, eps=1e-06, swap=False, " + legacyReduction,
		"max(0, margin + d(anchor, positive) - d(anchor, negative)), d the pairwise p-distance; swap uses the smaller of d(anchor, negative) and d(positive, negative).",
		func(in []*tensor.Tensor, s multiSettings) (*tensor.Tensor, error) {
			return nn.TripletMarginLoss(in[0], in[1], in[2], s.margin, s.p, s.eps, s.swap, s.reduction)
		}},
	{"PoissonNLLLoss", "poisson_nll_loss", "loss", "input, target", "log_input=True, full=False, size_average=None, eps=1e-08, reduce=None, reduction='mean'", "",
		"The Poisson negative log-likelihood: exp(input) - target·input with log_input, else input - target·log(input + eps); full adds Stirling's term where target > 1.",
		func(in []*tensor.Tensor, s multiSettings) (*tensor.Tensor, error) {
			return nn.PoissonNLLLoss(in[0], in[1], s.logIn, s.full, s.eps, s.reduction)
		}},
	{"GaussianNLLLoss", "gaussian_nll_loss", "loss", "input, target, var", "full=False, eps=1e-06, reduction='mean'", "*, full=False, eps=1e-06, reduction='mean'",
		"The Gaussian negative log-likelihood ½·(log var + (input - target)²/var), var clamped to at least eps (its gradient unchanged); full adds ½·log 2π.",
		func(in []*tensor.Tensor, s multiSettings) (*tensor.Tensor, error) {
			return nn.GaussianNLLLoss(in[0], in[1], in[2], s.full, s.eps, s.reduction)
		}},
}

// readMulti reads the settings named in names (a parameter list's, as
// paramNames gives them).
func readMulti(a *lang.Args, names []string) multiSettings {
	var s multiSettings
	for _, name := range names {
		switch name {
		case "reduction":
			if slices.Contains(names, "size_average") {
				s.reduction = lossReduction(a)
			} else {
				s.reduction = a.Str(name)
			}
		case "margin":
			s.margin = a.Float(name)
		case "p":
			s.p = a.Float(name)
		case "eps":
			s.eps = a.Float(name)
		case "dim":
			s.dim = a.Int(name)
		case "swap":
			s.swap = a.Bool(name)
		case "keepdim":
			s.keepdim = a.Bool(name)
		case "log_input":
			s.logIn = a.Bool(name)
		case "full":
			s.full = a.Bool(name)
		case "weight":
			s.weight = a.OptTensor(name)
		}
	}
	return s
}

// checkMultiMarginP is PyTorch's check of multi_margin_loss's p.
func checkMultiMarginP(a *lang.Args, op multiOp, s multiSettings) {
	if op.fn == "multi_margin_loss" && a.Err() == nil && s.p != 1 && s.p != 2 {
		a.Fail(lang.Errorf(lang.ValueError, "only p == 1 and p == 2 supported"))
	}
}

func defMultiOps() {
	for _, op := range multiOps {
		classParams := op.classParams
		if classParams == "" {
			classParams = op.params
		}
		// The parameter names, split once rather than at every call.
		inputs, params, classNames := paramNames(op.inputs), paramNames(op.params), paramNames(classParams)
		// The distances are torch.* functions too; torch's losses take an
		// int reduction, so F's are F's only.
		kind := lang.AsValue
		if op.file == "distance" {
			kind = lang.AsFunc
		}
		b := lang.NewBuiltin(kind, op.fn+"("+op.inputs+", "+op.params+")", op.doc, func(a *lang.Args) (lang.Value, error) {
			in := make([]*tensor.Tensor, len(inputs))
			for i, n := range inputs {
				in[i] = tensorArg(a, n)
			}
			s := readMulti(a, params)
			checkMultiMarginP(a, op, s)
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(op.run(in, s))
		})
		if kind == lang.AsValue {
			functionalOnlyDef(b)
		}
		defLayer(op.file, op.class+"("+classParams+")", op.doc+" Called as "+strings.ToLower(op.class[:1])+op.class[1:]+"("+op.inputs+").", func(a *lang.Args) (nn.Module, error) {
			s := readMulti(a, classNames)
			checkMultiMarginP(a, op, s)
			hypers := hypersOf(a, classParams)
			for i, h := range hypers {
				if h.Name == "reduction" {
					hypers[i].Value = s.reduction
				}
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			hasWeight := strings.Contains(classParams, "weight=")
			return nn.NewMulti(op.class, hypers, s.weight, hasWeight, func(b *nn.Base, in []*tensor.Tensor) (*tensor.Tensor, error) {
				t := s
				if hasWeight {
					t.weight = b.Buffer("weight")
				}
				return op.run(in, t)
			}), nil
		})
		layerForwards[op.class] = lang.NewBuiltin(lang.AsValue, "forward(self, "+op.inputs+")", "Computes "+op.fn+" of the inputs with the module's settings.", func(a *lang.Args) (lang.Value, error) {
			m, err := selfLayer[*nn.Multi](a)
			if err != nil {
				return nil, err
			}
			in := make([]*tensor.Tensor, len(inputs))
			for i, n := range inputs {
				in[i] = tensorArg(a, n)
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(m.Apply(in...))
		})
	}
}

func defDistances() {
	lang.NewBuiltin(lang.AsFunc, "normalize(input, p=2.0, dim=1, eps=1e-12, out=None)", "input divided by its p-norm along dim, the norm kept at least eps: input / max(‖input‖_p, eps).", func(a *lang.Args) (lang.Value, error) {
		x, p, dim, eps := tensorArg(a, "input"), a.Float("p"), a.Int("dim"), a.Float("eps")
		refuseGiven(a, "out", lang.None, "use the returned tensor")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.Normalize(x, p, dim, eps))
	})
	lang.NewBuiltin(lang.AsFunc, "pdist(input, p=2)", "The p-norm distances between the rows of a [N, M] input: the N·(N-1)/2 pairs i < j, in row-major order.", func(a *lang.Args) (lang.Value, error) {
		x, p := tensorArg(a, "input"), a.Float("p")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.Pdist(x, p))
	})
}

// distanceLoss is nn.TripletMarginWithDistanceLoss. As in PyTorch, its
// settings are the layer's attributes (distance_function a submodule when
// it is a module, else a plain attribute, as are margin, swap and
// reduction), and forward calls F.triplet_margin_with_distance_loss with
// them as they are then: a later loss.distance_function =
// nn.PairwiseDistance(p=1), loss.margin = 2.0 or loss.distance_function
// = None (pairwise_distance) takes effect.
type distanceLoss struct{ *nn.Multi }

// distanceLossSettings are the attributes of distanceLoss that forward
// passes on.
var distanceLossSettings = []string{"distance_function", "margin", "swap", "reduction"}

// callDistance returns dist as a function of two tensors, called through
// the language (a module, a lambda, F.pairwise_distance).
func callDistance(a *lang.Args, dist lang.Value) func(x, y *tensor.Tensor) (*tensor.Tensor, error) {
	return func(x, y *tensor.Tensor) (*tensor.Tensor, error) {
		v, err := a.Call(dist, x, y)
		if err != nil {
			return nil, err
		}
		t, ok := v.(*tensor.Tensor)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "distance_function must return a Tensor, not %s", lang.TypeName(v))
		}
		return t, nil
	}
}

func defTripletWithDistance() {
	const doc = "max(0, margin + d(anchor, positive) - d(anchor, negative)) with d the distance_function (pairwise_distance when None), called on two tensors; swap uses the smaller of d(anchor, negative) and d(positive, negative)."
	pairwise, _ := lang.LookupBuiltin("pairwise_distance")
	fn := lang.NewBuiltin(lang.AsValue, "triplet_margin_with_distance_loss(anchor, positive, negative, *, distance_function=None, margin=1.0, swap=False, reduction='mean')", doc, func(a *lang.Args) (lang.Value, error) {
		x, p, n := tensorArg(a, "anchor"), tensorArg(a, "positive"), tensorArg(a, "negative")
		// PyTorch 1.13 checks none of margin, swap and reduction; the
		// inputs' shapes are the distance function's to check.
		margin, swap, reduction := a.Float("margin"), a.Bool("swap"), a.Str("reduction")
		if err := a.Err(); err != nil {
			return nil, err
		}
		var dist lang.Value = pairwise
		if !a.IsNone("distance_function") {
			dist = a.Value("distance_function")
		}
		return result(nn.TripletMarginWithDistance(x, p, n, callDistance(a, dist), margin, swap, reduction))
	})
	functionalOnlyDef(fn)
	defLayer("loss", "TripletMarginWithDistanceLoss(*, distance_function=None, margin=1.0, swap=False, reduction='mean')", doc+" Called as loss(anchor, positive, negative).", func(a *lang.Args) (nn.Module, error) {
		dist := a.Value("distance_function")
		if a.IsNone("distance_function") {
			v, err := a.Call(torchNN["PairwiseDistance"])
			if err != nil {
				return nil, err
			}
			dist = v
		}
		l := newLayer(&distanceLoss{nn.NewMulti("TripletMarginWithDistanceLoss", nil, nil, false, nil)})
		for _, name := range distanceLossSettings {
			v := a.Value(name)
			if name == "distance_function" {
				v = dist
			}
			if err := l.SetAttr(name, v); err != nil {
				return nil, err
			}
		}
		return l, nil
	})
	layerForwards["TripletMarginWithDistanceLoss"] = lang.NewBuiltin(lang.AsValue, "forward(self, anchor, positive, negative)", "F.triplet_margin_with_distance_loss of the inputs with the module's distance_function, margin, swap and reduction.", func(a *lang.Args) (lang.Value, error) {
		if _, err := selfLayer[*distanceLoss](a); err != nil {
			return nil, err
		}
		self := a.Value("self").(*Layer)
		vals := make([]lang.Value, len(distanceLossSettings))
		for i, name := range distanceLossSettings {
			v, ok := self.Attr(name)
			if !ok {
				return nil, lang.Errorf(lang.AttributeError, "'TripletMarginWithDistanceLoss' object has no attribute '%s'", name)
			}
			vals[i] = v
		}
		return a.CallKw(fn, []lang.Value{a.Value("anchor"), a.Value("positive"), a.Value("negative")}, distanceLossSettings, vals)
	})
}
