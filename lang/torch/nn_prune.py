# torch.nn.utils.prune for kael: pruning a module's tensor by a mask, as
# PyTorch 1.13's module of that name does. Pruning name makes the original
# tensor the parameter name_orig, the mask the buffer name_mask, and name a
# plain attribute, name_orig * name_mask, that a forward pre-hook (the
# pruning method itself, in module._forward_pre_hooks) recomputes before
# every call. Pruning the same tensor again stacks the methods in a
# PruningContainer, each new mask computed on what the earlier ones left.

import numbers
from abc import ABC, abstractmethod
from collections.abc import Iterable

import torch

__all__ = ["BasePruningMethod", "PruningContainer", "Identity", "RandomUnstructured",
           "L1Unstructured", "RandomStructured", "LnStructured", "CustomFromMask",
           "identity", "random_unstructured", "l1_unstructured", "random_structured",
           "ln_structured", "global_unstructured", "custom_from_mask", "remove", "is_pruned"]


class BasePruningMethod(ABC):
    """The base class of pruning methods: a subclass defines compute_mask(t, default_mask) and PRUNING_TYPE ('unstructured', 'structured' or 'global')."""

    _tensor_name = None

    def __init__(self):
        pass

    def __call__(self, module, inputs):
        # the forward pre-hook: name is recomputed from name_orig and name_mask
        setattr(module, self._tensor_name, self.apply_mask(module))

    @abstractmethod
    def compute_mask(self, t, default_mask):
        """Returns the mask for t, on top of default_mask (ones when t was not pruned before)."""

    def apply_mask(self, module):
        """Returns module's pruned tensor: name_orig times name_mask."""
        assert self._tensor_name is not None, "Module {} has to be pruned".format(module)
        mask = getattr(module, self._tensor_name + "_mask")
        orig = getattr(module, self._tensor_name + "_orig")
        return mask.to(dtype=orig.dtype) * orig

    @classmethod
    def apply(cls, module, name, *args, importance_scores=None, **kwargs):
        """Prunes module's tensor name with a new cls(*args, **kwargs), stacked on any method already pruning it; returns the method that now prunes it."""
        method = _stacked_method(cls, module, name, args, kwargs)
        orig = getattr(module, name)
        if importance_scores is not None:
            assert importance_scores.shape == orig.shape, \
                "importance_scores should have the same shape as parameter {} of {}".format(name, module)
        else:
            importance_scores = orig
        first = not isinstance(method, PruningContainer)
        if first:
            module.register_parameter(name + "_orig", orig)
            del module._parameters[name]
            default_mask = torch.ones_like(orig)
        else:
            default_mask = getattr(module, name + "_mask").detach().clone(memory_format=torch.contiguous_format)
        try:
            mask = method.compute_mask(importance_scores, default_mask=default_mask)
            module.register_buffer(name + "_mask", mask)
            setattr(module, name, method.apply_mask(module))
            module.register_forward_pre_hook(method)
        except Exception:
            if first:  # put the parameter back as it was
                module.register_parameter(name, getattr(module, name + "_orig"))
                del module._parameters[name + "_orig"]
            raise
        return method

    def prune(self, t, default_mask=None, importance_scores=None):
        """Returns t times the mask computed from importance_scores (t itself when None) and default_mask (ones when None)."""
        if importance_scores is None:
            importance_scores = t
        else:
            assert importance_scores.shape == t.shape, "importance_scores should have the same shape as tensor t"
        if default_mask is None:
            default_mask = torch.ones_like(t)
        return t * self.compute_mask(importance_scores, default_mask=default_mask)

    def remove(self, module):
        """Makes the pruning permanent: name becomes a parameter again, holding the pruned values, and name_orig and name_mask go."""
        assert self._tensor_name is not None, \
            "Module {} has to be pruned before pruning can be removed".format(module)
        pruned = self.apply_mask(module)
        if hasattr(module, self._tensor_name):
            delattr(module, self._tensor_name)
        orig = module._parameters[self._tensor_name + "_orig"]
        orig.data = pruned.data
        del module._parameters[self._tensor_name + "_orig"]
        del module._buffers[self._tensor_name + "_mask"]
        setattr(module, self._tensor_name, orig)


