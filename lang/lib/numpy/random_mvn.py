# multivariate_normal of RandomState (np.random.multivariate_normal) and of
# Generator, written in Python over kael's NumPy: kael's own code,
# behaving as NumPy 1.24's mtrand.pyx and _generator.pyx. The draws are
# standard normals times a factor of cov, so that they follow LAPACK's
# SVD (or eigh, cholesky) of cov: kael's decompositions give the same
# factor up to rounding (and the signs of degenerate singular vectors).
import numpy as np

# the RuntimeWarning a call gives: kael's function issues it once the
# call returns, so that it names the caller's line as NumPy's does
_pending = []


def _take_warnings():
    msgs = list(_pending)
    _pending.clear()
    return msgs


def multivariate_normal(gen, legacy, mean, cov, size, check_valid, tol, method):
    # legacy is RandomState's: SVD, no complex check, its product
    if not legacy and method not in {'eigh', 'svd', 'cholesky'}:
        raise ValueError("method must be one of {'eigh', 'svd', 'cholesky'}")
    mean = np.array(mean)
    cov = np.array(cov)
    if not legacy and (np.issubdtype(mean.dtype, np.complexfloating) or
                       np.issubdtype(cov.dtype, np.complexfloating)):
        raise TypeError("mean and cov must not be complex")
    if size is None:
        shape = []
    elif isinstance(size, (int, np.integer)):
        shape = [size]
    else:
        shape = size
    if len(mean.shape) != 1:
        raise ValueError("mean must be 1 dimensional")
    if (len(cov.shape) != 2) or (cov.shape[0] != cov.shape[1]):
        raise ValueError("cov must be 2 dimensional and square")
    if mean.shape[0] != cov.shape[0]:
        raise ValueError("mean and cov must have same length")
    final_shape = list(shape[:])
    final_shape.append(mean.shape[0])
    x = gen.standard_normal(final_shape).reshape(-1, mean.shape[0])
    cov = cov.astype(np.double)
    if legacy or method == 'svd':
        (u, s, vh) = np.linalg.svd(cov)
    elif method == 'eigh':
        (s, u) = np.linalg.eigh(cov)
    else:
        factor = np.linalg.cholesky(cov)
    if check_valid != 'ignore' and method != 'cholesky':
        if check_valid != 'warn' and check_valid != 'raise':
            raise ValueError(
                "check_valid must equal 'warn', 'raise', or 'ignore'")
        if legacy or method == 'svd':
            psd = np.allclose(np.dot(vh.T * s, vh), cov, rtol=tol, atol=tol)
        else:
            psd = not np.any(s < -tol)
        if not psd:
            if check_valid == 'warn':
                _pending.append("covariance is not symmetric positive-semidefinite.")
            else:
                raise ValueError("covariance is not symmetric positive-semidefinite.")
    if legacy:
        x = np.dot(x, np.sqrt(s)[:, None] * vh)
        x += mean
    else:
        if method == 'eigh':
            factor = u * np.sqrt(abs(s))
        elif method == 'svd':
            factor = u * np.sqrt(s)
        x = mean + x @ factor.T
    return x.reshape(tuple(final_shape))
