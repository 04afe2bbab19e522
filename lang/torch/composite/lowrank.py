# torch.svd_lowrank and torch.pca_lowrank, the randomized low-rank SVD
# of Halko, Martinsson and Tropp (2009) as PyTorch 1.13's
# torch/_lowrank.py computes it: a Gaussian test matrix (torch.randn, so
# the same seed draws the same matrix as in PyTorch), niter subspace
# iterations orthonormalized by QR, and the SVD of the small projected
# matrix. Dense tensors only.
import torch


def _floating(A):
    # the test matrix's dtype: A's when it is a real floating dtype, else
    # float32 (so that a complex A fails in matmul, as in PyTorch 1.13)
    return A.dtype if A.dtype in (torch.float16, torch.float32, torch.float64) else torch.float32


def _transjugate(A):
    return A.conj().transpose(-2, -1) if A.is_complex() else A.transpose(-2, -1)


def _conj(A):
    return A.conj() if A.is_complex() else A


def _basis(A, q, niter, M):
    # an orthonormal basis Q (m x q) whose span approximates A's range
    niter = 2 if niter is None else niter
    n = A.shape[-1]
    R = torch.randn(n, q, dtype=_floating(A))
    A_H = _transjugate(A)
    if M is None:
        Q = torch.linalg.qr(A.matmul(R)).Q
        for _ in range(niter):
            Q = torch.linalg.qr(A_H.matmul(Q)).Q
            Q = torch.linalg.qr(A.matmul(Q)).Q
        return Q
    M_H = _transjugate(M)
    Q = torch.linalg.qr(A.matmul(R) - M.matmul(R)).Q
    for _ in range(niter):
        Q = torch.linalg.qr(A_H.matmul(Q) - M_H.matmul(Q)).Q
        Q = torch.linalg.qr(A.matmul(Q) - M.matmul(Q)).Q
    return Q


def svd_lowrank(A, q=6, niter=2, M=None):
    q = 6 if q is None else q
    m, n = A.shape[-2:]
    M_t = None if M is None else M.transpose(-2, -1)
    A_t = A.transpose(-2, -1)
    if m < n or n > q:
        # the SVD of A's transpose, so that the projected matrix is tall
        Q = _basis(A_t, q, niter, M_t)
        Q_c = _conj(Q)
        B_t = A.matmul(Q_c) if M is None else A.matmul(Q_c) - M.matmul(Q_c)
        U, S, Vh = torch.linalg.svd(B_t, full_matrices=False)
        V = Q.matmul(Vh.mH)
    else:
        Q = _basis(A, q, niter, M)
        Q_c = _conj(Q)
        B = A_t.matmul(Q_c) if M is None else A_t.matmul(Q_c) - M_t.matmul(Q_c)
        U, S, Vh = torch.linalg.svd(B.transpose(-2, -1), full_matrices=False)
        V = Vh.mH
        U = Q.matmul(U)
    return U, S, V


def pca_lowrank(A, q=None, center=True, niter=2):
    m, n = A.shape[-2:]
    if q is None:
        q = min(6, m, n)
    elif not (q >= 0 and q <= min(m, n)):
        raise ValueError('q(={}) must be non-negative integer and not greater than min(m, n)={}'.format(q, min(m, n)))
    if not (niter >= 0):
        raise ValueError('niter(={}) must be non-negative integer'.format(niter))
    if not center:
        return svd_lowrank(A, q, niter=niter)
    return svd_lowrank(A - A.mean(dim=(-2,), keepdim=True), q, niter=niter)