def _stacked_method(cls, module, name, args, kwargs):
    # The method that prunes name once cls(*args, **kwargs) joins the one
    # already registered for it, whose pre-hook it takes off the module.
    previous = [(key, hook) for key, hook in module._forward_pre_hooks.items()
                if isinstance(hook, BasePruningMethod) and hook._tensor_name == name]
    assert len(previous) <= 1, \
        "Avoid adding multiple pruning hooks to the                same tensor {} of module {}. Use a PruningContainer.".format(name, module)
    for key, _ in previous:
        del module._forward_pre_hooks[key]
    method = cls(*args, **kwargs)
    method._tensor_name = name
    if not previous:
        return method
    old = previous[0][1]
    if isinstance(old, PruningContainer):
        old.add_pruning_method(method)
        return old
    container = PruningContainer(old)
    container.add_pruning_method(method)
    return container


class PruningContainer(BasePruningMethod):
    """A sequence of pruning methods of one tensor, applied in turn: each new mask is computed on the entries (or channels) the earlier masks kept."""

    def __init__(self, *args):
        self._pruning_methods = ()
        if len(args) == 1:
            self._tensor_name = args[0]._tensor_name
            self.add_pruning_method(args[0])
        else:
            for method in args:
                self.add_pruning_method(method)

    def add_pruning_method(self, method):
        """Appends method, which must prune the container's tensor."""
        if not isinstance(method, BasePruningMethod) and method is not None:
            raise TypeError("{} is not a BasePruningMethod subclass".format(type(method)))
        if method is not None and self._tensor_name != method._tensor_name:
            raise ValueError("Can only add pruning methods acting on the parameter named '{}' to PruningContainer {}."
                             .format(self._tensor_name, self) + " Found '{}'".format(method._tensor_name))
        self._pruning_methods += (method,)

    def __len__(self):
        return len(self._pruning_methods)

    def __iter__(self):
        return iter(self._pruning_methods)

    def __getitem__(self, idx):
        return self._pruning_methods[idx]

    def compute_mask(self, t, default_mask):
        """The last method's mask, computed on what default_mask kept, combined with default_mask."""
        method = self._pruning_methods[-1]
        kind = method.PRUNING_TYPE
        if kind == "unstructured":
            region = default_mask == 1
        elif kind == "structured":
            if not hasattr(method, "dim"):
                raise AttributeError('Pruning methods of PRUNING_TYPE "structured" need to have the attribute `dim` defined.')
            ndim = t.dim()
            dim = method.dim + ndim if method.dim < 0 else method.dim
            if dim < 0:
                raise IndexError("Index is out of bounds for tensor with dimensions {}".format(ndim))
            kept = default_mask.sum(dim=[d for d in range(ndim) if d != dim]) != 0
            region = [slice(None)] * ndim
            region[dim] = kept
        elif kind == "global":
            region = [slice(None)] * len(t.shape)
        else:
            raise ValueError("Unrecognized PRUNING_TYPE {}".format(kind))
        mask = default_mask.to(dtype=t.dtype)
        mask[region] = method.compute_mask(t[region], default_mask=default_mask[region]).to(dtype=mask.dtype)
        return mask


class Identity(BasePruningMethod):
    """Prunes nothing: the mask is all ones."""

    PRUNING_TYPE = "unstructured"

    def compute_mask(self, t, default_mask):
        return default_mask

    @classmethod
    def apply(cls, module, name):
        return super(Identity, cls).apply(module, name)


class RandomUnstructured(BasePruningMethod):
    """Prunes amount of the entries (a count, or a fraction in [0, 1]) chosen at random."""

    PRUNING_TYPE = "unstructured"

    def __init__(self, amount):
        _check_amount(amount)
        self.amount = amount

    def compute_mask(self, t, default_mask):
        return _entries_pruned(self.amount, t, default_mask,
                               lambda count: torch.topk(torch.rand_like(t).view(-1), k=count).indices)

    @classmethod
    def apply(cls, module, name, amount):
        return super(RandomUnstructured, cls).apply(module, name, amount=amount)


