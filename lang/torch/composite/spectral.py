# torch.stft and torch.istft, as PyTorch 1.13's torch/functional.py and
# ATen's SpectralOps.cpp compute them, over torch.fft, unfold and
# index_add: autograd flows through them as through those.
import torch
import torch.nn.functional as F
import warnings

_warned = set()


def _warn_once(key, msg):
    # PyTorch's TORCH_WARN_ONCE: once in a session
    if key not in _warned:
        _warned.add(key)
        warnings.warn(msg, UserWarning, stacklevel=2)


# the kernels that refuse integer signals, by pad_mode, and the dtypes'
# names in their messages
_pad_kernels = {'reflect': 'reflection_pad1d', 'replicate': 'replication_pad1d'}
_scalar_names = {torch.int32: 'Int', torch.int64: 'Long', torch.int16: 'Short', torch.int8: 'Char', torch.uint8: 'Byte', torch.bool: 'Bool'}


def _type_name(t):
    return 'torch.' + {torch.float32: 'Float', torch.float64: 'Double', torch.float16: 'Half', torch.bfloat16: 'BFloat16',
                       torch.complex64: 'ComplexFloat', torch.complex128: 'ComplexDouble'}.get(t.dtype, _scalar_names.get(t.dtype)) + 'Tensor'


def _opt(v):
    return 'None' if v is None else str(int(v))


def _sizes(t):
    return '[' + ', '.join(str(s) for s in t.shape) + ']'


