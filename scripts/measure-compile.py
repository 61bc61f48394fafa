#!/usr/bin/env python3
"""Per-phase compile times of `aas compile --json` on every shared map (issue 22, item 1).

Build first: `cargo build --release -p bot-harness` (or point $BOT_HARNESS at a copy of the
binary). The shared maps are read from $REAL_DATA/maps (else ../shared/maps beside the
repository). Each map is compiled --runs times (default 3); the run with the smallest total
counts. Prints a Markdown table (milliseconds per phase, peak RSS, brushes, areas, and the
share of the whole taken by each phase over all maps); --json OUT also writes the rows.

  scripts/measure-compile.py [--runs 3] [--maps a,b] [--json OUT]
"""

import argparse
import glob
import json
import os
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.environ.get("BOT_HARNESS") or os.path.join(ROOT, "target", "release", "bot-harness")


def maps_dir():
    data = os.environ.get("REAL_DATA") or os.path.join(os.path.dirname(ROOT), "shared")
    return os.path.join(data, "maps")


def compile_once(bsp, out):
    run = subprocess.run([BINARY, "aas", "compile", bsp, "-o", out, "--json"],
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--maps")
    parser.add_argument("--json")
    args = parser.parse_args()
    bsps = sorted(glob.glob(os.path.join(maps_dir(), "*", "*.bsp")), key=os.path.basename)
    if args.maps:
        wanted = set(args.maps.split(","))
        bsps = [b for b in bsps if os.path.basename(b)[:-4] in wanted]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for bsp in bsps:
            name = os.path.basename(bsp)[:-4]
            best = min((compile_once(bsp, os.path.join(tmp, name + ".aas"))
                        for _ in range(args.runs)), key=lambda s: s["total_ms"])
            best["map"] = name
            rows.append(best)
    phases = list(rows[0]["phases"].keys())
    head = ["map", *phases, "total", "MiB", "areas", "reach"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for row in rows:
        cells = [row["map"], *(f"{row['phases'][p]:.0f}" for p in phases),
                 f"{row['total_ms']:.0f}", f"{row['peak_rss_mib']:.0f}", str(row["areas"]),
                 str(row["reachabilities"])]
        print("| " + " | ".join(cells) + " |")
    total = sum(r["total_ms"] for r in rows)
    sums = [sum(r["phases"][p] for r in rows) for p in phases]
    print("| **all** | " + " | ".join(f"{s:.0f}" for s in sums) + f" | {total:.0f} | | | |")
    print("| share | " + " | ".join(f"{100 * s / total:.0f} %" for s in sums) + " | | | | |")
    if args.json:
        with open(args.json, "w") as out:
            json.dump(rows, out, indent=1)


if __name__ == "__main__":
    main()
