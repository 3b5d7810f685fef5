"""Fits the detector's ranking weights (scanner/detector/rank-model.ts) on a TRAINING set only.

Input: the JSON from bench/detector/detect-ranking.ts (every shortlisted quad's cues and IoU, per frame).
Fits a listwise (softmax over each frame's shortlist) log-linear model whose target is the quads
within 0.02 IoU of the frame's best, L2-pulled toward the hand-set weights. Prints k-fold
cross-validated top-1 IoU for the hand-set and the fitted weights (each frame scored by a model
that never saw it), then the weights fitted on all frames as the TypeScript object.
Usage: python3 bench/detector/fit-ranking.py ranking-train.json[,more.json...] [lambda, default 0.1] [folds, default 5; 0 for the weights alone] [--test other.json] [--weigh tag=w,...]
Several comma-separated inputs are fitted as one set (e.g. synthetic frames plus detect-train). With
--test, the weights fitted on all input frames are also scored on another set's rows, which no frame
of it was fitted on (e.g. fitted on synthetic frames, scored on detect-train). With --weigh, a frame
carrying a listed tag counts w times in the loss (the largest w of its tags): the kinds of frame that
are rare in the set (small pages, pages off the frame, clutter) are not outvoted by the common ones.
"""
import json
import sys

import numpy as np
from scipy.optimize import minimize

KEYS = ["sides", "visibleSides", "agree", "lighter", "bright", "printInside", "textureOutside", "continuation", "area", "largeArea", "offFrame", "format", "pageEdge", "pageEdgeMin"]
HAND = np.array([1, 1, 1, 1, 0.3, 0.3, -0.6, -1, 0.3, 0, np.log(0.9), 0, 0, 0])



def load(paths):
    out = []
    for path in paths.split(","):
        for r in json.load(open(path)):
            q = [c for c in r["quads"] if not c["hardZero"]]
            if not q:
                continue
            X = np.array([[c["rank"][k] for k in KEYS] for c in q], dtype=float)
            y = np.array([c["iou"] for c in q])
            out.append((X, y, r["tags"], max([1.0] + [weigh.get(t, 1.0) for t in r["tags"]])))
    return out


argv = sys.argv[1:]
weigh = {}
if "--weigh" in argv:
    i = argv.index("--weigh")
    weigh = {k: float(v) for k, v in (kv.split("=") for kv in argv[i + 1].split(","))}
    argv = argv[:i] + argv[i + 2:]
held = None
if "--test" in argv:
    i = argv.index("--test")
    held = load(argv[i + 1])
    argv = argv[:i] + argv[i + 2:]
frames = load(argv[0])
lam = float(argv[1]) if len(argv) > 1 else 0.1
folds = int(argv[2]) if len(argv) > 2 else 5


def loss(w, idx):
    total, grad = 0.0, np.zeros_like(w)
    for i in idx:
        X, y, _, weight = frames[i]
        if y.max() < 0.85:  # no right quad to learn from
            continue
        target = (y >= y.max() - 0.02).astype(float)
        z = X @ w
        z -= z.max()
        p = np.exp(z) / np.exp(z).sum()
        hit = (p * target).sum() + 1e-12
        total -= weight * np.log(hit)
        grad += weight * (X.T @ (p - p * target / hit))
    d = w - HAND
    return total + lam * d @ d, grad + 2 * lam * d


def top1(w, idx, rows=None):
    rows = frames if rows is None else rows
    return np.array([rows[i][1][np.argmax(rows[i][0] @ w)] for i in idx])


def report(name, ious):
    print("%-8s top-1 coarse IoU mean %.4f  ok90 %.1f %%  fail(<0.5) %.1f %%" % (name, ious.mean(), 100 * (ious >= 0.9).mean(), 100 * (ious < 0.5).mean()))


def fit(idx):
    return minimize(loss, HAND.copy(), args=(idx,), jac=True, method="L-BFGS-B").x


rng = np.random.default_rng(12)
order = rng.permutation(len(frames))
cv = np.zeros(len(frames))
for f in range(folds):
    test = order[f::folds]
    train = np.setdiff1d(order, test)
    cv[test] = top1(fit(train), test)
if folds >= 2:  # 0: only the weights (bench/detector/fits.ts)
    report("hand", top1(HAND, range(len(frames))))
    report("cv", cv)
    oracle = np.array([fr[1].max() for fr in frames])
    report("oracle", oracle)
    tags = sorted({t for fr in frames for t in fr[2]})
    hand_all = top1(HAND, range(len(frames)))
    for t in tags:
        m = np.array([t in fr[2] for fr in frames])
        print("  %-14s n=%3d hand %.3f cv %.3f oracle %.3f" % (t, m.sum(), hand_all[m].mean(), cv[m].mean(), oracle[m].mean()))
w = fit(range(len(frames)))
if held is not None:
    t_fit, t_hand = top1(w, range(len(held)), held), top1(HAND, range(len(held)), held)
    report("test", t_fit)
    for t in sorted({t for fr in held for t in fr[2]}):
        m = np.array([t in fr[2] for fr in held])
        print("  test %-14s n=%3d hand %.3f fitted %.3f" % (t, m.sum(), t_hand[m].mean(), t_fit[m].mean()))
print("  " + ", ".join("%s: %.3f" % (k, v) for k, v in zip(KEYS, w)) + ",")
