"""scikit-learn reference for bench/forecast.bench.ts: for each exported design (X, Y of one
window of one forecast day, already transformed and standardised by svc), fit the 24 hourly
models as LEAR's reference implementation does — LassoLarsIC(criterion='aic') picks alpha on
unit-norm columns (scikit-learn < 1.2's normalize=True), Lasso refits at it on the columns as
they were before standardising (svc exports their standard deviations) — and print the wall time. noise_variance = var(y) makes the criterion n·MSE/var(y) + 2·df, the one svc
uses, and lets scikit-learn 1.2 fit windows with fewer rows than columns.

  /usr/bin/python3 bench/forecast_sklearn.py <dir with manifest.json>
"""
import json
import sys
import time
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import Lasso, LassoLarsIC

warnings.filterwarnings("ignore", category=ConvergenceWarning)
warnings.filterwarnings("ignore", category=UserWarning)

root = sys.argv[1]
manifest = json.load(open(f"{root}/manifest.json"))
designs = []
for d in manifest:
    n, p = d["n"], d["p"]
    x = np.fromfile(f"{root}/{d['x']}", dtype="<f8").reshape(p, n).T.copy()
    y = np.fromfile(f"{root}/{d['y']}", dtype="<f8").reshape(24, n).T.copy()
    keep = np.fromfile(f"{root}/{d['diag']}", dtype="<f8") > 0
    sd = np.fromfile(f"{root}/{d['sd']}", dtype="<f8")
    designs.append((x[:, keep], y, sd[keep], n))

start = time.perf_counter()
nonzero = 0
for x, y, sd, n in designs:
    unit = x / np.sqrt(n)
    raw = x * sd
    for h in range(24):
        yh = y[:, h]
        ic = LassoLarsIC(criterion="aic", max_iter=2500, noise_variance=max(float(np.var(yh)), 1e-12))
        ic.fit(unit, yh)
        m = Lasso(alpha=ic.alpha_, max_iter=2500, tol=1e-4).fit(raw, yh)
        nonzero += int(np.count_nonzero(m.coef_))
elapsed = time.perf_counter() - start
import sklearn
print(json.dumps({"seconds": elapsed, "models": 24 * len(designs), "nonzero": nonzero, "version": sklearn.__version__}))
