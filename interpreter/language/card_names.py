"""Names of suits, ranks and cards as a rule file gives them: plainly (``code: name``) or in
several languages (``code: {en: name, fr: nom}``), so that a page in one language never
mixes in another's words."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

ENGLISH = "en"


def in_language(name: Any, language: str = ENGLISH) -> str:
    """A name in ``language``: else its English name, else the first given."""
    if not isinstance(name, Mapping):
        return str(name)
    for key in (language, ENGLISH):
        if key in name:
            return str(name[key])
    return next((str(value) for value in name.values()), "")


def names_in(mapping: Any, language: str = ENGLISH) -> dict[str, str]:
    """Codes (as text: YAML reads an unquoted rank such as 2 as a number) to their names in
    ``language``."""
    return {str(code): in_language(name, language) for code, name in (mapping or {}).items()}
