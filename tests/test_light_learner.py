"""The light learner of the classroom benchmark (``tests/light_learner.py``) against a real
course server: it gets a page, talks to its kernel as the page's widget manager does, really
plays a card, and leaves no kernel behind.  If Voilà, ipywidgets or the server change what a
browser's page must send, these fail instead of the benchmark measuring nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from app_support import AppServer, kernel_processes, quick_kernels, running_app, wait_until
from light_learner import LearnerError, LightLearner, run_apart, visit

STEP = "/voila/render/tutorial/02-pass.ipynb"
GRACE = 3.0
TIMEOUT = 120.0  # seconds for any answer: a loaded machine is slow, a stuck server is a failure


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    """`make app` without the pool (nothing to fill), a short grace, the bots' pause off."""
    with running_app(tmp_path_factory.mktemp("light") / "voila.log",
                     ["--VoilaConfiguration.preheat_kernel=False", *quick_kernels(GRACE, 0.5)],
                     env={"KAMP_PACE": "0"}) as server:
        yield server


def no_kernels(server: AppServer) -> bool:
    return not kernel_processes(server.process.pid)


def test_a_light_learner_plays_a_card_and_the_kernel_shows_it(app: AppServer) -> None:
    async def play() -> tuple[LightLearner, str, list[str], str, str]:
        learner = LightLearner(app.base, TIMEOUT)
        assert await learner.open(STEP) == 200
        assert learner.kernel_id is not None
        await learner.connect()
        log = learner.widgets.with_class("kamp-log-box")[0]
        log_before = learner.widgets.states[log]["value"]
        click = await learner.play_card()
        hand = [learner.widgets.states[c]["description"] for c in learner.widgets.hand()]
        log_after = learner.widgets.states[log]["value"]
        await learner.close()
        assert click.cards_after == click.cards_before - 1
        return learner, click.card, hand, log_before, log_after

    try:
        learner, card, hand, log_before, log_after = run_apart(play())
    except LearnerError as error:
        raise AssertionError(f"{error}\nserver log:\n{app.log_text()[-4000:]}") from None
    # The forked kernel answers ipywidgets' control comm: one message for every model's state.
    assert learner.handshake == "control"
    assert len(learner.widgets.states) > 100
    assert card not in hand  # the card clicked left the hand
    assert log_after != log_before  # and the log tells what happened
    wait_until(lambda: no_kernels(app), 10, "the closed page's kernel ended")


def test_a_light_learner_without_goodbye_leaves_no_kernel_after_the_grace(
        app: AppServer) -> None:
    seen = run_apart(visit(app.base, STEP, plays=1, look=0, beacon=False, timeout=TIMEOUT))
    assert seen.failed is None, f"{seen.failed}\nserver log:\n{app.log_text()[-4000:]}"
    assert seen.interactive_s is not None and len(seen.clicks) == 1
    assert not no_kernels(app)  # the socket is closed but the grace has not passed
    wait_until(lambda: no_kernels(app), GRACE + 10, "the kernel ended after the grace")
