"""The large tournaments of ``benchmarks/bots.py``, as BENCHMARKS.md reports them.

Written by ``benchmarks/bots.py publish`` from the results of the commands below; not edited by
hand.  The tactics page shows them through :func:`kamplib.bots.compare.measured`.
"""

from typing import Any

MEASURED: tuple[dict[str, Any], ...] = ({'challenger': 'search',
  'opponent': 'heuristic',
  'game': 'femkamp',
  'kind': None,
  'games': 1000,
  'deals': 250,
  'seed': 1,
  'challenger_mean': 7.195,
  'ahead_by': 4.983,
  'ci95': [4.672, 5.293],
  'challenger_win_share': 0.4363,
  'by_kind': {'pass': {'ahead_by': 0.648, 'ci95': [0.565, 0.731]},
              'klover': {'ahead_by': 1.44, 'ci95': [1.31, 1.57]},
              'damer': {'ahead_by': 1.445, 'ci95': [1.219, 1.672]},
              'fantan': {'ahead_by': 0.487, 'ci95': [0.35, 0.623]},
              'grand': {'ahead_by': 0.963, 'ci95': [0.849, 1.077]}},
  'command': 'benchmarks/bots.py tournament search heuristic --games 1000 --seed 1 --game '
             'femkamp'},
 {'challenger': 'random',
  'opponent': 'heuristic',
  'game': 'femkamp',
  'kind': None,
  'games': 1000,
  'deals': 250,
  'seed': 1,
  'challenger_mean': 21.271,
  'ahead_by': -14.011,
  'ci95': [-14.515, -13.508],
  'challenger_win_share': 0.0203,
  'by_kind': {'pass': {'ahead_by': -2.451, 'ci95': [-2.597, -2.304]},
              'klover': {'ahead_by': -3.321, 'ci95': [-3.55, -3.092]},
              'damer': {'ahead_by': -5.467, 'ci95': [-5.806, -5.128]},
              'fantan': {'ahead_by': -0.651, 'ci95': [-0.789, -0.514]},
              'grand': {'ahead_by': -2.121, 'ci95': [-2.234, -2.009]}},
  'command': 'benchmarks/bots.py tournament random heuristic --games 1000 --seed 1 --game '
             'femkamp'})
