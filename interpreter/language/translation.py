"""The sentences of a rules page in the reader's language: gettext catalogues
(``interpreter/locale/<language>/LC_MESSAGES/atout.mo``, compiled with Babel from the ``.po``
files beside them). A sentence is one whole template with named fields, never words joined
by code, so a translator may reorder it; a count picks its plural form from the catalogue.

A language without a catalogue reads in English, the templates' own language.
"""
from __future__ import annotations

import gettext
from functools import lru_cache
from pathlib import Path

LOCALE = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "atout"
LANGUAGES = ("en",) + tuple(sorted(path.parent.parent.name for path in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")))
"""English, the templates' own language, and every language with a compiled catalogue: a
translator adds one by adding its catalogue, without touching Python (docs/translating.md)."""


def N_(template: str) -> str:
    """A template marked for the catalogue where it is written, translated where it is used."""
    return template


class Translation:
    """One language's templates: ``t("{who} leads", who=...)``, ``t.plural("{n} card", "{n} cards", n)``."""

    def __init__(self, language: str):
        self.language = language
        self._catalog = gettext.translation(DOMAIN, str(LOCALE), [language], fallback=True)

    def __call__(self, template: str, **fields: object) -> str:
        text = self._catalog.gettext(template)
        return text.format(**fields) if fields else text

    def plural(self, singular: str, plural: str, n: int, **fields: object) -> str:
        return self._catalog.ngettext(singular, plural, n).format(n=n, **fields)

    def plural_index(self, n: int) -> int:
        """Which plural form the language uses for ``n`` (English: 0 for one, 1 for the rest)."""
        rule = getattr(self._catalog, "plural", None)
        return int(rule(n)) if rule is not None else int(n != 1)

    def forms(self, singular: str, plural: str) -> list[str]:
        """Every plural form of a count's template, in the catalogue's order, for a page that
        chooses among them itself (with ``plural_index``)."""
        example: dict[int, int] = {}
        for n in [*range(PLURAL_SPAN), 10**3, 10**6, 10**9]:
            example.setdefault(self.plural_index(n), n)
        return [self._catalog.ngettext(singular, plural, example.get(i, 2)) for i in range(max(example) + 1)]

    def upper(self, text: str) -> str:
        """``text`` in capitals by this language's rule: Turkish and Azerbaijani write i as İ."""
        return (text.replace("i", "İ") if self.language in DOTTED_I else text).upper()

    def capital(self, text: str) -> str:
        """``text`` with its first letter a capital, by this language's rule."""
        return self.upper(text[:1]) + text[1:]


PLURAL_SPAN = 200
"""Counts below this have their plural form listed for a page; above, ``100 + n % 100`` has the
same form in every language gettext describes."""

DOTTED_I = frozenset({"tr", "az"})
"""Languages whose capital of i is İ (and of ı is I), which ``str.upper`` does not know."""


@lru_cache(maxsize=None)
def translation(language: str = "en") -> Translation:
    return Translation(language)


def language_name(language: str) -> str:
    """A language by its own name, for a language switch: its catalogue's word for "English"."""
    # TRANSLATORS: not the word "English" but the name of your language, in your language (Dansk, Suomi).
    return translation(language)(N_("English"))


def best_language(accept: str | None) -> str:
    """The language to use for an HTTP ``Accept-Language`` header: the first of ours it
    prefers (by quality, then order), English otherwise. ``no`` and ``nn`` read Bokmål."""
    choices = []
    for k, part in enumerate((accept or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        base = tag.strip().lower().split("-")[0]
        base = "nb" if base in ("no", "nn") else base
        if base in LANGUAGES and quality > 0:
            choices.append((-quality, k, base))
    return min(choices)[2] if choices else "en"
