"""The raw URL parameters of the page this kernel renders (empty outside the app).

Voilà hands a page's query string to the kernel it starts for that page in ``QUERY_STRING``.
"""

from __future__ import annotations

import os
from urllib.parse import parse_qsl

__all__ = ["page_query"]


def page_query() -> dict[str, str]:
    """``?lang=en&queen_points=5`` → ``{"lang": "en", "queen_points": "5"}``."""
    return dict(parse_qsl(os.environ.get("QUERY_STRING", ""), keep_blank_values=True))
