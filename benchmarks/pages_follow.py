"""Do the course pages follow the learner's choices?  Issue 25's page check, counted.

Run:  .venv/bin/python benchmarks/pages_follow.py                     (the page test's choices)
      .venv/bin/python benchmarks/pages_follow.py --random 12 --seed 7   (and 12 random sets)
      cd /tmp && PYTHONPATH=CHECKOUT .venv/bin/python BENCH --root CHECKOUT   (another checkout)

Every page of the site is run in plain Python (``tests/page_run.py``) with each set of choices
in its address, and every sentence that states something a house rule decides is checked
against what the engine does under the page's rules (``tests/test_pages_follow.py``: the deals
of whole games, a Fan Tan round's opener and moves, a Pass trick, the kinds' card values).
Prints the contradictions by topic, the page × choice sets with one, and pages that failed.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "tests"))

from page_run import run_page  # noqa: E402
from test_pages_follow import CHOICES, _contradictions  # noqa: E402

from kamplib.rules import RULE_CHOICES  # noqa: E402
from kamplib.site.pages import SITE  # noqa: E402


def random_choices(count: int, seed: int) -> list[dict[str, str]]:
    """``count`` sets of choices: a game, each house rule changed with probability 0.4, a table
    of three to five, either language."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        params = {"game": rng.choice(["femkamp", "sekskamp", "sjukamp"])}
        for key, values in RULE_CHOICES.items():
            if rng.random() < 0.4:
                value = rng.choice(values)
                params[key] = str(value).lower() if isinstance(value, bool) else str(value)
        params["players"] = rng.choice(["Kari,Ola,Siri", "Kari,Ola,Siri,Per", "A,B,C,D,E"])
        params["lang"] = rng.choice(["nb", "en"])
        out.append(params)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=0, help="random sets of choices besides")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--root", type=Path, default=HERE, help="the checkout whose pages run")
    parser.add_argument("--examples", type=int, default=5)
    args = parser.parse_args(argv)
    sets = [*CHOICES, *random_choices(args.random, args.seed)]
    start = time.perf_counter()
    found: list[str] = []
    failed: list[str] = []
    with_one = 0
    for page in SITE:
        for params in sets:
            try:
                said = _contradictions(page.path, params,
                                       run_page(page.path, params, root=args.root))
            except Exception as err:  # a page that fails is counted, not fatal
                failed.append(f"{page.path} {type(err).__name__}: {err} {params}")
                continue
            found += said
            with_one += bool(said)
    topics = Counter(m.group(1) for f in found if (m := re.search(r"engine: (\w+)", f)))
    print(f"{len(SITE)} pages × {len(sets)} sets of choices, "
          f"{time.perf_counter() - start:.0f} s")
    print(f"contradictions: {len(found)} in {with_one} page × choice sets; "
          f"pages that failed: {len(failed)}")
    for topic, count in topics.most_common():
        print(f"  {topic:<14} {count}")
    for line in [*found[:args.examples], *failed[:args.examples]]:
        print("  e.g.", line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
