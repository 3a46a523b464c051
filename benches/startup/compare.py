#!/usr/bin/env python3
"""Start-up bench: the release app against an empty Tauri 2 window, in the same run.

  xvfb-run -a -s "-screen 0 1280x1024x24" python3 benches/startup/compare.py \\
      [--runs 7] APP_BINARY EMPTY_BINARY

Starts the two apps in turn (app, empty, app, empty, ...; one unmeasured start of each first,
so both find their files in the page cache), each time measuring with scripts/window-probe.py:
time to first paint, and PSS/RSS of the app with all its processes two seconds after it.
Prints the medians and their ratios, and writes the ratio lines (`startup-paint:`,
`startup-memory:`) to target/startup-ratios.txt. Exits 1 if any start failed.
"""

import argparse
import importlib.util
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def load_probe():
    sys.dont_write_bytecode = True  # no __pycache__ in scripts/
    spec = importlib.util.spec_from_file_location(
        "window_probe", os.path.join(ROOT, "scripts", "window-probe.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--settle", type=float, default=2.0)
    parser.add_argument("app")
    parser.add_argument("empty")
    args = parser.parse_args()
    probe = load_probe()
    screen = probe.Screen()
    opts = argparse.Namespace(timeout=60.0, settle=args.settle, screenshot=None, runs=args.runs)
    results = {"app": [], "empty": []}
    for i in range(args.runs + 1):
        for name, binary in (("app", args.app), ("empty", args.empty)):
            r = probe.one_run(screen, [binary], opts, i)
            print(name, json.dumps(r), flush=True)
            if not r["ok"]:
                print(f"{name}: a start failed", file=sys.stderr)
                return 1
            if i > 0:
                results[name].append(r)
    med = {
        name: {k: statistics.median(r[k] for r in runs) for k in ("paint_s", "pss_mib", "rss_mib")}
        for name, runs in results.items()
    }
    lines = []
    for key, label, unit in (("paint_s", "startup-paint", "s"), ("pss_mib", "startup-memory", "MiB"),
                             ("rss_mib", "startup-rss", "MiB")):
        a, e = med["app"][key], med["empty"][key]
        lines.append(f"{label}: app {a:.3f} {unit} vs empty Tauri window {e:.3f} {unit} = "
                     f"{a / e:.2f}x (median of {args.runs})")
    for line in lines:
        print(line)
    os.makedirs(os.path.join(ROOT, "target"), exist_ok=True)
    with open(os.path.join(ROOT, "target", "startup-ratios.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
