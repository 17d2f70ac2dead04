"""The bots' pauses at a table are timers on the kernel's event loop, never a sleep: the kernel
answers meanwhile, a card the learner plays early waits for their turn, and undo or a new deal
stops the pauses.  Driven in plain Python on an asyncio loop, as a kernel runs it."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable

import pytest
from page_state import fresh_page  # noqa: F401  (every test is a page of its own)

from kamplib.teach import progress
from kamplib.widgets import PlayGame, PlayHand
from kamplib.widgets.site import SiteHead

FAST = {"level": "random", "hint_level": "random"}
PACE = 0.02  # seconds between the bots' cards: short, but a real timer


@pytest.fixture(autouse=True)
def _no_sleep(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sleep in the kernel would hold up every click of the page: none is allowed."""

    def refuse(_seconds: float) -> None:
        raise AssertionError("time.sleep in the kernel")

    monkeypatch.setattr(time, "sleep", refuse)


def legal_buttons(w: PlayHand) -> list:
    return [b for b in w.hand.children
            if getattr(b, "_kamp_card", None) and "kamp-legal" in b._dom_classes]


async def settled(w: PlayHand, timeout: float = 30.0) -> None:
    """Let the loop run until the bots have moved (the kernel's loop would, between clicks)."""
    end = time.monotonic() + timeout
    while w.bots_moving:
        assert time.monotonic() < end, "the bots never finished"
        await asyncio.sleep(w.pace / 2)


def in_a_thread_of_its_own(test: Callable[[], object]) -> object:
    """Run ``test`` in a new thread: a worker of the whole suite may have a loop running in its
    main thread already (Playwright's sync API, for the browser tests it ran before), and a
    kernel's loop — or none — must be this test's own."""
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            outcome["value"] = test()
        except BaseException as error:  # handed to the test's own thread
            outcome["error"] = error

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome.get("value")


def on_a_loop(test: Callable[[], object]) -> None:
    in_a_thread_of_its_own(lambda: asyncio.run(test()))  # type: ignore[arg-type]


def test_the_bots_move_one_by_one_on_timers_and_the_kernel_answers_meanwhile() -> None:
    async def run() -> None:
        w = PlayHand("klover", seed=4, pace=PACE, **FAST)
        assert not w.bots_moving  # a new table shows at once
        before = len(w.round.history)
        legal_buttons(w)[0].click()
        # the click returned at once: the learner's card is on the table, no bot has moved yet
        assert w.bots_moving and len(w.round.history) == before + 1
        assert "Venter på" in w.status.value
        seen = {len(w.round.history)}
        while w.bots_moving:
            await asyncio.sleep(PACE / 4)
            seen.add(len(w.round.history))
        assert len(seen) >= 3, "the table was drawn between the bots' cards"
        assert w.round.to_move == w.learner and "Din tur" in w.status.value
        assert w.rating.value, "the learner's move is rated once the bots are done"

    on_a_loop(run)


def test_a_card_played_while_a_bot_is_to_move_is_refused_at_once_and_never_played_later() -> None:
    """Not the learner's turn: the rules' reason at once, nothing kept to be played later (a
    double tap must not play a second card the learner never chose); the reason goes when the
    learner's turn comes."""

    async def run() -> None:
        w = PlayHand("klover", seed=4, pace=PACE, **FAST)
        legal_buttons(w)[0].click()
        assert w.bots_moving and w.round.to_move != w.learner
        mine = len(w.session.moves)
        hand = [b for b in w.hand.children if getattr(b, "_kamp_card", None)]
        hand[0].click()  # a tap while a bot is to move
        assert len(w.session.moves) == mine and w.round.hand(w.learner) == \
            [b._kamp_card for b in hand]
        said = w.messages.widget.value
        assert "sin tur, ikke" in said and w.round.players[w.round.to_move] in said
        while w.bots_moving:  # said as long as it is true, and not a moment longer
            assert ("sin tur, ikke" in w.messages.widget.value) == (w.round.to_move != w.learner)
            await asyncio.sleep(PACE / 4)
        assert len(w.session.moves) == mine, "the refused tap was not played later"
        assert w.round.to_move == w.learner and "Din tur" in w.status.value
        assert "sin tur, ikke" not in w.messages.widget.value  # no longer true: gone

    on_a_loop(run)


def test_a_card_played_in_the_bots_last_pause_on_the_learners_turn_is_played() -> None:
    """The learner won the trick and leads: the pause that keeps the trick in view does not
    hold their next card back."""

    async def run() -> None:
        for seed in range(1, 40):
            w = PlayHand("pass", seed=seed, pace=PACE, **FAST)
            while not w.round.is_over:
                legal_buttons(w)[-1].click()
                if w.bots_moving and w.round.to_move == w.learner:
                    mine = len(w.session.moves)
                    assert legal_buttons(w)  # the learner's cards are there to play
                    legal_buttons(w)[0].click()
                    assert len(w.session.moves) == mine + 1
                    await settled(w)
                    assert "kamp-error" not in w.messages.widget.value
                    return
                await settled(w)
        raise AssertionError("no deal where the learner leads after their own card")

    on_a_loop(run)