class L1Unstructured(BasePruningMethod):
    """Prunes amount of the entries (a count, or a fraction in [0, 1]) of smallest absolute value."""

    PRUNING_TYPE = "unstructured"

    def __init__(self, amount):
        _check_amount(amount)
        self.amount = amount

    def compute_mask(self, t, default_mask):
        return _entries_pruned(self.amount, t, default_mask,
                               lambda count: torch.topk(torch.abs(t).view(-1), k=count, largest=False).indices)

    @classmethod
    def apply(cls, module, name, amount, importance_scores=None):
        return super(L1Unstructured, cls).apply(module, name, amount=amount, importance_scores=importance_scores)


class RandomStructured(BasePruningMethod):
    """Prunes amount of the channels along dim (a count, or a fraction in [0, 1]) chosen at random."""

    PRUNING_TYPE = "structured"

    def __init__(self, amount, dim=-1):
        _check_amount(amount)
        self.amount = amount
        self.dim = dim

    def compute_mask(self, t, default_mask):
        _check_structured(t, self.dim)
        channels = t.shape[self.dim]
        count = _amount_of(self.amount, channels)
        if count == 0:
            return default_mask
        scores = torch.rand(channels)
        threshold = torch.kthvalue(scores, k=count).values
        mask = _channel_mask(t, self.dim, scores > threshold)
        mask *= default_mask.to(dtype=mask.dtype)
        return mask

    @classmethod
    def apply(cls, module, name, amount, dim=-1):
        return super(RandomStructured, cls).apply(module, name, amount=amount, dim=dim)


class LnStructured(BasePruningMethod):
    """Prunes amount of the channels along dim (a count, or a fraction in [0, 1]) of smallest L-n norm (n as torch.norm's p)."""

    PRUNING_TYPE = "structured"

    def __init__(self, amount, n, dim=-1):
        _check_amount(amount)
        self.amount = amount
        self.n = n
        self.dim = dim

    def compute_mask(self, t, default_mask):
        _check_structured(t, self.dim)
        channels = t.shape[self.dim]
        count = _amount_of(self.amount, channels)
        others = list(range(t.dim()))
        others.remove(others[self.dim])
        largest = torch.topk(torch.norm(t, p=self.n, dim=others), k=channels - count, largest=True)
        if count == 0:
            return default_mask
        mask = _channel_mask(t, self.dim, largest.indices)
        mask *= default_mask.to(dtype=mask.dtype)
        return mask

    @classmethod
    def apply(cls, module, name, amount, n, dim, importance_scores=None):
        return super(LnStructured, cls).apply(module, name, amount=amount, n=n, dim=dim, importance_scores=importance_scores)


class CustomFromMask(BasePruningMethod):
    """Prunes by a given mask."""

    PRUNING_TYPE = "global"

    def __init__(self, mask):
        self.mask = mask

    def compute_mask(self, t, default_mask):
        assert default_mask.shape == self.mask.shape
        return default_mask * self.mask.to(dtype=default_mask.dtype)

    @classmethod
    def apply(cls, module, name, mask):
        return super(CustomFromMask, cls).apply(module, name, mask=mask)


def identity(module, name):
    """Prunes nothing of module's tensor name, but sets up name_orig, name_mask (ones) and the pre-hook; returns module."""
    Identity.apply(module, name)
    return module


def random_unstructured(module, name, amount):
    """Prunes amount of the entries of module's tensor name at random; returns module."""
    RandomUnstructured.apply(module, name, amount)
    return module


def l1_unstructured(module, name, amount, importance_scores=None):
    """Prunes amount of the entries of module's tensor name with the smallest absolute values (of importance_scores, when given); returns module."""
    L1Unstructured.apply(module, name, amount=amount, importance_scores=importance_scores)
    return module


def random_structured(module, name, amount, dim):
    """Prunes amount of the channels along dim of module's tensor name at random; returns module."""
    RandomStructured.apply(module, name, amount, dim)
    return module


def ln_structured(module, name, amount, n, dim, importance_scores=None):
    """Prunes amount of the channels along dim of module's tensor name with the smallest L-n norms; returns module."""
    LnStructured.apply(module, name, amount, n, dim, importance_scores=importance_scores)
    return module


