#!/bin/bash
# The engine now against an older commit's engine, side by side, taking turns.
#   benchmarks/engine_ab.sh 89be5ee [runs]
# Prints one JSON line (benchmarks/engine.py --json) per run and tree, with the load average.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
old=${1:?usage: benchmarks/engine_ab.sh COMMIT [RUNS]}
runs=${2:-3}
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
git -C "$here" archive "$old" kamplib | tar -x -C "$tree"
cd "$tree"  # so neither tree is imported from the working directory
for i in $(seq "$runs"); do
  for side in new old; do
    if [ "$side" = new ]; then path=$here; else path=$tree; fi
    echo "$side $i load $(cut -d' ' -f1 /proc/loadavg)"
    PYTHONPATH=$path "$here/.venv/bin/python" "$here/benchmarks/engine.py" --json | tail -1
  done
done
