// Package torch is kael's torch: the functions of torch and the tensor
// methods, torch.nn (the layers, the containers, nn.functional, nn.init
// and subclassing nn.Module), torch.optim, torch.autograd (Function,
// gradcheck), torch.linalg, torch.utils.data, devices, and torch.save and
// torch.load. It registers them with package lang in its init function,
// as any library does (docs/adr/0006-engine-and-libraries.md); a program
// links it in by importing it, or lang/std, which imports it:
//
//	import _ "github.com/kael-dev/kael/lang/torch"
package torch

import (
	"maps"
	"slices"

	"github.com/kael-dev/kael/lang"
)

// sortedKeys returns the keys of m, sorted.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// defMethod registers a method of the values whose type is typeName; self
// is its first parameter.
func defMethod(typeName, sig, doc string, fn func(a *lang.Args) (lang.Value, error)) {
	lang.RegisterTypeMethod(typeName, lang.NewBuiltin(lang.AsValue, sig, doc, fn))
}

// init registers torch with package lang as a library defined on first
// use (lang.RegisterLibrary): its 3,000-odd builtins, classes, method
// tables and modules are made the first time a program reaches torch (a
// global name such as torch or zeros, import torch, a tensor's
// attribute), not when every program starts. Only the dunder a user class
// may define before torch is reached is registered at once.
func init() {
	lang.RegisterDunder("__torch_function__")
	lang.RegisterLibrary("torch", torchModules, registerTorch)
}

// registerTorch makes torch's registrations. Each file's registrations
// are a function, defX, called here rather than an init function of its
// own: Go runs a package's init functions in the order of its files'
// names, so that a dependency between two of them would break when a file
// is renamed. Here the order is stated, and two steps depend on the
// others: defOut adds out= to builtins the steps before it define, and
// defAliases, after it, copies builtins with their out=. TestRegistration
// checks that every defX is called here and that no file has an init
// function of its own.
func registerTorch() {
	// torch's functions and the tensor methods.
	defTensorFuncs()
	defRandomOps()
	defRandomFills()
	defBinomial()
	defHistogram()
	defFromBuffer()
	defHistogramdd()
	defComposite()
	defElementwise()
	defMath()
	defReductions()
	defLinalg()
	defLinalgMore()
	defLinalgEx()
	defLinalgLU()
	defLinalgCompat()
	defLinalgEig()
	defLinalgHouseholder()
	defLinalgLDL()
	defLinalgLapack()
	defEinsum()
	defJoining()
	defIndexing()
	defViews()
	defStridedViews()
	defInPlaceViews()
	defViewCopies()
	defViewScatters()
	defPut()
	defFills()
	defShapeOps()
	defSort()
	defSearch()
	defQuantile()
	defTensorDunders()
	defAsTensor()
	defScatterReduce()
	defIndexPut()
	defPromotion()
	defDTypeInfo()
	defLegacy()
	defIntrospection()
	defTensorAttrs()
	defComplex()
	defFFT()
	defTensorNew()
	defTensorHooks()
	defIndexAlongOps()
	defTensorClasses()
	defDevices()
	defSettings()
	defTorchVersion()
	defLayouts()
	defSave()
	defStorage()
	defDeepCopy()
	defCopy()
	defRearrange()
	defProducts()
	defComposedMath()
	defComposedReductions()
	defConstruct()
	defTensorQueries()

	// torch.autograd and torch.optim.
	defAutograd()
	defShowStorage()
	defAutogradFunction()
	defGradcheck()
	defAutogradFunctional()
	defAnomaly()
	defAmp()
	defRemovedTensorMembers()
	defGradient()
	defEmbeddingRenorm()
	defOptimizers()
	defOptimizerBases() // after defOptimizers: every optimizer becomes a base
	defLRSchedulers()
	defLRSchedulerBases() // after defLRSchedulers, likewise
	defSWAUtils()

	// torch.nn: nn.functional, the layers, nn.Module and nn.init.
	defFunctional()
	defConv()
	defConv1d()
	defConv3d()
	defLayers()
	defContainers()
	defParamContainers()
	defEmbeddingBag()
	defAdaptiveLogSoftmax()
	defATenEmbeddingBag()
	defCTCLoss()
	defGrid()
	defModuleMethods()
	defModuleHooks()
	defModuleBackwardHooks()
	defModuleState()
	defGradFnHooks()
	defRegistryViews()
	defModuleGetters()
	defPrune()
	defModuleBase()
	defNNInit()

	// torch.nn: the recurrent, normalisation and activation layers,
	// their functions, and torch.nn.utils.
	defRecurrent()
	defActivations()
	defTransformers()
	defNorms()
	defLosses()
	defMultiOps()
	defDistances()
	defLPPoolAndFriends()
	defMaxPoolND()
	defFractionalMaxPool()
	defFold()
	defRandomLayers()
	defGumbelSoftmax()
	defUpsample()
	defTripletWithDistance()
	defResampling()
	defNNUtils()

	// torch.utils.data, torch.backends, the modules and the method tables.
	defData()
	defDistKinds()
	defNewKinds()
	defNewKinds2()
	defContinuousBernoulli()
	defVonMises()
	defLowRankMVN()
	defLKJCholesky()
	defLogisticNormal()
	defGammaKinds()
	defDirichletKinds()
	defStudentTKind()
	defMultinomialKind()
	defMultivariateNormalKind()
	defWishartKind()
	defDistributionCommonMethods()
	defDistributions()
	defConcreteDistBases()   // after defDistributions: every distribution becomes a base
	defTensorSubclassBases() // after the layers: nn.Parameter is a base too
	defBackends()
	defBackendsCUDA()
	defParallel()
	defModules()
	defTypename()
	defSpecialGamma()
	defSpecial() // its module copies builtins when first imported, after init
	defGlobals()
	defMethodTables()
	defExamples()
	defTorchForms() // calls the functional builtins defined above
	defTorchNatives()
	defTensorLegacyMethods()
	defRandomModule()
	defRNNFunctions()
	defLazyLayers()
	defParametrize() // after every layer: Parametrized<Class> for each
	defParametrizations()
	defReturnTypes()
	defTypesModule()
	defBuiltinModules() // before defOut and defAliases, whose copies keep it

	// Last: out= wraps the builtins defined above, and the aliases copy
	// them with it.
	defOut()
	defAliases()
}

func defMethodTables() {
	lang.RegisterMethodTable("Generator", generatorMethods)
	lang.RegisterMethodTable("Optimizer", optimizerMethods)
	lang.RegisterMethodTable("Module", moduleMethods)
	lang.RegisterMethodTable("Sequential", listMethods)
	lang.RegisterMethodTable("ModuleDict", dictMethods)
}
