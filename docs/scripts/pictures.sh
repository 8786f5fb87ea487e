#!/usr/bin/env bash
# Make the documentation's figures with `pigsolve plot` (Pig at goal 100, Farkle at 10,000, Zombie Dice), then the
# browser screenshots. Run from the repository's top level with the plot, gui and test extras
# installed: bash docs/scripts/pictures.sh [--no-screenshots]
# Tables are computed in a temporary folder; the pictures land in docs/.
set -euo pipefail
docs="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
pigsolve plot --kind boundary --out "$docs/boundary.png" --force
pigsolve plot --kind slice --opponent 30 --out "$docs/slice.png" --force
pigsolve plot --kind contours --out "$docs/contours.png" --force
pigsolve plot --kind players --players 3 --out "$docs/players.png" --force
pigsolve plot --game farkle --kind boundary --opponent 5000 --out "$docs/farkle-bank.png" --force
pigsolve plot --game zombie-dice --kind stop --out "$docs/zombie-stop.png" --force
if [[ "${1:-}" != "--no-screenshots" ]]; then
    cd "$docs/.." && python docs/scripts/screenshots.py
fi
