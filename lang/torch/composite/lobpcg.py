# torch.lobpcg: the locally optimal block preconditioned conjugate
# gradient method for the k largest (or smallest) eigenpairs of the
# symmetric positive definite generalized problem A X = B X E, as
# PyTorch 1.13's torch/_lobpcg.py runs it: method "basic" (Knyazev's
# 2001 iteration) or "ortho" (Duersch et al. 2018, the default, with
# B-orthogonalization by SVQB), X drawn by torch.randn when not given
# (the same draws as PyTorch for the same seed), the residual criterion
# of Duersch et al. Sec 4.3, a tracker called after each step.
import torch

_eps = {torch.float32: 1.2e-07, torch.float64: 2.23e-16}


def _floating(A):
    return A.dtype if A.dtype in (torch.float16, torch.float32, torch.float64) else torch.float32


def _mm(A, X):
    # A @ X, with None for the identity
    return X if A is None else torch.matmul(A, X)


def _qform(A, S):
    # S^T A S
    return torch.matmul(S.transpose(-2, -1), _mm(A, S))


def _symeig(A, largest=False):
    E, Z = torch.linalg.eigh(A, UPLO='U')
    if largest:
        E, Z = torch.flip(E, dims=(-1,)), torch.flip(Z, dims=(-1,))
    return E, Z


