#!/usr/bin/env bash
# Regenerates the README's pictures in docs/pictures/ from the repository alone:
#   arena-navigation.png  the built-in arena's areas tinted by routing cluster, the
#                         reachabilities that are not plain walking, and a route
#                         (`aas compile` + `aas render`);
#   arena-replay.png      a moment of a seeded arena match in the replay page
#                         (`match --log` + `view`, screenshot by headless Chromium).
# The match is seeded, so the same build draws the same pictures.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

out=docs/pictures
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cargo build --release --quiet -p bot-harness
harness() { cargo run --release --quiet -p bot-harness -- "$@"; }

echo "navigation picture…"
harness aas compile bot-harness/maps/arena.map -o "$work/arena.aas" > /dev/null
harness aas render "$work/arena.aas" --png "$out/arena-navigation.png" --width 1000 --clusters \
    --reach-types barrierjump,jump,walkoffledge,ladder,teleport,elevator,jumppad,waterjump \
    --route -800,-896,32 0,960,208 > /dev/null

echo "replay picture…"
harness match arena --players 6 --seed 7 --time-limit 60 --frag-limit 0 \
    --log "$work/arena.jsonl" > /dev/null
harness view "$work/arena.jsonl" -o "$work/arena.html" > /dev/null
browser="$(scripts/install-browser.sh | sed -n 's/^browser: \([^ ]*\).*/\1/p')"
"$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --hide-scrollbars --force-device-scale-factor=1 --window-size=1400,860 \
    --virtual-time-budget=4000 --user-data-dir="$work/profile" \
    --screenshot="$out/arena-replay.png" "file://$work/arena.html#frame=437" 2> /dev/null

ls -l "$out"
