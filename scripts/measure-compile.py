#!/usr/bin/env python3
"""Per-phase compile times of `aas compile --json` on every shared map (issue 22, item 1), and
the acceptance checks that go beside `../shared/tools/side_by_side.py` (item 3).

Build first: `cargo build --release -p bot-harness` (or point $BOT_HARNESS at a copy of the
binary). The shared maps are read from $REAL_DATA/maps (else ../shared/maps beside the
repository).

  scripts/measure-compile.py [--runs 3] [--maps a,b] [--json OUT]
      Each map is compiled --runs times; the run with the smallest total counts. Prints a
      Markdown table (milliseconds per phase, peak RSS, areas, reachabilities, and the share of
      the whole taken by each phase over all maps).
  scripts/measure-compile.py --memory BSPC [--maps a,b]
      Peak resident memory of bspc (-forcesidesvisible -optimize, as side_by_side.py runs it)
      and of ours, map by map, from each process's own rusage.
  scripts/measure-compile.py --determinism [--maps a,b]
      Compiles each map on one thread (RAYON_NUM_THREADS=1, pinned to one core with taskset
      when it is installed) and twice on two threads, and says whether the three files are
      byte for byte the same.
"""

import argparse
import filecmp
import glob
import json
import os
import shutil
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


def peak_kib(command, cwd=None, env=None):
    """Runs `command` and returns its own peak resident set size (KiB) and exit status."""
    with subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL) as process:
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_maxrss, process.returncode


def phases(bsps, runs, json_out):
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for bsp in bsps:
            name = os.path.basename(bsp)[:-4]
            best = min((compile_once(bsp, os.path.join(tmp, name + ".aas"))
                        for _ in range(runs)), key=lambda s: s["total_ms"])
            best["map"] = name
            rows.append(best)
    names = list(rows[0]["phases"].keys())
    head = ["map", *names, "total", "MiB", "areas", "reach"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for row in rows:
        cells = [row["map"], *(f"{row['phases'][p]:.0f}" for p in names),
                 f"{row['total_ms']:.0f}", f"{row['peak_rss_mib']:.0f}", str(row["areas"]),
                 str(row["reachabilities"])]
        print("| " + " | ".join(cells) + " |")
    total = sum(r["total_ms"] for r in rows)
    sums = [sum(r["phases"][p] for r in rows) for p in names]
    print("| **all** | " + " | ".join(f"{s:.0f}" for s in sums) + f" | {total:.0f} | | | |")
    print("| share | " + " | ".join(f"{100 * s / total:.0f} %" for s in sums) + " | | | | |")
    if json_out:
        with open(json_out, "w") as out:
            json.dump(rows, out, indent=1)


def memory(bsps, bspc):
    print("| map | bspc MiB | ours MiB | ours / bspc |")
    print("|---|---|---|---|")
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for bsp in bsps:
            name = os.path.basename(bsp)[:-4]
            out_b = os.path.join(tmp, "bspc")
            shutil.rmtree(out_b, ignore_errors=True)
            os.makedirs(out_b)
            theirs, status_b = peak_kib([bspc, "-forcesidesvisible", "-optimize", "-output",
                                         out_b, "-bsp2aas", bsp], cwd=out_b)
            ours, status_o = peak_kib([BINARY, "aas", "compile", bsp, "-o",
                                       os.path.join(tmp, name + ".aas")])
            if status_b or status_o:
                raise SystemExit(f"{name}: bspc exited {status_b}, ours {status_o}")
            worst = max(worst, ours / theirs)
            print(f"| {name} | {theirs / 1024:.0f} | {ours / 1024:.0f} | {ours / theirs:.2f} |")
    print(f"worst ratio ours / bspc: {worst:.2f}")


def determinism(bsps):
    one_core = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    same_all = True
    with tempfile.TemporaryDirectory() as tmp:
        for bsp in bsps:
            name = os.path.basename(bsp)[:-4]
            outs = []
            for label, threads, pin in [("one", "1", one_core), ("two-a", "2", []),
                                        ("two-b", "2", [])]:
                out = os.path.join(tmp, f"{name}.{label}.aas")
                env = dict(os.environ, RAYON_NUM_THREADS=threads)
                subprocess.run([*pin, BINARY, "aas", "compile", bsp, "-o", out],
                               env=env, capture_output=True, check=True)
                outs.append(out)
            same = all(filecmp.cmp(outs[0], other, shallow=False) for other in outs[1:])
            same_all &= same
            print(f"{name:16s} one thread == two threads == two threads again: {same}")
    print("all identical" if same_all else "DIFFERENCES FOUND")
    if not same_all:
        raise SystemExit(1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--maps")
    parser.add_argument("--json")
    parser.add_argument("--memory", metavar="BSPC")
    parser.add_argument("--determinism", action="store_true")
    args = parser.parse_args()
    bsps = sorted(glob.glob(os.path.join(maps_dir(), "*", "*.bsp")), key=os.path.basename)
    if args.maps:
        wanted = set(args.maps.split(","))
        bsps = [b for b in bsps if os.path.basename(b)[:-4] in wanted]
    if args.memory:
        memory(bsps, os.path.abspath(args.memory))
    elif args.determinism:
        determinism(bsps)
    else:
        phases(bsps, args.runs, args.json)


if __name__ == "__main__":
    main()