class LOBPCG(object):
    """Worker class of LOBPCG methods."""

    def __init__(self, A, B, X, iK, iparams, fparams, bparams, method, tracker):
        self.A, self.B, self.iK = A, B, iK
        self.iparams, self.fparams, self.bparams = iparams, fparams, bparams
        self.method, self.tracker = method, tracker
        m, n = iparams['m'], iparams['n']
        self.X = X
        self.E = torch.zeros((n,), dtype=X.dtype)
        self.R = torch.zeros((m, n), dtype=X.dtype)
        self.S = torch.zeros((m, 3 * n), dtype=X.dtype)
        self.tvars = {}
        self.ivars = {'istep': 0}
        self.fvars = {'_': 0.0}
        self.bvars = {'_': False}

    def __str__(self):
        lines = ['LOPBCG:'] + ['  {}={}'.format(k, getattr(self, k)) for k in
                              ('iparams', 'fparams', 'bparams', 'ivars', 'fvars', 'bvars', 'tvars', 'A', 'B', 'iK', 'X', 'E')]
        return '\n'.join(lines) + '\n'

    def update(self):
        if self.ivars['istep'] == 0:
            X_norm = float(torch.norm(self.X))
            self.fvars['X_norm'] = X_norm
            self.fvars['A_norm'] = float(torch.norm(_mm(self.A, self.X))) / X_norm
            self.fvars['B_norm'] = float(torch.norm(_mm(self.B, self.X))) / X_norm
            self.ivars['iterations_left'] = self.iparams['niter']
            self.ivars['converged_count'] = 0
            self.ivars['converged_end'] = 0
        if self.method == 'ortho':
            self._update_ortho()
        else:
            self._update_basic()
        self.ivars['iterations_left'] = self.ivars['iterations_left'] - 1
        self.ivars['istep'] = self.ivars['istep'] + 1

    def update_residual(self):
        self.R = _mm(self.A, self.X) - _mm(self.B, self.X) * self.E

    def update_converged_count(self):
        prev = self.ivars['converged_count']
        E, X, R = self.E, self.X, self.R
        rerr = torch.norm(R, 2, (0,)) * (torch.norm(X, 2, (0,)) * (self.fvars['A_norm'] + E[:X.shape[-1]] * self.fvars['B_norm'])) ** -1
        count = 0
        for b in rerr < self.fparams['tol']:
            if not b:
                break
            count += 1
        assert count >= prev, 'the number of converged eigenpairs (was {}, got {}) cannot decrease'.format(prev, count)
        self.ivars['converged_count'] = count
        self.tvars['rerr'] = rerr
        return count

    def stop_iteration(self):
        return (self.bvars.get('force_stop', False) or self.ivars['iterations_left'] == 0
                or self.ivars['converged_count'] >= self.iparams['k'])

    def run(self):
        self.update()
        self.call_tracker()
        while not self.stop_iteration():
            self.update()
            self.call_tracker()

    def call_tracker(self):
        if self.tracker is not None:
            self.tracker(self)

    def _update_basic(self):
        ns, nc = self.ivars['converged_end'], self.ivars['converged_count']
        n, largest = self.iparams['n'], self.bparams['largest']
        if self.ivars['istep'] == 0:
            Ri = self._get_rayleigh_ritz_transform(self.X)
            E, Z = _symeig(_qform(_qform(self.A, self.X), Ri), largest)
            self.X[:] = torch.matmul(self.X, torch.matmul(Ri, Z))
            self.E[:] = E
            np = 0
            self.update_residual()
            nc = self.update_converged_count()
            self.S[..., :n] = self.X
            W = _mm(self.iK, self.R)
        else:
            S_ = self.S[:, nc:ns]
            Ri = self._get_rayleigh_ritz_transform(S_)
            E_, Z = _symeig(_qform(_qform(self.A, S_), Ri), largest)
            self.X[:, nc:] = torch.matmul(S_, torch.matmul(Ri, Z[:, :n - nc]))
            self.E[nc:] = E_[:n - nc]
            P = torch.matmul(S_, torch.matmul(Ri, Z[:, n:2 * n - nc]))
            np = P.shape[-1]
            self.update_residual()
            nc = self.update_converged_count()
            self.S[..., :n] = self.X
            self.S[:, n:n + np] = P
            W = _mm(self.iK, self.R[:, nc:])
        self.ivars['converged_end'] = ns = n + np + W.shape[-1]
        self.S[:, n + np:ns] = W

    def _update_ortho(self):
        ns, nc = self.ivars['converged_end'], self.ivars['converged_count']
        n, largest = self.iparams['n'], self.bparams['largest']
        if self.ivars['istep'] == 0:
            Ri = self._get_rayleigh_ritz_transform(self.X)
            E, Z = _symeig(_qform(_qform(self.A, self.X), Ri), largest)
            self.X = torch.matmul(self.X, torch.matmul(Ri, Z))
            self.update_residual()
            np = 0
            nc = self.update_converged_count()
            self.S[:, :n] = self.X
            W = self._get_ortho(self.R, self.X)
        else:
            S_ = self.S[:, nc:ns]
            E_, Z = _symeig(_qform(self.A, S_), largest)
            self.X[:, nc:] = torch.matmul(S_, Z[:, :n - nc])
            self.E[nc:] = E_[:n - nc]
            P = torch.matmul(S_, torch.matmul(Z[:, n - nc:], torch.linalg.qr(Z[:n - nc, n - nc:].transpose(-2, -1)).Q))
            np = P.shape[-1]
            self.update_residual()
            nc = self.update_converged_count()
            self.S[:, :n] = self.X
            self.S[:, n:n + np] = P
            W = self._get_ortho(self.R[:, nc:], self.S[:, :n + np])
        ns = self.ivars['converged_end'] = n + np + W.shape[-1]
        self.S[:, n + np:ns] = W

    def _get_rayleigh_ritz_transform(self, S):
        # Ri with Ri^T (S^T B S) Ri = I, scaled by the diagonal first
        SBS = _qform(self.B, S)
        d_row = SBS.diagonal(0, -2, -1) ** -0.5
        d_col = d_row.reshape(d_row.shape[0], 1)
        R = torch.linalg.cholesky(SBS * d_row * d_col, upper=True)
        return torch.linalg.solve_triangular(R, d_row.diag_embed(), upper=True, left=False)

    def _get_svqb(self, U, drop, tau):
        # U's columns made B-orthonormal (Duersch 2015, Algorithm 4)
        if torch.numel(U) == 0:
            return U
        UBU = _qform(self.B, U)
        d = UBU.diagonal(0, -2, -1)
        nz = torch.nonzero(abs(d) != 0.0, as_tuple=True)
        if len(nz[0]) < len(d):
            U = U[:, nz[0]]
            if torch.numel(U) == 0:
                return U
            UBU = _qform(self.B, U)
            d = UBU.diagonal(0, -2, -1)
        d_col = (d ** -0.5).reshape(d.shape[0], 1)
        E, Z = _symeig(UBU * d_col * d_col.transpose(-2, -1))
        t = tau * abs(E).max()
        if drop:
            keep = torch.nonzero(E > t, as_tuple=True)
            E, Z, d_col = E[keep[0]], Z[:, keep[0]], d_col[keep[0]]
        else:
            E[torch.nonzero(E < t, as_tuple=True)[0]] = t
        return torch.matmul(U * d_col.transpose(-2, -1), Z * E ** -0.5)

    def _get_ortho(self, U, V):
        # U made B-orthonormal and B-orthogonal to V (Duersch 2015,
        # Algorithm 3, or 6 with ortho_use_drop)
        m = self.iparams['m']
        tau_ortho, tau_drop, tau_replace = self.fparams['ortho_tol'], self.fparams['ortho_tol_drop'], self.fparams['ortho_tol_replace']
        i_max, j_max, use_drop = self.iparams['ortho_i_max'], self.iparams['ortho_j_max'], self.bparams['ortho_use_drop']
        for vkey in list(self.fvars.keys()):
            if vkey.startswith('ortho_') and vkey.endswith('_rerr'):
                self.fvars.pop(vkey)
        self.ivars.pop('ortho_i', 0)
        self.ivars.pop('ortho_j', 0)
        BV_norm = torch.norm(_mm(self.B, V))
        BU = _mm(self.B, U)
        VBU = torch.matmul(V.transpose(-2, -1), BU)
        i = j = 0
        for i in range(i_max):
            U = U - torch.matmul(V, VBU)
            drop = False
            tau_svqb = tau_drop
            for j in range(j_max):
                if use_drop:
                    U = self._get_svqb(U, drop, tau_svqb)
                    drop, tau_svqb = True, tau_replace
                else:
                    U = self._get_svqb(U, False, tau_replace)
                if torch.numel(U) == 0:
                    self.ivars['ortho_i'], self.ivars['ortho_j'] = i, j
                    return U
                BU = _mm(self.B, U)
                UBU = torch.matmul(U.transpose(-2, -1), BU)
                R = UBU - torch.eye(UBU.shape[-1], dtype=UBU.dtype)
                rerr = float(torch.norm(R)) * float(torch.norm(BU) * torch.norm(U)) ** -1
                self.fvars['ortho_UBUmI_rerr[{}, {}]'.format(i, j)] = rerr
                if rerr < tau_ortho:
                    break
            VBU = torch.matmul(V.transpose(-2, -1), BU)
            rerr = float(torch.norm(VBU)) * float(BV_norm * torch.norm(U)) ** -1
            self.fvars['ortho_VBU_rerr[{}]'.format(i)] = rerr
            if rerr < tau_ortho:
                break
            if m < U.shape[-1] + V.shape[-1]:
                raise ValueError('Overdetermined shape of U: #B-cols(={}) >= #U-cols(={}) + #V-cols(={}) must hold'.format(
                    self.B.shape[-1], U.shape[-1], V.shape[-1]))
        self.ivars['ortho_i'], self.ivars['ortho_j'] = i, j
        return U


