#!/usr/bin/env python3
"""Measured team play of issue 21: loops over `bot-harness match ... --json`.

Build first: `cargo build --release -p bot-harness` (or point $BOT_HARNESS at a copy of the
binary, so that a rebuild during a long run does not change it). The shared maps are read from
$REAL_DATA/maps (else ../shared/maps beside the repository).

  scripts/measure-team.py ctf [--maps a,b] [--seeds 20] [--jobs 2]
      4 vs 4 capture the flag, 10 minutes: the four default characters on both sides, one
      side led, the other with --no-leader; each seed is played twice, sides swapped (led
      red, then led blue). A win is more captures; a tie is not a win. Per map: wins of the
      led team out of 2 x seeds, matches with captures, captures, returns and orders.
  scripts/measure-team.py tdm [--maps a,b] [--seeds 20] [--jobs 2]
      the same in team deathmatch (groups against no groups); a win is a higher team score.

Maps default to every shared map with both flags (ctf) or the CTF maps and two deathmatch
maps (tdm).
"""

import argparse
import glob
import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.environ.get("BOT_HARNESS") or os.path.join(ROOT, "target", "release", "bot-harness")
TEAM = "bastion,clatter,kestrel,vesper"
CTF_MAPS = ["oacmpctf1", "oacmpctf2", "oa_bases3cl", "ps37ctf", "oacmpdm6"]
TDM_MAPS = ["oacmpctf2", "oa_bases3cl", "oacmpdm1", "dm3ish"]


def maps_dir():
    data = os.environ.get("REAL_DATA") or os.path.join(os.path.dirname(ROOT), "shared")
    return os.path.join(data, "maps")


def map_args(name):
    if name == "arena":
        return ["arena"]
    found = glob.glob(os.path.join(maps_dir(), "*", f"{name}.bsp"))
    if not found:
        raise SystemExit(f"no shared map {name} under {maps_dir()}")
    return [found[0], "--aas", found[0][:-4] + ".aas"]


def play(job):
    mode, name, seed, led = job
    unled = "blue" if led == "red" else "red"
    args = [*map_args(name), "--mode", mode, "--seed", str(seed), "--red", TEAM, "--blue", TEAM,
            "--no-leader", unled, "--json"]
    out = subprocess.run([BINARY, "match", *args], capture_output=True, text=True, check=True)
    summary = json.loads(out.stdout)
    return job, summary


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["ctf", "tdm"])
    parser.add_argument("--maps")
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=2)
    options = parser.parse_args()
    maps = options.maps.split(",") if options.maps else (CTF_MAPS if options.mode == "ctf" else TDM_MAPS)
    jobs = [(options.mode, m, seed, led) for m in maps for seed in range(1, options.seeds + 1)
            for led in ("red", "blue")]
    with ThreadPoolExecutor(options.jobs) as pool:
        results = list(pool.map(play, jobs))
    print(f"{'map':<12} {'led wins':>9} {'ties':>5} {'w/ capt':>8} {'captures led:unled':>19} "
          f"{'returns':>9} {'orders':>7} {'wall s':>7}")
    total_wins = total = 0
    for name in maps:
        rows = [(job, s) for job, s in results if job[1] == name]
        wins = ties = with_captures = 0
        led_caps = unled_caps = returns = orders = 0
        wall = 0.0
        for (mode, _, _, led), s in rows:
            unled = "blue" if led == "red" else "red"
            score = s["teams"]
            caps = s.get("captures") or {"red": 0, "blue": 0}
            if score[led] > score[unled]:
                wins += 1
            elif score[led] == score[unled]:
                ties += 1
            if caps["red"] + caps["blue"] > 0:
                with_captures += 1
            led_caps += caps[led]
            unled_caps += caps[unled]
            returns += sum((s.get("returns") or {"red": 0, "blue": 0}).values())
            orders += s["orders"][led]
            wall = max(wall, s["wall_ms"] / 1000)
        total_wins += wins
        total += len(rows)
        print(f"{name:<12} {wins:>4}/{len(rows):<4} {ties:>5} {with_captures:>4}/{len(rows):<3} "
              f"{led_caps:>9}:{unled_caps:<9} {returns:>9} {orders:>7} {wall:>7.2f}")
    print(f"all: led team won {total_wins}/{total}")


if __name__ == "__main__":
    main()
