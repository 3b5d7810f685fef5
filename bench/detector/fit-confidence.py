"""Fits the detector's confidence model (scanner/detector/confidence.ts) on a TRAINING set only.

Input: a JSON list of {iou, evidence} rows, one per frame, from bench/detector/detect-evidence.ts.
Output: logistic weights predicting IoU >= 0.9, L2-regularised, printed as the TypeScript object.
Usage: python3 bench/detector/fit-confidence.py evidence-train.json
"""
import json
import sys

import numpy as np

KEYS = ["mean", "min", "border", "rival", "area", "step", "shift", "bright", "heldBy", "pageEdge", "pageEdgeMin"]
rows = [r for r in json.load(open(sys.argv[1])) if r["evidence"]]
X = np.array([[r["evidence"][k] for k in KEYS] for r in rows], dtype=float)
y = np.array([1.0 if r["iou"] >= 0.9 else 0.0 for r in rows])
mu, sd = X.mean(0), X.std(0) + 1e-9
Z = np.hstack([np.ones((len(X), 1)), (X - mu) / sd])
w = np.zeros(Z.shape[1])
lam = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
for _ in range(200):  # Newton steps
    p = 1 / (1 + np.exp(-Z @ w))
    g = Z.T @ (p - y) + lam * np.r_[0, w[1:]]
    H = (Z.T * (p * (1 - p))) @ Z + lam * np.diag(np.r_[0, np.ones(len(KEYS))])
    w -= np.linalg.solve(H, g)
p = 1 / (1 + np.exp(-Z @ w))
# back to raw units: z = b + sum(w_k * (x_k - mu_k) / sd_k)
raw = w[1:] / sd
bias = w[0] - np.sum(w[1:] * mu / sd)
print("frames", len(rows), "positives", int(y.sum()), "log-loss", float(-np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12))))
print("  bias: %.3f, " % bias + ", ".join("%s: %.3f" % (k, v) for k, v in zip(KEYS, raw)) + ",")
for t in [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95]:
    keep = p >= t
    if keep.sum():
        print("p>=%.2f n %d ok90 %.3f" % (t, keep.sum(), y[keep].mean()))
