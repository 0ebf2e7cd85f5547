"""The table page's words in the reader's language. ``table.js`` writes every sentence as a
whole template, ``T("{who} leads.", {who})``, ``Tn(…)`` (fields that are drawn cards) or
``P("{n} card", "{n} cards", n)``; the page gets each template's translation from the same
gettext catalogue as the rules pages (``pybabel extract`` reads the same calls, see
``interpreter/locale/babel.cfg``), and the plural form of every count it may show."""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from ..language.translation import PLURAL_SPAN, translation

SCRIPT = Path(__file__).resolve().parent / "table.js"
_TEXT = r'"((?:[^"\\]|\\.)*)"'
CALL = re.compile(rf"\b(?:T|Tn)\({_TEXT}|\bP\({_TEXT},\s*{_TEXT}")


@lru_cache(maxsize=1)
def table_templates() -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The templates of ``table.js``: the plain ones, and the (singular, plural) pairs."""
    plain, counted = [], []
    for match in CALL.finditer(SCRIPT.read_text(encoding="utf-8")):
        one, singular, plural = (json.loads(f'"{x}"') if x is not None else None for x in match.groups())
        if one is not None:
            plain.append(one)
        else:
            counted.append((singular, plural))
    return tuple(dict.fromkeys(plain)), tuple(dict.fromkeys(counted))


@lru_cache(maxsize=None)
def table_text(language: str) -> dict[str, str | list[str]]:
    """Each template of the page in ``language``: its translation, or a count's plural forms."""
    t = translation(language)
    plain, counted = table_templates()
    return {template: t(template) for template in plain} | {one: t.forms(one, many) for one, many in counted}


@lru_cache(maxsize=None)
def plural_table(language: str) -> list[int]:
    """The plural form ``language`` gives each count below ``PLURAL_SPAN``; the page takes
    ``100 + n % 100`` for a larger count."""
    t = translation(language)
    return [t.plural_index(n) for n in range(PLURAL_SPAN)]
