#!/usr/bin/env python3
"""Measured play of issue 20: loops over `bot-harness match ... --json`.

Build first: `cargo build --release -p bot-harness`. The shared maps are read from
$REAL_DATA/maps (else ../shared/maps beside the repository).

  scripts/measure-play.py duels MAP HIGH [--seeds 20] [--character vesper]
      1 vs 1 of one character, skill HIGH against skill 1, 5 minutes per seed; a tie is
      not a win.
  scripts/measure-play.py roamers MAP SKILL [--seeds 5]
      the four default characters at SKILL against four scripted roamers, 10 minutes per
      seed; total frags of each side and their ratio.
  scripts/measure-play.py ffa [--seed 17] [--maps a,b]
      8-bot FFA (the four default characters at skill 4 and at skill 3), 10 minutes, on every
      shared map: wall time, lowest score, fewest armor and weapon pickups of a bot, the
      highest stuck share (stuck seconds over living seconds) and node switches per think.

MAP is `arena` (built in) or a shared map's name (e.g. oacmpdm1).
"""

import argparse
import glob
import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, "target", "release", "bot-harness")
DEFAULT_BOTS = ["bastion", "clatter", "kestrel", "vesper"]


def maps_dir():
    data = os.environ.get("REAL_DATA") or os.path.join(os.path.dirname(ROOT), "shared")
    return os.path.join(data, "maps")


def map_args(name):
    """The `match` arguments of a map: the built-in arena, or a shared `.bsp` and its `.aas`."""
    if name == "arena":
        return ["arena"]
    found = glob.glob(os.path.join(maps_dir(), "*", f"{name}.bsp"))
    if not found:
        raise SystemExit(f"no shared map {name} under {maps_dir()}")
    return [found[0], "--aas", found[0][:-4] + ".aas"]


def play(args):
    out = subprocess.run([BINARY, "match", *args, "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def parallel(function, items, jobs):
    with ThreadPoolExecutor(jobs) as pool:
        return list(pool.map(function, items))


def duels(options):
    bots = f"{options.character}:{options.high},{options.character}:1"

    def one(seed):
        players = play(map_args(options.map) + ["--bots", bots, "--time-limit", "300",
                                                "--frag-limit", "0", "--seed", str(seed)])["players"]
        return players[0]["score"], players[1]["score"]

    scores = parallel(one, range(1, options.seeds + 1), options.jobs)
    wins = sum(high > low for high, low in scores)
    print(f"{options.map} {options.character} {options.high} vs 1: {wins}/{options.seeds} wins, "
          f"scores {sum(h for h, _ in scores)}:{sum(l for _, l in scores)}",
          " ".join(f"{h}-{l}" for h, l in scores))


def roamers(options):
    bots = ",".join(f"{name}:{options.skill}" for name in DEFAULT_BOTS)

    def one(seed):
        players = play(map_args(options.map) + ["--bots", bots, "--players", "4", "--time-limit",
                                                "600", "--frag-limit", "0", "--seed", str(seed)])["players"]
        return (sum(p["frags"] for p in players if "bot" in p),
                sum(p["frags"] for p in players if "bot" not in p))

    frags = parallel(one, range(1, options.seeds + 1), options.jobs)
    bots_total, roamers_total = sum(b for b, _ in frags), sum(r for _, r in frags)
    print(f"{options.map} skill {options.skill}: bots {bots_total}, roamers {roamers_total}, "
          f"ratio {bots_total / max(roamers_total, 1):.2f}",
          " ".join(f"{b}/{r}" for b, r in frags))


def ffa(options):
    bots = ",".join(f"{name}:{skill}" for skill in (4, 3) for name in DEFAULT_BOTS)
    names = sorted(os.path.basename(p)[:-4] for p in glob.glob(os.path.join(maps_dir(), "*", "*.bsp")))
    if options.maps:
        names = [n for n in names if n in options.maps.split(",")]

    def one(name):
        summary = play(map_args(name) + ["--bots", bots, "--time-limit", "600", "--frag-limit", "0",
                                         "--seed", str(options.seed)])
        players = summary["players"]

        def picked(player, prefix):
            return sum(v for k, v in player["pickups"].items() if k.startswith(prefix))

        def stuck_share(player):
            nodes = player["ai_nodes"]
            alive = 600.0 - nodes.get("respawn", 0.0) - nodes.get("observer", 0.0)
            return 100.0 * player["stuck_seconds"] / max(alive, 1.0)

        worst = max(players, key=stuck_share)
        return (f"{name:14} wall {summary['wall_ms']:5.0f} ms  min score {min(p['score'] for p in players):3}"
                f"  min armor {min(picked(p, 'item_armor') for p in players):2}"
                f"  min weapons {min(picked(p, 'weapon_') for p in players):3}"
                f"  max stuck {stuck_share(worst):4.1f}% ({worst['name']})"
                f"  max switches {max(p['max_switches_per_think'] for p in players)}")

    for line in parallel(one, names, options.jobs):
        print(line, flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=2, help="matches played at once")
    commands = parser.add_subparsers(dest="command", required=True)
    duel = commands.add_parser("duels")
    duel.add_argument("map")
    duel.add_argument("high", type=int)
    duel.add_argument("--seeds", type=int, default=20)
    duel.add_argument("--character", default="vesper")
    roam = commands.add_parser("roamers")
    roam.add_argument("map")
    roam.add_argument("skill", type=int)
    roam.add_argument("--seeds", type=int, default=5)
    sweep = commands.add_parser("ffa")
    sweep.add_argument("--seed", type=int, default=17)
    sweep.add_argument("--maps", default="")
    options = parser.parse_args()
    if not os.path.exists(BINARY):
        raise SystemExit(f"{BINARY} is missing: cargo build --release -p bot-harness")
    {"duels": duels, "roamers": roamers, "ffa": ffa}[options.command](options)


if __name__ == "__main__":
    main()
