# A stand-in for the gymnasium package, written for this driver (the
# corpus has no network or gym): make('CartPole-v1') returns a cart-pole
# with the classic equations of motion (Barto, Sutton and Anderson 1983,
# as gym's CartPoleEnv integrates them, Euler steps of 0.02 s), its
# reset(seed=) and step() signatures, and a low reward threshold so that
# reinforce.py's main loop ends after a few episodes.
import math
import numpy as np


class Spec:
    reward_threshold = 14.0


class CartPole:
    gravity, masscart, masspole, length, force_mag, tau = 9.8, 1.0, 0.1, 0.5, 10.0, 0.02
    theta_threshold_radians = 12 * 2 * math.pi / 360
    x_threshold = 2.4

    def __init__(self):
        self.spec = Spec()
        self.rng = np.random.default_rng(0)
        self.state = None

    def reset(self, seed=None):
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        self.state = [float(v) for v in self.rng.uniform(low=-0.05, high=0.05, size=(4,))]
        return np.array(self.state, dtype=np.float32), {}

    def step(self, action):
        x, x_dot, theta, theta_dot = self.state
        force = self.force_mag if action == 1 else -self.force_mag
        total_mass = self.masspole + self.masscart
        polemass_length = self.masspole * self.length
        costheta, sintheta = math.cos(theta), math.sin(theta)
        temp = (force + polemass_length * theta_dot ** 2 * sintheta) / total_mass
        thetaacc = (self.gravity * sintheta - costheta * temp) / (
            self.length * (4.0 / 3.0 - self.masspole * costheta ** 2 / total_mass))
        xacc = temp - polemass_length * thetaacc * costheta / total_mass
        x = x + self.tau * x_dot
        x_dot = x_dot + self.tau * xacc
        theta = theta + self.tau * theta_dot
        theta_dot = theta_dot + self.tau * thetaacc
        self.state = [x, x_dot, theta, theta_dot]
        terminated = bool(x < -self.x_threshold or x > self.x_threshold
                          or theta < -self.theta_threshold_radians or theta > self.theta_threshold_radians)
        return np.array(self.state, dtype=np.float32), 1.0, terminated, False, {}

    def render(self):
        pass


def make(name, render_mode=None):
    if name != 'CartPole-v1':
        raise ValueError(name)
    return CartPole()