def test_a_card_the_rules_refuse_on_the_learners_own_turn_keeps_its_reason() -> None:
    """In the bots' last pause it is the learner's turn: a card that does not follow suit is
    refused for that, and the reason stays when the pause ends."""

    async def run() -> None:
        for seed in range(1, 40):
            w = PlayHand("pass", seed=seed, pace=PACE, **FAST)
            while not w.round.is_over:
                legal_buttons(w)[0].click()
                while w.bots_moving and w.round.to_move != w.learner:
                    await asyncio.sleep(PACE / 4)
                illegal = [b for b in w.hand.children if getattr(b, "_kamp_card", None)
                           and "kamp-illegal" in b._dom_classes]
                if w.bots_moving and illegal:
                    illegal[0].click()
                    assert "må følge farge" in w.messages.widget.value
                    await settled(w)
                    assert "må følge farge" in w.messages.widget.value
                    return
                await settled(w)
        raise AssertionError("no deal where the learner must follow suit after the bots")

    on_a_loop(run)


def test_undo_and_a_new_deal_stop_the_bots_pauses() -> None:
    async def run() -> None:
        w = PlayHand("pass", seed=6, pace=PACE, **FAST)
        hand = w.round.hand(w.learner)
        legal_buttons(w)[0].click()
        assert w.bots_moving
        w.undo_button.click()
        assert not w.bots_moving and w.round.hand(w.learner) == hand
        assert w.round.to_move == w.learner
        await asyncio.sleep(PACE * 5)  # a cancelled timer moves nothing
        assert w.round.hand(w.learner) == hand and w.round.to_move == w.learner
        legal_buttons(w)[0].click()
        assert w.bots_moving
        w.new_deal(99)
        assert not w.bots_moving and w.seed == 99 and not w.session.moves
        await asyncio.sleep(PACE * 5)
        assert not w.session.moves and w.round.to_move == w.learner

    on_a_loop(run)


def test_a_closed_table_stops_its_pauses() -> None:
    """The browser edition's next page closes the last page's widgets in the same Python: no
    timer of the old table acts after that."""

    async def run() -> None:
        w = PlayHand("klover", seed=4, pace=PACE, **FAST)
        legal_buttons(w)[0].click()
        assert w.bots_moving
        moved = len(w.round.history)
        w.close()
        assert not w.bots_moving
        await asyncio.sleep(PACE * 5)
        assert len(w.round.history) == moved

    on_a_loop(run)


def test_a_game_plays_on_from_round_to_round_with_pauses() -> None:
    async def run() -> None:
        w = PlayGame(seed=2, players=3, pace=0.001, **FAST)
        while len(w.game.rounds) < 3:  # two whole rounds and into the third
            if w.round.is_over:
                assert w.next_round()
            elif w.round.to_move == w.learner:
                legal = legal_buttons(w)
                (legal[0] if legal else w.pass_button).click()
            await settled(w)
            assert w.round.is_over or w.round.to_move == w.learner
        assert "kamp-error" not in w.messages.widget.value

    on_a_loop(run)


def test_on_a_course_page_the_par_is_worked_out_in_the_bots_pauses(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The «play» goal's par is played in the pauses' own time (no sleep), and it is the par
    the same cards give at once."""
    worked: list[float] = []
    work = progress.Par.work

    def counted(par: progress.Par, seconds: float) -> bool:
        worked.append(seconds)
        return work(par, seconds)

    monkeypatch.setattr(progress.Par, "work", counted)

    async def run() -> None:
        SiteHead("tutorial/02-pass.ipynb")
        w = PlayHand("pass", seed=3, pace=PACE / 4, **FAST)
        assert w._par is not None
        while not w.round.is_over:
            legal_buttons(w)[0].click()
            await settled(w)
        # in the pauses, in their own time (what is left is played when the round ends)
        assert len([s for s in worked if s <= PACE]) >= 3, worked
        par = progress.par_points(w.round, 0, "random", 3)
        assert f"Par for denne utdelingen er {par} poeng" in w.summary.value

    on_a_loop(run)


def test_outside_a_kernel_the_bots_move_at_once() -> None:
    """Plain Python has no event loop to time the pauses: the table is played on at once."""

    def run() -> None:
        w = PlayHand("klover", seed=4, pace=0.5, **FAST)
        legal_buttons(w)[0].click()
        assert not w.bots_moving and w.round.to_move == w.learner

    in_a_thread_of_its_own(run)


def test_every_verdict_is_on_the_screen_while_the_bots_play_and_until_the_next_one() -> None:
    """The walk (W9): the coach's verdict came once the bots were done, seconds late on a busy
    machine, and the learner's next tap wiped it: a «dårlig» move could go untold.  A quick
    learner who taps as soon as it is their turn sees every verdict: «Treneren ser på trekket
    ditt …» at once, the verdict before the bots' first card, and it stays until the next
    move's line replaces it."""

    async def run() -> None:
        w = PlayHand("pass", seed=5, pace=PACE, **FAST)
        shown: list[tuple[int, str]] = []  # (cards played so far, the line) at each change
        w.rating.observe(lambda change: shown.append((len(w.round.history), change["new"])),
                         names="value")
        while not w.round.is_over:
            before = len(shown)
            legal_buttons(w)[0].click()
            mine = w.session.moves[-1]
            card = mine.move.symbol
            said = [line for _, line in shown[before:]]
            assert said and "Treneren ser på trekket ditt (" + card in said[0], said
            verdict = next(i for i, (_, line) in enumerate(shown) if i >= before
                           and f"Trekket ditt:</b> {card}:" in line)
            assert shown[verdict][0] == mine.position + 1, "told before the bots' cards"
            await settled(w)
            if not w.round.is_over:  # the learner's turn: the last verdict is still there
                assert f"Trekket ditt:</b> {card}:" in w.rating.value
        assert all(line for _, line in shown), "never wiped before the next line"
        assert len(w.session.moves) == 13

    on_a_loop(run)
