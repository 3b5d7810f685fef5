"""Fits the detector's boundary model (scanner/detector/boundary-model.ts) on GENERATED frames only.

Input: the float32 rows of bench/detector/boundary-samples.ts (features, then 1 for an edge pixel on a page's
border, 0 for any other). Fits one hidden layer of tanh units and a logistic output, border and other
pixels weighed equally, a small L2 on the weights, by L-BFGS. Prints the ROC AUC on the input and, with
--test, on another set's rows (e.g. detect-train's: how well it carries to frames it was not made
for) beside the gradient strength's alone; with --out, writes the weights as a TypeScript module.
Usage: python3 bench/detector/fit-boundary.py samples.bin [--units 8] [--test other.bin] [--out scanner/detector/boundary-weights.ts]
"""
import sys

import numpy as np
from scipy.optimize import minimize

FEATURES = 29  # BOUNDARY_FEATURES in boundary-model.ts
GRADIENT = FEATURES - 5  # the column holding log(1 + gradient strength)
L2 = 1e-3


def option(argv, name, default):
    if name not in argv:
        return default
    i = argv.index(name)
    value = argv[i + 1]
    del argv[i:i + 2]
    return value


def load(path):
    rows = np.fromfile(path, dtype=np.float32).reshape(-1, FEATURES + 1).astype(np.float64)
    return rows[:, :FEATURES], rows[:, FEATURES]


def auc(score, label):
    ranks = np.empty(len(score))
    ranks[np.argsort(score)] = np.arange(len(score))
    pos = label > 0
    n1, n0 = pos.sum(), (~pos).sum()
    return (ranks[pos].sum() - n1 * (n1 - 1) / 2) / (n1 * n0)


argv = sys.argv[1:]
units = int(option(argv, "--units", "8"))
test = option(argv, "--test", None)
out = option(argv, "--out", None)
X, y = load(argv[0])
mu, sd = X.mean(0), X.std(0) + 1e-6
Z = (X - mu) / sd
weight = np.where(y > 0, 0.5 / y.mean(), 0.5 / (1 - y.mean())) / len(y)


def unpack(t):
    return t[:units * (FEATURES + 1)].reshape(units, FEATURES + 1), t[units * (FEATURES + 1):]


def forward(t, Z):
    H, o = unpack(t)
    A = np.tanh(Z @ H[:, :FEATURES].T + H[:, FEATURES])
    return A, A @ o[:units] + o[units]


def loss(t):
    H, o = unpack(t)
    A, z = forward(t, Z)
    value = np.sum(weight * (np.logaddexp(0, z) - y * z)) + L2 * (np.sum(H[:, :FEATURES] ** 2) + np.sum(o[:units] ** 2))
    dz = weight * (1 / (1 + np.exp(-z)) - y)
    grad_o = np.r_[A.T @ dz + 2 * L2 * o[:units], dz.sum()]
    dA = np.outer(dz, o[:units]) * (1 - A ** 2)
    grad_H = np.hstack([dA.T @ Z + 2 * L2 * H[:, :FEATURES], dA.sum(0)[:, None]])
    return value, np.r_[grad_H.ravel(), grad_o]


start = np.random.default_rng(1).normal(0, 0.3, units * (FEATURES + 2) + 1)
fit = minimize(loss, start, jac=True, method="L-BFGS-B", options={"maxiter": 400})
print("fitted on %d edge pixels (%d on a border): AUC %.4f, gradient strength alone %.4f" % (len(y), y.sum(), auc(forward(fit.x, Z)[1], y), auc(X[:, GRADIENT], y)))
if test:
    Xt, yt = load(test)
    print("on %s, %d edge pixels (%d on a border): AUC %.4f, gradient strength alone %.4f" % (test, len(yt), yt.sum(), auc(forward(fit.x, (Xt - mu) / sd)[1], yt), auc(Xt[:, GRADIENT], yt)))
if out:
    H, o = unpack(fit.x)
    fmt = lambda v: "[" + ", ".join("%.4g" % x for x in v) + "]"
    with open(out, "w") as f:
        f.write("// Written by bench/detector/fit-boundary.py from generated frames only (docs/detector.md); do not edit.\n")
        f.write('import type { BoundaryWeights } from "./boundary-model";\n\n')
        f.write("export const BOUNDARY_WEIGHTS: BoundaryWeights = {\n")
        f.write("  mean: %s,\n  scale: %s,\n  hidden: [\n" % (fmt(mu), fmt(sd)))
        for row in H:
            f.write("    %s,\n" % fmt(row))
        f.write("  ],\n  out: %s,\n};\n" % fmt(o))
    print("weights →", out)
