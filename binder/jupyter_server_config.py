"""Binder's Jupyter server (read through JUPYTER_CONFIG_PATH, set in binder/start).

Voilà's server extension renders the course with voila.json's settings and the `kamp`
template; this gives the template the loading screen's words, from the same place `make app`
takes them (app/kampapp/texts.py, i.e. kamplib's catalogue).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "app"))

from kampapp.texts import loading_texts

c = get_config()  # type: ignore[name-defined]  # noqa: F821
c.VoilaConfiguration.resources = {"kamp": loading_texts()}