def global_unstructured(parameters, pruning_method, importance_scores=None, **kwargs):
    """Prunes the (module, name) pairs of parameters together: pruning_method (an unstructured method class, with kwargs such as amount) chooses among all their entries at once."""
    if not isinstance(parameters, Iterable):
        raise TypeError("global_unstructured(): parameters is not an Iterable")
    importance_scores = importance_scores if importance_scores is not None else {}
    if not isinstance(importance_scores, dict):
        raise TypeError("global_unstructured(): importance_scores must be of type dict")
    scores = torch.nn.utils.parameters_to_vector(
        [importance_scores.get((module, name), getattr(module, name)) for module, name in parameters])
    masks = torch.nn.utils.parameters_to_vector(
        [getattr(module, name + "_mask", torch.ones_like(getattr(module, name))) for module, name in parameters])
    container = PruningContainer()
    container._tensor_name = "temp"
    method = pruning_method(**kwargs)
    method._tensor_name = "temp"
    if method.PRUNING_TYPE != "unstructured":
        raise TypeError('Only "unstructured" PRUNING_TYPE supported for the `pruning_method`. Found method {} of type {}'
                        .format(pruning_method, method.PRUNING_TYPE))
    container.add_pruning_method(method)
    mask = container.compute_mask(scores, masks)
    start = 0
    for module, name in parameters:
        param = getattr(module, name)
        size = param.numel()
        custom_from_mask(module, name, mask=mask[start:start + size].view_as(param))
        start += size


def custom_from_mask(module, name, mask):
    """Prunes module's tensor name by mask; returns module."""
    CustomFromMask.apply(module, name, mask)
    return module


def remove(module, name):
    """Makes the pruning of module's tensor name permanent (name a parameter of the pruned values again) and takes its pre-hook off; returns module."""
    for key, hook in module._forward_pre_hooks.items():
        if isinstance(hook, BasePruningMethod) and hook._tensor_name == name:
            hook.remove(module)
            del module._forward_pre_hooks[key]
            return module
    raise ValueError("Parameter '{}' of module {} has to be pruned before pruning can be removed".format(name, module))


def is_pruned(module):
    """Whether module or a module below it has a pruning pre-hook."""
    for _, sub in module.named_modules():
        for hook in sub._forward_pre_hooks.values():
            if isinstance(hook, BasePruningMethod):
                return True
    return False


def _check_amount(amount):
    # amount is a count (int >= 0) or a fraction (float in [0, 1])
    if not isinstance(amount, numbers.Real):
        raise TypeError("Invalid type for amount: {}. Must be int or float.".format(amount))
    if isinstance(amount, numbers.Integral) and amount < 0 or \
            not isinstance(amount, numbers.Integral) and (float(amount) > 1.0 or float(amount) < 0.0):
        raise ValueError("amount={} should either be a float in the range [0, 1] or a non-negative integer".format(amount))


def _amount_of(amount, size):
    # the number of entries or channels amount prunes out of size
    count = amount if isinstance(amount, numbers.Integral) else round(amount * size)
    if isinstance(count, numbers.Integral) and count > size:
        raise ValueError("amount={} should be smaller than the number of parameters to prune={}".format(count, size))
    return count


def _entries_pruned(amount, t, default_mask, choose):
    # default_mask with the entries choose(count) picks (flat indices) set
    # to zero, count being what amount prunes of t
    count = _amount_of(amount, t.nelement())
    mask = default_mask.clone(memory_format=torch.contiguous_format)
    if count != 0:
        mask.view(-1)[choose(count)] = 0
    return mask


def _check_structured(t, dim):
    if len(t.shape) <= 1:
        raise ValueError("Structured pruning can only be applied to multidimensional tensors. Found tensor of shape {} with {} dims"
                         .format(t.shape, len(t.shape)))
    if dim >= t.dim():
        raise IndexError("Invalid index {} for tensor of size {}".format(dim, t.shape))


def _channel_mask(t, dim, channels):
    # ones on the channels (a bool mask or indices) along dim, zeros elsewhere
    mask = torch.zeros_like(t)
    region = [slice(None)] * len(t.shape)
    region[dim] = channels
    mask[region] = 1
    return mask
