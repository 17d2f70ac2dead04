#!/bin/bash
# The engine's two measures for several commits side by side, in one run, one interpreter:
# callgrind instruction counts of benchmarks/engine_instructions.py (GAMES games, the imports
# alone, GAMES games started only) and benchmarks/engine.py's OpenSpiel ratio, RUNS times each,
# the trees taking turns.
#
#   flock /work/team/heavy.lock nice -n 10 benchmarks/engine_trees.sh e27be7b 44f8272
#
# Each commit's kamplib is unpacked (git archive) and put on PYTHONPATH; the scripts and the
# interpreter (.venv, with the bench extra for OpenSpiel) are this checkout's.  Subtract the
# "0" count from the others (BENCHMARKS.md, Engine).  GAMES=60 and RUNS=2 unless set.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
py=$here/.venv/bin/python
games=${GAMES:-60}
runs=${RUNS:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for commit in "${@:?usage: benchmarks/engine_trees.sh COMMIT [COMMIT...]}"; do
  mkdir "$work/$commit"
  git -C "$here" archive "$commit" kamplib | tar -x -C "$work/$commit"
done
cd "$work"  # so no tree is imported from the working directory
echo "load: $(cat /proc/loadavg)"
for commit in "$@"; do
  for arg in "$games" "0" "$games --start-only"; do
    # shellcheck disable=SC2086  # the argument words are meant to split
    count=$(PYTHONPATH=$work/$commit valgrind --tool=callgrind --callgrind-out-file=/dev/null \
      "$py" "$here/benchmarks/engine_instructions.py" $arg 2>&1 | sed -n 's/.*Collected : //p')
    echo "$commit instructions ($arg): $count"
  done
done
for run in $(seq "$runs"); do
  for commit in "$@"; do
    echo "$commit engine.py run $run: $(PYTHONPATH=$work/$commit "$py" \
      "$here/benchmarks/engine.py" --json | tail -1)"
  done
done
echo "load: $(cat /proc/loadavg)"
