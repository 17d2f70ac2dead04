"""Files a learner takes home: a game as a kamp/1 record, offered as a download from the page.

Nothing is written on the server: the record goes into a link (see
:mod:`kamplib.draw.download`), so no two learners share a file and running a page writes no file.
"""

from __future__ import annotations

from kamplib.draw.display import Html
from kamplib.draw.download import download_link
from kamplib.game import Game
from kamplib.i18n import register, t
from kamplib.record import write_record

__all__ = ["record_download"]

register({
    "files_record": {"nb": "Last ned spillfilen ({name})", "en": "Download the game file ({name})"},
})


def record_download(game: Game, filename: str, lang: str = "nb") -> Html:
    """A link that saves ``game`` as the kamp/1 record ``filename``."""
    return download_link(write_record(game), filename, t("files_record", lang, name=filename))