def stft(input, n_fft, hop_length=None, win_length=None, window=None, center=True, pad_mode='reflect',
         normalized=False, onesided=None, return_complex=None):
    if center:
        if pad_mode in _pad_kernels and not (input.is_floating_point() or input.is_complex()):
            raise RuntimeError('"%s" not implemented for \'%s\'' % (_pad_kernels[pad_mode], _scalar_names.get(input.dtype, str(input.dtype)[6:].capitalize())))
        signal_dim = input.dim()
        extended_shape = [1] * (3 - signal_dim) + list(input.size())
        pad = int(n_fft // 2)
        input = F.pad(input.view(extended_shape), [pad, pad], pad_mode)
        input = input.view(input.shape[-signal_dim:])
    hop_length = n_fft // 4 if hop_length is None else hop_length
    win_length = n_fft if win_length is None else win_length
    complex_result = return_complex
    if complex_result is None:
        complex_result = input.is_complex() or (window is not None and window.is_complex())
    if not complex_result and return_complex is None:
        _warn_once('stft', 'stft will soon require the return_complex parameter be given for real inputs, '
                   'and will further require that return_complex=True in a future PyTorch release.')

    def fail(msg):
        w = 'None' if window is None else _type_name(window) + '{' + _sizes(window) + '}'
        raise RuntimeError('stft(%s%s, n_fft=%d, hop_length=%d, win_length=%d, window=%s, normalized=%d, onesided=%s, return_complex=%s) : %s' % (
            _type_name(input), _sizes(input), n_fft, hop_length, win_length, w, normalized, _opt(onesided), _opt(return_complex), msg))
    if not (input.is_floating_point() or input.is_complex()):
        fail('expected a tensor of floating point or complex values')
    if input.dim() > 2 or input.dim() < 1:
        fail('expected a 1D or 2D tensor')
    x = input.unsqueeze(0) if input.dim() == 1 else input
    length = x.size(1)
    if n_fft <= 0 or n_fft > length:
        fail('expected 0 < n_fft < %d, but got n_fft=%d' % (length, win_length))
    if hop_length <= 0:
        fail('expected hop_length > 0, but got hop_length=%d' % hop_length)
    if win_length <= 0 or win_length > n_fft:
        fail('expected 0 < win_length <= n_fft, but got win_length=%d' % win_length)
    if window is not None and (window.dim() != 1 or window.size(0) != win_length):
        fail('expected a 1D window tensor of size equal to win_length=%d, but got window with size %s' % (win_length, _sizes(window)))
    if win_length < n_fft:
        left = (n_fft - win_length) // 2
        inner = torch.ones(win_length, dtype=input.dtype) if window is None else window
        window = F.pad(inner, [left, n_fft - win_length - left])
    frames = x.unfold(1, n_fft, hop_length)
    if window is not None:
        dtype = torch.promote_types(frames.dtype, window.dtype)
        frames = frames.to(dtype) * window.to(dtype)
    is_complex = frames.is_complex()
    sided = (not is_complex) if onesided is None else onesided
    norm = 'ortho' if normalized else 'backward'
    if is_complex:
        if sided:
            raise RuntimeError('Cannot have onesided output if window or input is complex')
        out = torch.fft.fft(frames, dim=-1, norm=norm)
    elif sided:
        out = torch.fft.rfft(frames, dim=-1, norm=norm)
    else:
        out = torch.fft.fft(frames, dim=-1, norm=norm)
    out = out.transpose(1, 2)
    if input.dim() == 1:
        out = out.squeeze(0)
    return out if complex_result else torch.view_as_real(out)


def istft(input, n_fft, hop_length=None, win_length=None, window=None, center=True, normalized=False,
          onesided=None, length=None, return_complex=False):
    hop_length = n_fft // 4 if hop_length is None else hop_length
    win_length = n_fft if win_length is None else win_length

    def fail(msg):
        w = 'None' if window is None else _type_name(window) + '{' + _sizes(window) + '}'
        raise RuntimeError('istft(CPU%sType%s, n_fft=%d, hop_length=%d, win_length=%d, window=%s, center=%d, normalized=%d, onesided=%s, length=%s, return_complex=%d) : %s' % (
            _type_name(input)[6:-6], _sizes(input), n_fft, hop_length, win_length, w, center, normalized, _opt(onesided), _opt(length), return_complex, msg))
    if input.is_complex():
        x = torch.view_as_real(input)
    else:
        _warn_once('istft', 'istft will require a complex-valued input tensor in a future PyTorch release. Matching the output from stft with return_complex=True. ')
        x = input
    n_frames = x.size(-2)
    fft_size = x.size(-3)
    expected_len = n_fft + hop_length * (n_frames - 1)
    if x.numel() == 0:
        fail('input tensor cannot be empty.')
    if x.dim() != 3 and x.dim() != 4:
        fail('expected a tensor with 3 or 4 dimensions of real, or 2 or 3 dimensions of complex, but got %d' % x.dim())
    if x.size(-1) != 2:
        fail('expected the last dimension to be 2 (corresponding to real and imaginary parts), but got %d' % input.size(-1))
    sided = (fft_size != n_fft) if onesided is None else onesided
    if sided:
        if n_fft // 2 + 1 != fft_size:
            fail('expected the frequency dimension (3rd to the last) of the input tensor to match n_fft / 2 + 1 when onsided=True, but got %d' % fft_size)
    elif n_fft != fft_size:
        fail('expected the frequency dimension (3rd to the last) of the input tensor to match n_fft when onsided=False, but got %d' % fft_size)
    if not (0 < hop_length <= win_length):
        fail('expected 0 < hop_length <= win_length')
    if not (0 < win_length <= n_fft):
        fail('expected 0 < win_length <= n_fft')
    if window is not None and (window.dim() != 1 or window.size(0) != win_length):
        fail('Invalid window shape. window has to be 1D and length of `win_length`')
    w = torch.ones(win_length, dtype=x.dtype) if window is None else window
    if win_length != n_fft:
        left = (n_fft - win_length) // 2
        w = F.pad(w, [left, n_fft - win_length - left])
    real_dim = x.dim()
    if real_dim == 3:
        x = x.unsqueeze(0)
    spec = torch.view_as_complex(x.transpose(1, 2).contiguous())
    norm = 'ortho' if normalized else 'backward'
    if return_complex:
        if sided:
            raise RuntimeError('Cannot have onesided output if window or input is complex')
        frames = torch.fft.ifft(spec, dim=-1, norm=norm)
    else:
        if window is not None and window.is_complex():
            raise RuntimeError('Complex windows are incompatible with return_complex=False')
        if not sided:
            spec = spec.narrow(-1, 0, n_fft // 2 + 1)
        frames = torch.fft.irfft(spec, n=n_fft, dim=-1, norm=norm)
    dtype = torch.promote_types(frames.dtype, w.dtype)
    frames = frames.to(dtype) * w.to(dtype).view(1, 1, n_fft)
    channels = frames.size(0)
    index = (torch.arange(n_frames).unsqueeze(1) * hop_length + torch.arange(n_fft)).reshape(-1)
    y = torch.zeros(channels, expected_len, dtype=frames.dtype).index_add(1, index, frames.reshape(channels, -1))
    envelope = torch.zeros(1, expected_len, dtype=w.dtype).index_add(1, index, w.pow(2).expand(n_frames, n_fft).reshape(1, -1))
    start = n_fft // 2 if center else 0
    if length is not None:
        end = start + length
    elif center:
        end = expected_len - n_fft // 2
    else:
        end = expected_len
    y = y[:, start:end]
    envelope = envelope[:, start:end]
    if envelope.abs().min().lt(1e-11).item():
        raise RuntimeError('istft(...) : window overlap add min: 1')
    y = y / envelope
    if real_dim == 3:
        y = y.squeeze(0)
    if end > expected_len:
        _warn_once('istft length', 'The length of signal is shorter than the length parameter. Result is being padded with zeros in the tail. '
                   'Please check your center and hop_length settings.')
        y = F.pad(y, [0, end - expected_len])
    return y
