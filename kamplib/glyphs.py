"""Which characters of a name a reader sees: decided by Unicode properties, not by examples.

A player's name is a column label on a score sheet and a word in every message, so each of its
characters must show as something.  A character shows nothing when it is

- a control, format, surrogate, private-use or unassigned code point, a line or paragraph
  separator, or a space other than the plain one (General_Category Cc, Cf, Cs, Co, Cn, Zl, Zp,
  Zs);
- *Default_Ignorable_Code_Point* (the Hangul fillers, the combining grapheme joiner …): the
  standard's own class of characters a renderer draws as nothing;
- a symbol whose Unicode *Name* says it is blank (``BRAILLE PATTERN BLANK``);
- a combining mark (General_Category M*) or a variation selector (*Variation_Selector*) with
  no visible character before it to attach to.

Emoji sequences are the exception that makes names such as 👨‍👩‍👧 or 🏳️‍🌈 work: a zero-width
joiner between two pictographs, a variation selector after one, and the tag characters of a
flag such as 🏴󠁧󠁢󠁳󠁣󠁴󠁿 after a pictograph.  Python's :mod:`unicodedata` has the categories and names but
not the binary properties, so the two that are needed are written out below from the Unicode
Character Database (PropList.txt), by their ranges.
"""

from __future__ import annotations

import unicodedata

__all__ = ["invisible_char", "looks", "is_default_ignorable", "is_variation_selector"]

ZWJ = "\u200d"
_TAG_CANCEL = "\U000e007f"
_NEVER_SEEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_PICTOGRAPH = frozenset({"So", "Sk"})  # emoji are symbols; skin tones are modifier symbols

# PropList.txt: Variation_Selector.
_VARIATION_SELECTORS = ((0x180B, 0x180D), (0x180F, 0x180F), (0xFE00, 0xFE0F),
                        (0xE0100, 0xE01EF))
# PropList.txt: Other_Default_Ignorable_Code_Point (Default_Ignorable_Code_Point is these, the
# format characters and the variation selectors, less the white space and a few prepended
# marks, DerivedCoreProperties.txt).
_OTHER_DEFAULT_IGNORABLE = ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5),
                            (0x2065, 0x2065), (0x3164, 0x3164), (0xFFA0, 0xFFA0),
                            (0xFFF0, 0xFFF8), (0xE0000, 0xE0000), (0xE0002, 0xE001F),
                            (0xE0080, 0xE00FF), (0xE01F0, 0xE0FFF))
_TAGS = (0xE0020, 0xE007F)


def _within(ch: str, ranges: tuple[tuple[int, int], ...]) -> bool:
    code = ord(ch)
    return any(low <= code <= high for low, high in ranges)


def is_variation_selector(ch: str) -> bool:
    """Whether ``ch`` is a variation selector (it changes how the character before it is drawn).

    >>> is_variation_selector('\\ufe0f'), is_variation_selector('a')
    (True, False)
    """
    return _within(ch, _VARIATION_SELECTORS)


def is_default_ignorable(ch: str) -> bool:
    """Unicode's Default_Ignorable_Code_Point: drawn as nothing when a font has no glyph.

    >>> is_default_ignorable('\\u200b'), is_default_ignorable('a')
    (True, False)
    """
    return (_within(ch, _OTHER_DEFAULT_IGNORABLE) or is_variation_selector(ch)
            or (unicodedata.category(ch) == "Cf" and not 0xFFF9 <= ord(ch) <= 0xFFFB))


def _is_mark(ch: str) -> bool:
    return unicodedata.category(ch).startswith("M")


def _seen_alone(ch: str) -> bool:
    """A character that shows as something on its own (a base a mark may attach to)."""
    category = unicodedata.category(ch)
    if category in _NEVER_SEEN or category.startswith("M") or is_default_ignorable(ch):
        return False
    if category.startswith("Z"):
        return ch == " "
    return not (category == "So" and unicodedata.name(ch, "").endswith(" BLANK"))


def invisible_char(text: str) -> int | None:
    """The index of the first character of ``text`` that shows nothing where it stands, or
    None when every character is seen (a plain space counts as seen: where spaces may go is
    the caller's rule).

    >>> invisible_char('Ka\\u200bri'), invisible_char('Kari')
    (2, None)
    """
    if text.isascii():
        return next((i for i, ch in enumerate(text) if not ch.isprintable()), None)
    base: str | None = None  # the visible character the current cluster is built on
    joined = in_tags = False  # after a joiner (a pictograph must follow); inside a flag's tags
    for i, ch in enumerate(text):
        if _seen_alone(ch):
            if in_tags or (joined and unicodedata.category(ch) != "So"):
                return i - 1
            base, joined = (ch if ch != " " else None), False
        elif in_tags:
            if not _within(ch, (_TAGS,)):
                return i
            in_tags = ch != _TAG_CANCEL
        elif (_is_mark(ch) or is_variation_selector(ch)) and base is not None and not joined:
            continue  # attached to the character before it
        elif ch == ZWJ and base is not None and not joined \
                and unicodedata.category(base) in _PICTOGRAPH:
            joined = True
        elif _within(ch, (_TAGS,)) and ch != _TAG_CANCEL and base is not None \
                and unicodedata.category(base) == "So":
            in_tags = True
        else:
            return i
    return len(text) - 1 if joined or in_tags else None


def looks(name: str) -> str:
    """What a name looks like: without its variation selectors (``Kari`` and ``Kari`` with
    VS16 after it are one name to the eye, so a table may not hold both).

    >>> looks('Kari\\ufe0f') == looks('Kari')
    True
    """
    return "".join(ch for ch in name if not is_variation_selector(ch))
