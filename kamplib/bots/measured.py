"""The large tournaments of ``benchmarks/bots.py``, as BENCHMARKS.md reports them.

Written by ``benchmarks/bots.py publish`` from the results of the commands below; not edited by
hand.  The tactics page shows them through :func:`kamplib.tournament.measured`.
"""

from typing import Any

MEASURED: tuple[dict[str, Any], ...] = ({'challenger': 'search',
  'opponent': 'heuristic',
  'game': 'femkamp',
  'kind': None,
  'games': 1000,
  'deals': 250,
  'seed': 1,
  'challenger_mean': 6.538,
  'ahead_by': 6.041,
  'ci95': [5.741, 6.341],
  'challenger_win_share': 0.4763,
  'by_kind': {'pass': {'ahead_by': 0.831, 'ci95': [0.759, 0.902]},
              'klover': {'ahead_by': 1.505, 'ci95': [1.387, 1.623]},
              'damer': {'ahead_by': 1.835, 'ci95': [1.618, 2.051]},
              'fantan': {'ahead_by': 0.774, 'ci95': [0.643, 0.906]},
              'grand': {'ahead_by': 1.096, 'ci95': [0.987, 1.205]}},
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
