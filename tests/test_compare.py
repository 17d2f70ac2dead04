"""The tactics page's comparison: the large tournaments, as BENCHMARKS.md reports them, shown in
the learner's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from kamplib import RuleError
from kamplib.teach.explore import comparison_by_kind, comparison_table
from kamplib.tournament import measured, paired, tournament

ROOT = Path(__file__).resolve().parent.parent


def _bots_section() -> str:
    text = (ROOT / "BENCHMARKS.md").read_text(encoding="utf-8")
    start = text.index("\n## Bots")
    return text[start:text.index("\n## ", start + 1)]


def test_every_number_the_page_shows_is_the_one_benchmarks_md_reports() -> None:
    section = _bots_section()
    rows = measured()
    assert {(r["challenger"], r["kind"]) for r in rows} >= {("search", None), ("random", None)}
    for r in rows:
        line = next(x for x in section.splitlines() if f"`{r['command']}" in x)
        low, high = r["ci95"]
        assert f"{r['ahead_by']:.2f}" in line and f"[{low:.2f}, {high:.2f}]" in line, line
        assert f"{r['games']:,}" in line, line
        for kind, got in r["by_kind"].items():
            if r["kind"] is None and r["challenger"] == "search":
                kind_line = next(x for x in section.splitlines()
                                 if x.startswith(f"| {kind} | {r['game']}"))
                lo, hi = got["ci95"]
                assert f"{got['ahead_by']:.2f}" in kind_line, kind_line
                assert f"[{lo:.2f}, {hi:.2f}]" in kind_line, kind_line


def test_the_comparison_reads_in_the_learners_words() -> None:
    big = measured(opponent="heuristic", game="femkamp", kind=None)
    for lang, words in (("nb", ("vanskelig", "middels", "lett")), ("en", ("hard", "medium"))):
        table = comparison_table(big, lang)
        html = table._repr_html_()
        assert all(w in html for w in words)
        assert "search" not in html and "heuristic" not in html and "_" not in html.replace(
            "kamp-table", "")
        kinds = comparison_by_kind(big, lang)
        assert len(kinds.rows) == 5
    nb = comparison_table(big, "nb").rows
    hard = next(r for r in nb if r[0] == "vanskelig")
    assert hard[2] == next(r for r in big if r["challenger"] == "search")["games"]
    assert "," in hard[3] and " ± " in hard[3]  # decimal commas, the margin beside the number
    assert len(nb[0]) == 5  # five columns fit a phone


def test_a_small_live_run_is_paired_with_another_on_the_same_deals() -> None:
    a = tournament("random", "heuristic", games=8, seed=3, workers=1)
    b = tournament("heuristic", "heuristic", games=8, seed=3, workers=1)
    assert b["ahead_by"] == 0.0 and b["ci95"] == [0.0, 0.0]  # the same bots: no one is ahead
    d = paired(a, b)
    assert d["ahead_by"] == a["ahead_by"] and d["games"] == 8
    other = tournament("random", "heuristic", games=8, seed=4, workers=1)
    with pytest.raises(RuleError) as err:
        paired(a, other)
    assert "ikke spilt på de samme kortgivingene" in str(err.value)
    assert "--seed 3" in str(err.value) and "--seed 4" in str(err.value)


def test_a_shorter_run_is_paired_with_the_first_deals_of_a_longer_one() -> None:
    short = tournament("random", "heuristic", games=8, seed=3, workers=1)
    long = tournament("random", "heuristic", games=16, seed=3, workers=1)
    assert long["per_deal"][:2] == short["per_deal"]  # deal i is the same in both
    d = paired(short, long)
    assert (d["deals"], d["games"], d["ahead_by"], d["ci95"]) == (2, 8, 0.0, [0.0, 0.0])
    assert paired(long, short)["deals"] == 2


def test_a_variant_tried_says_so_in_its_command() -> None:
    from kamplib.tournament import command_of

    res = tournament("random", "heuristic", games=8, seed=3, workers=1)
    assert "--settings" not in command_of(res)
    res["settings"] = {"pool": 8}
    assert command_of(res).endswith("--settings '{\"pool\":8}'")
