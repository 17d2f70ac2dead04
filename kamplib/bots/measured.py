"""The large tournaments of ``benchmarks/bots.py``, as BENCHMARKS.md reports them.

Written by ``benchmarks/bots.py publish`` from the results of the commands below; not edited by
hand.  The tactics page shows them through :func:`kamplib.bots.compare.measured`.
"""

from typing import Any

MEASURED: tuple[dict[str, Any], ...] = ({'challenger': 'search',
  'opponent': 'heuristic',
  'game': 'femkamp',
  'kind': None,
  'games': 8,
  'deals': 2,
  'seed': 1,
  'challenger_mean': 5.625,
  'ahead_by': 6.25,
  'ci95': [6.087, 6.413],
  'challenger_win_share': 0.375,
  'by_kind': {'pass': {'ahead_by': 1.333, 'ci95': [1.333, 1.333]},
              'klover': {'ahead_by': 1.667, 'ci95': [-0.293, 3.627]},
              'damer': {'ahead_by': 0.667, 'ci95': [-0.64, 1.973]},
              'fantan': {'ahead_by': 1.25, 'ci95': [-1.527, 4.027]},
              'grand': {'ahead_by': 1.333, 'ci95': [0.68, 1.987]}},
  'command': 'benchmarks/bots.py tournament search heuristic --games 8 --seed 1 --game '
             'femkamp'},
 {'challenger': 'random',
  'opponent': 'heuristic',
  'game': 'femkamp',
  'kind': None,
  'games': 40,
  'deals': 10,
  'seed': 1,
  'challenger_mean': 21.4,
  'ahead_by': -14.142,
  'ci95': [-16.613, -11.67],
  'challenger_win_share': 0.0,
  'by_kind': {'pass': {'ahead_by': -2.933, 'ci95': [-3.699, -2.168]},
              'klover': {'ahead_by': -3.767, 'ci95': [-4.927, -2.606]},
              'damer': {'ahead_by': -5.333, 'ci95': [-6.738, -3.929]},
              'fantan': {'ahead_by': -0.475, 'ci95': [-1.352, 0.402]},
              'grand': {'ahead_by': -1.633, 'ci95': [-2.229, -1.037]}},
  'command': 'benchmarks/bots.py tournament random heuristic --games 40 --seed 1 --game '
             'femkamp'})