def lobpcg(A, k=None, B=None, X=None, n=None, iK=None, niter=None, tol=None, largest=None, method=None, tracker=None,
           ortho_iparams=None, ortho_fparams=None, ortho_bparams=None):
    if torch.is_grad_enabled() and (A.requires_grad or (B is not None and B.requires_grad)):
        raise NotImplementedError("kael's torch.lobpcg has no backward: call it on A.detach() (and B.detach())")
    assert A.shape[-2] == A.shape[-1], A.shape
    if B is not None:
        assert A.shape == B.shape, (A.shape, B.shape)
    dtype = _floating(A)
    if tol is None:
        tol = _eps[dtype] ** 0.5
    m = A.shape[-1]
    k = (1 if X is None else X.shape[-1]) if k is None else k
    n = (k if n is None else n) if X is None else X.shape[-1]
    if m < 3 * n:
        raise ValueError('LPBPCG algorithm is not applicable when the number of A rows (={}) is smaller than 3 x the number of requested eigenpairs (={})'.format(m, n))
    method = 'ortho' if method is None else method
    iparams = {'m': m, 'n': n, 'k': k, 'niter': 1000 if niter is None else niter}
    fparams = {'tol': tol}
    bparams = {'largest': True if largest is None else largest}
    if method == 'ortho':
        iparams.update(ortho_iparams or {})
        fparams.update(ortho_fparams or {})
        bparams.update(ortho_bparams or {})
        iparams['ortho_i_max'] = iparams.get('ortho_i_max', 3)
        iparams['ortho_j_max'] = iparams.get('ortho_j_max', 3)
        fparams['ortho_tol'] = fparams.get('ortho_tol', tol)
        fparams['ortho_tol_drop'] = fparams.get('ortho_tol_drop', tol)
        fparams['ortho_tol_replace'] = fparams.get('ortho_tol_replace', tol)
        bparams['ortho_use_drop'] = bparams.get('ortho_use_drop', False)
    if len(A.shape) > 2:
        N = 1
        for s in A.shape[:-2]:
            N *= s
        bA = A.reshape((N,) + tuple(A.shape[-2:]))
        bB = B.reshape((N,) + tuple(A.shape[-2:])) if B is not None else None
        bX = X.reshape((N,) + tuple(X.shape[-2:])) if X is not None else None
        bE = torch.empty((N, k), dtype=dtype)
        bXret = torch.empty((N, m, k), dtype=dtype)
        for i in range(N):
            X_ = torch.randn((m, n), dtype=dtype) if bX is None else bX[i]
            assert len(X_.shape) == 2 and X_.shape == (m, n), (X_.shape, (m, n))
            iparams['batch_index'] = i
            worker = LOBPCG(bA[i], bB[i] if bB is not None else None, X_, iK, iparams, fparams, bparams, method, tracker)
            worker.run()
            bE[i] = worker.E[:k]
            bXret[i] = worker.X[:, :k]
        return bE.reshape(tuple(A.shape[:-2]) + (k,)), bXret.reshape(tuple(A.shape[:-2]) + (m, k))
    X = torch.randn((m, n), dtype=dtype) if X is None else X
    assert len(X.shape) == 2 and X.shape == (m, n), (X.shape, (m, n))
    worker = LOBPCG(A, B, X, iK, iparams, fparams, bparams, method, tracker)
    worker.run()
    return worker.E[:k], worker.X[:, :k]
