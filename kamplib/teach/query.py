"""The raw URL parameters of the page this kernel renders (empty outside the app).

Voilà hands a page's query string to a kernel started for that page in ``QUERY_STRING``.  A
pre-heated kernel runs the page before anyone asks for it; Voilà's ``get_query_string`` pauses
it there until the request comes and then gives its query string.
"""

from __future__ import annotations

import os
from urllib.parse import parse_qsl

__all__ = ["page_query"]


def page_query() -> dict[str, str]:
    """``?lang=en&queen_points=5`` → ``{"lang": "en", "queen_points": "5"}``."""
    text = os.environ.get("QUERY_STRING", "")
    if os.environ.get("VOILA_PREHEAT") == "True":
        from voila.utils import get_query_string

        text = get_query_string() or ""
    return dict(parse_qsl(text, keep_blank_values=True))
