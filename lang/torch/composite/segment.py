# torch.segment_reduce, as ATen's segment_reduce kernels compute it:
# data's axis cut into consecutive segments (lengths, or offsets), each
# reduced with sum, mean, max, min or prod, an empty one giving initial
# (or the reduction's identity, NaN for mean); its backward is
# SegmentReduce.backward, ATen's _segment_reduce_backward rule.
import torch

_identity = {'sum': 0.0, 'prod': 1.0, 'max': float('-inf'), 'min': float('inf'), 'mean': float('nan')}
_scatter = {'sum': 'sum', 'prod': 'prod', 'max': 'amax', 'min': 'amin', 'mean': 'sum'}
_floating = (torch.float16, torch.bfloat16, torch.float32, torch.float64)
_names = {torch.int32: 'Int', torch.int64: 'Long', torch.int16: 'Short', torch.int8: 'Char', torch.uint8: 'Byte', torch.bool: 'Bool',
          torch.float32: 'Float', torch.float64: 'Double', torch.float16: 'Half', torch.complex64: 'ComplexFloat', torch.complex128: 'ComplexDouble'}


def _segments(data, lengths, axis):
    # the segment of each element of data moved to (rows, n, rest...):
    # row r's segment s is r * S + s
    rows = lengths.reshape(-1, lengths.size(-1))
    n_seg = rows.size(1)
    ids = torch.cat([torch.repeat_interleave(torch.arange(n_seg), r) + i * n_seg for i, r in enumerate(rows)])
    return ids, rows.reshape(-1), n_seg


def _reduce(flat, ids, n_out, reduce, initial, counts):
    out_shape = (n_out,) + tuple(flat.shape[1:])
    fill = _identity[reduce] if initial is None else initial
    index = ids.reshape((-1,) + (1,) * (flat.dim() - 1)).expand_as(flat)
    out = torch.full(out_shape, fill, dtype=flat.dtype).scatter_reduce(0, index, flat, _scatter[reduce], include_self=False)
    c = counts.reshape((-1,) + (1,) * (flat.dim() - 1)).to(flat.dtype)
    if reduce == 'mean':
        total = out if initial is None else out + initial
        out = torch.where(c > 0, total / c, out)
    elif initial is not None:
        combined = {'sum': lambda: out + initial, 'prod': lambda: out * initial,
                    'max': lambda: out.clamp(min=initial), 'min': lambda: out.clamp(max=initial)}[reduce]()
        out = torch.where(c > 0, combined, out)
    return out


class SegmentReduce(torch.autograd.Function):
    @staticmethod
    def forward(ctx, flat, ids, n_out, reduce, initial, counts):
        out = _reduce(flat, ids, n_out, reduce, initial, counts)
        ctx.save_for_backward(flat, ids, counts, out)
        ctx.reduce, ctx.initial = reduce, initial
        return out

    @staticmethod
    def backward(ctx, grad):
        flat, ids, counts, out = ctx.saved_tensors
        reduce, initial = ctx.reduce, ctx.initial
        g = grad[ids]
        if reduce == 'sum':
            return g, None, None, None, None, None
        if reduce == 'mean':
            c = counts.reshape((-1,) + (1,) * (flat.dim() - 1)).to(flat.dtype)
            return g / c[ids], None, None, None, None, None
        index = ids.reshape((-1,) + (1,) * (flat.dim() - 1)).expand_as(flat)
        if reduce in ('max', 'min'):
            # the gradient is shared by the elements equal to the result
            mask = (flat == out[ids]).to(flat.dtype)
            ties = torch.zeros_like(out).scatter_add(0, index, mask)
            return torch.where(mask > 0, g / ties[ids], torch.zeros_like(flat)), None, None, None, None, None
        # prod: the product of the segment's other elements (and initial)
        zero = flat == 0
        nonzero = torch.where(zero, torch.ones_like(flat), flat)
        rest = _reduce(nonzero, ids, out.size(0), 'prod', initial, counts)
        zeros = torch.zeros_like(out).scatter_add(0, index, zero.to(flat.dtype))
        z = zeros[ids]
        value = torch.where(z == 0, out[ids] / nonzero, torch.where(zero & (z == 1), rest[ids], torch.zeros_like(flat)))
        return g * value, None, None, None, None, None


def segment_reduce(data, reduce, lengths=None, indices=None, offsets=None, axis=0, unsafe=False, initial=None):
    if axis < -max(data.dim(), 1) or axis >= max(data.dim(), 1):
        raise IndexError('Dimension out of range (expected to be in range of [%d, %d], but got %d)' % (-max(data.dim(), 1), max(data.dim(), 1) - 1, axis))
    axis = axis % max(data.dim(), 1)
    if data.numel() == 0:
        raise RuntimeError('Expected data.numel() > 0 to be true, but got false.  (Could this error message be improved?  '
                           'If so, please report an enhancement request to PyTorch.)')
    if indices is not None:
        raise RuntimeError('segment_reduce(): indices based reduction is not supported yet.')
    if lengths is None and offsets is None:
        raise RuntimeError('segment_reduce(): Either lengths or offsets must be defined.')
    if reduce not in _identity:
        raise RuntimeError('unsupported reduction given! %s' % reduce)
    if offsets is not None:
        if axis != offsets.dim() - 1:
            raise RuntimeError('segment_reduce(): Expected axis to be the last dimension of offsets but got %d.' % axis)
        if offsets.dtype not in (torch.int32, torch.int64):
            raise RuntimeError('"_segment_reduce_cpu_kernel1" not implemented for \'%s\'' % _names.get(offsets.dtype))
        lengths = offsets.diff(dim=-1)
    else:
        if axis != lengths.dim() - 1:
            raise RuntimeError('segment_reduce(): Expected axis to be the last dimension of lengths but got %d.' % axis)
        if not unsafe:
            if lengths.min().item() < 0:
                raise RuntimeError('lengths contains negative value!')
            if not bool((lengths.sum(-1) == data.size(axis)).all()):
                raise RuntimeError('segment_reduce(): Expected all rows of lengths along axis to sum to data.size(lengths.dim()-1) when !unsafe.')
        if lengths.dtype not in (torch.int32, torch.int64):
            raise RuntimeError('"_segment_reduce_lengths_cpu_kernel1" not implemented for \'%s\'' % _names.get(lengths.dtype))
    if data.dtype not in _floating:
        raise RuntimeError('"_segment_reduce_cpu" not implemented for \'%s\'' % _names.get(data.dtype, str(data.dtype)))
    lengths = lengths.long()
    ids, counts, n_seg = _segments(data, lengths, axis)
    lead = tuple(data.shape[:axis])
    rest = tuple(data.shape[axis + 1:])
    # data as (rows * n, rest...), so that every row's segments are one axis
    flat = data.reshape((-1,) + rest)
    used = int(counts.sum())
    if used != flat.size(0):
        flat = flat[:used]
    out = SegmentReduce.apply(flat, ids, counts.numel(), reduce, None if initial is None else float(initial), counts)
    shape = lead + (n_seg,) + rest
    return out if tuple(out.shape) == shape else out.reshape(shape)
